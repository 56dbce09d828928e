// Which ticket comments may answer questions, and which of their lines are answers. A comment
// counts only from a person (never a bot, never an app acting for one) the operator trusts: a
// login in the sentinel's `answerers`, or, without that list, an OWNER/MEMBER/COLLABORATOR.
// Comment text is data: only lines in the batch grammar that name a question id answer, and
// only where a reader of the thread sees them: quotes, code, HTML comments and <details> do not.

import type { TicketComment } from "../documents/comments/parse-comments.js";
import { PASTED_COMMAND } from "../documents/comments/pasted-command.js";

/** The associations that count when the sentinel names no `answerers` (GitHub writes them in capitals; any case counts). */
export const TRUSTED_ASSOCIATIONS: readonly string[] = ["OWNER", "MEMBER", "COLLABORATOR"];

/**
 * The hidden marker every comment the engine writes starts with (adapters/markdown-comment.ts,
 * `<!-- devrites:<slug>:<key> -->`), at the start of a line: a person's reply that quotes it
 * (`> <!-- devrites:…`) still counts, and binds nothing.
 */
const ENGINE_MARKER = /^[ \t]*<!--\s*devrites:([A-Za-z0-9._-]*)/m;

export interface IgnoredComment {
  id: string;
  login: string | null;
  reason: "bot" | "app" | "not-a-person" | "no-user" | "not-an-answerer" | "association" | "engine-comment" | "other-workspace";
  /** For `other-workspace`: the workspace the comment belongs to. */
  workspace?: string;
}

/** A line of a counted comment that answers, drops or resumes. */
export interface CommentLine {
  /** 1-based line within the comment body. */
  line: number;
  /**
   * The line as written, trimmed, in the batch grammar (`qid: answer`, `--drop qid: reason`),
   * with invisible characters taken out of its id and a capital `Q-` read as `q-`; or a pasted
   * `devrites-engine state resolve …` line (`pasted`).
   */
  text: string;
  resume: boolean;
  pasted: boolean;
}

export interface CommentReading {
  /** The comments that count, oldest first. */
  counted: TicketComment[];
  /** Comments that do not count, with why, oldest first. */
  ignored: IgnoredComment[];
}

/** Bots: a `Bot` account, or a `User` whose login ends in `[bot]` (as GitHub names an app's bot user). */
function isBot(user: { login: string; type: string }): boolean {
  return user.type === "Bot" || /\[bot\]$/i.test(user.login);
}

/** Why the operator does not trust `c`'s author, or undefined when it is a trusted person. */
function untrusted(c: TicketComment, answerers: readonly string[] | undefined): IgnoredComment["reason"] | undefined {
  if (c.user === null) return "no-user";
  if (isBot(c.user)) return "bot";
  if (c.user.type !== "User") return "not-a-person";
  if (answerers !== undefined) {
    // GitHub logins are case-insensitive.
    const login = c.user.login.toLowerCase();
    if (!answerers.some((a) => a.toLowerCase() === login)) return "not-an-answerer";
  } else if (!TRUSTED_ASSOCIATIONS.includes(c.association.toUpperCase())) {
    return "association";
  }
  return undefined;
}

/** Why `c` does not count, or undefined when it does. */
export function whyIgnored(c: TicketComment, answerers: readonly string[] | undefined): IgnoredComment["reason"] | undefined {
  const reason = untrusted(c, answerers);
  if (reason !== undefined) return reason;
  // An app acting for a person (performed_via_github_app): its text is the app's, not the person's.
  if (c.viaApp !== null) return "app";
  if (ENGINE_MARKER.test(c.body)) return "engine-comment";
  return undefined;
}

/** Oldest first: by `created_at`, then by position in the input. */
export function oldestFirst(comments: readonly TicketComment[]): TicketComment[] {
  return [...comments].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.index - b.index);
}

/**
 * The workspace each comment of the thread belongs to: the one named by the marker of the
 * latest engine comment before it (a comment before every engine comment belongs to the first
 * one's). Markers count from a bot (the workflow that posts the engine's comments) or a trusted
 * person; never from a drive-by, who could otherwise send the thread's answers elsewhere.
 * Empty when the thread holds no engine comment: then the command line names the workspace.
 */
export function threadWorkspaces(oldest: readonly TicketComment[], answerers: readonly string[] | undefined): Map<TicketComment, string> {
  const bound = new Map<TicketComment, string>();
  let current: string | undefined;
  const before: TicketComment[] = [];
  for (const c of oldest) {
    const m = ENGINE_MARKER.exec(c.body);
    const reason = m && m[1] !== "" ? untrusted(c, answerers) : "no-user";
    if (reason === undefined || reason === "bot") {
      current = m![1]!;
      for (const b of before.splice(0)) bound.set(b, current);
    }
    if (current === undefined) before.push(c);
    else bound.set(c, current);
  }
  return bound;
}

/** The workspace a thread is working on now: the one its latest engine comment names. */
export function currentWorkspace(bound: ReadonlyMap<TicketComment, string>): string | undefined {
  let last: string | undefined;
  for (const slug of bound.values()) last = slug;
  return last;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A batch-grammar answer line: a question id (`q-…`/`Q-…`) before the first `:`, or a `--drop` of one. */
const ANSWER_LINE = /^(?:--drop\s+)?q-[^\s:]+\s*:/;
/** Characters a reader cannot see (zero-width space, joiners, word joiner, byte-order mark, soft hyphen). */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;
const DETAILS_OPEN = /<details(?=[\s>])/gi;
const DETAILS_CLOSE = /<\/details\s*>/gi;

/** The id part of a line (before its first `:`) as the person meant it: invisible characters out, a phone's capital `Q-` as `q-`. */
function visibleId(text: string): string {
  const colon = text.indexOf(":");
  const head = (colon < 0 ? text : text.slice(0, colon)).replace(INVISIBLE, "").replace(/^(--drop\s+)?Q-/, "$1q-");
  return colon < 0 ? head : head + text.slice(colon);
}

/**
 * The lines of a comment body that answer, resume, or are a pasted resolve command, one at a
 * time (a body of millions of lines is never held as objects): outside fenced code, HTML
 * comments (`<!-- … -->`) and `<details>` elements (summary included), not quoted (`> …`);
 * everything else is prose and ignored.
 */
export function* answerLines(body: string): Generator<CommentLine> {
  let fence: { char: string; len: number } | undefined;
  let inHtmlComment = false;
  let details = 0;
  let lineNo = 0;
  for (let start = 0; start <= body.length; ) {
    let end = start;
    while (end < body.length && body.charCodeAt(end) !== 0x0a && body.charCodeAt(end) !== 0x0d) end++;
    let raw = body.slice(start, end);
    lineNo++;
    start = body.charCodeAt(end) === 0x0d && body.charCodeAt(end + 1) === 0x0a ? end + 2 : end + 1;
    if (fence) {
      const m = FENCE.exec(raw);
      if (m && m[1]![0] === fence.char && m[1]!.length >= fence.len && raw.trim() === m[1]) fence = undefined;
      continue;
    }
    // HTML comments: what a reader of the page sees is the line without them.
    if (inHtmlComment) {
      const close = raw.indexOf("-->");
      if (close < 0) continue;
      inHtmlComment = false;
      raw = raw.slice(close + 3);
    }
    if (raw.includes("<")) {
      raw = raw.replace(/<!--[\s\S]*?-->/g, "");
      const open = raw.indexOf("<!--");
      if (open >= 0) {
        inHtmlComment = true;
        raw = raw.slice(0, open);
      }
    }
    const m = FENCE.exec(raw);
    if (m && details === 0) {
      fence = { char: m[1]![0]!, len: m[1]!.length };
      continue;
    }
    if (details > 0 || raw.includes("<")) {
      const opens = raw.match(DETAILS_OPEN)?.length ?? 0;
      const closes = raw.match(DETAILS_CLOSE)?.length ?? 0;
      const hidden = details > 0 || opens > 0;
      details = Math.max(0, details + opens - closes);
      if (hidden) continue;
    }
    const text = visibleId(raw.trim());
    if (text.startsWith(">")) continue;
    if (/^resume$/i.test(text)) yield { line: lineNo, text, resume: true, pasted: false };
    else if (ANSWER_LINE.test(text)) yield { line: lineNo, text, resume: false, pasted: false };
    else if (PASTED_COMMAND.test(text)) yield { line: lineNo, text, resume: false, pasted: true };
  }
}

/**
 * Read `comments`: which count, oldest first, and which do not and why. With `workspace`, a
 * comment the thread binds to another workspace (threadWorkspaces) does not count either.
 */
export function readComments(
  comments: readonly TicketComment[],
  answerers: readonly string[] | undefined,
  workspace?: { slug: string; bound: ReadonlyMap<TicketComment, string> },
): CommentReading {
  const reading: CommentReading = { counted: [], ignored: [] };
  const oldest = oldestFirst(comments);
  for (const c of oldest) {
    const reason = whyIgnored(c, answerers);
    if (reason !== undefined) {
      reading.ignored.push({ id: c.id, login: c.user?.login ?? null, reason });
      continue;
    }
    const slug = workspace?.bound.get(c);
    if (workspace !== undefined && slug !== undefined && slug !== workspace.slug) {
      reading.ignored.push({ id: c.id, login: c.user?.login ?? null, reason: "other-workspace", workspace: slug });
      continue;
    }
    reading.counted.push(c);
  }
  return reading;
}

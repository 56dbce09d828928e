// Which ticket comments may answer questions, and which of their lines are answers. A comment
// counts only from a person (never a bot) the operator trusts: a login in the sentinel's
// `answerers`, or, without that list, an OWNER/MEMBER/COLLABORATOR. Comment text is data: only
// lines in the batch grammar that name a question id answer; quotes, fences and prose do not.

import type { TicketComment } from "../documents/comments/parse-comments.js";

/** The associations that count when the sentinel names no `answerers`. */
export const TRUSTED_ASSOCIATIONS: readonly string[] = ["OWNER", "MEMBER", "COLLABORATOR"];

/**
 * The hidden marker every comment the engine writes starts with (adapters/markdown-comment.ts),
 * at the start of a line: a person's reply that quotes it (`> <!-- devrites:…`) still counts.
 */
const ENGINE_MARKER = /^[ \t]*<!--\s*devrites:/m;

export interface IgnoredComment {
  id: string;
  login: string | null;
  reason: "bot" | "not-a-person" | "no-user" | "not-an-answerer" | "association" | "engine-comment";
}

/** A line of a counted comment that answers, drops or resumes. */
export interface CommentLine {
  commentId: string;
  login: string;
  /** 1-based line within the comment body. */
  line: number;
  /** The line as written, trimmed: in the batch grammar (`qid: answer`, `--drop qid: reason`). */
  text: string;
}

export interface CommentReading {
  /** Answer lines of counted comments, oldest comment first, in line order. */
  answers: CommentLine[];
  /** `resume` lines of counted comments, oldest first. */
  resumes: CommentLine[];
  /** Comments that do not count, with why. */
  ignored: IgnoredComment[];
  /** How many comments counted. */
  counted: number;
}

/** Why `c` does not count, or undefined when it does. */
export function whyIgnored(c: TicketComment, answerers: readonly string[] | undefined): IgnoredComment["reason"] | undefined {
  if (c.user === null) return "no-user";
  if (c.user.type !== "User") return c.user.type === "Bot" ? "bot" : "not-a-person";
  if (answerers !== undefined) {
    // GitHub logins are case-insensitive.
    const login = c.user.login.toLowerCase();
    if (!answerers.some((a) => a.toLowerCase() === login)) return "not-an-answerer";
  } else if (!TRUSTED_ASSOCIATIONS.includes(c.association.toUpperCase())) {
    return "association";
  }
  if (ENGINE_MARKER.test(c.body)) return "engine-comment";
  return undefined;
}

/** Oldest first: by `created_at`, then by position in the input. */
export function oldestFirst(comments: readonly TicketComment[]): TicketComment[] {
  return [...comments].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.index - b.index);
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A batch-grammar answer line: a question id (`q-…`/`Q-…`) before the first `:`, or a `--drop` of one. */
const ANSWER_LINE = /^(?:--drop\s+)?[qQ]-[^\s:]+\s*:/;

/**
 * The lines of a comment body that answer (`answers`) or resume (`resume`): outside fenced
 * code, not quoted (`> …`), and in the batch grammar with a question id; everything else is
 * prose and ignored.
 */
export function answerLines(body: string): { line: number; text: string; resume: boolean }[] {
  const out: { line: number; text: string; resume: boolean }[] = [];
  let fence: { char: string; len: number } | undefined;
  body.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const m = FENCE.exec(raw);
    if (fence) {
      if (m && m[1]![0] === fence.char && m[1]!.length >= fence.len && raw.trim() === m[1]) fence = undefined;
      return;
    }
    if (m) {
      fence = { char: m[1]![0]!, len: m[1]!.length };
      return;
    }
    const text = raw.trim();
    if (text.startsWith(">")) return;
    if (/^resume$/i.test(text)) out.push({ line: i + 1, text, resume: true });
    else if (ANSWER_LINE.test(text)) out.push({ line: i + 1, text, resume: false });
  });
  return out;
}

/** Read `comments`: which count, and their answer and resume lines, oldest comment first. */
export function readComments(comments: readonly TicketComment[], answerers: readonly string[] | undefined): CommentReading {
  const reading: CommentReading = { answers: [], resumes: [], ignored: [], counted: 0 };
  for (const c of oldestFirst(comments)) {
    const reason = whyIgnored(c, answerers);
    if (reason !== undefined) {
      reading.ignored.push({ id: c.id, login: c.user?.login ?? null, reason });
      continue;
    }
    reading.counted++;
    for (const l of answerLines(c.body)) {
      const line: CommentLine = { commentId: c.id, login: c.user!.login, line: l.line, text: l.text };
      (l.resume ? reading.resumes : reading.answers).push(line);
    }
  }
  return reading;
}

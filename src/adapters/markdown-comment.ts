// Adapter over remark-stringify: a paused run as a comment body for a ticket or pull request
// (`questions show --markdown`, `status --markdown`, the notify hook's DEVRITES_MARKDOWN). User
// text goes into mdast text nodes and remark escapes it. Lazy (its own chunk); imports nothing from src/.

import { unified } from "unified";
import remarkStringify from "remark-stringify";
import { shellWord } from "../shell-word.js";

export interface CommentQuestion {
  qid: string;
  gate: string | null;
  status: string | null;
  slice: string | null;
  question: string;
  /** `freeText`: the option asks for the reader's own words, so it has no `--option` command. */
  options: { number: number; text: string; freeText?: boolean }[];
  proposed: string | null;
  answer: string | null;
  answeredBy: string | null;
  answeredAt: string | null;
}

export interface CommentInput {
  slug: string;
  /** The questions the run waits on (or the one `questions show` names). */
  questions: CommentQuestion[];
  /** The pause, when the run stopped for a reason that is not a question. */
  pause?: { summary: string; detail: string | null; resumeCommands: string[] };
  /** Other open blocking questions, listed with the command that shows each. */
  blocking?: { qid: string; question: string }[];
  /** What to say when nothing waits on a person (`status`). */
  idle?: string;
}

// The few mdast shapes used here (mdast's own types are not a dependency).
type Inline = { type: "text"; value: string } | { type: "inlineCode"; value: string } | { type: "strong"; children: Inline[] };
type Block =
  | { type: "html"; value: string }
  | { type: "paragraph"; children: Inline[] }
  | { type: "list"; ordered: boolean; start?: number; spread: false; children: { type: "listItem"; spread: false; children: Block[] }[] }
  | { type: "code"; lang: string; value: string }
  | { type: "thematicBreak" };
interface MdRoot {
  type: "root";
  children: Block[];
}

const text = (value: string): Inline => ({ type: "text", value: oneLine(value) });
const code = (value: string): Inline => ({ type: "inlineCode", value: oneLine(value) });
const strong = (value: string): Inline => ({ type: "strong", children: [text(value)] });
const para = (...children: Inline[]): Block => ({ type: "paragraph", children });
const list = (ordered: boolean, items: Inline[][], start?: number): Block => ({
  type: "list",
  ordered,
  ...(start !== undefined ? { start } : {}),
  spread: false,
  children: items.map((inl) => ({ type: "listItem", spread: false, children: [para(...inl)] })),
});

/** Field values are one line; a stray line break must not start a new block. */
function oneLine(s: string): string {
  return s.replace(/\r\n|\r|\n/g, " ");
}

/**
 * Text a person or an agent wrote (questions, options, answers, pause details) sits between
 * these tags, so an agent that reads the comment later can tell quoted data from the engine's
 * own words; remark escapes `<` in text, so no text can close them.
 */
const UNTRUSTED_OPEN: Block = { type: "html", value: "<untrusted-input>" };
const UNTRUSTED_CLOSE: Block = { type: "html", value: "</untrusted-input>" };
const untrusted = (blocks: Block[]): Block[] => (blocks.length === 0 ? [] : [UNTRUSTED_OPEN, ...blocks, UNTRUSTED_CLOSE]);

/** The hidden marker a poster finds to update its comment: only characters that cannot close a comment. */
export function commentMarker(slug: string, key: string): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, "_");
  return `<!-- devrites:${safe(slug)}:${safe(key)} -->`;
}

/** The commands a person runs to answer `q` (marked as theirs with --human). */
function answerCommands(slug: string, q: CommentQuestion): string[] {
  const base = `devrites-engine state resolve ${shellWord(q.qid)}`;
  const ws = `--workspace ${shellWord(slug)}`;
  const lines = q.options.filter((o) => !o.freeText).map((o) => `${base} --option ${o.number} --human ${ws}`);
  if (q.proposed) lines.push(`${base} --proposed --human ${ws}`);
  lines.push(`${base} "<your answer>" --human ${ws}`, `devrites-engine state resolve --drop ${shellWord(q.qid)} "<reason>" --human ${ws}`);
  return lines;
}

/** The lines a person replies with on the ticket instead (`state resolve --from-comments` reads them). */
function replyLines(q: CommentQuestion): string[] {
  const lines = q.options.filter((o) => !o.freeText).map((o) => `${q.qid}: --option ${o.number}`);
  if (q.proposed) lines.push(`${q.qid}: --proposed`);
  lines.push(`${q.qid}: <your answer>`, `--drop ${q.qid}: <reason>`);
  return lines;
}

function questionBlocks(slug: string, q: CommentQuestion): Block[] {
  const where = [q.gate ?? "no gate", ...(q.slice ? [`slice ${q.slice}`] : []), `workspace ${slug}`].join(" · ");
  const quoted: Block[] = [para(text(q.question || "(no question text)"))];
  if (q.options.length > 0) quoted.push(list(true, q.options.map((o) => [text(o.text)]), q.options[0]!.number));
  if (q.proposed) quoted.push(para(strong("Proposed:"), text(` ${q.proposed}`)));
  if (q.status !== "open") {
    const what = q.status === "dropped" ? "Dropped" : q.status === "answered" ? "Answered" : `Status ${q.status ?? "unknown"}`;
    const by = [q.answeredBy ? ` by ${q.answeredBy}` : "", q.answeredAt ? ` at ${q.answeredAt}` : ""].join("");
    quoted.push(para(strong(`${what}${by}:`), text(` ${q.answer ?? ""}`)));
  }
  const out: Block[] = [para(strong(`Question ${q.qid}`), text(` (${where})`)), ...untrusted(quoted)];
  if (q.status === "open") {
    out.push(para(text("Answer it from the project directory with one of:")), { type: "code", lang: "sh", value: answerCommands(slug, q).join("\n") });
    out.push(para(text("Or reply on the ticket with one of these lines:")), { type: "code", lang: "text", value: replyLines(q).join("\n") });
  }
  return out;
}

/** The comment as an mdast tree: the marker first, then what waits on a person. */
function commentTree(input: CommentInput): MdRoot {
  const first = input.questions[0];
  const children: Block[] = [{ type: "html", value: commentMarker(input.slug, first ? first.qid : input.pause ? "pause" : "status") }];
  input.questions.forEach((q, i) => {
    if (i > 0) children.push({ type: "thematicBreak" });
    children.push(...questionBlocks(input.slug, q));
  });
  if (input.pause) {
    children.push(para(strong("Paused:"), text(` ${input.pause.summary} (workspace ${input.slug})`)));
    if (input.pause.detail) children.push(...untrusted([para(text(input.pause.detail))]));
    children.push(para(text("Resume it from the project directory with:")), { type: "code", lang: "sh", value: input.pause.resumeCommands.join("\n") });
  }
  if (input.questions.length === 0 && !input.pause && input.idle) children.push(para(text(input.idle)));
  const blocking = input.blocking ?? [];
  if (blocking.length > 0) {
    children.push(para(strong("Open blocking questions:")));
    children.push(...untrusted([list(false, blocking.map((b) => [code(b.qid), text(` ${b.question}`)]))]));
  }
  return { type: "root", children };
}

const processor = unified().use(remarkStringify, { bullet: "-", fence: "`", fences: true, listItemIndent: "one", rule: "-" });

/** The comment body as markdown text (ends with one newline). */
export function renderComment(input: CommentInput): string {
  return processor.stringify(commentTree(input) as Parameters<typeof processor.stringify>[0]);
}

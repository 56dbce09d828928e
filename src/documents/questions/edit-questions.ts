// Edit builders for questions.md: close a block (answered/dropped) in place, inserting
// missing fields after the block's last non-blank line; stamp answered_at on a block a
// person closed by hand; append a new block.

import { detectEol, insertLinesAfter, isBlank, type Line } from "../lines.js";
import type { TextEdit } from "../text-edit.js";
import { FieldLines, readFieldLines } from "./field-lines.js";
import type { QuestionBlock, QuestionsDoc } from "./parse-questions.js";

export interface CloseBlock {
  status: "answered" | "dropped";
  answeredAt: string;
  /** undefined keeps the `answer:` lines exactly as a person wrote them. */
  answer: string | undefined;
  /** `human` or `afk` keeps exactly one `answered_by` line with that value; undefined removes all. */
  answeredBy: string | undefined;
}

const ANSWERED_BY_ANY = /^[ \t]*answered_by[ \t]*:/i;
const ANSWERED_BY_IN = /answered_by/i;

/**
 * The last `key: value` line rendered per key, reused while the value stays the same: a batch
 * sets the same `status: answered` and `answered_at: <now>` lines in a thousand blocks, and
 * those strings live until the commit (a thousand copies of each grew the young heap).
 */
const lastLine = new Map<string, { value: string; line: string }>();

function fieldLine(key: string, value: string): string {
  const last = lastLine.get(key);
  if (last !== undefined && last.value === value) return last.line;
  const line = value === "" ? `${key}:` : `${key}: ${value}`;
  if (last === undefined) lastLine.set(key, { value, line });
  else {
    last.value = value;
    last.line = line;
  }
  return line;
}

/**
 * The line new fields go after: the block's last non-blank line, skipping lines this edit
 * removes and lines inside a fence (fields there would be code); a fence's closing line
 * qualifies. The heading when nothing else does. Only lines of the block are read, so the
 * answer is the same whether `doc` is the whole file or the block cut out of it.
 */
function lastNonBlank(doc: QuestionsDoc, block: QuestionBlock, removed: ReadonlySet<number>): Line {
  const { view } = doc;
  for (let i = block.end - 1; i > block.heading; i--) {
    if (isBlank(view.lineText(i)) || removed.has(i)) continue;
    if (view.isFenced(i) && !view.fences.some((f) => f.close === i)) continue;
    return view.line(i);
  }
  return view.line(block.heading);
}

/**
 * Edits that close `block`: set `status`, `answered_at`, `answer` in place (inserting the
 * missing ones in that order), and rewrite `answered_by` as `close.answeredBy` says.
 * `eol` is the file's line ending for inserted lines (pass it when `doc` is a cut-out block);
 * `lines`: the block's field lines as readFieldLines(doc.view, block, …) just read them (the
 * caller read its status there); without it, they are read here.
 */
export function closeBlockEdits(doc: QuestionsDoc, block: QuestionBlock, close: CloseBlock, eol: string = detectEol(doc.view.text), lines?: FieldLines): TextEdit[] {
  const { text } = doc.view;
  const line = (i: number) => doc.view.line(i);
  const edits: TextEdit[] = [];
  const missing: string[] = [];
  // One pass finds each key's first field line (block.field per key searched the block three times).
  if (lines === undefined) {
    lines = new FieldLines();
    readFieldLines(doc.view, block, lines);
  }
  const fieldLines = lines;
  const setLine = (key: string, value: string) => {
    const index = fieldLines.first(key);
    const rendered = fieldLine(key, value);
    if (index !== undefined) {
      // Compared in place: no Line (and no copy of its text) for the usual line that changes.
      const start = doc.view.lineStart(index);
      const end = doc.view.lineEnd(index);
      if (end - start !== rendered.length || !text.startsWith(rendered, start)) edits.push({ start, end, insert: rendered });
    } else missing.push(rendered);
  };
  setLine("status", close.status);
  setLine("answered_at", close.answeredAt);
  if (close.answer !== undefined) setLine("answer", close.answer);

  let keptAnsweredBy = false;
  const removed = new Set<number>();
  // Most blocks have no answered_by line at all: one search of the block instead of a test per line.
  const body = text.slice(doc.view.lineStart(block.heading + 1), doc.view.lineStart(block.end));
  const last = ANSWERED_BY_IN.test(body) ? block.end : block.heading + 1;
  for (let i = block.heading + 1; i < last; i++) {
    if (doc.view.isFenced(i) || !ANSWERED_BY_ANY.test(doc.view.lineText(i))) continue;
    const l = line(i);
    const canonical = close.answeredBy !== undefined && !keptAnsweredBy && /^answered_by:/.test(l.text);
    if (canonical) {
      keptAnsweredBy = true;
      const rendered = `answered_by: ${close.answeredBy}`;
      if (l.text !== rendered) edits.push({ start: l.start, end: l.end, insert: rendered });
    } else {
      edits.push({ start: l.start, end: l.next, insert: "" });
      removed.add(i);
    }
  }
  if (close.answeredBy !== undefined && !keptAnsweredBy) missing.push(`answered_by: ${close.answeredBy}`);
  if (missing.length > 0) {
    const after = lastNonBlank(doc, block, removed);
    // Inserting right after a deleted line is still a valid splice: the deletion ends where it starts.
    edits.push(insertLinesAfter(after, missing, eol));
  }
  return edits;
}

/**
 * The edit that gives a block closed by hand its `answered_at` when that is missing or
 * empty (set in place, or inserted after the block's last non-blank line); none otherwise.
 */
export function answeredAtEdits(doc: QuestionsDoc, block: QuestionBlock, answeredAt: string, eol: string = detectEol(doc.view.text)): TextEdit[] {
  const f = block.field("answered_at");
  if (f && f.value !== "") return [];
  const rendered = `answered_at: ${answeredAt}`;
  if (f) {
    const l = doc.view.line(f.index);
    return [{ start: l.start, end: l.end, insert: rendered }];
  }
  return [insertLinesAfter(lastNonBlank(doc, block, new Set()), [rendered], eol)];
}

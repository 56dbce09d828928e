// The `answer:` field of a question block as a person writes it: the text the grammar reads as
// the answer (the value, or a `|` block's indented lines), and the text a person wrote as the
// answer that the grammar does not read — lines below `answer:` that are not indented, lines
// after a blank line that ends the answer, an answer under a misspelled key. What is read is
// committed by `state resolve`; what is not is named (by `check`, `status`, `state resolve`),
// never dropped in silence.

import { parseHeading, type MarkdownView } from "../markdown-view.js";
import { continuesField, fieldColon, isBlank } from "./block-grammar.js";
import { QUESTION_KEYS, misreadKey } from "./meant-keys.js";
import type { QuestionBlock, QuestionField } from "./question-block.js";

/** A YAML-style block indicator on the `answer:` line: the answer is the indented lines below it. */
const BLOCK_INDICATOR = /^[|>][+-]?[0-9]?$/;

/** The answer's lines as the grammar reads them (the value, or the block's indented lines), trimmed, blanks left out; [] when there is none. */
export function answerLines(block: QuestionBlock): string[] {
  return linesOf(block.field("answer"));
}

/** answerLines of an `answer:` field already found. */
function linesOf(f: QuestionField | undefined): string[] {
  if (!f) return [];
  const lines = BLOCK_INDICATOR.test(f.value) ? f.continuation : [f.value, ...f.continuation];
  return lines.map((l) => l.trim()).filter((l) => l !== "");
}

/** The answer as read, its lines joined by a space (for display: a `|` block is its lines, never `|`); "" when empty. */
export function answerAsRead(block: QuestionBlock): string {
  return answerLines(block).join(" ");
}

/** True when the block's `answer:` holds text the grammar reads (cheap: nothing is normalized). */
export function hasWrittenAnswer(block: QuestionBlock): boolean {
  return answerLines(block).length > 0;
}

/** Why text a person wrote as the answer is not read as it. */
export type UnreadAnswerReason = "not-indented" | "after-blank" | "misspelled-key" | "indented-field";

/** Answer text the grammar does not read: where it starts (line index) and why. */
export interface UnreadAnswer {
  index: number;
  reason: UnreadAnswerReason;
  /** For `misspelled-key`: the key as written (`anwser`, `Answer`); for `indented-field`, the field's key. */
  key?: string;
}

/** An indented line that reads as a field once unindented: `  answered_by: agent`. */
const INDENTED_KEY = /^[ \t]+([a-z][a-z0-9_-]*):/;

/** A thematic break or a setext underline (`---`, `***`, `===`): a separator, not text. */
const RULE = /^ {0,3}([-*_=])(?:[ \t]*\1){2,}[ \t]*$/;

/** True when line `i` of `view` may be answer text: unfenced, not blank, no field line, no heading, no HTML comment. */
function textLine(view: MarkdownView, i: number): boolean {
  if (view.isFenced(i)) return false;
  const text = view.lineText(i);
  if (isBlank(text) || fieldColon(text) > 0) return false;
  return !text.trimStart().startsWith("<!--") && !RULE.test(text) && parseHeading(text) === undefined;
}

/**
 * The first text `block` holds that a person most likely wrote as its answer but the grammar
 * does not read, or undefined:
 * - `not-indented`: a line right below `answer:` and its indented lines that is not indented
 *   (below `answer: |` with nothing indented under it, after any blank lines too);
 * - `after-blank`: indented lines after a blank line that ends the answer (a blank line ends a
 *   field's continuation lines);
 * - `indented-field`: a known field indented under `answer:` (`  answered_by: agent`), which
 *   the grammar reads as the answer's text;
 * - `misspelled-key`: a line `anwser: …` or `Answer: …` with text after the colon (misreadKey
 *   meaning `answer`), when the block's `answer:` reads as empty.
 * Only text next to the answer counts: prose further down a block is the person's own.
 */
export function unreadAnswer(view: MarkdownView, block: QuestionBlock): UnreadAnswer | undefined {
  const f = block.field("answer");
  if (f) {
    // A known field indented under `answer:` (`  answered_by: agent`) reads as the answer's text.
    for (let i = f.index + 1; i < f.end; i++) {
      const key = INDENTED_KEY.exec(view.lineText(i))?.[1];
      if (key !== undefined && (QUESTION_KEYS as readonly string[]).includes(key)) return { index: i, reason: "indented-field", key };
    }
    const indicator = BLOCK_INDICATOR.test(f.value);
    let i = f.end;
    let blanks = 0;
    while (i < block.end && !view.isFenced(i) && isBlank(view.lineText(i))) {
      i++;
      blanks++;
    }
    if (i < block.end && textLine(view, i)) {
      const indented = continuesField(view.text.charCodeAt(view.lineStart(i)));
      if (indented && blanks > 0) return { index: i, reason: "after-blank" };
      // Directly below the answer; below an empty `answer: |`, after blank lines too.
      if (!indented && (blanks === 0 || (indicator && f.continuation.length === 0))) return { index: i, reason: "not-indented" };
    }
    if (linesOf(f).length > 0) return undefined;
  }
  for (let i = block.heading + 1; i < block.end; i++) {
    if (view.isFenced(i)) continue;
    const text = view.lineText(i);
    const slip = misreadKey(text);
    if (slip?.meant !== "answer") continue;
    const value = text.slice(text.indexOf(":") + 1).trim();
    if (value !== "" && !BLOCK_INDICATOR.test(value)) return { index: i, reason: "misspelled-key", key: slip.written };
    // `anwser: |` and its indented lines.
    const next = i + 1 < block.end && !view.isFenced(i + 1) ? view.lineText(i + 1) : "";
    if (value !== "" && continuesField(next.charCodeAt(0)) && !isBlank(next)) return { index: i, reason: "misspelled-key", key: slip.written };
  }
  return undefined;
}

/** What is wrong with unread answer text, and the edit that makes it read: one sentence each, for check, status and the refusals. */
export function unreadAnswerAdvice(u: UnreadAnswer): { problem: string; fix: string } {
  switch (u.reason) {
    case "not-indented":
      return { problem: "the text below answer: is not indented, so it is not read as the answer", fix: "indent each answer line by two spaces under answer: (or write the answer on the answer: line itself)" };
    case "after-blank":
      return { problem: "a blank line ends the answer, so the indented lines after it are not read", fix: "remove the blank line inside the answer" };
    case "indented-field":
      return { problem: `${u.key}: is indented under answer:, so it is read as the answer's text, not as the ${u.key} field`, fix: `remove the indentation before ${u.key}: and write the answer after answer:` };
    case "misspelled-key":
      return { problem: `the key ${u.key} is not one the engine reads, so the text after it is not the answer`, fix: `rename ${u.key}: to answer:` };
  }
}

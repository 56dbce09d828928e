// Answers people write into questions.md themselves: the `answer:` text of a block read as
// one answer (a `|` block's lines included), and the open blocks `state resolve --filled`
// commits. The text is read, never rewritten: resolve keeps the answer lines as written.

import { BadInputError } from "../errors.js";
import { parseQuestions, parseQuestionsBytes, statusOf, type QuestionBlock } from "../documents/questions/parse-questions.js";
import { normalizeText } from "./normalize-text.js";
import type { ResolveEntry } from "./resolve-question.js";
import type { Bytes } from "../documents/bytes.js";
import { forReaders } from "../for-readers.js";

/** A YAML-style block indicator on the `answer:` line: the answer is the indented lines below it. */
const BLOCK_INDICATOR = /^[|>][+-]?[0-9]?$/;

/** The `answer:` value and its indented continuation lines, trimmed; [] when there is none. */
function answerLines(block: QuestionBlock): string[] {
  const f = block.field("answer");
  if (!f) return [];
  const lines = BLOCK_INDICATOR.test(f.value) ? f.continuation : [f.value, ...f.continuation];
  return lines.map((l) => l.trim()).filter((l) => l !== "");
}

/** True when a person wrote something under the block's `answer:` (cheap: nothing is normalized). */
export function hasWrittenAnswer(block: QuestionBlock): boolean {
  return answerLines(block).length > 0;
}

/**
 * The answer as written in the block, flattened to one line as a typed answer is (whitespace
 * runs, newlines included, become one space; `answer: 2` stays the text "2"). "" when empty.
 * @throws BadInputError (5) for control characters or more than 10,000 characters.
 */
export function writtenAnswer(block: QuestionBlock): string {
  return normalizeText(answerLines(block), () => `the answer written for ${block.id} in questions.md`);
}

/** The refusal for `state resolve <qid>` when neither the command line nor the file holds an answer. */
export function answerRequired(qid: string): BadInputError {
  return new BadInputError(`Answer text required for ${qid}`, {
    hint: forReaders((h) => `type it: devrites-engine state resolve ${qid} "<answer>"${h} (or --option N, --proposed), or write it after answer: in questions.md and run devrites-engine state resolve ${qid}${h}`),
  });
}

/**
 * One entry per open block with a written answer, in file order (a duplicated id once, so
 * that resolving it reports the duplicate): what `state resolve --filled` commits.
 */
export function filledEntries(questions: string | Bytes): ResolveEntry[] {
  // Read, not edited: the bytes are read as they are (the entries are resolved from them after).
  const doc = typeof questions === "string" ? parseQuestions(questions) : parseQuestionsBytes(questions);
  const seen = new Set<string>();
  const entries: ResolveEntry[] = [];
  for (const b of doc.blocks) {
    if (seen.has(b.id) || statusOf(b) !== "open" || !hasWrittenAnswer(b)) continue;
    seen.add(b.id);
    const at = b.field("answer")!.index;
    entries.push({ qid: b.id, kind: "answer", source: { kind: "file" }, where: { file: "questions.md", line: doc.view.line(at).number } });
  }
  return entries;
}

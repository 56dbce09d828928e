// Answers people write into questions.md themselves: the `answer:` text of a block read as
// one answer (a `|` block's lines included), and the open blocks `state resolve --filled`
// commits. The text is read, never rewritten: resolve keeps the answer lines as written.

import { BadInputError } from "../errors.js";
import { parseQuestions, parseQuestionsBytes, statusOf, type QuestionBlock } from "../documents/questions/parse-questions.js";
import { answerLines, hasWrittenAnswer, unreadAnswer, unreadAnswerAdvice, type UnreadAnswer } from "../documents/questions/answer-field.js";
import { normalizeText } from "./normalize-text.js";
import type { ResolveEntry } from "./resolve-types.js";
import type { Bytes } from "../documents/bytes.js";
import { forReaders } from "../for-readers.js";
import { shellWord } from "../shell-word.js";

export { hasWrittenAnswer };

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
    hint: forReaders((h) => `type it: devrites-engine state resolve ${shellWord(qid)} "<answer>"${h} (or --option N, --proposed), or write it after answer: in questions.md and run devrites-engine state resolve ${shellWord(qid)}${h}`),
  });
}

/**
 * The refusal for `state resolve <qid>` (no answer given) when text the person wrote as the
 * answer is not read (answer-field.ts): at `line` of questions.md, what is wrong and the edit.
 */
export function unreadAnswerError(qid: string, line: number, u: UnreadAnswer): BadInputError {
  const { problem, fix } = unreadAnswerAdvice(u);
  return new BadInputError(`${qid}: ${problem} (questions.md:${line}); nothing was written`, {
    hint: forReaders((h) => `${fix}, then run devrites-engine state resolve ${shellWord(qid)}${h}; or type the answer: devrites-engine state resolve ${shellWord(qid)} "<answer>"${h}`),
    data: { qid, line, problem: u.reason },
  });
}

/**
 * One entry per open block with a written answer, in file order (a duplicated id once, so
 * that resolving it reports the duplicate): what `state resolve --filled` commits.
 * @throws BadInputError (5) when any open block holds answer text that is not read (text below
 *   `answer:` not indented, after a blank line, under a misspelled key): all or nothing, as a
 *   batch is, so that no answer a person wrote is left behind in silence.
 */
export function filledEntries(questions: string | Bytes): ResolveEntry[] {
  // Read, not edited: the bytes are read as they are (the entries are resolved from them after).
  const doc = typeof questions === "string" ? parseQuestions(questions) : parseQuestionsBytes(questions);
  // One pass: each open block's answer is either read whole (an entry) or named unread.
  const unread: { qid: string; line: number; unread: UnreadAnswer }[] = [];
  const seen = new Set<string>();
  const entries: ResolveEntry[] = [];
  for (const b of doc.blocks) {
    if (statusOf(b) !== "open") continue;
    const u = unreadAnswer(doc.view, b);
    if (u) unread.push({ qid: b.id, line: u.index + 1, unread: u });
    else if (unread.length === 0 && !seen.has(b.id) && hasWrittenAnswer(b)) {
      seen.add(b.id);
      const at = b.field("answer")!.index;
      entries.push({ qid: b.id, kind: "answer", source: { kind: "file" }, where: { file: "questions.md", line: doc.view.line(at).number } });
    }
  }
  if (unread.length > 0) {
    const list = unread.map((u) => `  questions.md:${u.line}: ${u.qid}: ${unreadAnswerAdvice(u.unread).problem}`);
    const fixes = [...new Set(unread.map((u) => unreadAnswerAdvice(u.unread).fix))].join("; ");
    throw new BadInputError(`${unread.length === 1 ? "an answer" : `${unread.length} answers`} written in questions.md ${unread.length === 1 ? "is" : "are"} not read, nothing written:\n${list.join("\n")}`, {
      hint: forReaders((h) => `${fixes}; then run devrites-engine state resolve --filled${h} again`),
      data: { failures: unread.map((u) => ({ qid: u.qid, line: u.line, problem: u.unread.reason })) },
    });
  }
  return entries;
}

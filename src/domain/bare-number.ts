// An answer typed as a bare number (`q-…: 1`, `state resolve q-… 1`) on a question whose
// option has that number is most likely an option pick, but a number can be a real answer
// ("how many replicas? 2"): it is recorded as the text it is, with a warning saying so.

import { optionsOf, type QuestionBlock } from "../documents/questions/parse-questions.js";
import { asksForFreeText } from "./free-text-option.js";

/** A text answer that names an option's number, and that option. */
export interface NumberAnswer {
  qid: string;
  /** The batch line (or ticket comment) it came from; undefined on the command line. */
  where: { file: string; line: number } | undefined;
  number: number;
  /** The option's answer text. */
  option: string;
}

/** The warning for `text` answering `block`, when it is a bare number naming one of its options. */
export function numberAnswer(block: QuestionBlock, entry: { qid: string; where?: { file: string; line: number } }, text: string): NumberAnswer | undefined {
  if (!/^[1-9]\d{0,5}$/.test(text)) return undefined;
  const option = optionsOf(block).find((o) => o.number === Number(text));
  // An option that asks for free text is not a pick (`--option N` on it is refused).
  if (option === undefined || asksForFreeText(option.raw)) return undefined;
  return { qid: entry.qid, where: entry.where, number: option.number, option: option.answer };
}

/** Shorten an option's text for a one-line warning. */
const shown = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 59)}…` : text);

/**
 * The warning as printed: what was stored, the option it is not, and the form that picks it —
 * the batch line's form for a batch or comment, the flag on the command line.
 */
export function numberAnswerWarning(w: NumberAnswer, dryRun: boolean): string {
  const at = w.where ? `${w.where.file}:${w.where.line}: ` : "";
  const pick = w.where ? `write "${w.qid}: --option ${w.number}"` : `pass --option ${w.number}`;
  const stored = dryRun ? "would be stored" : "was stored";
  // Once recorded, a different answer is refused (exit 4): superseding is the way to change it.
  const change = dryRun ? "" : `; to change the recorded answer, raise a question with --supersedes ${w.qid}`;
  return `${at}${w.qid}: answer "${w.number}" ${stored} as text, not as option ${w.number} (${shown(w.option)}); to pick the option, ${pick}${change}`;
}

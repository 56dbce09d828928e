// The read-back of a resolve: the edited questions.md parsed again before anything is written.
// Every closed block must read as intended, and the file must keep its structure.

import type { BlockEdits, EditedQuestions } from "../documents/questions/block-source.js";
import { FieldLines, readFieldLines } from "../documents/questions/field-lines.js";
import { parseQuestions, statusFrom, type QuestionBlock, type QuestionsDoc } from "../documents/questions/parse-questions.js";
import { fieldValueAt } from "../documents/questions/question-block.js";
import { InternalError } from "../errors.js";
import type { EntryOutcome } from "./resolve-types.js";
import { writtenAnswer } from "./written-answers.js";

/**
 * What an edited block must read back as: its outcome, the answer as the file reads it (the
 * `answer:` value, or the flattened text a person wrote), and the answered_by rule (undefined:
 * a block closed by hand keeps its lines, so nothing is checked).
 */
export interface BlockCheck {
  outcome: EntryOutcome;
  written: string;
  human: boolean | undefined;
}

/**
 * Parse the result back and check every closed block reads as intended: the whole new file
 * when it is text (one parse for a batch), else each edited block on its own (the untouched
 * bytes around it are the old file's). Every edit is a whole `key: value` line inside its
 * block (never a heading or a fence line), so the file keeps its structure: the read-back
 * also holds it to the same headings, fences and blocks as before the edits.
 */
export function verifyQuestions(questions: EditedQuestions, checks: readonly (BlockCheck & BlockEdits)[], ts: string): void {
  const lines = new FieldLines();
  if (questions.blocks === undefined) {
    const doc = parseQuestions(questions.content);
    if (checks.length > 0) sameStructure(checks[0]!.open.doc, doc, checks[0]!.outcome.qid);
    for (const check of checks) {
      const blocks = doc.byId.get(check.outcome.qid);
      verifyBlock(doc, blocks?.length === 1 ? blocks[0] : undefined, check, ts, lines);
    }
    return;
  }
  const { blocks } = questions;
  checks.forEach((check, k) => {
    const doc = parseQuestions(blocks[k]!);
    sameStructure(check.open.doc, doc, check.outcome.qid);
    verifyBlock(doc, doc.blocks.length === 1 && doc.blocks[0]!.id === check.outcome.qid ? doc.blocks[0] : undefined, check, ts, lines);
  });
}

/** The edited text has as many headings, fences and question blocks as the text it was edited from. */
function sameStructure(before: QuestionsDoc, after: QuestionsDoc, qid: string): void {
  const shape = (d: QuestionsDoc) => `${d.view.headings.length} ${d.view.fences.length} ${d.blocks.length}`;
  if (shape(before) !== shape(after)) throw new InternalError(`questions.md did not read back for ${qid}: an edit changed its headings or fences; nothing was written`, { kind: "read-back" });
}

/** The read-back of one block of `doc`: its field lines read in one pass (`lines` is scratch), the values as fieldValue reads them. */
function verifyBlock(doc: QuestionsDoc, b: QuestionBlock | undefined, check: BlockCheck, ts: string, lines: FieldLines): void {
  const { outcome, human } = check;
  const fail = () => new InternalError(`questions.md did not read back for ${outcome.qid}; nothing was written`, { kind: "read-back" });
  if (b === undefined) throw fail();
  readFieldLines(doc.view, b, lines);
  const value = (key: string) => {
    const i = lines.first(key);
    return i === undefined ? undefined : fieldValueAt(doc.view, i, key);
  };
  const wanted = outcome.kind === "answer" ? "answered" : "dropped";
  const answer = value("answer") === check.written ? check.written : writtenOrUndefined(b);
  const ok =
    statusFrom(value("status")) === wanted &&
    answer === check.written &&
    value("answered_at") === ts &&
    (human === undefined || (human ? answeredByHuman(b) : lines.first("answered_by") === undefined));
  if (!ok) throw fail();
}

/** Exactly one `answered_by` line, and it says `human`. */
function answeredByHuman(b: QuestionBlock): boolean {
  const by = b.fieldsNamed("answered_by");
  return by.length === 1 && by[0]!.value === "human";
}

function writtenOrUndefined(b: QuestionBlock): string | undefined {
  try {
    return writtenAnswer(b);
  } catch {
    return undefined;
  }
}

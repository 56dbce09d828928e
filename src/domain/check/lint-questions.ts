// `check` rules for questions.md alone: duplicate ids and register rows here, and each
// block's rules (documents/questions/question-rules.ts) on the blocks the scan left undecided.

import { GATES, isGate } from "../../documents/gates.js";
import { blockFacts, readBlockFacts } from "../../documents/questions/block-facts.js";
import { FieldLines } from "../../documents/questions/field-lines.js";
import { QUESTION_STATUSES, type QuestionBlock, type QuestionsDoc } from "../../documents/questions/parse-questions.js";
import { fieldValueAt } from "../../documents/questions/question-block.js";
import { QUESTION_RULES, type QuestionRule, type RuleFindings } from "../../documents/questions/question-rules.js";
import { scanQuestions, type QuestionScan } from "../../documents/questions/question-scan.js";
import type { ForReaders } from "../../for-readers.js";
import { adviceFor, type Diagnostic } from "./diagnostic.js";

const FILE = "questions.md";

/**
 * Lint questions.md on its own. A block `scan` decided (scanQuestions) is clean and is not read
 * rule by rule; a scan that decides nothing makes every block read so (what its tests compare).
 */
export function lintQuestions(doc: QuestionsDoc, scan: QuestionScan = scanQuestions(doc)): Diagnostic[] {
  const out: Diagnostic[] = [];
  // Line numbers and texts without materialising every Line: a 40,000-question file has 520,000.
  const lineOf = (index: number) => index + 1;
  // A plain message stays one object literal: a large file may report tens of thousands.
  const push = (index: number, col: number, severity: Diagnostic["severity"], rule: string, message: string | ForReaders) =>
    out.push(typeof message === "string" ? { file: FILE, line: lineOf(index), col, severity, rule, message } : { file: FILE, line: lineOf(index), col, severity, rule, ...adviceFor(message) });
  const pushAt = (at: { index: number; col: number }, severity: Diagnostic["severity"], rule: string, message: string | ForReaders) =>
    push(at.index, at.col, severity, rule, message);
  // Every block's field lines are read once into this (reused): a 40,000-question file
  // would otherwise build 360,000 field objects only to look at a few keys of each.
  const lines = new FieldLines();
  const value = (key: string) => {
    const index = lines.first(key);
    return index === undefined ? undefined : fieldValueAt(doc.view, index, key);
  };
  // Point at the value as written (`status:pending`, `status:   pending`); an empty value
  // points at its key, as the sentinel's diagnostics do.
  const fieldCol = (b: QuestionBlock, key: string) => {
    const index = lines.first(key);
    if (index === undefined) return { index: b.heading, col: 1 };
    const after = doc.view.lineText(index).slice(key.length + 1);
    const lead = after.length - after.trimStart().length;
    return { index, col: after.trim() === "" ? 1 : key.length + 2 + lead };
  };

  // Every id once: no block is a duplicate (a 40,000-entry map not made or walked for nothing).
  if (!doc.uniqueIds) for (const [id, blocks] of doc.byId) {
    if (blocks.length > 1) {
      for (const b of blocks.slice(1)) {
        push(b.heading, 4, "error", "question-duplicate-id", `duplicate question id ${id} (first at line ${lineOf(blocks[0]!.heading)}); the engine refuses to write it until one block is renamed or merged into the other`);
      }
    }
  }
  // The usual block is decided by the scan: every rule holds on it. The rest are read here,
  // each block's facts by its own readers, and every rule that fails reports.
  const facts = blockFacts();
  let rule: QuestionRule = QUESTION_RULES[0]!;
  let block: QuestionBlock = doc.blocks[0]!;
  const findings: RuleFindings = {
    value,
    lineText: (index) => doc.view.lineText(index),
    add: (index, col, message) => push(index, col, rule.severity, rule.rule, message),
    addAt: (key, message) => pushAt(fieldCol(block, key), rule.severity, rule.rule, message),
  };
  for (let k = 0; k < doc.blocks.length; k++) {
    if (scan.status[k] !== 0) continue;
    block = doc.blocks[k]!;
    readBlockFacts(doc.view, block, lines, facts);
    for (rule of QUESTION_RULES) if (!rule.holds(facts)) rule.report(facts, block, findings);
  }
  for (const r of doc.register) {
    const status = r.status.toLowerCase();
    if (status !== "" && !(QUESTION_STATUSES as readonly string[]).includes(status)) {
      push(r.index, 1, "error", "register-unknown-status", `register row ${r.id}: unknown status ${JSON.stringify(r.status)}; set it to open, answered or dropped`);
    }
    const gate = r.gate.toLowerCase();
    if (gate !== "" && !isGate(gate)) {
      push(r.index, 1, "error", "register-unknown-gate", `register row ${r.id}: unknown gate ${JSON.stringify(r.gate)}; set it to one of ${GATES.join(", ")}`);
    }
  }
  return out;
}

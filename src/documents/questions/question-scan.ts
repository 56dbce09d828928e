// The scan of questions.md: one pass over every block that reads the usual block's facts in
// place (facts-in-place.ts) and decides it when every rule of question-rules.ts holds on them —
// its status, gate and `question:` line. `status` and the lint read a decided block from here;
// every reader of any other block asks the block itself.

import { GATE_CODES, STATUS_CODES, blockFacts } from "./block-facts.js";
import { readFactsInPlace } from "./facts-in-place.js";
import { fieldValue, gateOf, statusOf, type QuestionsDoc } from "./parse-questions.js";
import { fieldValueAt } from "./question-block.js";
import { everyRuleHolds } from "./question-rules.js";

/** A decided block's status: the index of its value here (0 = undecided). */
export const SCAN_STATUSES = STATUS_CODES;
/** A decided block's gate: the index of its value here (a decided block always has one). */
export const SCAN_GATES = GATE_CODES;

export interface QuestionScan {
  /**
   * Per block (doc.blocks order): 0 when the block is undecided, else its status (statusOf)
   * as an index into SCAN_STATUSES. A decided block is one whose facts (block-facts.ts) the
   * scan read in place and on which every rule of question-rules.ts holds: lintQuestions
   * finds nothing in it.
   */
  readonly status: Uint8Array;
  /** Per decided block: gateOf as an index into SCAN_GATES. */
  readonly gate: Uint8Array;
  /** Per decided block: the line of its first `question:` field, -1 when it has none. */
  readonly question: Int32Array;
}

const SCANS = new WeakMap<QuestionsDoc, QuestionScan>();

// The facts of the block being scanned (one object for every block of every scan).
const FACTS = blockFacts();

/**
 * The scan of `doc`, made on first use (status, the lint and the workspace rules read one):
 * each block's facts read in place (readFactsInPlace), the block decided when every rule
 * holds on them. A block whose facts are not read in place is left undecided: the lint and
 * the other readers read it through the block.
 */
export function scanQuestions(doc: QuestionsDoc): QuestionScan {
  let scan = SCANS.get(doc);
  if (scan) return scan;
  const n = doc.blocks.length;
  scan = { status: new Uint8Array(n), gate: new Uint8Array(n), question: new Int32Array(n) };
  const f = FACTS;
  for (let k = 0; k < n; k++) {
    if (!readFactsInPlace(doc, k, f) || !everyRuleHolds(f)) continue;
    scan.status[k] = f.status;
    scan.gate[k] = f.gate;
    scan.question[k] = f.question;
  }
  SCANS.set(doc, scan);
  return scan;
}

/** fieldValue(block k, "question"), from the scan when it decided the block. */
export function questionText(doc: QuestionsDoc, scan: QuestionScan, k: number): string | undefined {
  if (scan.status[k] === 0) return fieldValue(doc.blocks[k]!, "question");
  const line = scan.question[k]!;
  return line < 0 ? undefined : fieldValueAt(doc.view, line, "question");
}

/** Block k's statusOf: from the scan when it decided the block, else read from the block. */
export function statusAt(doc: QuestionsDoc, scan: QuestionScan, k: number): string | undefined {
  return scan.status[k] !== 0 ? SCAN_STATUSES[scan.status[k]!] : statusOf(doc.blocks[k]!);
}

/** Block k's gateOf: from the scan when it decided the block, else read from the block. */
export function gateAt(doc: QuestionsDoc, scan: QuestionScan, k: number): string {
  return scan.status[k] !== 0 ? SCAN_GATES[scan.gate[k]!]! : gateOf(doc.blocks[k]!);
}

// The rules `check` holds a question block to, each stated once: the predicate over the
// block's facts (block-facts.ts) and the finding reported when it fails. The lint reports every
// rule that fails on a block (src/domain/check/lint-questions.ts); the scan (question-scan.ts)
// decides a block only when every rule holds on the facts it read. A rule added here is one
// the lint reports and the scan keeps: no other place states it.

import { forReaders, type ForReaders } from "../../for-readers.js";
import { shellWord } from "../../shell-word.js";
import { GATES } from "../gates.js";
import { unreadAnswerAdvice } from "./answer-field.js";
import { fieldColon } from "./block-grammar.js";
import { ANSWERED, DROPPED, ESCALATING, LOOKALIKE_ID, MALFORMED_ID, OPEN, OTHER_GATE, STATUS_CODES, type BlockFacts } from "./block-facts.js";
import { misreadKey } from "./meant-keys.js";
import type { QuestionBlock } from "./question-block.js";

/** Where a failing rule's findings go, and what it reads of the block to word them. */
export interface RuleFindings {
  /** The value of the block's first `key:` field, undefined when it has none. */
  value(key: string): string | undefined;
  /** The text of line `index`. */
  lineText(index: number): string;
  /** A finding at line `index`, column `col` (from 1). */
  add(index: number, col: number, message: string | ForReaders): void;
  /** A finding at the value of the block's first `key:` field as written (its key when the value is empty; the heading when there is none). */
  addAt(key: string, message: string | ForReaders): void;
}

export interface QuestionRule {
  /** The stable rule id `check` prints. */
  readonly rule: string;
  readonly severity: "error" | "warning";
  /** True when the block passes. */
  holds(f: BlockFacts): boolean;
  /** The findings of a block that fails, in line order. */
  report(f: BlockFacts, block: QuestionBlock, out: RuleFindings): void;
}

const GATE_LIST = GATES.join(" | ");

/** The rules in the order a block's findings are reported. */
export const QUESTION_RULES: readonly QuestionRule[] = [
  {
    rule: "question-bad-id",
    severity: "error",
    holds: (f) => f.id !== MALFORMED_ID,
    report: (_, b, out) => out.add(b.heading, 4, `malformed question id ${JSON.stringify(b.id)}; rename the heading to ## q-<id> (letters, digits, '.', '_', '-')`),
  },
  {
    // Hand-written ids like q-7 are legal; only look-alikes of engine ids are named.
    rule: "question-id-format",
    severity: "warning",
    holds: (f) => f.id !== LOOKALIKE_ID,
    report: (_, b, out) => out.add(b.heading, 4, `${b.id} looks like an engine id but is not q-YYYY-MM-DD-NNN`),
  },
  {
    rule: "question-no-status",
    severity: "error",
    holds: (f) => f.statusLine >= 0,
    report: (_, b, out) => out.add(b.heading, 1, `${b.id} has no status: field; add status: open (or answered / dropped)`),
  },
  {
    rule: "question-unknown-status",
    severity: "error",
    holds: (f) => f.statusLine < 0 || f.status !== 0,
    report: (_, b, out) => out.addAt("status", `${b.id}: unknown status ${JSON.stringify(out.value("status"))}; set it to open (or answered / dropped)`),
  },
  {
    // A `gate:` with no value, and no gate in the heading either, or a word that is no gate.
    rule: "question-unknown-gate",
    severity: "error",
    holds: (f) => f.gate !== OTHER_GATE && (f.gate !== 0 || f.gateLine < 0),
    report: (f, b, out) =>
      out.addAt("gate", f.gate === 0 ? `${b.id}: empty gate; set it to one of ${GATE_LIST}` : `${b.id}: unknown gate ${JSON.stringify(out.value("gate"))}; set it to one of ${GATE_LIST}`),
  },
  {
    rule: "question-no-gate",
    severity: "warning",
    holds: (f) => f.gate !== 0 || f.gateLine >= 0,
    report: (_, b, out) => out.add(b.heading, 1, `${b.id} has no gate: field; add gate: ${GATE_LIST}`),
  },
  {
    rule: "question-escalating-route",
    severity: "warning",
    holds: (f) => f.gate !== ESCALATING || f.routeSet,
    report: (_, b, out) => out.addAt("gate", `${b.id} is escalating but has no route: field; add route: <role> (who should answer)`),
  },
  {
    rule: "question-bad-timestamp",
    severity: "error",
    holds: (f) => !f.raisedAtBad && !f.answeredAtBad,
    report: (f, b, out) => {
      const bad = (key: string) => out.addAt(key, `${b.id}: ${key} ${JSON.stringify(out.value(key))} is not a UTC timestamp (YYYY-MM-DDTHH:MM:SSZ)`);
      if (f.raisedAtBad) bad("raised_at");
      if (f.answeredAtBad) bad("answered_at");
    },
  },
  {
    // Text a person wrote as a field that the grammar does not read as it.
    rule: "question-unknown-key",
    severity: "warning",
    holds: (f) => f.misread.length === 0,
    report: (f, b, out) => {
      for (const index of f.misread) {
        const slip = misreadKey(out.lineText(index))!;
        out.add(index, 1, `${b.id}: ${misreadKeyProblem(slip.written, slip.meant)} (until then the line is kept as written and not read)`);
      }
    },
  },
  {
    // Text a person wrote as the answer that the grammar does not read (a misspelled key is the rule above's).
    rule: "question-answer-not-read",
    severity: "warning",
    holds: (f) => f.unread === undefined || f.unread.reason === "misspelled-key",
    report: (f, b, out) => {
      const { problem, fix } = unreadAnswerAdvice(f.unread!);
      out.add(f.unread!.index, 1, f.status === OPEN ? forReaders((h) => `${b.id}: ${problem}; ${fix}, then run devrites-engine state resolve ${shellWord(b.id)}${h}`) : `${b.id}: ${problem}; ${fix}`);
    },
  },
  {
    rule: "question-answered-without-answer",
    severity: "error",
    holds: (f) => f.status !== ANSWERED || f.answered,
    report: (_, b, out) =>
      out.addAt("status", forReaders((h) => `${b.id} is answered but its answer: is empty; write the answer after answer: (or set status: open and answer it with devrites-engine state resolve ${shellWord(b.id)} "<answer>"${h})`)),
  },
  {
    rule: "question-no-answered-at",
    severity: "warning",
    holds: (f) => (f.status !== ANSWERED && f.status !== DROPPED) || f.answeredAtSet,
    report: (f, b, out) => out.addAt("status", `${b.id} is ${STATUS_CODES[f.status]} but has no answered_at; add answered_at: <YYYY-MM-DDTHH:MM:SSZ>`),
  },
  {
    rule: "question-open-with-answer",
    severity: "warning",
    holds: (f) => f.status !== OPEN || f.unread !== undefined || !f.answered,
    report: (_, b, out) => out.addAt("answer", forReaders((h) => `${b.id} is open but already has an answer; make it count with devrites-engine state resolve ${shellWord(b.id)}${h}`)),
  },
  {
    rule: "question-duplicate-field",
    severity: "warning",
    holds: (f) => f.repeats.length === 0,
    report: (f, b, out) => {
      for (const index of f.repeats) {
        const line = out.lineText(index);
        out.add(index, 1, `${b.id}: ${line.slice(0, fieldColon(line))} appears twice; only the first is read, delete the other`);
      }
    },
  },
];

// Each rule's predicate, in order (the scan asks them of every block).
const HOLDS = QUESTION_RULES.map((r) => r.holds);

/** True when every rule holds on `f`: the block draws no finding. */
export function everyRuleHolds(f: BlockFacts): boolean {
  for (let r = 0; r < HOLDS.length; r++) if (!HOLDS[r]!(f)) return false;
  return true;
}

/** Why a line that looks like the field `meant` is not read as it (misreadKey), and the edit. */
function misreadKeyProblem(written: string, meant: string): string {
  if (written === meant) return `"${meant} :" is not read as the ${meant} field (no space may come before the colon); write it as ${meant}:`;
  if (written.toLowerCase() === meant) return `${written}: is not read as the ${meant} field (keys are lowercase); write it as ${meant}:`;
  return `the key ${written} is not one the engine reads; if you meant ${meant}, rename it to ${meant}:`;
}

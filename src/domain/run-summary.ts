// The one summary of where a run stands that status, orient and budget status build on: the
// open questions by gate (most urgent first) and the AFK budget (mode, sentinel, slices left,
// review queue). One error policy: input that is bad (a malformed sentinel or slice counter) is
// reported in the summary, and each command decides what it means (status and orient show it,
// the budget commands refuse); anything else is a bug and is never caught here. Pure.

import { firstError, type Sentinel } from "../documents/afk/sentinel.js";
import { gateOf, statusOf, type QuestionBlock, type QuestionsDoc } from "../documents/questions/parse-questions.js";
import { awaitedQuestionIds, type StateDoc } from "../documents/state/parse-state.js";
import { isKind, type EngineError } from "../errors.js";
import { effectiveRemaining, readSliceCounter, reviewQueue, type Remaining, type ReviewQueue } from "./budget.js";

/** The blocks state.md's awaiting sections name (the first block of each id) that questions.md has. */
export function awaitedBlocks(state: StateDoc, questions: QuestionsDoc): QuestionBlock[] {
  const blocks: QuestionBlock[] = [];
  for (const id of awaitedQuestionIds(state)) {
    const b = questions.withId(id)?.[0];
    if (b !== undefined) blocks.push(b);
  }
  return blocks;
}

/** The gates, most urgent first: how every summary orders its open questions. */
export const GATE_ORDER: readonly string[] = ["blocking", "escalating", "validating", "advisory"];

/** Where `gate` sorts: a gate outside the table after every known one. */
export function gateRank(gate: string): number {
  const i = GATE_ORDER.indexOf(gate);
  return i < 0 ? GATE_ORDER.length : i;
}

/** The open questions' ids by gate ("" for a block without one), most urgent gate first. */
export function openByGate(questions: QuestionsDoc): { count: number; byGate: [string, string[]][] } {
  const groups = new Map<string, string[]>();
  let count = 0;
  for (const b of questions.blocks) {
    if (statusOf(b) !== "open") continue;
    count++;
    const g = gateOf(b);
    const list = groups.get(g);
    if (list) list.push(b.id);
    else groups.set(g, [b.id]);
  }
  return { count, byGate: [...groups.entries()].sort(([a], [b]) => gateRank(a) - gateRank(b)) };
}

/** The AFK budget as the summary holds it. */
export type BudgetSummary =
  | { mode: "hitl" }
  /** The sentinel could not be read as a sentinel (`error`: why). */
  | { mode: "unreadable"; error: EngineError }
  | {
      mode: "afk";
      sentinel: Sentinel;
      /** The sentinel's first value error, when it has one (the budget commands refuse it). */
      malformed: string | undefined;
      /** Slices left, or undefined when the counter is malformed (`counterError` says why). */
      remaining: Remaining | undefined;
      counterError: EngineError | undefined;
      queue: ReviewQueue;
    };

/**
 * The budget summary from what the workspace read: the sentinel (undefined in HITL) or the
 * error reading it, the cursor and the questions.
 * @throws whatever is not bad input: a bug is not the summary's to report.
 */
export function budgetSummary(read: { sentinel: Sentinel | undefined } | { error: unknown }, state: StateDoc, questions: QuestionsDoc | undefined): BudgetSummary {
  if ("error" in read) {
    if (!isKind(read.error, "bad-sentinel")) throw read.error;
    return { mode: "unreadable", error: read.error };
  }
  const s = read.sentinel;
  if (s === undefined) return { mode: "hitl" };
  let remaining: Remaining | undefined;
  let counterError: EngineError | undefined;
  try {
    remaining = effectiveRemaining(readSliceCounter(state)?.value, s.counts.max_slices);
  } catch (e) {
    if (!isKind(e, "bad-input")) throw e;
    counterError = e;
  }
  return { mode: "afk", sentinel: s, malformed: firstError(s)?.message, remaining, counterError, queue: reviewQueue(questions, 0, s.counts.max_review_queue) };
}

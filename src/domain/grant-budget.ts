// `budget grant <N> --human` as a pure use case: a person raises the AFK slice counter by N —
// the one way the engine offers to extend an unattended run's budget (every other budget
// command only lowers it). The raise and its `budget_granted` event are one transaction.

import { BadInputError } from "../errors.js";
import { appendLogEdit, setFieldEdit, upsertFieldEdit } from "../documents/state/edit-state.js";
import { cursorValue, parseState } from "../documents/state/parse-state.js";
import { applyEdits } from "../documents/text-edit.js";
import { COUNTER_NAME, readSliceCounter } from "./budget.js";
import { formatTimestamp } from "./clock.js";
import { logPhase } from "./phases.js";
import { verifyState } from "./verify-state.js";
import type { EventDraft } from "./events.js";

interface GrantInput {
  state: string;
  /** Slices to add, at least 1. */
  slices: number;
  /** The sentinel's max_slices, when declared: the base when state.md has no counter yet. */
  maxSlices: number | undefined;
  now: Date;
}

export type GrantPlan =
  | { kind: "granted"; state: string; previous: number; remaining: number; source: "counter" | "max_slices"; event: EventDraft }
  /** No counter and no max_slices: slices are unlimited, and a counter would lower that. */
  | { kind: "unlimited" };

/**
 * Plan the grant.
 * @throws BadInputError (5) for a counter that is not a plain nonnegative integer, or a sum
 * past the largest safe integer; InternalError (1) when the edit does not read back.
 */
export function planGrant(input: GrantInput): GrantPlan {
  const doc = parseState(input.state);
  const counter = readSliceCounter(doc);
  const previous = counter?.value ?? input.maxSlices;
  if (previous === undefined) return { kind: "unlimited" };
  const remaining = previous + input.slices;
  if (!Number.isSafeInteger(remaining)) throw new BadInputError(`${previous} + ${input.slices} slices is too large a budget`, { hint: "grant fewer slices" });
  const value = String(remaining);
  const phase = logPhase(cursorValue(doc, "phase"));
  const state = applyEdits(input.state, [
    counter ? setFieldEdit(doc, counter.field, value) : upsertFieldEdit(doc, COUNTER_NAME, value),
    appendLogEdit(doc, [`- ${formatTimestamp(input.now)} ${phase}: granted ${input.slices} slice(s) by a person (AFK slices remaining: ${value})`]),
  ]);
  verifyState(state, { [COUNTER_NAME]: value });
  const source = counter ? "counter" : "max_slices";
  return {
    kind: "granted",
    state,
    previous,
    remaining,
    source,
    event: { event: "budget_granted", by: "human", detail: { granted: input.slices, previous, remaining, source } },
  };
}

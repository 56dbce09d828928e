// `budget seed` as a pure use case: after planning, the slice counter becomes
// min(pending, --max-slices, max_slices), and an existing counter only ever goes down —
// seeding can tighten an unattended run, never extend it.

import { appendLogEdit, setFieldEdit, upsertFieldEdit } from "../documents/state/edit-state.js";
import { cursorValue, parseState } from "../documents/state/parse-state.js";
import { applyEdits } from "../documents/text-edit.js";
import { COUNTER_NAME, readSliceCounter } from "./budget.js";
import { formatTimestamp } from "./clock.js";
import { logPhase } from "./phases.js";
import { verifyState } from "./verify-state.js";
import type { EventDraft } from "./events.js";

interface SeedInput {
  state: string;
  pending: number;
  /** `--max-slices`, when given. */
  maxSlicesOption: number | undefined;
  /** The sentinel's max_slices, when declared. */
  maxSlices: number | undefined;
  now: Date;
}

export type SeedPlan =
  | { kind: "seeded"; state: string; previous: number | undefined; remaining: number; target: number; event: EventDraft }
  | { kind: "unchanged"; remaining: number; target: number };

/** The seed value before the existing counter is considered. */
export function seedTarget(pending: number, maxSlicesOption: number | undefined, maxSlices: number | undefined): number {
  return Math.min(pending, maxSlicesOption ?? Infinity, maxSlices ?? Infinity);
}

/**
 * Plan the seed.
 * @throws BadInputError (5) for an existing counter that is not a plain nonnegative integer;
 * InternalError (1) when the edit does not read back.
 */
export function planSeed(input: SeedInput): SeedPlan {
  const doc = parseState(input.state);
  const counter = readSliceCounter(doc);
  const target = seedTarget(input.pending, input.maxSlicesOption, input.maxSlices);
  const remaining = counter ? Math.min(counter.value, target) : target;
  if (counter && remaining === counter.value) return { kind: "unchanged", remaining, target };
  const value = String(remaining);
  const ts = formatTimestamp(input.now);
  const phase = logPhase(cursorValue(doc, "phase"));
  const state = applyEdits(input.state, [
    counter ? setFieldEdit(doc, counter.field, value) : upsertFieldEdit(doc, COUNTER_NAME, value),
    appendLogEdit(doc, [`- ${ts} ${phase}: seeded AFK budget for ${input.pending} pending slice(s) (AFK slices remaining: ${value})`]),
  ]);
  verifyState(state, { [COUNTER_NAME]: value });
  return {
    kind: "seeded",
    state,
    previous: counter?.value,
    remaining,
    target,
    event: {
      event: "budget_seeded",
      detail: { pending: input.pending, max_slices_option: input.maxSlicesOption ?? null, max_slices: input.maxSlices ?? null, previous: counter?.value ?? null, remaining },
    },
  };
}

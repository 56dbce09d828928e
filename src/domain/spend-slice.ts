// `budget spend <slice>` as a pure use case: (state.md, slice, max_slices, now) → the charged
// text, or "already charged", or "nothing to charge". Exactly once per slice id: the Log
// line written with the charge is the record a retry finds.

import { BadInputError, BudgetStopError } from "../errors.js";
import { appendLogEdit, setFieldEdit, upsertFieldEdit } from "../documents/state/edit-state.js";
import { cursorValue, parseState, type StateDoc } from "../documents/state/parse-state.js";
import { applyEdits } from "../documents/text-edit.js";
import { CAP_MESSAGE, COUNTER_NAME, readSliceCounter } from "./budget.js";
import { formatTimestamp } from "./clock.js";
import { logPhase } from "./phases.js";
import { verifyState } from "./verify-state.js";
import type { EventDraft } from "./events.js";

const MAX_SLICE_ID_LENGTH = 200;

/** `- <ts> <phase>: charged <slice> …`; the slice is the one token after `charged`. */
const CHARGE_LINE = /^[ \t]*[-*+][ \t]+\S+[ \t]+[^\s:]+:[ \t]+charged[ \t]+(\S+)(?:[ \t]|$)/;

/**
 * Check a slice id: one token (it is matched as a token in the Log), printable, bounded.
 * @throws BadInputError for an empty id, whitespace, control characters (bidi controls too) or over 200 characters.
 */
export function assertSliceId(slice: string | undefined): string {
  if (slice === undefined || slice === "") throw new BadInputError("budget spend needs the slice id to charge", { hint: "devrites-engine budget spend <slice>, e.g. budget spend SLICE-003" });
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(slice)) {
    throw new BadInputError(`slice id ${JSON.stringify(slice)} must be one word without spaces, control characters or bidi controls`, { hint: "use the slice's id, e.g. SLICE-003" });
  }
  if (slice.length > MAX_SLICE_ID_LENGTH) throw new BadInputError(`slice id is ${slice.length} characters; at most ${MAX_SLICE_ID_LENGTH} are allowed`);
  return slice;
}

/** The 1-based line of the Log entry that charged `slice`, or undefined when it was never charged. */
export function chargedLine(doc: StateDoc, slice: string): number | undefined {
  if (!doc.log) return undefined;
  const { lines, fenced } = doc.view;
  for (let i = doc.log.heading + 1; i < doc.log.end; i++) {
    if (fenced[i]) continue;
    const m = CHARGE_LINE.exec(lines[i]!.text);
    if (m && m[1] === slice) return lines[i]!.number;
  }
  return undefined;
}

interface SpendInput {
  state: string;
  slice: string;
  /** The sentinel's max_slices, when declared. */
  maxSlices: number | undefined;
  now: Date;
}

export type SpendPlan =
  | { kind: "charged"; state: string; previous: number | undefined; remaining: number; source: "counter" | "max_slices"; event: EventDraft }
  | { kind: "already"; line: number; remaining: number | undefined }
  | { kind: "nothing" };

/**
 * Plan the charge of one built slice.
 * @throws BadInputError (5) for a counter that is not a plain nonnegative integer;
 * BudgetStopError (7) when no slice is left; InternalError (1) when the edit does not read back.
 */
export function planSpend(input: SpendInput): SpendPlan {
  const doc = parseState(input.state);
  const counter = readSliceCounter(doc);
  const line = chargedLine(doc, input.slice);
  // A retry after the charge (even the one that reached 0) is done, not a stop.
  if (line !== undefined) return { kind: "already", line, remaining: counter?.value };
  const before = counter?.value ?? input.maxSlices;
  if (before === undefined) return { kind: "nothing" };
  if (before === 0) {
    throw new BudgetStopError(`cannot charge ${input.slice}: AFK slices remaining is 0`, {
      hint: CAP_MESSAGE,
      data: { reason: "slice_cap", slice: input.slice, remaining: 0 },
    });
  }
  const remaining = before - 1;
  const value = String(remaining);
  const ts = formatTimestamp(input.now);
  const phase = logPhase(cursorValue(doc, "phase"));
  const edits = [
    counter ? setFieldEdit(doc, counter.field, value) : upsertFieldEdit(doc, COUNTER_NAME, value),
    appendLogEdit(doc, [`- ${ts} ${phase}: charged ${input.slice} (AFK slices remaining: ${value})`]),
  ];
  const state = applyEdits(input.state, edits);
  verifyState(state, { [COUNTER_NAME]: value }, (d) => (chargedLine(d, input.slice) === undefined ? `no Log line charges ${input.slice}` : undefined));
  const source = counter ? "counter" : "max_slices";
  return {
    kind: "charged",
    state,
    previous: counter?.value,
    remaining,
    source,
    event: { event: "slice_spent", detail: { slice: input.slice, remaining, previous: before, source } },
  };
}

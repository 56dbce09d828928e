// `budget spend <slice>` as a pure use case: (state.md, slice, max_slices, now) → the charged
// text, or "already charged", or "nothing to charge". Exactly once per slice id: a retry finds
// the charge's `slice_spent` event in events.jsonl, or its Log line where state.md has a Log.

import { BadInputError, BudgetStopError } from "../errors.js";
import { appendLogEdit, setFieldEdit, upsertFieldEdit } from "../documents/state/edit-state.js";
import { cursorValue, parseState, type StateDoc } from "../documents/state/parse-state.js";
import { applyEdits } from "../documents/text-edit.js";
import { personOrAgent, type ForReaders } from "../for-readers.js";
import { CAP_ADVICE, CAP_MESSAGE, COUNTER_NAME, readSliceCounter } from "./budget.js";
import { formatTimestamp } from "./clock.js";
import { logPhase } from "./phases.js";
import { redact } from "./redact.js";
import { verifyState } from "./verify-state.js";
import type { EventDraft } from "./events.js";

const MAX_SLICE_ID_LENGTH = 200;

/** How the command line gives the slice id. */
export const SPEND_USAGE = "devrites-engine budget spend <slice>, e.g. budget spend SLICE-003";

/** `- <ts> <phase>: charged <slice> …`; the slice is the one token after `charged`. */
const CHARGE_LINE = /^[ \t]*[-*+][ \t]+\S+[ \t]+[^\s:]+:[ \t]+charged[ \t]+(\S+)(?:[ \t]|$)/;

/**
 * Check a slice id: one token (it is matched as a token in the Log), printable, bounded.
 * @throws BadInputError for an empty id, whitespace, control characters (bidi controls too),
 * over 200 characters, or an id secret redaction would change. `usage`: the hint for a missing
 * id (default: the command line's).
 */
export function assertSliceId(slice: string | undefined, usage: string | ForReaders = SPEND_USAGE): string {
  if (slice === undefined || slice === "") throw new BadInputError("budget spend needs the slice id to charge", { hint: usage });
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(slice)) {
    throw new BadInputError(`slice id ${JSON.stringify(slice)} must be one word without spaces, control characters or bidi controls`, { hint: "use the slice's id, e.g. SLICE-003" });
  }
  if (slice.length > MAX_SLICE_ID_LENGTH) throw new BadInputError(`slice id is ${slice.length} characters; at most ${MAX_SLICE_ID_LENGTH} are allowed`);
  // The audit stores it redacted: an id that looks like a secret could never be found again there.
  if (redact(slice) !== slice) throw new BadInputError(`slice id ${JSON.stringify(slice)} looks like a secret and would be redacted in the audit`, { hint: "use the slice's id, e.g. SLICE-003" });
  return slice;
}

/** The event every charge records, in the same transaction as the counter it lowers. */
const SPENT_MARK = '"slice_spent"';

/**
 * The 1-based events.jsonl line of the `slice_spent` event that charged `slice`, or undefined.
 * Only lines holding the event's name are parsed, so a long audit costs one byte search; a line
 * that is not an engine event object (a torn write, a hand edit) never counts.
 */
export function chargedEventLine(events: Buffer, slice: string): number | undefined {
  let line = 1;
  let counted = 0;
  for (let from = 0; ;) {
    const hit = events.indexOf(SPENT_MARK, from, "utf8");
    if (hit < 0) return undefined;
    const start = events.lastIndexOf(0x0a, hit) + 1;
    const nl = events.indexOf(0x0a, hit);
    const end = nl < 0 ? events.length : nl;
    for (let i = events.indexOf(0x0a, counted); i >= 0 && i < start; i = events.indexOf(0x0a, i + 1)) line++;
    counted = start;
    let rec: unknown;
    try {
      rec = JSON.parse(events.toString("utf8", start, end));
    } catch {
      rec = undefined;
    }
    if (isSpentEvent(rec) && rec.detail.slice === slice) return line;
    if (nl < 0) return undefined;
    from = end + 1;
  }
}

function isSpentEvent(rec: unknown): rec is { event: "slice_spent"; detail: { slice: unknown } } {
  if (typeof rec !== "object" || rec === null || Array.isArray(rec)) return false;
  const r = rec as { event?: unknown; detail?: unknown };
  return r.event === "slice_spent" && typeof r.detail === "object" && r.detail !== null;
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
  /** events.jsonl's bytes (undefined when there is none); read only when the Log has no charge. */
  audit: () => Buffer | undefined;
  now: Date;
}

export type SpendPlan =
  | { kind: "charged"; state: string; previous: number | undefined; remaining: number; source: "counter" | "max_slices"; event: EventDraft }
  | { kind: "already"; file: "state.md" | "events.jsonl"; line: number; remaining: number | undefined }
  | { kind: "nothing" };

/** Where an earlier charge of `slice` is recorded: its Log line, else its `slice_spent` event. */
function earlierCharge(doc: StateDoc, slice: string, audit: () => Buffer | undefined): { file: "state.md" | "events.jsonl"; line: number } | undefined {
  const logged = chargedLine(doc, slice);
  if (logged !== undefined) return { file: "state.md", line: logged };
  const events = audit();
  const recorded = events === undefined ? undefined : chargedEventLine(events, slice);
  return recorded === undefined ? undefined : { file: "events.jsonl", line: recorded };
}

/**
 * Plan the charge of one built slice.
 * @throws BadInputError (5) for a counter that is not a plain nonnegative integer;
 * BudgetStopError (7) when no slice is left; InternalError (1) when the edit does not read back.
 */
export function planSpend(input: SpendInput): SpendPlan {
  const doc = parseState(input.state);
  const counter = readSliceCounter(doc);
  const earlier = earlierCharge(doc, input.slice, input.audit);
  // A retry after the charge (even the one that reached 0) is done, not a stop.
  if (earlier !== undefined) return { kind: "already", ...earlier, remaining: counter?.value };
  const before = counter?.value ?? input.maxSlices;
  if (before === undefined) return { kind: "nothing" };
  if (before === 0) {
    throw new BudgetStopError(`cannot charge ${input.slice}: AFK slices remaining is 0`, {
      // The quoted cap message first (commands.md), then who may lift the cap and how.
      hint: personOrAgent(`${CAP_MESSAGE} (${CAP_ADVICE.person})`, `${CAP_MESSAGE} (${CAP_ADVICE.agent})`),
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
  // The event is the record a retry finds; a Log line is written (and checked) only where a Log exists.
  verifyState(state, { [COUNTER_NAME]: value }, (d) => (d.log !== undefined && chargedLine(d, input.slice) === undefined ? `no Log line charges ${input.slice}` : undefined));
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

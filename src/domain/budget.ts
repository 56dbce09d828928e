// The AFK budget as pure rules: the state.md slice counter, the effective slices remaining
// (counter, else max_slices, else unlimited), the review queue, and the numbers callers pass
// in. `budget check`, `spend`, `seed`, `budget status` and the `status` command share these.

import { BadInputError } from "../errors.js";
import { personOrAgent } from "../for-readers.js";
import { PLAIN_DECIMAL, PLAIN_INTEGER } from "../documents/afk/sentinel.js";
import { gateOf, statusOf, type QuestionsDoc } from "../documents/questions/parse-questions.js";
import type { CursorField, StateDoc } from "../documents/state/parse-state.js";

/** The normalized cursor key of the counter (`afk_slices_remaining`, `AFK slices remaining`). */
const COUNTER_KEY = "afkslicesremaining";
/** The spelled key, for inserts and messages. */
export const COUNTER_NAME = "afk_slices_remaining";

/** What `budget check` prints when no slice is left, verbatim from commands.md. */
export const CAP_MESSAGE = "AFK cap reached. Raise `state.md` `AFK slices remaining` or remove the sentinel to continue.";

/**
 * What follows CAP_MESSAGE: the command that raises the counter is a person's (`budget grant`),
 * so an agent is told to stop and ask, and never to pass --human (for-readers.ts).
 */
export const CAP_ADVICE = personOrAgent(
  "a person grants more slices with devrites-engine budget grant <N> --human",
  "only a person may grant more slices: stop the run and ask one (devrites-engine budget grant --help)",
);

/** The counter as found in state.md: its field (line, spelling, form) and value. */
interface SliceCounter {
  field: CursorField;
  value: number;
}

/**
 * Parse a count given on the command line or found in a file: a plain decimal integer.
 * @throws BadInputError naming `what` for `-1`, `2.5`, `1e3`, `none`, empty, or an unsafe size.
 */
export function parseCount(text: string, what: string): number {
  const t = text.trim();
  if (!PLAIN_INTEGER.test(t) || !Number.isSafeInteger(Number(t))) {
    throw new BadInputError(`${what} must be a plain nonnegative integer like 3 (got ${JSON.stringify(text)})`);
  }
  return Number(t);
}

/**
 * Parse an amount of money: a plain decimal like `2` or `2.50`.
 * @throws BadInputError naming `what` for anything else.
 */
export function parseAmount(text: string, what: string): number {
  const t = text.trim();
  if (!PLAIN_DECIMAL.test(t) || !Number.isFinite(Number(t))) {
    throw new BadInputError(`${what} must be a plain nonnegative decimal like 2.50 (got ${JSON.stringify(text)})`);
  }
  return Number(t);
}

/**
 * `none` in any case: the DevRites template's "no counter set", exactly as if the line were
 * absent. (A charge or seed then upserts the counter, which replaces `none` in place.)
 */
export function isNoCounter(value: string): boolean {
  return value.trim().toLowerCase() === "none";
}

/**
 * The slice counter of the cursor, or undefined when state.md has none (no line, or `none`).
 * @throws BadInputError (exit 5) when the value is neither a plain nonnegative integer nor `none`.
 */
export function readSliceCounter(doc: StateDoc): SliceCounter | undefined {
  const field = doc.cursor.get(COUNTER_KEY);
  if (!field || isNoCounter(field.value)) return undefined;
  if (!PLAIN_INTEGER.test(field.value) || !Number.isSafeInteger(Number(field.value))) {
    const line = doc.view.lines[field.index]!.number;
    throw new BadInputError(
      `state.md:${line}: ${field.rawKey} is ${JSON.stringify(field.value)}, not a plain nonnegative integer or none`,
      { hint: `set it to the number of slices left (e.g. 3), or to none (or delete the line) to fall back to max_slices`, data: { line, key: COUNTER_NAME, value: field.value } },
    );
  }
  return { field, value: Number(field.value) };
}

/** Slices left and where the number comes from. */
export type Remaining =
  | { source: "counter"; value: number }
  | { source: "max_slices"; value: number }
  | { source: "unlimited"; value: undefined };

/** The effective slices remaining: the state.md counter, else the sentinel's max_slices, else unlimited. */
export function effectiveRemaining(counter: number | undefined, maxSlices: number | undefined): Remaining {
  if (counter !== undefined) return { source: "counter", value: counter };
  if (maxSlices !== undefined) return { source: "max_slices", value: maxSlices };
  return { source: "unlimited", value: undefined };
}

/**
 * The slices left as `status` says it in one line (`slices 2 of 10 left`); budget status adds
 * where the number comes from (describeRemaining). One rule for both, so they never disagree.
 */
export function shortRemaining(r: Remaining, maxSlices: number | undefined): string {
  if (r.source === "unlimited") return "slices unlimited";
  if (r.source === "max_slices" || maxSlices === undefined) return r.source === "max_slices" ? `slices ${r.value} of ${r.value} left` : `slices ${r.value} left`;
  // A human may raise the counter above max_slices (the cap message says to): no "4 of 3".
  return r.value <= maxSlices ? `slices ${r.value} of ${maxSlices} left` : `slices ${r.value} left (raised above max_slices ${maxSlices})`;
}

/** One phrase for people: `slices 2 of 10 left (state.md counter)`, the source named. */
export function describeRemaining(r: Remaining, maxSlices: number | undefined): string {
  if (r.source === "unlimited") return "slices unlimited (no counter in state.md, no max_slices in the sentinel)";
  if (r.source === "max_slices") return `slices ${r.value} of ${r.value} left (max_slices; no counter in state.md yet)`;
  if (maxSlices === undefined || r.value <= maxSlices) return `${shortRemaining(r, maxSlices)} (state.md counter)`;
  return `slices ${r.value} left (state.md counter, raised above max_slices ${maxSlices})`;
}

/** `review queue 3/8`, or the bare count when no cap is declared. */
export function describeQueue(q: ReviewQueue, withParts: boolean): string {
  const parts = withParts ? ` (${q.openValidating.length} open validating question(s) + ${q.findings} finding(s))` : " (open validating questions)";
  return q.cap === undefined ? `review queue ${q.total}${parts}, no max_review_queue` : `review queue ${q.total}/${q.cap}${parts}`;
}

/** The review queue: open validating questions plus the findings the caller reports. */
export interface ReviewQueue {
  /** Ids of open `validating` questions (blocks and register rows, each id once). */
  openValidating: string[];
  findings: number;
  total: number;
  /** `max_review_queue`, when the sentinel declares it. */
  cap: number | undefined;
}

/** Count the review queue of a questions.md. */
export function reviewQueue(questions: QuestionsDoc | undefined, findings: number, cap: number | undefined): ReviewQueue {
  const ids: string[] = [];
  const seen = new Set<string>();
  if (questions) {
    for (const b of questions.blocks) {
      if (seen.has(b.id)) continue;
      seen.add(b.id);
      if (statusOf(b) === "open" && gateOf(b) === "validating") ids.push(b.id);
    }
    // The released register variant is read for gate checks too; a block wins over a row.
    for (const r of questions.register) {
      if (r.id === "" || seen.has(r.id)) continue;
      seen.add(r.id);
      if (r.status.trim().toLowerCase() === "open" && r.gate.trim().toLowerCase() === "validating") ids.push(r.id);
    }
  }
  return { openValidating: ids, findings, total: ids.length + findings, cap };
}

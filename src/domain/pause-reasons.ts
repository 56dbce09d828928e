// The closed set of pause reason codes and their human labels (commands.md, state pause).

import { isoString } from "./clock.js";

export const REASON_LABELS = {
  approval: "waiting for a human approval",
  usage_cap: "subscription usage cap reached",
  budget: "budget exhausted",
  token_budget: "token budget exhausted",
  step_limit: "step limit reached",
  slice_cap: "AFK slice cap reached",
  review_queue: "review queue full",
  sequence_budget: "sequence budget exhausted",
  credentials: "credentials missing or rejected",
  destructive: "destructive action needs a human",
  unfamiliar_state: "unfamiliar state needs a human",
  external_blocker: "external service unavailable",
  recovery_exhausted: "automatic recovery exhausted",
  tooling: "tooling failure",
  operator: "paused by the operator",
  cancelled: "cancelled",
  idle: "idle",
  stale: "stale run",
} as const;

export type ReasonCode = keyof typeof REASON_LABELS;
export const REASON_CODES = Object.keys(REASON_LABELS) as ReasonCode[];

/** True for a code of the closed set. */
export function isReasonCode(code: string): code is ReasonCode {
  return Object.prototype.hasOwnProperty.call(REASON_LABELS, code);
}

/** A resume time for the summary: UTC `HH:MM`, with the UTC date in front when it is not today. */
function resumeTime(t: Date, now: Date): string {
  const hm = isoString(t).slice(11, 16);
  const day = isoString(t).slice(0, 10);
  return day === isoString(now).slice(0, 10) ? hm : `${day} ${hm}`;
}

/**
 * The one-line pause summary, one function for `status` and the `next_action` a pause writes
 * (commands.md, state pause): the label, and the resume time when the pause ends by itself —
 * `subscription usage cap reached, resumes 14:50`. (The detail has its own line and field.)
 */
export function pauseSummary(code: string, resumesAt: Date | undefined, now: Date): string {
  const label = pauseLabel(code);
  return resumesAt ? `${label}, resumes ${resumeTime(resumesAt, now)}` : label;
}

/** The human label of a pause reason; an unknown or missing code still reads as a pause. */
export function pauseLabel(code: string): string {
  return isReasonCode(code) ? REASON_LABELS[code] : code === "" ? "paused" : `paused (${code})`;
}

/**
 * The summary as printed for people (`status`, `state pause`): the same text with the zone
 * named after a resume time (`resumes 14:50 UTC`), so a reader in another zone is not misled.
 * The one rule for times: UTC everywhere, named where a person reads it.
 */
export function pauseSummaryForPeople(code: string, resumesAt: Date | undefined, now: Date): string {
  return resumesAt ? `${pauseSummary(code, resumesAt, now)} UTC` : pauseSummary(code, resumesAt, now);
}

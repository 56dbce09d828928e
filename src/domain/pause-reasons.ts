// The closed set of pause reason codes and their human labels (commands.md, state pause).

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
export function resumeTime(t: Date, now: Date): string {
  const hm = t.toISOString().slice(11, 16);
  const day = t.toISOString().slice(0, 10);
  return day === now.toISOString().slice(0, 10) ? hm : `${day} ${hm}`;
}

/**
 * The one-line pause summary, one function for `status` and the `next_action` a pause writes
 * (commands.md, state pause): the label, and the resume time when the pause ends by itself —
 * `subscription usage cap reached, resumes 14:50`. (The detail has its own line and field.)
 */
export function pauseSummary(code: string, resumesAt: Date | undefined, now: Date): string {
  const label = isReasonCode(code) ? REASON_LABELS[code] : code === "" ? "paused" : `paused (${code})`;
  return resumesAt ? `${label}, resumes ${resumeTime(resumesAt, now)}` : label;
}

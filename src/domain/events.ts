// The audit events use cases produce (formats.md, events.jsonl). The workspace layer
// adds id and timestamp and appends them inside the same transaction.

export const EVENT_KINDS = [
  "initialized", "resolved", "dropped", "raised", "auto_picked", "paused", "pause_deferred", "resumed",
  "notify_failed", "slice_spent", "budget_seeded", "sequence_opened", "manifest_merged", "migrated", "recovered",
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** What a use case wants recorded. */
export interface EventDraft {
  event: EventKind;
  qid?: string;
  by?: string;
  detail?: Record<string, unknown>;
}

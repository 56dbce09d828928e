// The audit events use cases produce (formats.md, events.jsonl), and the one reading of
// that file's lines. The workspace layer adds id and timestamp and appends them inside the same transaction.

const EVENT_KINDS = [
  "initialized", "resolved", "dropped", "raised", "auto_picked", "paused", "pause_deferred", "resumed",
  "notify_failed", "slice_spent", "budget_seeded", "budget_granted", "sequence_opened", "manifest_merged", "migrated", "recovered", "closed",
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** What a use case wants recorded. */
export interface EventDraft {
  event: EventKind;
  qid?: string;
  by?: string;
  detail?: Record<string, unknown>;
}

/**
 * events.jsonl's lines as JSON values; blank lines are skipped and a line that does not parse
 * (a torn write, a hand edit) is left out and named by its 1-based number in `invalid`.
 */
export function parseJsonl(text: string): { records: unknown[]; invalid: number[] } {
  const records: unknown[] = [];
  const invalid: number[] = [];
  text.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    try {
      records.push(JSON.parse(line));
    } catch {
      invalid.push(i + 1);
    }
  });
  return { records, invalid };
}

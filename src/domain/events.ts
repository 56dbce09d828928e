// The audit events use cases produce (formats.md, events.jsonl), and the one reading of
// that file's lines. The workspace layer adds id and timestamp and appends them inside the same transaction.

const EVENT_KINDS = [
  "initialized", "resolved", "dropped", "raised", "auto_picked", "paused", "pause_deferred", "resumed",
  "notify_failed", "slice_spent", "budget_seeded", "budget_granted", "sequence_opened", "manifest_merged", "migrated", "recovered", "closed",
  "gates_scaffolded", "gate_result", "gate_attested", "gate_abandoned",
  "parallel_lease_written", "parallel_lease_cleared", "parallel_created", "parallel_green_recorded", "parallel_aborted", "parallel_cleaned", "parallel_integrated",
  "dispatch_opened", "dispatch_started", "dispatch_sealed", "dispatch_returned", "dispatch_abandoned",
  "note_added", "note_removed", "notes_repaired", "metric_recorded",
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** What a use case wants recorded. */
export interface EventDraft {
  event: EventKind;
  qid?: string;
  by?: string;
  detail?: Record<string, unknown>;
}

/** An events.jsonl line as a reader may trust it: the fields `log` prints have their types. */
export interface AuditEvent {
  v?: unknown;
  id?: unknown;
  ts: string;
  event: string;
  qid?: string;
  by?: string;
  detail?: Record<string, unknown>;
}

/**
 * How deep a line may nest (the record is level 1). The engine's deepest event is four levels
 * (record → detail → a map → a value); anything past this is not one of its events, and
 * printing it (JSON.stringify recurses) could exhaust the stack.
 */
export const MAX_EVENT_DEPTH = 32;

/** Skipped line numbers kept for the caller; the count goes on past it (a hostile file has millions). */
export const MAX_SKIPPED_LINES_LISTED = 1000;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Whether `v` nests no deeper than `left` levels. Recursion is bounded by MAX_EVENT_DEPTH, never by the input. */
function shallow(v: unknown, left: number): boolean {
  if (typeof v !== "object" || v === null) return true;
  if (left < 1) return false;
  if (Array.isArray(v)) {
    for (const x of v) if (!shallow(x, left - 1)) return false;
    return true;
  }
  for (const k in v) if (!shallow((v as Record<string, unknown>)[k], left - 1)) return false;
  return true;
}

/** True for an object of the engine's event shape (formats.md): `event` and `ts` strings, string `qid`/`by`, an object `detail`, bounded depth. */
export function isAuditEvent(v: unknown): v is AuditEvent {
  if (!isObject(v)) return false;
  if (typeof v.event !== "string" || v.event === "" || typeof v.ts !== "string") return false;
  if (v.qid !== undefined && typeof v.qid !== "string") return false;
  if (v.by !== undefined && typeof v.by !== "string") return false;
  if (v.detail !== undefined && !isObject(v.detail)) return false;
  return shallow(v, MAX_EVENT_DEPTH);
}

export interface EventLines {
  events: AuditEvent[];
  /** How many non-blank lines are not events (not JSON, or JSON of another shape). */
  skipped: number;
  /** The first MAX_SKIPPED_LINES_LISTED of them, 1-based. */
  skippedLines: number[];
}

/**
 * events.jsonl's events in file order. Blank lines are ignored; a line that does not parse (a
 * torn write, a hand edit) or parses to anything but an event object (`null`, `[]`, `{}`, a
 * line nested thousands deep) is skipped and counted. Never throws.
 */
export function readEventLines(text: string): EventLines {
  const events: AuditEvent[] = [];
  const skippedLines: number[] = [];
  let skipped = 0;
  let n = 0;
  // Walked by index, not split: a file of millions of short lines is not copied into an array.
  for (let start = 0; start <= text.length; ) {
    const nl = text.indexOf("\n", start);
    const end = nl < 0 ? text.length : nl;
    const line = text.slice(start, end).trim();
    n++;
    start = end + 1;
    if (line === "") continue;
    // Only `{…}` can be an event: anything else (null, a number, an array, a torn line) is
    // skipped unparsed. A JSON.parse that throws costs about 10 µs, a million such lines 10 s.
    let value: unknown;
    if (line.charCodeAt(0) === 0x7b && line.charCodeAt(line.length - 1) === 0x7d) {
      try {
        value = JSON.parse(line);
      } catch {
        value = undefined;
      }
    }
    if (isAuditEvent(value)) {
      events.push(value);
      continue;
    }
    skipped++;
    if (skippedLines.length < MAX_SKIPPED_LINES_LISTED) skippedLines.push(n);
  }
  return { events, skipped, skippedLines };
}

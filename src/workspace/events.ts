// events.jsonl: one redacted JSON object per line, appended inside the same transaction
// as the mutation it records.

import { join } from "node:path";
import { formatTimestamp } from "../domain/clock.js";
import { redactDeep } from "../domain/redact.js";
import { readEventLines, type EventDraft, type EventLines } from "../domain/events.js";
import { READ_CAP_BYTES, readRegularFile } from "./disk.js";

export const EVENTS_FILE = "events.jsonl";

export interface EventRecord extends EventDraft {
  v: 1;
  id: string;
  ts: string;
}

/** Render drafts as JSONL lines (secrets redacted). */
export function renderEvents(drafts: readonly EventDraft[], now: Date): string {
  const ts = formatTimestamp(now);
  // Unique within the commit by construction (a random start, then consecutive numbers: a
  // thousand independent 24-bit draws collided once in 30 batches), and across commits of
  // the same second by 32 random bits.
  const base = Math.floor(Math.random() * 0x1_0000_0000);
  let out = "";
  for (let i = 0; i < drafts.length; i++) {
    const id = `ev-${ts}-${((base + i) >>> 0).toString(16).padStart(8, "0")}`;
    const rec: EventRecord = { v: 1, id, ts, ...redactDeep(drafts[i]!) };
    out += JSON.stringify(rec) + "\n";
  }
  return out;
}

/**
 * events.jsonl's text, under its own cap (READ_CAP_BYTES.events: the file only grows); undefined
 * when there is none. Decoded as is: no reader writes it back, and a torn byte is one bad line.
 * @throws RefusedError (exit 3) for a symlinked, non-regular or oversized events.jsonl, like every other workspace file.
 */
export function readEventsText(dir: string): string | undefined {
  return readEventBytes(dir)?.toString("utf8");
}

/**
 * Read the audit trail; lines that are not events are skipped and counted.
 * @throws RefusedError (exit 3) as readEventsText.
 */
export function readEvents(dir: string): EventLines {
  const text = readEventsText(dir);
  return text === undefined ? { events: [], skipped: 0, skippedLines: [] } : readEventLines(text);
}

/**
 * events.jsonl's bytes, undefined when there is none (a writer that searches the audit).
 * @throws RefusedError (exit 3) for a symlinked, non-regular or oversized events.jsonl.
 */
export function readEventBytes(dir: string): Buffer | undefined {
  return readRegularFile(join(dir, EVENTS_FILE), { name: EVENTS_FILE, capBytes: READ_CAP_BYTES.events, noFollow: true });
}

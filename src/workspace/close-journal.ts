// The close journal: `state close` writes `.close-journal` into the workspace before it moves
// `work/<slug>` to `archive/<slug>`, so the intent travels with the directory. Found in `work/`
// it means the move never happened and any command undoes it; found in `archive/` the move
// happened and `state close <slug>` finishes it (archive.ts). Found on disk, it is untrusted:
// it may only name its own directory, cut back or complete its own event line, and clear
// ACTIVE when ACTIVE still names this slug.

import { basename, join } from "node:path";
import { CorruptJournalError, isKind } from "../errors.js";
import { disk, lstat, READ_CAP_BYTES, readRegularFile, removeFile } from "./disk.js";
import { bodySum } from "./journal.js";
import { fsyncDir } from "./replay.js";

export const CLOSE_JOURNAL = ".close-journal";
const EVENTS = "events.jsonl";

export interface CloseJournal {
  v: 1;
  nonce: string;
  slug: string;
  /** ACTIVE named this slug when the close began: the finish empties it if it still does. */
  clear_active: boolean;
  /** Where the `closed` event line goes in events.jsonl, and the line itself. */
  offset: number;
  event: string;
}

/** The journal's bytes: its JSON body, then the body's check line (as the commit journal). */
export function renderCloseJournal(j: CloseJournal): Buffer {
  const body = Buffer.from(JSON.stringify(j), "utf8");
  return Buffer.concat([body, Buffer.from(`\n${bodySum(body, 3)}\n`, "utf8")]);
}

const eventsSize = (dir: string) => lstat(join(dir, EVENTS))?.size ?? 0;

/**
 * The close journal in `dir`, checked against `dir` itself.
 * @throws CorruptJournalError (exit 3) for one that names another workspace or an impossible offset.
 */
export function readCloseJournal(dir: string): { kind: "none" } | { kind: "torn" } | { kind: "ok"; journal: CloseJournal } {
  const p = join(dir, CLOSE_JOURNAL);
  let bytes: Buffer | undefined;
  try {
    bytes = readRegularFile(p, { name: CLOSE_JOURNAL, capBytes: 64 * 1024, noFollow: true });
  } catch (e) {
    if (isKind(e, "unsafe-file")) throw new CorruptJournalError(p, e.text, e);
    throw e;
  }
  if (bytes === undefined) return { kind: "none" };
  const [body, sum] = bytes.toString("utf8").split("\n");
  if (body === undefined || sum === undefined || sum !== bodySum(body, 3)) return { kind: "torn" };
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return { kind: "torn" };
  }
  const bad = (why: string) => new CorruptJournalError(p, why);
  if (typeof raw !== "object" || raw === null || raw.v !== 1) throw bad("it is not a version 1 close journal");
  if (typeof raw.nonce !== "string" || !/^[0-9a-f]{16}$/.test(raw.nonce)) throw bad("its nonce is missing or malformed");
  if (raw.slug !== basename(dir)) throw bad(`it names workspace ${JSON.stringify(raw.slug)}, not ${basename(dir)}`);
  if (typeof raw.clear_active !== "boolean") throw bad("it does not say whether ACTIVE is cleared");
  if (typeof raw.offset !== "number" || !Number.isSafeInteger(raw.offset) || raw.offset < 0 || raw.offset > eventsSize(dir)) throw bad("its events.jsonl offset is past the end of the file");
  let event: unknown;
  try {
    event = typeof raw.event === "string" && raw.event.endsWith("\n") && raw.event.indexOf("\n") === raw.event.length - 1 ? JSON.parse(raw.event) : undefined;
  } catch {
    event = undefined;
  }
  if ((event as { event?: unknown } | undefined)?.event !== "closed") throw bad("its event is not one `closed` event line");
  return { kind: "ok", journal: raw as unknown as CloseJournal };
}

/** The bytes of events.jsonl from `offset` on (at most `length` + 1 of them). */
function eventsFrom(dir: string, offset: number, length: number): Buffer {
  const all = readRegularFile(join(dir, EVENTS), { name: EVENTS, capBytes: READ_CAP_BYTES.events, noFollow: true }) ?? Buffer.alloc(0);
  return all.subarray(offset, offset + length + 1);
}

/** True when events.jsonl holds exactly the journal's event line at its offset, and nothing after it. */
export function eventWritten(dir: string, j: CloseJournal): boolean {
  return eventsSize(dir) === j.offset + Buffer.byteLength(j.event) && eventsFrom(dir, j.offset, Buffer.byteLength(j.event)).toString("utf8") === j.event;
}

/**
 * Undo a close that never moved the directory (its journal is still in `work/<slug>`): cut
 * events.jsonl back to the offset only when what follows it is exactly the journal's own line,
 * then remove the journal. The caller holds the lock.
 */
export function undoClose(dir: string, j: CloseJournal): void {
  if (eventWritten(dir, j)) {
    const fd = disk.openSync(join(dir, EVENTS), "r+");
    try {
      disk.ftruncateSync(fd, j.offset);
      disk.fsyncSync(fd);
    } finally {
      disk.closeSync(fd);
    }
  }
  removeFile(join(dir, CLOSE_JOURNAL));
  fsyncDir(dir);
}

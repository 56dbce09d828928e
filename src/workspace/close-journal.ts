// The close journal of earlier engines: their `state close` wrote `.close-journal` into the
// workspace before it moved `work/<slug>` to `archive/<slug>`. This engine journals a close in
// the one transaction journal (a version 4 `.journal`, transaction.ts) and writes none; one an
// earlier engine left is still undone or finished. Found in `work/` the move never happened and
// any command undoes it; found in `archive/` the move happened and `state close <slug>`
// finishes it (archive.ts). Found on disk, it is untrusted: it may only name its own
// directory, cut back or complete its own event line in a file with no other name, and clear
// ACTIVE (through a commit) when ACTIVE still names this slug.

import { basename, join } from "node:path";
import { CorruptJournalError, isKind } from "../errors.js";
import { lstat, READ_CAP_BYTES, readRegularFile, removeFile } from "./disk.js";
import { bodySum } from "./journal.js";
import { activeLine } from "./locate.js";
import { appendAt, cutBackTo, fsyncDir } from "./replay.js";
import { commit } from "./transaction.js";

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
 * @throws RefusedError (exit 3) for an events.jsonl with other names, a link or a FIFO: nothing is cut.
 */
export function undoClose(dir: string, j: CloseJournal): void {
  if (eventWritten(dir, j)) cutBackTo(join(dir, EVENTS), j.offset);
  removeFile(join(dir, CLOSE_JOURNAL));
  fsyncDir(dir);
}

/**
 * Finish a close that moved the directory (its journal in `archive/<slug>`, `dir`): the event
 * line at its offset (once), ACTIVE emptied when it still names the slug (a commit, under
 * ACTIVE's lock the caller holds with the archive's), the journal removed.
 * @returns whether ACTIVE was emptied.
 */
export function finishLegacyClose(dir: string, root: string, j: CloseJournal): boolean {
  if (!eventWritten(dir, j)) appendAt(join(dir, EVENTS), j.offset, j.event);
  const cleared = j.clear_active && activeLine(root) === j.slug;
  // An empty ACTIVE is "no active workspace" (formats.md, Layout), as the pack's close-out expects.
  if (cleared) commit(dir, [{ path: join(root, "ACTIVE"), content: "" }]);
  removeFile(join(dir, CLOSE_JOURNAL));
  fsyncDir(dir);
  return cleared;
}

// `state close`'s move: `work/<slug>` → `archive/<slug>` and ACTIVE emptied, as one journaled
// step under the workspace lock. Order, so that a process killed at any instant leaves either
// the live workspace or the archived one, never both or neither:
//   1. `.close-journal` (the intent: slug, whether ACTIVE is cleared, the `closed` event) is
//      written into the workspace and fsynced;
//   2. the directory is renamed (one rename(2) inside `.devrites/`, same file system);
//   3. in the archive: the event appended, ACTIVE emptied if it still names the slug, the
//      journal removed.
// Killed before 2: the journal sits in `work/<slug>` and the next command there undoes it
// (recovery.ts). Killed after 2: `state close <slug>` again finishes step 3 (finishClose).
// A failure in step 3 moves the directory back. Nothing here leaves `.devrites/`.

import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { InternalError, isKind, NoWorkspaceError, RefusedError } from "../errors.js";
import { newNonce, tempPathFor } from "./transaction.js";
import { appendAt, errText, fsyncDir } from "./replay.js";
import { disk, lstat, READ_CAP_BYTES, readRegularFile, removeFile, writeAll } from "./disk.js";
import { CLOSE_JOURNAL, eventWritten, readCloseJournal, renderCloseJournal, undoClose, type CloseJournal } from "./close-journal.js";
import type { Lock } from "./lock.js";
import { activeLine, type Workspace } from "./locate.js";
import { shellWord } from "../shell-word.js";

const EVENTS = "events.jsonl";

/** Write `data` to a new file and fsync it. */
function writeNew(p: string, data: Buffer, flags: string): void {
  const fd = disk.openSync(p, flags, 0o644);
  try {
    writeAll(fd, data);
    disk.fsyncSync(fd);
  } finally {
    disk.closeSync(fd);
  }
}

/**
 * Step 3, and what `state close <slug>` does with a journal it finds in the archive: the event
 * line at its offset (once), ACTIVE emptied when it still names the slug, the journal removed.
 * @returns whether ACTIVE was emptied. The caller holds the lock (now in the archive).
 */
export function finishClose(archived: string, root: string, j: CloseJournal): boolean {
  const events = join(archived, EVENTS);
  if (!eventWritten(archived, j)) appendAt(events, j.offset, j.event);
  let cleared = false;
  if (j.clear_active && activeLine(root) === j.slug) {
    // An empty ACTIVE is "no active workspace" (formats.md, Layout), as the pack's close-out expects.
    const active = join(root, "ACTIVE");
    const temp = tempPathFor(active, j.nonce);
    writeNew(temp, Buffer.alloc(0), "wx");
    disk.renameSync(temp, active);
    fsyncDir(root);
    cleared = true;
  }
  removeFile(join(archived, CLOSE_JOURNAL));
  fsyncDir(archived);
  return cleared;
}

export interface CloseResult {
  archived: string;
  activeCleared: boolean;
}

/**
 * Move the locked live workspace `ws` to `archive/<slug>` (steps 1–3 above). `eventLine` is the
 * rendered `closed` event (one JSONL line) appended to its events.jsonl in the archive.
 * @throws RefusedError (3) when `archive/<slug>` exists (never overwritten) or `archive` is not a
 *   real directory; InternalError (1) when the disk refuses a step (everything is moved back).
 */
export function archiveWorkspace(ws: Workspace, lock: Lock, eventLine: (activeCleared: boolean) => string): CloseResult {
  const archiveDir = join(ws.root, "archive");
  const target = join(archiveDir, ws.slug);
  const up = lstat(archiveDir);
  if (up?.isSymbolicLink()) throw new NoWorkspaceError(`unsafe root: ${archiveDir} is a symbolic link`, { kind: "unsafe-root", hint: "replace the link with a real directory" });
  if (up && !up.isDirectory()) throw new RefusedError(`${archiveDir} exists and is not a directory`, { kind: "unsafe-file", hint: "move it away, then run state close again" });
  if (lstat(target)) {
    throw new RefusedError(`archive already exists at ${target}: refusing to overwrite it`, {
      kind: "archive-exists",
      hint: `both work/${ws.slug} and archive/${ws.slug} exist; compare them and move one away by hand, then run devrites-engine state close ${shellWord(ws.slug)} again`,
    });
  }
  const clearActive = activeLine(ws.root) === ws.slug;
  const journal: CloseJournal = { v: 1, nonce: newNonce(), slug: ws.slug, clear_active: clearActive, offset: lstat(join(ws.dir, EVENTS))?.size ?? 0, event: eventLine(clearActive) };
  // A hand-edited events.jsonl without its final newline: the event starts a line of its own.
  if (journal.offset > 0 && !eventsEndWithNewline(ws.dir)) journal.event = `\n${journal.event}`;
  const journalPath = join(ws.dir, CLOSE_JOURNAL);
  try {
    writeNew(journalPath, renderCloseJournal(journal), "wx");
    fsyncDir(ws.dir);
    if (up === undefined) {
      mkdirSync(archiveDir);
      fsyncDir(ws.root);
    }
    disk.renameSync(ws.dir, target);
    fsyncDir(dirname(ws.dir));
    fsyncDir(archiveDir);
  } catch (e) {
    if (lstat(target) === undefined) {
      removeFile(journalPath);
      throw new InternalError(`could not archive ${ws.dir} to ${target}: ${errText(e)}; nothing was moved`, { kind: "io", hint: "check the permissions of .devrites/work and .devrites/archive, then retry", cause: e });
    }
    throw e;
  }
  lock.relocate(target);
  try {
    return { archived: target, activeCleared: finishClose(target, ws.root, journal) };
  } catch (e) {
    moveBack(target, ws, journal, e);
    lock.relocate(ws.dir);
    throw new InternalError(`could not finish closing ${ws.slug}: ${errText(e)}; the workspace was moved back to ${ws.dir}`, { kind: "io", hint: "fix the cause (permissions of ACTIVE, disk space), then run state close again", cause: e });
  }
}

function eventsEndWithNewline(dir: string): boolean {
  const bytes = readRegularFile(join(dir, EVENTS), { name: EVENTS, capBytes: READ_CAP_BYTES.events, noFollow: true });
  return bytes === undefined || bytes.length === 0 || bytes[bytes.length - 1] === 0x0a;
}

/** A failed step 3: the directory goes back to `work/` and the journal is undone there. */
function moveBack(target: string, ws: Workspace, j: CloseJournal, cause: unknown): void {
  try {
    disk.renameSync(target, ws.dir);
    fsyncDir(dirname(target));
    fsyncDir(dirname(ws.dir));
    undoClose(ws.dir, j);
  } catch (e2) {
    throw new InternalError(`could not finish closing ${ws.slug}: ${errText(cause)}; moving it back failed too: ${errText(e2)}`, {
      kind: "io",
      hint: `fix the cause, then run devrites-engine state close ${shellWord(ws.slug)} again: it finishes from the journal in whichever directory holds it`,
      cause: new AggregateError([cause, e2], "the close and its undo both failed"),
    });
  }
}

/**
 * `state close <slug>` when `work/<slug>` is gone and `archive/<slug>` is there: finish a close
 * a killed process left (its journal in the archive), under the archive's lock.
 * @returns undefined when there was nothing to finish, else whether ACTIVE was emptied.
 */
export function finishPendingClose(archived: Workspace, lock: () => Lock): boolean | undefined {
  if (lstat(join(archived.dir, CLOSE_JOURNAL)) === undefined) return undefined;
  const held = lock();
  try {
    const read = readCloseJournal(archived.dir);
    if (read.kind === "none") return undefined;
    if (read.kind === "torn") {
      // Written whole and fsynced before the move: a torn one was not written by a close.
      removeFile(join(archived.dir, CLOSE_JOURNAL));
      return undefined;
    }
    return finishClose(archived.dir, archived.root, read.journal);
  } catch (e) {
    if (isKind(e, "journal-corrupt", "unsafe-file")) throw e;
    throw new InternalError(`could not finish closing ${archived.slug}: ${errText(e)}`, { kind: "io", hint: `fix the cause, then run devrites-engine state close ${shellWord(archived.slug)} again`, cause: e });
  } finally {
    held.release();
  }
}

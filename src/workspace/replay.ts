// Replaying a journal forward (applyJournal: renames, then event appends) or back (rollBack:
// appends cut back, targets restored from their hard-linked backups). Shared by the commit that
// wrote the journal and by recovery of one a killed process left (journal.ts owns its format).

import { constants, fstatSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { EngineError, RefusedError } from "../errors.js";
import { disk, kindOf, lstat, refuseHardLink, removeFile, writeAll } from "./disk.js";
import { JOURNAL_FILE, matches, type Journal, type JournalAppend, type JournalFile } from "./journal.js";

export const errText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = disk.openSync(dir, "r");
    disk.fsyncSync(fd);
  } catch {
    // Some file systems refuse fsync on directories; the rename is still atomic there.
  } finally {
    if (fd !== undefined) disk.closeSync(fd);
  }
}

export const isRegular = (p: string) => lstat(p)?.isFile() === true;

/** Remove a regular file if it is there; never anything else. */
function unlinkIfRegular(p: string): void {
  if (isRegular(p)) disk.unlinkSync(p);
}

function openForAppend(target: string, create: boolean): number {
  const flags = constants.O_RDWR | constants.O_NOFOLLOW | constants.O_NONBLOCK | (create ? constants.O_CREAT : 0);
  const fd = disk.openSync(target, flags, 0o644);
  const st = fstatSync(fd);
  try {
    if (!st.isFile()) throw new RefusedError(`${target} is ${kindOf(st)}, not a regular file`, { kind: "unsafe-file" });
    // On the open descriptor: what is appended to or truncated is this file, with no other name.
    refuseHardLink(st, target);
  } catch (e) {
    disk.closeSync(fd);
    throw e;
  }
  return fd;
}

/**
 * Write `data` at `offset` of `target` (created if missing), cutting whatever followed: an
 * idempotent append. Only a regular file with one name is written (no link is followed or
 * written through).
 */
export function appendAt(target: string, offset: number, data: string): void {
  const fd = openForAppend(target, true);
  try {
    disk.ftruncateSync(fd, offset);
    writeAll(fd, Buffer.from(data, "utf8"), offset);
    disk.fsyncSync(fd);
  } finally {
    disk.closeSync(fd);
  }
}

function applyAppend(dir: string, a: JournalAppend): void {
  appendAt(resolve(dir, a.target), a.offset, a.data);
}

function dirsOf(dir: string, j: Journal): Set<string> {
  const dirs = new Set<string>([dir]);
  for (const f of j.files) dirs.add(dirname(resolve(dir, f.target)));
  return dirs;
}

/** `fresh`: called by the commit that just wrote every temp, so none needs looking up first. */
export function applyJournal(dir: string, j: Journal, fresh = false): void {
  for (const f of j.files) {
    const temp = resolve(dir, f.temp);
    if (fresh || isRegular(temp)) disk.renameSync(temp, resolve(dir, f.target));
  }
  for (const a of j.appends) applyAppend(dir, a);
  for (const d of dirsOf(dir, j)) fsyncDir(d);
  // No fsync after this removal: a journal that outlives a crash names renamed temps and
  // already-written appends, so the next command replays it idempotently and removes it.
  removeFile(join(dir, JOURNAL_FILE));
  // Committed now: a backup that cannot be removed is litter for the next command, never a
  // reason to roll back (that would mix old and new files).
  for (const f of j.files) {
    if (f.backup === undefined) continue;
    try {
      if (fresh) disk.unlinkSync(resolve(dir, f.backup));
      else unlinkIfRegular(resolve(dir, f.backup));
    } catch {
      // removed by the next command's litter sweep (its name is the engine's pattern)
    }
  }
}

/**
 * Undo what a journal may have done: appends cut back to their offset, renamed targets restored
 * from their backups (version 3), files this commit created removed, temps deleted, the journal
 * removed. Versions 1 and 2 have no backups: their temps are deleted, as those engines did.
 * Each file is undone on its own: one that cannot be (a rename the system keeps refusing) does
 * not stop the others, and the journal stays only while something is left to undo.
 * @throws the failure (an EngineError first, else the errno error; several in an AggregateError).
 */
export function rollBack(dir: string, j: Journal): void {
  const failed: unknown[] = [];
  const attempt = (step: () => void) => {
    try {
      step();
    } catch (e) {
      failed.push(e);
    }
  };
  for (const a of j.appends) attempt(() => cutBack(dir, a));
  for (const f of [...j.files].reverse()) attempt(() => restore(dir, j, f));
  for (const d of dirsOf(dir, j)) fsyncDir(d);
  if (failed.length > 0) {
    throw failed.find((e) => e instanceof EngineError) ?? (failed.length === 1 ? failed[0] : new AggregateError(failed, failed.map(errText).join("; ")));
  }
  removeFile(join(dir, JOURNAL_FILE));
}

/** An append cut back to where it started. */
function cutBack(dir: string, a: JournalAppend): void {
  let fd: number;
  try {
    fd = openForAppend(resolve(dir, a.target), false);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return;
    throw e;
  }
  try {
    if (fstatSync(fd).size > a.offset) {
      disk.ftruncateSync(fd, a.offset);
      disk.fsyncSync(fd);
    }
  } finally {
    disk.closeSync(fd);
  }
}

/** One file back to its old content (or gone, when the commit created it), its temp and backup removed. */
function restore(dir: string, j: Journal, f: JournalFile): void {
  const temp = resolve(dir, f.temp);
  const target = resolve(dir, f.target);
  if (f.backup !== undefined) {
    const backup = resolve(dir, f.backup);
    const old = lstat(backup);
    if (old?.isFile()) {
      // Still the backup's inode: the forward rename never happened (it is the one that failed),
      // so the target holds the old content already and needs no rename the system may refuse again.
      const now = lstat(target);
      const untouched = now !== undefined && old.ino !== 0 && now.ino === old.ino && now.dev === old.dev;
      if (!untouched) disk.renameSync(backup, target);
    }
    unlinkIfRegular(backup);
  } else if (j.v === 3 && f.existed === false && !isRegular(temp) && matches(target, f)) {
    disk.unlinkSync(target);
  }
  unlinkIfRegular(temp);
}

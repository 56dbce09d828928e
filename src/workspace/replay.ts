// Replaying a journal forward (applyJournal: the directory move of a close, renames, removals,
// then event appends) or back (rollBack: appends cut back, targets restored from their
// hard-linked backups, removed files linked back, the directory moved back). Shared by the commit that wrote the journal and by
// recovery of one a killed process left (journal.ts owns its format).

import { constants, fstatSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { EngineError, RefusedError } from "../errors.js";
import { disk, kindOf, lstat, refuseHardLink, removeFile, writeAll } from "./disk.js";
import { ACTIVE_TARGET, inArchive, JOURNAL_FILE, matches, type Journal, type JournalAppend, type JournalFile, type JournalRemove } from "./journal.js";

export const errText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = disk.openSync(dir, "r");
    disk.fsyncSync(fd);
  } catch {
    // Some file systems refuse fsync on directories; the rename is still atomic there.
  } finally {
    try {
      if (fd !== undefined) disk.closeSync(fd);
    } catch {
      // A directory descriptor that fails to close holds nothing to lose.
    }
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

/** Where a close's workspace would be moved to and from: `archive/<slug>` and `work/<slug>`. */
function closePlaces(dir: string, slug: string): { work: string; archive: string } {
  const root = dirname(dirname(dir));
  return { work: join(root, "work", slug), archive: join(root, "archive", slug) };
}

/** The directory a journal's workspace is in now: a close's, moved or not (the journal moves with it). */
export function whereIs(dir: string, j: Journal): string {
  if (j.archive === undefined || inArchive(dir) || lstat(dir) !== undefined) return dir;
  return closePlaces(dir, j.archive).archive;
}

/** The directory move of a close journal (version 4), when it has not happened yet: the workspace's new place. */
function moveToArchive(dir: string, slug: string): string {
  if (inArchive(dir)) return dir;
  const { archive } = closePlaces(dir, slug);
  const up = dirname(archive);
  if (lstat(up) === undefined) {
    disk.mkdirSync(up);
    fsyncDir(dirname(up));
  }
  // One rename(2) inside `.devrites/`: a workspace is whole in work/ or whole in archive/.
  disk.renameSync(dir, archive);
  fsyncDir(dirname(dir));
  fsyncDir(up);
  return archive;
}

/**
 * ACTIVE is the one file two workspaces' commands write. A replay found on disk renames its
 * temp over ACTIVE only when ACTIVE is still what the journal saw (the backup's inode, or no
 * file when it had none): another command's ACTIVE set since is never overwritten.
 */
function activeUnchanged(dir: string, f: JournalFile): boolean {
  const now = lstat(resolve(dir, f.target));
  if (f.existed === false) return now === undefined;
  if (f.backup === undefined) return true;
  const old = lstat(resolve(dir, f.backup));
  return old !== undefined && now !== undefined && old.ino !== 0 && now.ino === old.ino && now.dev === old.dev;
}

/**
 * Replay a journal forward: a close's directory move, the renames, the appends. `fresh`: called
 * by the commit that just wrote every temp (and holds ACTIVE's lock), so none needs looking up
 * first. Once every rename and append is done the commit has happened (the commit point):
 * removing the journal and the backups after it never fails the commit — a journal left
 * behind is replayed again, idempotently, by the next command.
 * @returns the directory the workspace is in now (`archive/<slug>` after a close), and the
 *   targets renamed by this call.
 */
export function applyJournal(dir: string, j: Journal, fresh = false): { at: string; renamed: string[] } {
  const at = j.archive !== undefined ? moveToArchive(dir, j.archive) : dir;
  const renamed: string[] = [];
  for (const f of j.files) {
    const temp = resolve(at, f.temp);
    if (fresh || (isRegular(temp) && (f.target !== ACTIVE_TARGET || activeUnchanged(at, f)))) {
      disk.renameSync(temp, resolve(at, f.target));
      renamed.push(f.target);
    }
  }
  for (const r of j.removes ?? []) removeRecorded(at, r);
  for (const a of j.appends) applyAppend(at, a);
  for (const d of dirsOf(at, j)) fsyncDir(d);
  // The commit point. No fsync after this removal: a journal that outlives a crash names renamed
  // temps and already-written appends, so the next command replays it idempotently and removes it.
  try {
    removeFile(join(at, JOURNAL_FILE));
  } catch {
    // Left for the next command, which finishes it again: committed all the same.
  }
  // A backup that cannot be removed is litter for the next command, never a reason to roll
  // back (that would mix old and new files). A temp a replay did not rename (ACTIVE changed since) goes too.
  for (const f of [...j.files, ...(j.removes ?? [])]) {
    try {
      if (f.backup !== undefined) {
        if (fresh) disk.unlinkSync(resolve(at, f.backup));
        else unlinkIfRegular(resolve(at, f.backup));
      }
      if (!fresh && "temp" in f) unlinkIfRegular(resolve(at, f.temp));
    } catch {
      // removed by the next command's litter sweep (its name is the engine's pattern)
    }
  }
  return { at, renamed };
}

/**
 * A removal, idempotent: the file goes only while it is a regular file holding the content the
 * journal recorded (a link, a non-file or a file written there since stays); gone is done.
 */
function removeRecorded(dir: string, r: JournalRemove): void {
  const target = resolve(dir, r.target);
  if (matches(target, r)) disk.unlinkSync(target);
}

/** A removal undone: the file linked back from its backup when it is gone; the backup removed. */
function restoreRemoved(dir: string, r: JournalRemove): void {
  if (r.backup === undefined) return;
  const backup = resolve(dir, r.backup);
  if (isRegular(backup) && lstat(resolve(dir, r.target)) === undefined) disk.renameSync(backup, resolve(dir, r.target));
  else unlinkIfRegular(backup);
}

/**
 * Undo what a journal may have done: appends cut back to their offset, removed files linked back
 * from their backups (version 5), renamed targets restored from their backups (version 3), files
 * this commit created removed, temps deleted, the journal removed. Versions 1 and 2 have no backups: their temps are deleted, as those engines did.
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
  for (const r of j.removes ?? []) attempt(() => restoreRemoved(dir, r));
  for (const f of [...j.files].reverse()) attempt(() => restore(dir, j, f));
  for (const d of dirsOf(dir, j)) fsyncDir(d);
  let at = dir;
  // A close's workspace goes back to work/ last, once everything in it is undone.
  if (j.archive !== undefined && inArchive(dir) && failed.length === 0) {
    attempt(() => {
      const { work } = closePlaces(dir, j.archive!);
      disk.renameSync(dir, work);
      fsyncDir(dirname(dir));
      fsyncDir(dirname(work));
      at = work;
    });
  }
  if (failed.length > 0) {
    throw failed.find((e) => e instanceof EngineError) ?? (failed.length === 1 ? failed[0] : new AggregateError(failed, failed.map(errText).join("; ")));
  }
  removeFile(join(at, JOURNAL_FILE));
}

/** An append cut back to where it started. */
function cutBack(dir: string, a: JournalAppend): void {
  cutBackTo(resolve(dir, a.target), a.offset);
}

/**
 * Cut `target` back to `offset` bytes when it is longer: only a regular file with one name
 * (a link, a FIFO or a file with other names is refused, exit 3, before anything is cut).
 */
export function cutBackTo(target: string, offset: number): void {
  let fd: number;
  try {
    fd = openForAppend(target, false);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return;
    throw e;
  }
  try {
    if (fstatSync(fd).size > offset) {
      disk.ftruncateSync(fd, offset);
      disk.fsyncSync(fd);
    }
  } finally {
    disk.closeSync(fd);
  }
}

/**
 * One file back to its old content (or gone, when the commit created it), its temp and backup
 * removed. ACTIVE is restored only while it holds what this journal wrote: one another
 * command set since stays.
 */
function restore(dir: string, j: Journal, f: JournalFile): void {
  const temp = resolve(dir, f.temp);
  const target = resolve(dir, f.target);
  const ours = f.target !== ACTIVE_TARGET || matches(target, f);
  if (f.backup !== undefined) {
    const backup = resolve(dir, f.backup);
    const old = lstat(backup);
    if (old?.isFile() && ours) {
      // Still the backup's inode: the forward rename never happened (it is the one that failed),
      // so the target holds the old content already and needs no rename the system may refuse again.
      const now = lstat(target);
      const untouched = now !== undefined && old.ino !== 0 && now.ino === old.ino && now.dev === old.dev;
      if (!untouched) disk.renameSync(backup, target);
    }
    unlinkIfRegular(backup);
  } else if ((j.v === 3 || j.v === 4) && f.existed === false && !isRegular(temp) && matches(target, f)) {
    disk.unlinkSync(target);
  }
  unlinkIfRegular(temp);
}

// The journaled multi-file commit. New contents go to fsynced temp files, the old targets get
// hard-linked backups, then `.journal` lists them (nonce, sizes, CRC-32s, event appends, the
// files it removes, and for `state close` the move of the workspace directory to archive/) and
// is fsynced, then the directory is moved, temps are renamed over their targets, removed files
// unlinked and event lines appended; the journal is removed last. A failed step rolls back from the backups and moves the directory
// back (replay.ts does both directions; recovery.ts replays or discards a journal a crash left;
// journal.ts owns its format).

import { closeSync, constants, fchmodSync, fstatSync, lstatSync, openSync, readSync, type Stats } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import type { ContentPiece, FileContent } from "../documents/text-edit.js";
import { InternalError, isKind, RefusedError } from "../errors.js";
import { disk, kindOf, READ_CAP_BYTES, readRegularFile, refuseHardLink, removeFile, writeAll } from "./disk.js";
import { bodySum, byteLength, crc32, crcFor, isOwnTarget, isRemovable, JOURNAL_FILE, type Journal, type JournalFile } from "./journal.js";
import { applyJournal, errText, fsyncDir, rollBack, whereIs } from "./replay.js";
import { shellWord } from "../shell-word.js";

/** Replace a whole file. `path` is absolute; byte pieces are written in order. */
export interface FileWrite {
  path: string;
  content: FileContent;
}

/** Append to a file (events.jsonl); replayed idempotently from `offset` on recovery. */
interface FileAppend {
  path: string;
  data: string;
}

/**
 * Create `p` and write `data` fully, each piece passed to `seen` once written; returns the open
 * descriptor (the caller fsyncs and closes it). A range of a file on disk passes through a
 * reused buffer (bytes.ts): `seen` is where what was written can still be summed.
 */
function writeOpen(p: string, data: readonly ContentPiece[], flags: string, mode: number, seen?: (piece: Uint8Array) => void): number {
  const fd = disk.openSync(p, flags, mode);
  try {
    const put = (piece: Uint8Array) => {
      writeAll(fd, piece);
      seen?.(piece);
    };
    for (const piece of data) {
      if (piece instanceof Uint8Array) put(piece);
      else piece.copy(put);
    }
    fchmodSync(fd, mode);
  } catch (e) {
    disk.closeSync(fd);
    throw e;
  }
  return fd;
}

function writeSynced(p: string, data: readonly Uint8Array[], flags: string, mode: number): void {
  const fd = writeOpen(p, data, flags, mode);
  try {
    disk.fsyncSync(fd);
  } finally {
    disk.closeSync(fd);
  }
}

/** The mode a rewrite keeps, and whether the target exists. Links and non-files are refused. */
function targetInfo(target: string): { mode: number; existed: boolean } {
  let st: Stats;
  try {
    st = lstatSync(target);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { mode: 0o666 & ~process.umask(), existed: false };
    throw e;
  }
  if (st.isSymbolicLink()) throw new RefusedError(`${target} is a symbolic link; the engine never writes through links`, { kind: "unsafe-file" });
  if (!st.isFile()) throw new RefusedError(`${target} is ${kindOf(st)}, not a regular file; the engine writes only regular files`, { kind: "unsafe-file" });
  refuseHardLink(st, target);
  return { mode: st.mode & 0o7777, existed: true };
}

const hex32 = () => Math.floor(Math.random() * 0x1_0000_0000).toString(16).padStart(8, "0");
/** 64 random bits: a name a user would not type, and one journal's own. */
export const newNonce = () => hex32() + hex32();

export function tempPathFor(target: string, nonce: string, suffix = ".tmp"): string {
  return join(dirname(target), `.${basename(target)}.${process.pid}.${nonce}${suffix}`);
}

/** Where an append starts, and whether the file's last line lacks its newline (a hand edit). */
export function appendPoint(p: string): { offset: number; needsNewline: boolean } {
  let fd: number;
  try {
    fd = openSync(p, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { offset: 0, needsNewline: false };
    throw e;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new RefusedError(`${p} is ${kindOf(st)}, not a regular file`, { kind: "unsafe-file" });
    if (st.size === 0) return { offset: 0, needsNewline: false };
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, st.size - 1);
    return { offset: st.size, needsNewline: last[0] !== 0x0a };
  } finally {
    closeSync(fd);
  }
}

/**
 * Commit `writes` and `appends` as one transaction; the caller holds the lock on `dir` (and
 * ACTIVE's when a write is ACTIVE). `opts.archive` (the workspace's slug): move `dir` to
 * `archive/<slug>` first, as part of the same transaction (`state close`); appends then land
 * in the moved directory. `opts.removes`: files to remove (absolute; one that is already gone
 * is skipped), each backed up by a hard link first so that a rollback puts it back. A step
 * that fails (a full disk, a short write, a refused rename) rolls every file back, ACTIVE
 * included, and moves the directory back.
 * @returns the directory the workspace is in after the commit.
 * @throws InternalError (exit 1) when the disk refuses a step; RefusedError for a link or non-file target.
 */
export function commit(dir: string, writes: readonly FileWrite[], appends: readonly FileAppend[] = [], opts: { archive?: string; removes?: readonly string[] } = {}): string {
  const removes = opts.removes ?? [];
  if (writes.length === 0 && appends.length === 0 && opts.archive === undefined && removes.length === 0) return dir;
  if (removes.length > 0 && opts.archive !== undefined) throw new InternalError("a commit that moves the workspace removes no file", { kind: "internal" });
  const nonce = newNonce();
  const journal: Journal = opts.archive !== undefined ? { v: 4, nonce, files: [], appends: [], archive: opts.archive } : { v: 3, nonce, files: [], appends: [] };
  const made: string[] = [];
  const open: number[] = [];
  const journalPath = join(dir, JOURNAL_FILE);
  try {
    // Every target is checked (links, non-files, other names) before the first temp is written.
    for (const w of writes) {
      const target = relative(dir, w.path).split("\\").join("/");
      if (!isOwnTarget(target)) throw new InternalError(`the engine writes only its own workspace files (journal.ts's OWN_FILES), and ${target} is not one of them`);
    }
    const infos = writes.map((w) => targetInfo(w.path));
    for (const a of appends) targetInfo(a.path); // a symlinked or hard-linked events.jsonl is never written through
    for (const r of removes) {
      const target = relative(dir, r).split("\\").join("/");
      if (!isRemovable(target)) throw new InternalError(`the engine removes only the files journal.ts lets a journal remove, and ${target} is not one of them`);
    }
    const removing = removes.filter((r) => targetInfo(r).existed); // a link or non-file is refused, not removed
    const existing: { target: string; entry: JournalFile }[] = [];
    for (const [i, w] of writes.entries()) {
      const { mode, existed } = infos[i]!;
      const temp = tempPathFor(w.path, nonce);
      // Encoded once: the write, the size and the CRC-32 all read the same bytes (a file range, once too).
      const content = typeof w.content === "string" ? [Buffer.from(w.content, "utf8")] : w.content;
      made.push(temp); // before the write: a temp cut short by a full disk is removed too
      const size = byteLength(content);
      const sum = crcFor(size);
      let crc = 0;
      open.push(writeOpen(temp, content, "wx", mode, (piece) => (crc = sum(piece, crc))));
      const entry: JournalFile = { target: relative(dir, w.path), temp: relative(dir, temp), size, crc32: crc, existed };
      journal.files.push(entry);
      if (existed) existing.push({ target: w.path, entry });
    }
    // Every temp written before any is fsynced: the first fsync's file-system commit then
    // carries the others too, and theirs find little left to do.
    while (open.length > 0) {
      const fd = open[0]!;
      disk.fsyncSync(fd);
      disk.closeSync(fd);
      open.shift();
    }
    for (const { target, entry } of existing) {
      // A hard link keeps the old content for a rollback at the cost of one directory entry.
      const backup = tempPathFor(target, nonce, ".old.tmp");
      try {
        disk.linkSync(target, backup);
      } catch {
        continue; // no hard links on this file system: that file cannot be rolled back, as before
      }
      made.push(backup);
      entry.backup = relative(dir, backup);
    }
    for (const target of removing) {
      // What is removed is recorded by size and CRC-32: a replay removes only that content.
      const bytes = readRegularFile(target, { name: basename(target), capBytes: READ_CAP_BYTES.workspaceFile, noFollow: true }) ?? Buffer.alloc(0);
      const entry: NonNullable<Journal["removes"]>[number] = { target: relative(dir, target), size: bytes.byteLength, crc32: crc32(bytes) };
      const backup = tempPathFor(target, nonce, ".old.tmp");
      try {
        disk.linkSync(target, backup);
        made.push(backup);
        entry.backup = relative(dir, backup);
      } catch {
        // No hard links on this file system: the removal cannot be rolled back, as a rewrite cannot.
      }
      journal.v = 5;
      (journal.removes ??= []).push(entry);
    }
    for (const a of appends) {
      const { offset, needsNewline } = appendPoint(a.path);
      journal.appends.push({ target: relative(dir, a.path), offset, data: needsNewline ? `\n${a.data}` : a.data });
    }
    // The body (a batch's thousand event lines in it) is encoded once, for its check line and
    // the write alike, and never copied into one string with that line.
    const body = Buffer.from(JSON.stringify(journal), "utf8");
    writeSynced(journalPath, [body, Buffer.from(`\n${bodySum(body, 3)}\n`, "utf8")], "w", 0o644);
    fsyncDir(dir);
  } catch (e) {
    for (const fd of open) {
      try {
        disk.closeSync(fd);
      } catch {
        // Already closed or gone: the temps are removed below either way.
      }
    }
    for (const t of made) removeFile(t);
    removeFile(journalPath);
    // A link or non-file target, or a file read by ranges that changed since (bytes.ts): as it is.
    if (isKind(e, "unsafe-file", "conflict")) throw e;
    throw new InternalError(`could not prepare the commit in ${dir}: ${errText(e)}; nothing was changed`, {
      kind: "io",
      hint: "free disk space or fix the directory's permissions, then retry",
      cause: e,
    });
  }
  try {
    return applyJournal(dir, journal, true).at;
  } catch (e) {
    const moved = journal.archive !== undefined ? " and the workspace moved back" : "";
    try {
      rollBack(whereIs(dir, journal), journal);
    } catch (e2) {
      throw new InternalError(`commit interrupted in ${dir}: ${errText(e)}; rolling back failed too: ${errText(e2)}`, {
        kind: "io",
        hint:
          journal.archive === undefined
            ? "fix the cause (disk space, permissions), then run any devrites-engine command in this workspace to finish it from the journal"
            : `fix the cause (disk space, permissions), then run devrites-engine state close ${shellWord(journal.archive)} again: it finishes or undoes the close from the journal in whichever directory holds it`,
        cause: new AggregateError([e, e2], "the commit and its rollback both failed"),
      });
    }
    throw new InternalError(`could not commit in ${dir}: ${errText(e)}; every file was rolled back${moved}`, {
      kind: "io",
      hint: "free disk space or fix the files' permissions, then retry",
      cause: e,
    });
  }
}

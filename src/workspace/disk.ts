// The file-system calls the transaction and the lock make, behind one table of function
// pointers (tests swap entries to inject ENOSPC, short writes, failed renames), plus the one
// way the engine reads a file it finds: opened once, fstat'ed, regular files only, size-capped.

import {
  closeSync, constants, existsSync, fstatSync, fsyncSync, ftruncateSync, linkSync, lstatSync,
  mkdirSync, openSync, readSync, renameSync, unlinkSync, writeSync, type Stats,
} from "node:fs";
import { dirname } from "node:path";
import { InternalError, isKind, RefusedError } from "../errors.js";
import { shellWord } from "../shell-word.js";

/** The calls that can fail mid-commit. Production uses node:fs; tests replace entries. */
export const disk = {
  openSync,
  writeSync: writeSync as (fd: number, buffer: Uint8Array, offset: number, length: number, position?: number | null) => number,
  fsyncSync,
  closeSync,
  renameSync,
  linkSync,
  unlinkSync,
  ftruncateSync,
  mkdirSync: mkdirSync as (p: string, opts?: { recursive?: boolean }) => string | undefined,
};

/** Size caps (bytes) for files the engine reads: generous for workspace files, tiny for pointers. */
export const READ_CAP_BYTES = {
  /** state.md, questions.md, decisions.md, touched-files.md, temps, the journal. */
  workspaceFile: 64 * 1024 * 1024,
  /** events.jsonl only grows; `log` reads it whole. */
  events: 256 * 1024 * 1024,
  /** ACTIVE holds one slug of at most a few hundred bytes. */
  active: 4096,
  /** `.engine.lock` and its break file hold one small JSON object. */
  lock: 4096,
  /** The AFK sentinel. */
  sentinel: 1024 * 1024,
  /** A `--batch` answer file: its answers land in questions.md, which may hold no more than workspaceFile. */
  batch: 64 * 1024 * 1024,
} as const;

/**
 * mkdir -p, with the real reason when it fails: Node's recursive mkdir reports ENOENT for a
 * parent it could not create (on a read-only mount the cause is EROFS), so the missing levels
 * are then made one at a time and the first real error is thrown.
 * @throws the errno error of the level that could not be made.
 */
export function makeDirs(dir: string): void {
  try {
    disk.mkdirSync(dir, { recursive: true });
    return;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  const missing: string[] = [];
  for (let p = dir; !existsSync(p); p = dirname(p)) {
    missing.unshift(p);
    if (dirname(p) === p) break;
  }
  for (const p of missing) {
    try {
      disk.mkdirSync(p);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
  }
}

/** Write every byte of `data` at the descriptor's position; a short write that makes no progress is ENOSPC. */
export function writeAll(fd: number, data: Uint8Array, position?: number): void {
  let done = 0;
  while (done < data.byteLength) {
    const n = disk.writeSync(fd, data, done, data.byteLength - done, position === undefined ? null : position + done);
    if (!(n > 0)) {
      const err = new Error(`short write: ${done} of ${data.byteLength} bytes (no space left on device?)`) as NodeJS.ErrnoException;
      err.code = "ENOSPC";
      throw err;
    }
    done += n;
  }
}

/** The entry at `p` itself (a link is not followed), or undefined when there is none or it cannot be read. */
/**
 * fs.rmSync(p, { force: true }) for a file, without its directory-walking machinery (Node's
 * rimraf module, a measurable share of a commit: docs/performance.md). A missing file is not an error.
 */
export function removeFile(p: string): void {
  try {
    unlinkSync(p);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
}

export function lstat(p: string): Stats | undefined {
  try {
    return lstatSync(p);
  } catch {
    return undefined;
  }
}

/** What a non-regular file is, for messages. */
export function kindOf(st: Stats): string {
  if (st.isDirectory()) return "a directory";
  if (st.isFIFO()) return "a FIFO (named pipe)";
  if (st.isCharacterDevice()) return "a character device";
  if (st.isBlockDevice()) return "a block device";
  if (st.isSocket()) return "a socket";
  if (st.isSymbolicLink()) return "a symbolic link";
  return "not a regular file";
}

/**
 * Refuse a file with other names (a link count above 1): an append or truncate through it
 * would change a file that may be outside the project. Called on the lstat or fstat the
 * writer already has, before anything is written.
 * @throws RefusedError (exit 3, unsafe-file) naming the file and how to give it a copy of its own.
 */
export function refuseHardLink(st: Stats, p: string): void {
  if (st.nlink <= 1) return;
  const q = shellWord(p);
  throw new RefusedError(`${p} has ${st.nlink} hard links; the engine never writes a file that has other names`, {
    kind: "unsafe-file",
    hint: `give it a copy of its own (the other names keep the old content), then retry: cp -p ${q} ${shellWord(`${p}.copy`)} && mv ${shellWord(`${p}.copy`)} ${q}`,
  });
}

const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK;

interface ReadOptions {
  /** The name used in messages (`state.md`, `ACTIVE`). */
  name: string;
  capBytes: number;
  /** Refuse a symbolic link (O_NOFOLLOW) instead of reading its target. */
  noFollow: boolean;
}

/**
 * Open a file found on disk to read it: one open (non-blocking, so a FIFO cannot hang), fstat
 * on that descriptor, regular files only, at most `capBytes`. The caller closes the descriptor.
 * @returns the descriptor and its fstat, or undefined when nothing is at `p`.
 * @throws RefusedError (exit 3) for a link (with noFollow), a FIFO, device, directory, or a file over the cap;
 *   InternalError (exit 1) when the file cannot be opened (permissions, I/O).
 */
export function openRegularFile(p: string, opts: ReadOptions): { fd: number; st: Stats } | undefined {
  let fd: number;
  try {
    fd = openSync(p, opts.noFollow ? OPEN_FLAGS | constants.O_NOFOLLOW : OPEN_FLAGS);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    if (code === "ELOOP" && opts.noFollow) {
      throw new RefusedError(`${opts.name} is a symbolic link: ${p}`, { kind: "unsafe-file", hint: "replace the link with a regular file; the engine never writes through links", cause: e });
    }
    throw new InternalError(`cannot open ${opts.name} (${code ?? "error"}): ${p}`, { kind: "io", hint: "check the file's permissions and the disk, then retry", cause: e });
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) {
      throw new RefusedError(`${opts.name} is ${kindOf(st)}, not a regular file: ${p}`, { kind: "unsafe-file", hint: "replace it with a regular file (or remove it); the engine reads only regular files" });
    }
    if (st.size > opts.capBytes) {
      throw new RefusedError(`${opts.name} is too large (${st.size} bytes, the limit is ${opts.capBytes}): ${p}`, { kind: "unsafe-file", hint: "check the file: it is far larger than the engine ever writes" });
    }
    return { fd, st };
  } catch (e) {
    closeSync(fd);
    if (isKind(e, "unsafe-file")) throw e;
    throw readError(opts.name, p, e);
  }
}

/** A read that failed (permissions, I/O): exit 1. */
export function readError(name: string, p: string, e: unknown): InternalError {
  return new InternalError(`cannot read ${name} (${(e as NodeJS.ErrnoException).code ?? "error"}): ${p}`, { kind: "io", hint: "check the file's permissions and the disk, then retry", cause: e });
}

/** Read up to `length` bytes at `position` into `buf` from `offset`, as many as there are: the count read. */
export function readFully(fd: number, buf: Uint8Array, offset: number, length: number, position: number): number {
  let done = 0;
  while (done < length) {
    const n = readSync(fd, buf, offset + done, length - done, position + done);
    if (n === 0) break;
    done += n;
  }
  return done;
}

/**
 * Read a file found on disk (openRegularFile's checks), whole.
 * @returns the bytes, or undefined when nothing is at `p`.
 * @throws what openRegularFile throws; InternalError (exit 1) when the file cannot be read.
 */
export function readRegularFile(p: string, opts: ReadOptions): Buffer | undefined {
  const opened = openRegularFile(p, opts);
  return opened === undefined ? undefined : readOpened(opened, opts.name, p);
}

/** The whole of a file openRegularFile opened (as its fstat saw it, or less if it shrank since); closes it. */
export function readOpened({ fd, st }: { fd: number; st: Stats }, name: string, p: string): Buffer {
  try {
    const buf = Buffer.allocUnsafe(st.size);
    const done = readFully(fd, buf, 0, st.size, 0);
    return done === st.size ? buf : buf.subarray(0, done);
  } catch (e) {
    throw readError(name, p, e);
  } finally {
    closeSync(fd);
  }
}

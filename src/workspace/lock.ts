// The workspace lock: an exclusively created `.engine.lock` holding {pid, host, since} (ACTIVE's
// lock is the same file in `.devrites/`; session.ts is the one place either is taken for a workspace,
// root-ledger.ts for the ledgers in `.devrites/` itself).
// A lock whose holder is a dead process on this host is broken, one breaker at a time.

import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { dirname, join } from "node:path";
import { BadInputError, BusyError, InternalError, NoWorkspaceError, RefusedError } from "../errors.js";
import { disk, kindOf, READ_CAP_BYTES, removeFile, writeAll } from "./disk.js";
import { isoString } from "../domain/clock.js";
import type { Io } from "../io.js";

export const LOCK_FILE = ".engine.lock";
const BREAK_FILE = ".engine.lock.break";
export const DEFAULT_LOCK_TIMEOUT_MS = 30_000;
/** An empty lock file older than this was left by a process killed between create and write. */
const EMPTY_LOCK_GRACE_MS = 2_000;

interface LockHolder {
  pid: number;
  host: string;
  since: string;
}

export interface Lock {
  path: string;
  release(): void;
  /** The workspace directory was renamed (state close) with this lock inside it: release it there. */
  relocate(dir: string): void;
}

/** The locks this process holds now: what a signal handler releases on the way out (releaseHeldLocks). */
const held = new Set<Lock>();

/**
 * Release every lock this process still holds. For a signal handler: it runs only between
 * synchronous sections, so never inside a commit (mutate() holds its lock within one), and a
 * lock still held there is one kept across an await.
 */
export function releaseHeldLocks(): void {
  for (const lock of [...held]) lock.release();
}

const sleepBuffer = new Int32Array(new SharedArrayBuffer(4));
function sleepMs(ms: number): void {
  Atomics.wait(sleepBuffer, 0, 0, ms);
}

/** True when `pid` names a live process on this host. */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * What a lock (or break) file says, read from one non-blocking, non-following open: at most
 * READ_CAP_BYTES.lock bytes (a forged huge file is garbage, not memory), undefined when gone.
 * @throws RefusedError (exit 3) when the path is a link, FIFO, directory or device.
 */
function readHolder(p: string): { holder: LockHolder | undefined; mtimeMs: number } | undefined {
  let fd: number;
  try {
    fd = openSync(p, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined; // gone between our attempts: try again
    if (code === "ELOOP") throw notALock(p, "a symbolic link");
    throw new InternalError(`cannot read lock ${p} (${code ?? "error"})`, { kind: "io", hint: "check the workspace directory's permissions", cause: e });
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw notALock(p, kindOf(st));
    const buf = Buffer.alloc(Math.min(st.size, READ_CAP_BYTES.lock));
    const n = buf.byteLength > 0 ? readSync(fd, buf, 0, buf.byteLength, 0) : 0;
    let holder: LockHolder | undefined;
    try {
      const v = JSON.parse(buf.subarray(0, n).toString("utf8")) as LockHolder;
      if (typeof v === "object" && v !== null && typeof v.pid === "number" && typeof v.host === "string") holder = { pid: v.pid, host: v.host, since: String(v.since) };
    } catch {
      holder = undefined;
    }
    return { holder, mtimeMs: st.mtimeMs };
  } finally {
    closeSync(fd);
  }
}

function notALock(p: string, what: string): RefusedError {
  return new RefusedError(`${p} is ${what}, not a lock file the engine wrote`, { kind: "unsafe-file", hint: "remove it (no devrites-engine command is running on this workspace?), then retry" });
}

function isStale(info: { holder: LockHolder | undefined; mtimeMs: number }, host: string, nowMs: number): boolean {
  if (!info.holder) return nowMs - info.mtimeMs > EMPTY_LOCK_GRACE_MS;
  return info.holder.host === host && !processAlive(info.holder.pid);
}

function tryCreate(p: string, content: string): boolean {
  let fd: number;
  try {
    fd = disk.openSync(p, "wx", 0o644);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
    if ((e as NodeJS.ErrnoException).code === "ENOENT") {
      // The workspace directory is gone: `state close` archived it while this command waited.
      throw new NoWorkspaceError(`workspace ${dirname(p)} no longer exists (closed, or moved away)`, { hint: "devrites-engine status shows the active workspace; an archived one is read-only", cause: e });
    }
    throw new InternalError(`cannot create lock ${p}: ${(e as Error).message}`, { kind: "io", cause: e });
  }
  try {
    writeAll(fd, Buffer.from(content, "utf8"));
  } catch (e) {
    // An empty or torn lock would make the next command wait out the grace period: leave none.
    disk.closeSync(fd);
    removeFile(p);
    throw new InternalError(`cannot write lock ${p}: ${(e as Error).message}`, { kind: "io", hint: "free disk space, then retry", cause: e });
  }
  try {
    disk.closeSync(fd);
  } catch (e) {
    // A lock whose close failed may not be on disk whole: leave none, as for a failed write.
    removeFile(p);
    throw new InternalError(`cannot write lock ${p}: ${(e as Error).message}`, { kind: "io", hint: "check the disk, then retry", cause: e });
  }
  return true;
}

/** Break a stale lock, serialised by the break file so a fresh lock is never removed. */
function breakStale(dir: string, host: string, pid: number, seen: LockHolder | undefined): void {
  const lockPath = join(dir, LOCK_FILE);
  const breakPath = join(dir, BREAK_FILE);
  const me = JSON.stringify({ pid, host, since: isoString(new Date()) });
  if (!tryCreate(breakPath, me)) {
    const b = readHolder(breakPath);
    if (b && isStale(b, host, Date.now())) removeFile(breakPath);
    return;
  }
  try {
    const again = readHolder(lockPath);
    if (again && isStale(again, host, Date.now()) && again.holder?.pid === seen?.pid) removeFile(lockPath);
  } finally {
    removeFile(breakPath);
  }
}

/**
 * Take the workspace lock, waiting up to `timeoutMs`; `onTaken` runs once it is ours (the CLI
 * arms its signal handlers there: not while waiting, where a handler would hold Ctrl-C back).
 * @throws BusyError (exit 9) naming the holder when it stays taken.
 */
export function acquireLock(dir: string, opts: { pid: number; host: string; timeoutMs: number; now: () => Date; onTaken?: () => void }): Lock {
  const lockPath = join(dir, LOCK_FILE);
  const content = JSON.stringify({ pid: opts.pid, host: opts.host, since: isoString(opts.now()) } satisfies LockHolder);
  const deadline = Date.now() + opts.timeoutMs;
  let delay = 2;
  let last: LockHolder | undefined;
  const taken: Lock = {
    path: lockPath,
    release() {
      held.delete(taken);
      let info;
      try {
        info = readHolder(taken.path);
      } catch {
        return; // not ours any more (replaced by something else): leave it
      }
      if (info?.holder?.pid === opts.pid && info.holder.host === opts.host) removeFile(taken.path);
    },
    relocate(to: string) {
      taken.path = join(to, LOCK_FILE);
    },
  };
  // Every iteration reaches the deadline check and the sleep: a lock that is broken but
  // re-created, or a break file that stays, can never make this loop spin.
  const took = (): Lock => {
    held.add(taken);
    opts.onTaken?.();
    return taken;
  };
  for (;;) {
    if (tryCreate(lockPath, content)) return took();
    const info = readHolder(lockPath);
    if (info) {
      last = info.holder ?? last;
      if (isStale(info, opts.host, Date.now())) {
        breakStale(dir, opts.host, opts.pid, info.holder);
        if (tryCreate(lockPath, content)) return took();
      }
    }
    if (Date.now() >= deadline) {
      const who = last ? `pid ${last.pid} on ${last.host} since ${last.since}` : "another process";
      throw new BusyError(`workspace is locked by ${who}: ${lockPath}`, {
        hint: "wait for that command to finish and retry; DEVRITES_LOCK_TIMEOUT_MS sets how long to wait",
        data: last ? { holder: last } : {},
      });
    }
    sleepMs(Math.min(delay, Math.max(1, deadline - Date.now())));
    delay = Math.min(delay * 2, 50);
  }
}

/**
 * The lock timeout from DEVRITES_LOCK_TIMEOUT_MS (a nonnegative integer), else the default.
 * @throws BadInputError for any other value.
 */
/**
 * The one way the engine takes a lock (a workspace's, ACTIVE's, a root ledger's): this
 * process's pid and host, `Io.lockTaken` (the CLI's signal release) once it is held.
 */
export function takeLock(io: Io, dir: string, timeoutMs: number, now: () => Date): Lock {
  return acquireLock(dir, { pid: io.pid, host: io.hostname, timeoutMs, now, onTaken: io.lockTaken });
}

export function lockTimeoutMs(envValue: string | undefined): number {
  if (envValue === undefined || envValue === "") return DEFAULT_LOCK_TIMEOUT_MS;
  if (!/^\d+$/.test(envValue.trim())) {
    throw new BadInputError(`DEVRITES_LOCK_TIMEOUT_MS must be a whole number of milliseconds, not ${JSON.stringify(envValue)}`, { kind: "bad-env" });
  }
  return Number(envValue.trim());
}

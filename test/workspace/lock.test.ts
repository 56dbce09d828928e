// The workspace lock: exclusive across processes, broken only when its holder is a dead
// process on this host (or an empty file left between create and write), exit 9 naming
// the holder after the timeout.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BadInputError, BusyError, type EngineError } from "../../src/errors.js";
import { DEFAULT_LOCK_TIMEOUT_MS, LOCK_FILE, acquireLock, lockTimeoutMs, processAlive, releaseHeldLocks } from "../../src/workspace/lock.js";
import { makeProject, type Project } from "../helpers/project.js";

let p: Project;
afterEach(() => p?.cleanup());

const HOST = os.hostname();
const NOW = () => new Date("2026-07-20T10:00:00Z");
const dir = () => p.path(".devrites/work/feat");
const lockPath = () => path.join(dir(), LOCK_FILE);
const take = (pid: number, timeoutMs = 0, host = HOST) => acquireLock(dir(), { pid, host, timeoutMs, now: NOW });

/** A pid that certainly belonged to a process that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ["-e", "0"]);
  return r.pid!;
}

function busy(run: () => unknown): EngineError {
  try {
    run();
  } catch (e) {
    return e as EngineError;
  }
  throw new Error("expected a throw");
}

function setup() {
  p = makeProject({ ".devrites/work/feat/state.md": "" });
}

describe("acquireLock", () => {
  it("creates .engine.lock holding pid, host and since; release removes it", () => {
    setup();
    const lock = take(process.pid);
    expect(JSON.parse(fs.readFileSync(lockPath(), "utf8"))).toEqual({ pid: process.pid, host: HOST, since: "2026-07-20T10:00:00.000Z" });
    lock.release();
    expect(fs.existsSync(lockPath())).toBe(false);
  });

  it("a second taker gets exit 9 naming the holder's pid, host and since, and the lock stays", () => {
    setup();
    const lock = take(process.pid);
    const e = busy(() => take(process.pid + 1));
    expect(e).toBeInstanceOf(BusyError);
    expect(e.exitCode).toBe(9);
    expect(e.message).toContain(`pid ${process.pid} on ${HOST} since 2026-07-20T10:00:00.000Z`);
    expect(e.data).toEqual({ holder: { pid: process.pid, host: HOST, since: "2026-07-20T10:00:00.000Z" } });
    expect(fs.existsSync(lockPath())).toBe(true);
    lock.release();
  });

  it("waits up to the timeout before giving up", () => {
    setup();
    const lock = take(process.pid);
    const started = Date.now();
    busy(() => take(process.pid + 1, 150));
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    lock.release();
  });

  it("a lock whose holder is a dead process on this host is broken and taken", () => {
    setup();
    const dead = deadPid();
    fs.writeFileSync(lockPath(), JSON.stringify({ pid: dead, host: HOST, since: "2026-07-19T00:00:00Z" }));
    const lock = take(process.pid);
    expect(JSON.parse(fs.readFileSync(lockPath(), "utf8")).pid).toBe(process.pid);
    expect(fs.existsSync(path.join(dir(), ".engine.lock.break"))).toBe(false);
    lock.release();
  });

  it("a lock held by another host is never broken, even with a pid that is dead here", () => {
    setup();
    fs.writeFileSync(lockPath(), JSON.stringify({ pid: deadPid(), host: `${HOST}-elsewhere`, since: "2026-07-19T00:00:00Z" }));
    const e = busy(() => take(process.pid));
    expect(e.message).toContain(`on ${HOST}-elsewhere`);
  });

  it("an empty lock file older than the grace period (a holder killed before writing) is broken", () => {
    setup();
    fs.writeFileSync(lockPath(), "");
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lockPath(), old, old);
    take(process.pid).release();
  });

  it("a fresh empty lock file is respected (its holder may be writing it right now)", () => {
    setup();
    fs.writeFileSync(lockPath(), "");
    const e = busy(() => take(process.pid));
    expect(e.message).toContain("another process");
  });

  it("release leaves a lock that another process holds", () => {
    setup();
    const lock = take(process.pid);
    fs.writeFileSync(lockPath(), JSON.stringify({ pid: process.pid + 7, host: HOST, since: "x" }));
    lock.release();
    expect(fs.existsSync(lockPath())).toBe(true);
  });
});

describe("processAlive", () => {
  it.each([
    ["this process", () => process.pid, true],
    ["an exited process", deadPid, false],
    ["pid 0", () => 0, false],
    ["a negative pid", () => -1, false],
    ["a fraction", () => 1.5, false],
    ["NaN", () => Number.NaN, false],
  ])("%s is alive: %s", (_name, pid, want) => {
    expect(processAlive(pid())).toBe(want);
  });
});

describe("lockTimeoutMs", () => {
  it.each([
    [undefined, DEFAULT_LOCK_TIMEOUT_MS],
    ["", DEFAULT_LOCK_TIMEOUT_MS],
    ["200", 200],
    ["0", 0],
    [" 50 ", 50],
  ])("DEVRITES_LOCK_TIMEOUT_MS=%j waits %i ms", (value, want) => {
    expect(lockTimeoutMs(value)).toBe(want);
  });

  it.each(["-1", "1.5", "abc", "1e3", "0x10"])("DEVRITES_LOCK_TIMEOUT_MS=%j is refused with exit 5", (value) => {
    expect(() => lockTimeoutMs(value)).toThrow(BadInputError);
  });
});

describe("releaseHeldLocks (what a signal handler calls on the way out)", () => {
  it("releases the locks this process holds, calls onTaken once per take, and leaves another's lock alone", () => {
    p = makeProject({ ".devrites/work/feat/state.md": "x\n", ".devrites/work/other/state.md": "x\n" });
    let taken = 0;
    acquireLock(dir(), { pid: process.pid, host: HOST, timeoutMs: 0, now: NOW, onTaken: () => taken++ });
    const other = path.join(p.path(".devrites/work/other"), LOCK_FILE);
    fs.writeFileSync(other, JSON.stringify({ pid: 1, host: "elsewhere", since: "x" }));
    expect(taken).toBe(1);
    expect(fs.existsSync(lockPath())).toBe(true);
    releaseHeldLocks();
    expect(fs.existsSync(lockPath())).toBe(false);
    expect(fs.existsSync(other)).toBe(true);
    // Released means forgotten: a second call does nothing, a new take is held again.
    releaseHeldLocks();
    const again = take(process.pid);
    expect(fs.existsSync(lockPath())).toBe(true);
    again.release();
    releaseHeldLocks();
    expect(fs.existsSync(lockPath())).toBe(false);
  });
});

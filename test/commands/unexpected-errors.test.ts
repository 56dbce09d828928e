// `check` and `status` report an unreadable AFK sentinel or a malformed slice counter as a
// finding, and nothing else: a bug in a reader (here a TypeError injected into it) surfaces as
// exit 1 "internal error" instead of being shown as a sentinel or counter problem.

import os from "node:os";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Io } from "../../src/io.js";
import { projectFromFixture, type Project } from "../helpers/project.js";

const AFK = "../../src/workspace/afk.js";
const BUDGET = "../../src/domain/budget.js";
const T = "2026-07-20T10:00:00Z";

/** What the readers throw instead of reading (undefined: they read). */
const inject: { sentinel?: Error; counter?: Error } = {};

// Files share their worker's modules (vitest.config.ts, isolate: false), so a hoisted vi.mock
// may find afk.js already loaded: main() is imported afresh after the mocks, and the registry
// is reset again afterwards so later files get the real modules.
let main: (argv: string[], io: Io) => Promise<number>;
beforeAll(async () => {
  vi.resetModules();
  vi.doMock(AFK, async (original: () => Promise<typeof import("../../src/workspace/afk.js")>) => {
    const real = await original();
    return {
      ...real,
      readSentinel: async (root: string) => {
        if (inject.sentinel) throw inject.sentinel;
        return real.readSentinel(root);
      },
    };
  });
  vi.doMock(BUDGET, async (original: () => Promise<typeof import("../../src/domain/budget.js")>) => {
    const real = await original();
    return {
      ...real,
      readSliceCounter: (...args: Parameters<typeof real.readSliceCounter>) => {
        if (inject.counter) throw inject.counter;
        return real.readSliceCounter(...args);
      },
    };
  });
  ({ main } = await import("../../src/cli/main.js"));
});
afterAll(() => {
  vi.doUnmock(AFK);
  vi.doUnmock(BUDGET);
  vi.resetModules();
});

async function runMain(argv: string[], cwd: string) {
  let stdout = "";
  let stderr = "";
  const exit = await main(argv, {
    env: { DEVRITES_NOW: T, NO_COLOR: "1" },
    cwd,
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    readLine: async () => undefined,
    stdinIsTTY: false,
    stdoutIsTTY: false,
    now: () => new Date(T),
    pid: process.pid,
    hostname: os.hostname(),
  });
  return { exit, stdout, stderr };
}

let p: Project | undefined;
afterEach(() => {
  p?.cleanup();
  p = undefined;
  inject.sentinel = undefined;
  inject.counter = undefined;
});

const bug = () => new TypeError("Cannot read properties of undefined (reading 'mode')");

describe("a bug in a reader is not swallowed as a finding", () => {
  it.each([["check"], ["status"]])("%s exits 1 (internal error) when the sentinel reader throws a TypeError", async (cmd) => {
    p = projectFromFixture("table-awaiting");
    inject.sentinel = bug();
    const r = await runMain([cmd], p.dir);
    expect(r.exit).toBe(1);
    expect(r.stderr).toContain("internal error");
    expect(r.stdout).not.toContain("afk-unreadable");
  });

  it("status exits 1 (internal error) when the slice counter reader throws a TypeError", async () => {
    p = projectFromFixture("table-awaiting");
    p.write(".devrites/AFK", "max_slices: 3\n");
    inject.counter = bug();
    const r = await runMain(["status"], p.dir);
    expect(r.exit).toBe(1);
    expect(r.stderr).toContain("internal error");
  });
});

describe("the expected failures are still findings", () => {
  it("check reports an unreadable sentinel as afk-unreadable and exits 3", async () => {
    p = projectFromFixture("table-awaiting");
    p.write(".devrites/AFK/x", "");
    const r = await runMain(["check"], p.dir);
    expect(r.exit).toBe(3);
    expect(r.stdout).toContain("afk-unreadable");
  });

  it("status shows an unreadable sentinel and exits 0", async () => {
    p = projectFromFixture("table-awaiting");
    p.write(".devrites/AFK/x", "");
    const r = await runMain(["status"], p.dir);
    expect(r.exit).toBe(0);
    expect(r.stdout).toContain("AFK sentinel unreadable");
  });
});

// `check` and `status` report an unreadable AFK sentinel or a malformed slice counter as a
// finding, and nothing else: a bug in a reader (here a TypeError injected into it) surfaces as
// exit 1 "internal error" instead of being shown as a sentinel or counter problem.

import { afterEach, describe, expect, it, vi } from "vitest";
import { runMain } from "../helpers/cli.js";
import { projectFromFixture, type Project } from "../helpers/project.js";

const inject = vi.hoisted(() => ({ sentinel: undefined as Error | undefined, counter: undefined as Error | undefined }));

vi.mock("../../src/workspace/afk.js", async (original) => {
  const real = await original<typeof import("../../src/workspace/afk.js")>();
  return {
    ...real,
    readSentinel: async (root: string) => {
      if (inject.sentinel) throw inject.sentinel;
      return real.readSentinel(root);
    },
  };
});

vi.mock("../../src/domain/budget.js", async (original) => {
  const real = await original<typeof import("../../src/domain/budget.js")>();
  return {
    ...real,
    readSliceCounter: (...args: Parameters<typeof real.readSliceCounter>) => {
      if (inject.counter) throw inject.counter;
      return real.readSliceCounter(...args);
    },
  };
});

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
    const r = await runMain([cmd], { cwd: p.dir });
    expect(r.exit).toBe(1);
    expect(r.stderr).toContain("internal error");
    expect(r.stdout).not.toContain("afk-unreadable");
  });

  it("status exits 1 (internal error) when the slice counter reader throws a TypeError", async () => {
    p = projectFromFixture("table-awaiting");
    p.write(".devrites/AFK", "max_slices: 3\n");
    inject.counter = bug();
    const r = await runMain(["status"], { cwd: p.dir });
    expect(r.exit).toBe(1);
    expect(r.stderr).toContain("internal error");
  });
});

describe("the expected failures are still findings", () => {
  it("check reports an unreadable sentinel as afk-unreadable and exits 3", async () => {
    p = projectFromFixture("table-awaiting");
    p.write(".devrites/AFK/x", "");
    const r = await runMain(["check"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    expect(r.stdout).toContain("afk-unreadable");
  });

  it("status shows an unreadable sentinel and exits 0", async () => {
    p = projectFromFixture("table-awaiting");
    p.write(".devrites/AFK/x", "");
    const r = await runMain(["status"], { cwd: p.dir });
    expect(r.exit).toBe(0);
    expect(r.stdout).toContain("AFK sentinel unreadable");
  });
});

// DEVRITES_DEBUG=1 adds, after the normal message and hint, the error's kind, its cause chain
// and the stacks, on stderr only: stdout, the normal lines and the exit code do not change.

import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/main.js";
import { disk } from "../../src/workspace/disk.js";
import { runMain } from "../helpers/cli.js";
import { projectFromFixture, type Project } from "../helpers/project.js";

let p: Project;
afterEach(() => {
  vi.restoreAllMocks();
  p?.cleanup();
});

const AWAITED = "q-2026-09-02-003";

/** The same command without and with DEVRITES_DEBUG=1, each on a fresh copy of the fixture. */
async function both(args: string[], fault?: () => void) {
  const run = async (env: Record<string, string>) => {
    p?.cleanup();
    p = projectFromFixture("table-awaiting");
    fault?.();
    const r = await runMain(args, { cwd: p.dir, env });
    vi.restoreAllMocks();
    // Each run has its own temporary project: compare the texts with its path taken out.
    return { exit: r.exit, stdout: r.stdout.replaceAll(p.dir, "<dir>"), stderr: r.stderr.replaceAll(p.dir, "<dir>") };
  };
  return { plain: await run({}), debug: await run({ DEVRITES_DEBUG: "1" }) };
}

describe("DEVRITES_DEBUG", () => {
  it.each([
    ["an unknown qid", ["state", "resolve", "q-404", "x"], "question-not-found", 3],
    ["an unknown command", ["nope"], "unknown-command", 2],
    ["a bad option", ["state", "resolve", AWAITED, "x", "--bogus"], "bad-input", 5],
    ["an unknown qid with --json", ["state", "resolve", "--json", "q-404", "x"], "question-not-found", 3],
  ])("%s: the exit code, stdout and the normal stderr lines are unchanged; the kind and the stack follow them", async (_name, args, kind, exit) => {
    const { plain, debug } = await both(args);
    expect([plain.exit, debug.exit]).toEqual([exit, exit]);
    expect(debug.stdout).toBe(plain.stdout);
    expect(debug.stderr.startsWith(plain.stderr)).toBe(true);
    const extra = debug.stderr.slice(plain.stderr.length);
    expect(extra).toMatch(new RegExp(`^debug: kind ${kind} \\(exit ${exit}\\)\\n`));
    expect(extra).toMatch(/\ndebug: stack:\n\w*Error: .+\n +at /);
  });

  it("a disk fault: the errno error is printed as the cause (name, code, message) with its own stack; the exit stays 1", async () => {
    const fault = () =>
      vi.spyOn(disk, "renameSync").mockImplementationOnce(() => {
        throw Object.assign(new Error("EIO: i/o error, rename"), { code: "EIO" });
      });
    const { plain, debug } = await both(["state", "resolve", AWAITED, "x"], fault);
    expect([plain.exit, debug.exit]).toEqual([1, 1]);
    expect(plain.stderr).toMatch(/^devrites-engine: could not commit in <dir>\/.+: EIO: i\/o error, rename; every file was rolled back\nhint: /);
    expect(debug.stderr.startsWith(plain.stderr)).toBe(true);
    const extra = debug.stderr.slice(plain.stderr.length);
    expect(extra).toMatch(/^debug: kind io \(exit 1\)\ndebug: cause 1: Error EIO: EIO: i\/o error, rename\ndebug: stack:\n/);
    expect(extra).toContain("\ncaused by: Error: EIO: i/o error, rename\n");
  });

  it("an exception that is not an engine error is the cause of the internal error, and its stack is printed", async () => {
    p = projectFromFixture("table-awaiting");
    const boom = () => {
      throw new TypeError("stdout exploded");
    };
    const plain = { exit: 0, stderr: "" };
    const debug = { exit: 0, stderr: "" };
    for (const [out, env] of [[plain, {}], [debug, { DEVRITES_DEBUG: "1" }]] as const) {
      out.exit = await main(["status"], {
        env: { DEVRITES_NOW: "2026-07-20T10:00:00Z", ...env },
        cwd: p.dir,
        stdout: boom,
        stderr: (t) => void (out.stderr += t),
        stdinIsTTY: false,
        stdoutIsTTY: false,
        now: () => new Date("2026-07-20T10:00:00Z"),
        pid: process.pid,
        hostname: "h",
      });
    }
    expect([plain.exit, debug.exit]).toEqual([1, 1]);
    expect(debug.stderr.startsWith(plain.stderr)).toBe(true);
    expect(debug.stderr).toContain("debug: kind internal (exit 1)\ndebug: cause 1: TypeError: stdout exploded\n");
    expect(debug.stderr).toMatch(/\ncaused by: TypeError: stdout exploded\n +at /);
  });

  it.each([[""], ["0"]])("DEVRITES_DEBUG=%j is off: stderr is exactly the normal message and hint", async (value) => {
    p = projectFromFixture("table-awaiting");
    const off = await runMain(["state", "resolve", "q-404", "x"], { cwd: p.dir, env: { DEVRITES_DEBUG: value } });
    expect(off.stderr).toMatch(/^devrites-engine: qid not found: q-404\nhint: [^\n]+\n$/);
  });
});

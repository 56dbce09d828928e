// main(argv, io) is the one place errors become exit codes: every EngineError keeps its
// code, anything else is exit 1 with a hint; --json turns both success and failure into
// one JSON object on stdout.

import os from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { EXIT_CODES } from "../../src/errors.js";
import type { Io } from "../../src/io.js";
import { main } from "../../src/cli/main.js";
import { makeProject, projectFromFixture, type Project } from "../helpers/project.js";

let p: Project;
afterEach(() => p?.cleanup());

interface Captured {
  io: Io;
  out: () => string;
  err: () => string;
}

function capture(env: Record<string, string> = {}): Captured {
  let out = "";
  let err = "";
  const io: Io = {
    env: { DEVRITES_NOW: "2026-07-20T10:00:00Z", ...env },
    cwd: p.dir,
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    stdinIsTTY: false,
    stdoutIsTTY: false,
    now: () => new Date("2030-01-01T00:00:00Z"),
    pid: process.pid,
    hostname: os.hostname(),
  };
  return { io, out: () => out, err: () => err };
}

const AWAITED = "q-2026-09-02-003";

describe("main: exit codes", () => {
  it.each([
    ["success", ["state", "resolve", AWAITED, "Keep it"], 0],
    ["no command from a script (no terminal)", [], 2],
    ["an unknown command", ["nope"], 2],
    ["an unknown qid", ["state", "resolve", "q-404", "x"], 3],
    ["a bad option", ["state", "resolve", AWAITED, "x", "--bogus"], 5],
    ["an empty answer", ["state", "resolve", AWAITED, ""], 5],
  ])("%s is exit %#", async (_name, argv, exit) => {
    p = projectFromFixture("table-awaiting");
    const c = capture();
    expect(await main(argv, c.io)).toBe(exit);
    if (exit === 0) expect(c.err()).toBe("");
    else {
      expect(c.out()).toBe("");
      expect(c.err()).toMatch(/^devrites-engine: .+\n(hint: .+\n)?$/);
    }
  });

  it("an invalid DEVRITES_NOW is exit 5 before any command runs", async () => {
    p = projectFromFixture("table-awaiting");
    const c = capture({ DEVRITES_NOW: "2026-02-30" });
    expect(await main(["state", "resolve", AWAITED, "x"], c.io)).toBe(5);
    expect(c.err()).toContain('DEVRITES_NOW is not a timestamp: "2026-02-30"');
  });

  it("--help and --version need no workspace and ignore a bad clock", async () => {
    p = makeProject();
    for (const argv of [["--help"], ["--version"], ["state", "resolve", "--help"]]) {
      const c = capture({ DEVRITES_NOW: "bogus" });
      expect(await main(argv, c.io)).toBe(0);
      expect(c.out().length).toBeGreaterThan(0);
    }
  });

  it("a failure that is not an EngineError is exit 1 with a bug hint, never a crash", async () => {
    p = projectFromFixture("table-awaiting");
    const c = capture();
    c.io.stdout = () => {
      throw new TypeError("stdout exploded");
    };
    expect(await main(["state", "resolve", AWAITED, "x"], c.io)).toBe(1);
    expect(c.err()).toContain("devrites-engine: internal error: stdout exploded");
    expect(c.err()).toContain("hint: this is a bug in devrites-engine");
  });

  it("the exit-code table has exactly the codes 0 to 9", () => {
    expect(Object.keys(EXIT_CODES).map(Number)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe("main: --json", () => {
  it("prints one JSON object for an error: ok false, exit, error, hint, plus the error's data", async () => {
    p = projectFromFixture("table-awaiting");
    const c = capture();
    expect(await main(["state", "resolve", "--json", "q-404", "x"], c.io)).toBe(3);
    expect(c.err()).toBe("");
    expect(JSON.parse(c.out())).toEqual({
      ok: false,
      exit: 3,
      error: "qid not found: q-404",
      hint: "open questions: q-2026-09-02-001, q-2026-09-02-002, q-2026-09-02-003",
      open: ["q-2026-09-02-001", "q-2026-09-02-002", "q-2026-09-02-003"],
    });
  });

  async function failsAsJson(argv: string[], exit: number) {
    p = makeProject();
    const c = capture();
    expect(await main([...argv, "--json"], c.io)).toBe(exit);
    const body = JSON.parse(c.out()) as Record<string, unknown>;
    expect(body).toMatchObject({ ok: false, exit });
    expect(typeof body.error).toBe("string");
  }

  it.each([
    [[], 2],
    [["nope"], 2],
  ])("%j fails as JSON too (exit %i)", async (argv, exit) => {
    await failsAsJson(argv, exit);
  });

  it("an option error with --json is printed as JSON (exit 5)", async () => {
    await failsAsJson(["state", "resolve", "q-1", "--bogus"], 5);
  });

  it("an error's data cannot override ok, exit or error", async () => {
    p = projectFromFixture("table-awaiting");
    const c = capture();
    await main(["state", "resolve", "--json", AWAITED, "x"], c.io);
    const again = capture();
    expect(await main(["state", "resolve", "--json", AWAITED, "y"], again.io)).toBe(4);
    const body = JSON.parse(again.out()) as Record<string, unknown>;
    expect(body).toMatchObject({ ok: false, exit: 4, error: `qid not open (already answered/dropped): ${AWAITED}`, status: "answered", answer: "x" });
  });

  it("prints one JSON object for success with ok true and exit 0", async () => {
    p = projectFromFixture("table-awaiting");
    const c = capture();
    expect(await main(["--json", "state", "resolve", AWAITED, "x"], c.io)).toBe(0);
    expect(c.out().split("\n")).toHaveLength(2);
    expect(JSON.parse(c.out())).toMatchObject({ ok: true, exit: 0, results: [{ qid: AWAITED, outcome: "answered", text: "x" }] });
  });
});

describe("main: the deprecated top-level resolve of older skill packs", () => {
  it("`resolve <qid> <answer>` resolves exactly like `state resolve`, with one note on stderr naming the new call", async () => {
    p = projectFromFixture("table-awaiting");
    const c = capture();
    expect(await main(["resolve", AWAITED, "Keep it"], c.io)).toBe(0);
    expect(c.out()).toContain(`Resolved: ${AWAITED}\n`);
    expect(c.err()).toBe("devrites-engine: note: 'resolve' is deprecated; call 'devrites-engine state resolve' with the same arguments\n");
  });

  it("the note comes also when the call fails, before the error", async () => {
    p = projectFromFixture("table-awaiting");
    const c = capture();
    expect(await main(["resolve", "q-404", "x"], c.io)).toBe(3);
    expect(c.err()).toMatch(/^devrites-engine: note: 'resolve' is deprecated; call 'devrites-engine state resolve' with the same arguments\ndevrites-engine: qid not found: q-404\n/);
  });

  it("help lists state resolve and not the deprecated spelling", async () => {
    p = makeProject({});
    const c = capture();
    expect(await main(["--help"], c.io)).toBe(0);
    expect(c.out()).toContain("  state resolve ");
    expect(c.out()).not.toMatch(/^ {2}resolve /m);
  });
});

describe("main: option hints", () => {
  it.each([["migrate", "--bogus"], ["status", "--nope"]])("an unknown option of %s is exit 5 with its usage, not a note about answers", async (...argv) => {
    p = projectFromFixture("table-awaiting");
    const c = capture();
    expect(await main(argv, c.io)).toBe(5);
    expect(c.err()).toContain(`hint: usage: devrites-engine ${argv[0]}`);
    expect(c.err()).not.toContain("goes after --");
  });

  it("an unknown option of state resolve still says where an answer starting with '-' goes", async () => {
    p = projectFromFixture("table-awaiting");
    const c = capture();
    expect(await main(["state", "resolve", AWAITED, "x", "--bogus"], c.io)).toBe(5);
    expect(c.err()).toContain("(an answer starting with '-' goes after --)");
  });
});

describe("main: what it reads of io", () => {
  // bin.ts makes stdinIsTTY a getter because reading process.stdin builds its stream (Node's
  // fs-stream and readline modules) before any command runs; main() must not read it early.
  it.each([["status"], ["questions"], ["budget", "check"], ["state", "resolve", AWAITED, "keep it"], ["check"]])(
    "%s never reads stdinIsTTY (only interactive resolve asks)",
    async (...argv) => {
      p = projectFromFixture("table-awaiting");
      const c = capture();
      let reads = 0;
      Object.defineProperty(c.io, "stdinIsTTY", { get: () => (reads++, false), enumerable: true, configurable: true });
      await main(argv, c.io);
      expect(reads).toBe(0);
    },
  );

  it("interactive resolve does read it, through main()'s copy of io", async () => {
    p = projectFromFixture("table-awaiting");
    const c = capture();
    let reads = 0;
    Object.defineProperty(c.io, "stdinIsTTY", { get: () => (reads++, false), enumerable: true, configurable: true });
    await main(["state", "resolve"], c.io);
    expect(reads).toBe(1);
  });
});

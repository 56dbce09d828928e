// Every failure of `state resolve` has its exit code from the one table, says what went
// wrong, and writes nothing: no file changed, no event, no temp, journal or lock left.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { runMain } from "../helpers/cli.js";
import { makeProject, projectFromFixture, type Project } from "../helpers/project.js";
import { litter, readEventsOf, snapshot } from "../helpers/snapshot.js";

const WS = ".devrites/work/session-token-rotation";
const AWAITED = "q-2026-09-02-003";

let p: Project;
afterEach(() => p?.cleanup());

const run = (args: string[], env: Record<string, string> = {}) => runMain(args, { cwd: p.dir, env });

/** Run, and check the exit code, that stdout is empty and that nothing under .devrites changed. */
async function refused(args: string[], exit: number, env: Record<string, string> = {}) {
  const before = snapshot(p);
  const r = await run(args, env);
  expect({ exit: r.exit, stdout: r.stdout }).toEqual({ exit, stdout: "" });
  expect(r.stderr).toMatch(/^devrites-engine: /);
  expect(snapshot(p)).toEqual(before);
  expect(litter(p)).toEqual([]);
  return r;
}

describe("exit 2: no workspace", () => {
  it("no .devrites anywhere", async () => {
    p = makeProject({ "src/a.ts": "" });
    const r = await refused(["state", "resolve", "q-1", "x"], 2);
    expect(r.stderr).toContain("No active workspace. Run /rite-spec (Claude) / $rite-spec (Codex) <feature> first.");
  });

  it.each([
    ["an unknown slug", "nope\n"],
    ["a path-like slug", "../session-token-rotation\n"],
    ["an empty ACTIVE", "\n"],
  ])("ACTIVE naming %s", async (_name, active) => {
    p = projectFromFixture("table-awaiting");
    p.write(".devrites/ACTIVE", active);
    const r = await refused(["state", "resolve", AWAITED, "x"], 2);
    expect(r.stderr).toContain("No active workspace.");
  });

  it.each(["questions.md", "state.md"])("a missing %s, named with its path", async (name) => {
    p = projectFromFixture("table-awaiting");
    fs.rmSync(p.path(`${WS}/${name}`));
    const r = await refused(["state", "resolve", AWAITED, "x"], 2);
    expect(r.stderr).toContain(`${name} missing at ${p.path(`${WS}/${name}`)}`);
  });

  it("a symlinked root", async () => {
    p = projectFromFixture("table-awaiting");
    fs.renameSync(p.path(".devrites"), p.path("real-devrites"));
    fs.symlinkSync(p.path("real-devrites"), p.path(".devrites"));
    const before = fs.readFileSync(p.path(`real-devrites/work/session-token-rotation/questions.md`), "utf8");
    const r = await run(["state", "resolve", AWAITED, "x"]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain("unsafe root");
    expect(fs.readFileSync(p.path(`real-devrites/work/session-token-rotation/questions.md`), "utf8")).toBe(before);
  });

  it("a symlinked workspace directory", async () => {
    p = projectFromFixture("table-awaiting");
    fs.renameSync(p.path(WS), p.path("elsewhere"));
    fs.symlinkSync(p.path("elsewhere"), p.path(WS));
    const r = await refused(["state", "resolve", AWAITED, "x"], 2);
    expect(r.stderr).toContain("unsafe workspace");
  });
});

describe("exit 3: refused", () => {
  it("an unknown qid, with the open ids as hint", async () => {
    p = projectFromFixture("table-awaiting");
    const r = await refused(["state", "resolve", "q-2026-09-02-004", "x"], 3);
    expect(r.stderr).toBe(
      "devrites-engine: qid not found: q-2026-09-02-004\nhint: open questions: q-2026-09-02-001, q-2026-09-02-002, q-2026-09-02-003\n",
    );
  });

  it.each([
    ["3", "predates workspace schema 4 (it records schema 3)"],
    ["5", "declares schema 5, newer than this engine's 4"],
    ["four", 'state.md schema row is invalid (value "four")'],
  ])("schema %s is refused for a well-formed call (a qid alone reads the answer from the file)", async (schema, message) => {
    p = projectFromFixture("table-awaiting");
    p.write(`${WS}/state.md`, p.read(`${WS}/state.md`).replace("| schema | 4 |", `| schema | ${schema} |`));
    const r = await refused(["state", "resolve", AWAITED], 3);
    expect(r.stderr).toContain(message);
  });

  it.each([
    [[AWAITED, "--option", "first"]],
    [[AWAITED, ""]],
    [["--batch", "missing.txt"]],
    [["--filled", AWAITED]],
  ])("on an old workspace a malformed call %j is exit 5 first: the caller fixes its call before it migrates", async (args) => {
    p = projectFromFixture("table-awaiting");
    p.write(`${WS}/state.md`, p.read(`${WS}/state.md`).replace("| schema | 4 |", "| schema | 3 |"));
    const r = await refused(["state", "resolve", ...args], 5);
    expect(r.stderr).not.toContain("schema");
  });

  it.each(["questions.md", "state.md"])("a symlinked %s, its target left alone", async (name) => {
    p = projectFromFixture("table-awaiting");
    fs.renameSync(p.path(`${WS}/${name}`), p.path(`target-${name}`));
    fs.symlinkSync(p.path(`target-${name}`), p.path(`${WS}/${name}`));
    const target = p.read(`target-${name}`);
    const r = await refused(["state", "resolve", AWAITED, "x"], 3);
    expect(r.stderr).toContain("symbolic link");
    expect(p.read(`target-${name}`)).toBe(target);
  });

  it("a symlinked events.jsonl is never written through", async () => {
    p = projectFromFixture("table-awaiting");
    p.write("outside.jsonl", "");
    fs.symlinkSync(p.path("outside.jsonl"), p.path(`${WS}/events.jsonl`));
    const r = await refused(["state", "resolve", AWAITED, "x"], 3);
    expect(r.stderr).toContain("symbolic link");
    expect(p.read("outside.jsonl")).toBe("");
  });
});

describe("exit 4, 5 and 6", () => {
  it("exit 4: a terminal question asked for another outcome", async () => {
    p = projectFromFixture("hand-edited");
    const r = await refused(["state", "resolve", "q-11", "5000"], 4);
    expect(r.stderr).toContain('recorded answered: "500"');
  });

  it.each([
    [[AWAITED], "Answer text required for q-2026-09-02-003"],
    [[AWAITED, "   "], "Answer text required for q-2026-09-02-003"],
    [[AWAITED, "a\u0007b"], "control characters"],
    [[AWAITED, "x".repeat(10_001)], "at most 10000"],
    [[AWAITED, "--option", "0"], "--option takes an option number"],
    [[AWAITED, "--option", "9"], "has no option 9"],
    [[AWAITED, "--option", "1", "--proposed"], "either --option N or --proposed"],
    [[AWAITED, "text", "--proposed"], "not both"],
    [["--drop", AWAITED, "--record-decision"], "--record-decision records answers"],
    [[AWAITED, "x", "--unknown-flag"], "unknown option --unknown-flag"],
    [[], "a question id is required"],
    [["--batch", "nope.txt"], "Batch file not found: nope.txt"],
  ])("exit 5: %j", async (words, message) => {
    p = projectFromFixture("table-awaiting");
    const r = await refused(["state", "resolve", ...words], 5);
    expect(r.stderr).toContain(message);
  });

  it.each(["2026-02-30", "tomorrow", "2026-07-20T10:00:00"])("exit 5: DEVRITES_NOW=%j", async (now) => {
    p = projectFromFixture("table-awaiting");
    const r = await refused(["state", "resolve", AWAITED, "x"], 5, { DEVRITES_NOW: now });
    expect(r.stderr).toContain("DEVRITES_NOW");
  });

  it("exit 6: a duplicated id, naming both lines; the other ids stay writable", async () => {
    p = projectFromFixture("table-awaiting");
    const q = p.read(`${WS}/questions.md`);
    p.write(`${WS}/questions.md`, `${q}\n## q-2026-09-02-001 (copied by hand)\nstatus: open\n`);
    const r = await refused(["state", "resolve", "q-2026-09-02-001", "x"], 6);
    expect(r.stderr).toMatch(/duplicate question id q-2026-09-02-001 in questions.md \(lines 17, \d+\)/);
    expect((await run(["state", "resolve", "q-2026-09-02-002", "Fixed 30 days"])).exit).toBe(0);
  });
});

describe("a batch with one bad line writes nothing", () => {
  it.each([
    ["a syntax error", "q-2026-09-02-001: info\nq-2026-09-02-002 Fixed 30 days\n", 5, /answers\.txt:2: /],
    ["an unknown qid", "q-2026-09-02-001: info\n\n--drop q-2026-09-02-404: gone\n", 3, /answers\.txt:3: qid not found/],
    ["a conflict", "q-2026-09-02-001: info\nq-2026-09-01-001: Rotate on expiry only\n", 4, /answers\.txt:2: qid not open/],
    ["a repeated qid", `${AWAITED}: a\nq-2026-09-02-001: info\n${AWAITED}: b\n`, 5, /answers\.txt:3: .*appears twice/],
    ["an empty answer", "q-2026-09-02-001: info\r\nq-2026-09-02-002:\r\n", 5, /answers\.txt:2: empty answer/],
  ])("%s: exit %i naming its line; questions.md, state.md and events.jsonl unchanged", async (_name, batch, exit, message) => {
    p = projectFromFixture("table-awaiting");
    await run(["state", "resolve", "q-2026-09-02-001", "info"]); // an events.jsonl that must not grow
    expect(readEventsOf(p, WS)).toHaveLength(1);
    p.write("answers.txt", batch.replace("q-2026-09-02-001: info", "q-2026-09-02-002: Fixed 30 days"));
    for (const dry of [[], ["--dry-run"]]) {
      const r = await refused(["state", "resolve", "--batch", "answers.txt", ...dry], exit);
      expect(r.stderr).toMatch(message);
    }
  });
});

describe("exit 9: busy", () => {
  it("a lock held by a live process is exit 9 after DEVRITES_LOCK_TIMEOUT_MS, naming the holder, and the lock is left alone", async () => {
    p = projectFromFixture("table-awaiting");
    const holder = { pid: process.pid, host: os.hostname(), since: "2026-07-20T09:59:30.000Z" };
    p.write(`${WS}/.engine.lock`, JSON.stringify(holder));
    const before = snapshot(p);
    const r = await run(["state", "resolve", AWAITED, "x"], { DEVRITES_LOCK_TIMEOUT_MS: "200" });
    expect(r.exit).toBe(9);
    expect(r.stderr).toContain(`pid ${process.pid} on ${os.hostname()} since 2026-07-20T09:59:30.000Z`);
    expect(snapshot(p)).toEqual(before);
  });

  it("the same with --json carries the holder", async () => {
    p = projectFromFixture("table-awaiting");
    const holder = { pid: process.pid, host: os.hostname(), since: "2026-07-20T09:59:30.000Z" };
    p.write(`${WS}/.engine.lock`, JSON.stringify(holder));
    const r = await run(["state", "resolve", "--json", AWAITED, "x"], { DEVRITES_LOCK_TIMEOUT_MS: "200" });
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, exit: 9, holder });
  });

  it("a stale lock left by a dead process on this host is recovered and the command succeeds", async () => {
    p = projectFromFixture("table-awaiting");
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid!;
    p.write(`${WS}/.engine.lock`, JSON.stringify({ pid: dead, host: os.hostname(), since: "2026-07-20T09:00:00.000Z" }));
    const r = await run(["state", "resolve", AWAITED, "x"], { DEVRITES_LOCK_TIMEOUT_MS: "200" });
    expect(r.exit).toBe(0);
    expect(litter(p)).toEqual([]);
  });

  it("an invalid DEVRITES_LOCK_TIMEOUT_MS is exit 5", async () => {
    p = projectFromFixture("table-awaiting");
    const r = await refused(["state", "resolve", AWAITED, "x"], 5, { DEVRITES_LOCK_TIMEOUT_MS: "soon" });
    expect(r.stderr).toContain("DEVRITES_LOCK_TIMEOUT_MS");
  });
});

describe("bytes the engine cannot keep", () => {
  it("a questions.md with bytes that are not UTF-8 is refused (exit 5) instead of being rewritten with replacement characters", async () => {
    p = projectFromFixture("table-awaiting");
    fs.appendFileSync(p.path(`${WS}/questions.md`), Buffer.from("\n## q-latin1\nstatus: answered\nquestion: caf\xe9\n", "latin1"));
    const r = await refused(["state", "resolve", "q-2026-09-02-001", "info"], 5);
    expect(r.stderr).toContain("questions.md is not valid UTF-8");
  });
});

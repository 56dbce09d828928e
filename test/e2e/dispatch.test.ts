// `dispatch <slug> <action>` in main() (Go: engine/internal/lib/dispatch.go, RunDispatch; its
// tests in context_next_test.go): the files a wave leaves (dispatch.json, the metrics.jsonl
// lines start and return record, one event per step), refusals that write nothing, abandon that
// writes and fails; a build wave's open held to budget check's verdict under AFK, and never a
// charge; the exit codes through the built CLI; a dispatch killed mid-commit finished by the
// next command.

import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, runMain, T } from "../helpers/cli.js";
import { makeProject, REPO_DIR, type Project } from "../helpers/project.js";

const W = ".devrites/work/feat";
const LEDGER = `${W}/dispatch.json`;
const METRICS = `${W}/metrics.jsonl`;
const EVENTS = `${W}/events.jsonl`;
const STATE = (rows = "") => `# State: feat\n\n## Cursor\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n| phase | build |\n| status | running |\n${rows}\n## Log\n`;
const KILL = path.join(REPO_DIR, "test/helpers/kill-at-file.cjs");

let p: Project | undefined;
afterEach(() => {
  p?.cleanup();
  p = undefined;
});
const project = (files: Record<string, string> = {}) => (p = makeProject({ ".devrites/ACTIVE": "feat\n", [`${W}/state.md`]: STATE(), ...files }));
const run = (...args: string[]) => runMain(["dispatch", "feat", ...args], { cwd: p!.dir });
const events = () => (p!.exists(EVENTS) ? p!.read(EVENTS).trim().split("\n").map((l) => (JSON.parse(l) as { event: string }).event) : []);
/** Every file under .devrites with its bytes: what a refusal must leave as it was. */
const snapshot = () => Object.fromEntries(p!.listDevrites().map((f) => [f, p!.read(f)]));

describe("dispatch: a wave", () => {
  it("open, start, seal, return write dispatch.json in the Go engine's form, a metrics line per start and return, and one event per step", async () => {
    project();
    expect(await run("open", "--phase", "review", "--wave", "w1", "--role", "a", "--role", "b")).toEqual({ exit: 0, stdout: "dispatch: wave w1 open, 2 roles declared\n", stderr: "" });
    expect((await run("start", "--wave", "w1", "--role", "a", "--handle", "h1")).stdout).toBe("dispatch: a started (handle h1)\n");
    expect((await run("start", "--wave", "w1", "--role", "b", "--handle", "h2")).exit).toBe(0);
    expect((await run("seal", "--wave", "w1")).stdout).toBe("dispatch: wave w1 sealed (2 roles)\n");
    expect((await run("return", "--wave", "w1", "--role", "a")).stdout).toBe("dispatch: a returned (wave w1 sealed)\n");
    expect((await run("return", "--wave", "w1", "--role", "b")).stdout).toBe("dispatch: b returned (wave w1 complete)\n");
    expect(await run("status", "--wave", "w1")).toEqual({ exit: 0, stdout: "dispatch: w1 a=returned\ndispatch: w1 b=returned\ndispatch: wave w1 complete\n", stderr: "" });
    expect(p!.read(LEDGER)).toBe(
      `{\n  "waves": {\n    "w1": {\n      "phase": "review",\n      "state": "complete",\n      "roles": {\n` +
        `        "a": {\n          "handle": "h1",\n          "started": "${T}",\n          "returned": true\n        },\n` +
        `        "b": {\n          "handle": "h2",\n          "started": "${T}",\n          "returned": true\n        }\n      }\n    }\n  }\n}`,
    );
    expect(p!.read(METRICS).split("\n").filter(Boolean).map((l) => JSON.parse(l) as unknown)).toEqual([
      { ts: T, phase: "review", event: "dispatch", role: "a" },
      { ts: T, phase: "review", event: "dispatch", role: "b" },
      { ts: T, phase: "review", event: "return", role: "a" },
      { ts: T, phase: "review", event: "return", role: "b" },
    ]);
    expect(events()).toEqual(["dispatch_opened", "dispatch_started", "dispatch_started", "dispatch_sealed", "dispatch_returned", "dispatch_returned"]);
  });

  it("a metrics.jsonl a hand or the Go engine wrote keeps every byte; the new line follows it", async () => {
    project({ [METRICS]: '{"ts":"x","phase":"build","event":"context"}' });
    await run("open", "--phase", "build", "--wave", "w", "--role", "a");
    await run("start", "--wave", "w", "--role", "a", "--handle", "h");
    expect(p!.read(METRICS)).toBe(`{"ts":"x","phase":"build","event":"context"}\n{"ts":"${T}","phase":"build","event":"dispatch","role":"a"}\n`);
  });

  it.each([
    [["seal", "--wave", "w1"], 'dispatch: wave "w1" cannot seal: no start handle for a\n'],
    [["return", "--wave", "w1", "--role", "a"], 'dispatch: wave "w1" is not sealed (state open)\n'],
    [["start", "--wave", "w1", "--role", "z", "--handle", "h"], 'dispatch: role "z" not declared in wave "w1"\n'],
    [["start", "--wave", "w1", "--role", "a"], "dispatch: --handle is required (host agent id)\n"],
    [["open", "--phase", "review", "--wave", "w1", "--role", "a"], 'dispatch: wave "w1" already exists (state open)\n'],
    [["status", "--wave", "nope"], 'dispatch: no wave "nope"\n'],
  ])("%j is refused on stderr with exit 3 and writes nothing", async (args, stderr) => {
    project();
    await run("open", "--phase", "review", "--wave", "w1", "--role", "a");
    const before = snapshot();
    expect(await run(...args)).toEqual({ exit: 3, stdout: "", stderr });
    expect(snapshot()).toEqual(before);
  });

  it("status of an unfinished wave prints each role and fails (exit 3); abandon records the wave and fails for the handoff", async () => {
    project();
    await run("open", "--phase", "review", "--wave", "w1", "--role", "a");
    expect(await run("status", "--wave", "w1")).toEqual({ exit: 3, stdout: "dispatch: w1 a=declared\n", stderr: 'dispatch: wave "w1" state=open pending=a\n' });
    expect(await run("abandon", "--wave", "w1", "--reason", "host limit")).toEqual({ exit: 3, stdout: "dispatch: wave w1 abandoned: host limit\n", stderr: 'dispatch: wave "w1" is abandoned — HANDOFF REQUIRED: host limit\n' });
    expect(p!.read(LEDGER)).toContain('"state": "abandoned"');
    expect(events()).toEqual(["dispatch_opened", "dispatch_abandoned"]);
  });

  it.each([
    [["open", "--wave", "w"]],
    [["bogus"]],
    [[]],
    [["seal", "--wave", "w", "--agents-used", "2"]],
  ])("%j is bad input (exit 5) and writes nothing", async (args) => {
    project();
    const r = await run(...args);
    expect(r.exit, r.stderr).toBe(5);
    expect(p!.exists(LEDGER)).toBe(false);
  });

  it("an unknown workspace is exit 2; a dispatch.json that is not the engine's JSON, or a link, is exit 3 and is left as it is", async () => {
    project();
    expect((await runMain(["dispatch", "nope", "status"], { cwd: p!.dir })).exit).toBe(2);
    p!.write(LEDGER, '{"waves": {"w": {"phase": "p"}}}');
    expect(await run("status")).toEqual({ exit: 3, stdout: "", stderr: expect.stringContaining('dispatch: wave "w" is malformed (missing state or roles)') });
    fs.rmSync(p!.path(LEDGER));
    p!.write("elsewhere.json", '{"waves": {}}');
    fs.symlinkSync(p!.path("elsewhere.json"), p!.path(LEDGER));
    expect((await run("open", "--phase", "p", "--wave", "w", "--role", "a")).exit).toBe(3);
    expect(p!.read("elsewhere.json")).toBe('{"waves": {}}');
  });

  it("--json carries every wave's state and roles", async () => {
    project();
    await run("open", "--phase", "review", "--wave", "w1", "--role", "a");
    const r = await run("start", "--wave", "w1", "--role", "a", "--handle", "h", "--json");
    expect(JSON.parse(r.stdout)).toEqual({
      ok: true, exit: 0, workspace: "feat", action: "start", wave: "w1", failure: null,
      waves: { w1: { phase: "review", state: "open", roles: { a: { state: "started", handle: "h", started: T } } } },
    });
  });
});

describe("dispatch: the AFK budget", () => {
  const afk = (counter: string) => project({ ".devrites/AFK": "max_slices: 3\n", [`${W}/state.md`]: STATE(`| afk_slices_remaining | ${counter} |\n`) });

  it("a build wave's open is refused with the budget exit (7) when the budget is spent: budget check's verdict on stdout, nothing written", async () => {
    afk("0");
    const before = snapshot();
    const r = await run("open", "--phase", "build", "--wave", "b1", "--role", "slice-wright");
    expect(r.exit).toBe(7);
    const check = await runMain(["budget", "check"], { cwd: p!.dir });
    expect(r.stdout).toBe(check.stdout);
    expect(r.stderr).toBe("dispatch: wave b1 not opened: the AFK budget stops dispatch (slice_cap)\n");
    expect(snapshot()).toEqual(before);
  });

  it("the stop is budget check's for every reason it has: a paused run is not dispatched to", async () => {
    project({ ".devrites/AFK": "max_slices: 3\n", [`${W}/state.md`]: STATE().replace("| status | running |", "| status | blocked |\n| pause_reason | approval |") });
    const r = await run("open", "--phase", "build", "--wave", "b1", "--role", "slice-wright", "--json");
    expect(r.exit).toBe(7);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, exit: 7, wave: "b1", opened: false, budget: { verdict: "stop", reason: "paused" } });
  });

  it("budget check's usage options reach the rule: agents used at max_agents stop the open", async () => {
    project({ ".devrites/AFK": "max_agents: 2\n" });
    expect((await run("open", "--phase", "build", "--wave", "b1", "--role", "w", "--agents-used", "1")).exit).toBe(0);
    expect((await run("open", "--phase", "build", "--wave", "b2", "--role", "w", "--agents-used", "2")).exit).toBe(7);
  });

  it("waves of other phases are not held to the slice budget (AFK never skips review or seal), and HITL holds nothing", async () => {
    afk("0");
    expect((await run("open", "--phase", "review", "--wave", "r1", "--role", "code-reviewer")).exit).toBe(0);
    fs.rmSync(p!.path(".devrites/AFK"));
    expect((await run("open", "--phase", "build", "--wave", "b1", "--role", "slice-wright")).exit).toBe(0);
  });

  it("dispatch never charges: a whole admitted build wave leaves the counter and Log as they were, with no slice_spent event; an identical re-run of open is refused and charges nothing either", async () => {
    afk("2");
    const state = p!.read(`${W}/state.md`);
    const steps = [
      ["open", "--phase", "build", "--wave", "b1", "--role", "slice-wright"],
      ["start", "--wave", "b1", "--role", "slice-wright", "--handle", "agent-1"],
      ["seal", "--wave", "b1"],
      ["return", "--wave", "b1", "--role", "slice-wright"],
    ];
    for (const s of steps) expect((await run(...s)).exit).toBe(0);
    const again = await run(...steps[0]!);
    expect(again).toEqual({ exit: 3, stdout: "", stderr: 'dispatch: wave "b1" already exists (state complete)\n' });
    expect(p!.read(`${W}/state.md`)).toBe(state);
    expect(events()).not.toContain("slice_spent");
    // The charge is budget spend's, once, after the slice is green.
    expect((await runMain(["budget", "spend", "SLICE-001"], { cwd: p!.dir })).exit).toBe(0);
    expect((await runMain(["budget", "spend", "SLICE-001"], { cwd: p!.dir })).stdout).toContain("already charged");
    expect(p!.read(`${W}/state.md`)).toContain("| afk_slices_remaining | 1 |");
  });
});

describe("dispatch through the built CLI", () => {
  it("exits 0, 3, 5 and 7 as main() does", async () => {
    project({ ".devrites/AFK": "max_slices: 1\n", [`${W}/state.md`]: STATE("| afk_slices_remaining | 0 |\n") });
    const cli = (...args: string[]) => runCli(["dispatch", "feat", ...args], { cwd: p!.dir });
    expect((await cli("open", "--phase", "review", "--wave", "w", "--role", "a")).exit).toBe(0);
    expect((await cli("seal", "--wave", "w")).exit).toBe(3);
    expect((await cli("open", "--wave", "w")).exit).toBe(5);
    expect((await cli("open", "--phase", "build", "--wave", "b", "--role", "a")).exit).toBe(7);
  });

  it("killed after its renames, before the journal is removed: the next dispatch finishes the journal (dispatch.json and metrics.jsonl are the workspace's own files), the step is recorded once", async () => {
    project();
    await run("open", "--phase", "review", "--wave", "w", "--role", "a");
    const killed = await runCli(["dispatch", "feat", "start", "--wave", "w", "--role", "a", "--handle", "h"], { cwd: p!.dir, env: { NODE_OPTIONS: `--require ${KILL}`, KILL_AT_UNLINK: ".journal" } });
    expect(killed.exit).toBe(-1);
    expect(p!.exists(`${W}/.journal`)).toBe(true);
    const status = await runCli(["dispatch", "feat", "status", "--wave", "w"], { cwd: p!.dir });
    expect(status.stdout).toBe("dispatch: w a=started\n");
    expect(p!.exists(`${W}/.journal`)).toBe(false);
    expect(p!.read(METRICS).trim().split("\n")).toHaveLength(1);
    expect(events().filter((e) => e === "dispatch_started")).toHaveLength(1);
  });
});

// `state resolve` in main() (smoke.test.ts spawns the CLI): retries are safe (identical re-runs change nothing,
// a half-finished commit is repaired), output shapes for people and for --json, and file
// modes kept.

import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { T, runMain } from "../helpers/cli.js";
import { projectFromFixture, type Project } from "../helpers/project.js";
import { litter, readEventsOf, snapshot } from "../helpers/snapshot.js";

const WS = ".devrites/work/session-token-rotation";
const AWAITED = "q-2026-09-02-003";
const ANSWER = "Keep one release, drop in follow-up";

let p: Project;
afterEach(() => p?.cleanup());

const run = (args: string[], env: Record<string, string> = {}) => runMain(args, { cwd: p.dir, env });

describe("identical re-runs", () => {
  it.each([
    ["an answer", ["state", "resolve", AWAITED, ANSWER], `Already resolved: ${AWAITED}\nWorkspace: no change.\n`],
    ["an --option answer", ["state", "resolve", AWAITED, "--option", "1"], `Already resolved: ${AWAITED}\nWorkspace: no change.\n`],
    ["a --human answer", ["state", "resolve", "--human", "q-2026-09-02-002", "Fixed 30 days"], "Already resolved: q-2026-09-02-002\nWorkspace: no change.\n"],
    ["a drop", ["state", "resolve", "--drop", AWAITED], `Already resolved: ${AWAITED}\nWorkspace: no change.\n`],
    ["a decision-recording answer", ["state", "resolve", "--record-decision", AWAITED, ANSWER], `Already resolved: ${AWAITED}\nWorkspace: no change.\n`],
  ])("re-running %s changes nothing (events.jsonl included) and exits 0", async (_name, args, stdout) => {
    p = projectFromFixture("table-awaiting");
    const first = await run(args);
    expect(first.exit).toBe(0);
    const after = snapshot(p);
    expect(readEventsOf(p, WS)).toHaveLength(1);
    const again = await run(args);
    expect(again).toEqual({ exit: 0, stdout, stderr: "" });
    expect(snapshot(p)).toEqual(after);
    expect(litter(p)).toEqual([]);
  });

  it("a batch re-run reports every entry as already resolved and writes nothing", async () => {
    p = projectFromFixture("table-awaiting");
    p.write("answers.txt", `q-2026-09-02-001: info\n--drop ${AWAITED}: superseded\n`);
    expect((await run(["state", "resolve", "--batch", "answers.txt"])).exit).toBe(0);
    const after = snapshot(p);
    const again = await run(["state", "resolve", "--batch", "answers.txt"]);
    expect(again.stdout).toBe(`Already resolved: q-2026-09-02-001\nAlready resolved: ${AWAITED}\nWorkspace: no change.\n`);
    expect(snapshot(p)).toEqual(after);
  });

  it("a batch takes the command line's forms after the colon: --option N, --proposed, --drop", async () => {
    p = projectFromFixture("table-awaiting");
    p.write("answers.txt", `q-2026-09-02-002: --option 1\nq-2026-09-02-001: --proposed\n${AWAITED}: --drop superseded\n`);
    const r = await run(["state", "resolve", "--batch", "answers.txt", "--json"]);
    expect(r.exit, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).results).toEqual([
      { qid: "q-2026-09-02-002", outcome: "answered", text: "Fixed 30 days" },
      { qid: "q-2026-09-02-001", outcome: "answered", text: "info" },
      { qid: AWAITED, outcome: "dropped", text: "superseded" },
    ]);
    expect(p.read(`${WS}/questions.md`)).not.toMatch(/answer: --/);
  });

  it("a re-run after questions.md was committed but state.md was not repairs state.md (exit 0) and logs it once", async () => {
    p = projectFromFixture("table-awaiting");
    const state = p.read(`${WS}/state.md`);
    expect((await run(["state", "resolve", AWAITED, ANSWER])).exit).toBe(0);
    const cleared = p.read(`${WS}/state.md`);
    const questions = p.read(`${WS}/questions.md`);
    // The Go engine's crash window: questions.md written, state.md not.
    p.write(`${WS}/state.md`, state);
    fs.rmSync(p.path(`${WS}/events.jsonl`));
    const r = await run(["state", "resolve", AWAITED, ANSWER]);
    expect(r).toEqual({ exit: 0, stdout: `Already resolved: ${AWAITED}\nWorkspace: state.md updated.\n`, stderr: "" });
    expect(p.read(`${WS}/state.md`)).toBe(cleared);
    expect(p.read(`${WS}/questions.md`)).toBe(questions);
    expect(readEventsOf(p, WS)).toMatchObject([{ event: "resolved", qid: AWAITED, detail: { state_repaired: true } }]);
    const again = snapshot(p);
    expect((await run(["state", "resolve", AWAITED, ANSWER])).stdout).toBe(`Already resolved: ${AWAITED}\nWorkspace: no change.\n`);
    expect(snapshot(p)).toEqual(again);
  });

  it("a different answer after the first is exit 4 with the recorded answer, and writes nothing", async () => {
    p = projectFromFixture("table-awaiting");
    await run(["state", "resolve", AWAITED, ANSWER]);
    const after = snapshot(p);
    const r = await run(["state", "resolve", AWAITED, "Drop now"]);
    expect(r.exit).toBe(4);
    expect(r.stderr).toBe(
      `devrites-engine: qid not open (already answered/dropped): ${AWAITED}\nhint: recorded answered: "${ANSWER}"; to change it, raise a new question with supersedes: ${AWAITED} (devrites-engine question add --supersedes ${AWAITED} --gate GATE --question "…")\n`,
    );
    expect(snapshot(p)).toEqual(after);
  });
});

describe("--dry-run and --json", () => {
  it("--dry-run prints what a batch would do and writes nothing", async () => {
    p = projectFromFixture("table-awaiting");
    p.write("answers.txt", `q-2026-09-02-001: info\n--drop ${AWAITED}:\n`);
    const before = snapshot(p);
    const r = await run(["state", "resolve", "--batch", "answers.txt", "--dry-run"]);
    expect(r).toEqual({
      exit: 0,
      stdout: `Resolved: q-2026-09-02-001\nDropped:  ${AWAITED}: dropped\nWorkspace: would update questions.md + state.md.\nDry run: nothing written.\n`,
      stderr: "",
    });
    expect(snapshot(p)).toEqual(before);
  });

  it("--dry-run on a single answer says what it would update and writes nothing", async () => {
    p = projectFromFixture("table-awaiting");
    const before = snapshot(p);
    const r = await run(["state", "resolve", AWAITED, ANSWER, "--dry-run"]);
    expect(r).toEqual({ exit: 0, stdout: `Resolved: ${AWAITED}\nStatus:   answered\nWorkspace: would update questions.md + state.md.\nDry run: nothing written.\n`, stderr: "" });
    expect(snapshot(p)).toEqual(before);
  });

  it("--json on success prints one object: ok, exit, workspace, dry_run, results, files, warnings", async () => {
    p = projectFromFixture("table-awaiting");
    const r = await run(["state", "resolve", "--json", "--record-decision", AWAITED, "--option", "1"]);
    expect(r.exit).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.stdout.endsWith("}\n")).toBe(true);
    expect(r.stdout.trim().split("\n")).toHaveLength(1);
    expect(JSON.parse(r.stdout)).toEqual({
      ok: true,
      exit: 0,
      workspace: "session-token-rotation",
      dry_run: false,
      results: [{ qid: AWAITED, outcome: "answered", text: ANSWER }],
      files: ["questions.md", "state.md", "decisions.md"],
      warnings: [],
    });
  });

  it("--json on a re-run and a drop names the outcome kind", async () => {
    p = projectFromFixture("table-awaiting");
    await run(["state", "resolve", "--drop", "q-2026-09-02-001", "not", "needed"]);
    const again = JSON.parse((await run(["state", "resolve", "--json", "--drop", "q-2026-09-02-001", "not needed"])).stdout);
    expect(again).toMatchObject({ ok: true, exit: 0, results: [{ qid: "q-2026-09-02-001", outcome: "already_resolved", text: "not needed" }], files: [] });
  });

  it.each([
    [["state", "resolve", "--json", "q-404", "x"], 3, "qid not found: q-404", "open questions: q-2026-09-02-001, q-2026-09-02-002, q-2026-09-02-003"],
    [["state", "resolve", "--json", AWAITED], 5, `Answer text required for ${AWAITED}`, `type it: devrites-engine state resolve ${AWAITED} "<answer>" (or --option N, --proposed), or write it after answer: in questions.md and run devrites-engine state resolve ${AWAITED}`],
    [["state", "resolve", "--json", "--batch", "missing.txt"], 5, "Batch file not found: missing.txt", undefined],
  ])("--json on failure prints {ok:false, exit, error, hint} on stdout and nothing on stderr (%#)", async (args, exit, error, hint) => {
    p = projectFromFixture("table-awaiting");
    const r = await run(args);
    expect(r.exit).toBe(exit);
    expect(r.stderr).toBe("");
    const body = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(body).toMatchObject({ ok: false, exit, error });
    if (hint !== undefined) expect(body.hint).toBe(hint);
    expect(typeof body.hint === "string" || body.hint === undefined).toBe(true);
  });
});

describe("output", () => {
  it.each([
    [["state", "resolve", AWAITED, ANSWER], `Resolved: ${AWAITED}\nStatus:   answered\nWorkspace: questions.md + state.md updated.\n`],
    [["state", "resolve", "--drop", AWAITED, "superseded", "by", "q-9"], `Dropped:  ${AWAITED}\nReason:   superseded by q-9\nWorkspace: questions.md + state.md updated.\n`],
    [["state", "resolve", "q-2026-09-02-001", "info"], "Resolved: q-2026-09-02-001\nStatus:   answered\nWorkspace: questions.md updated.\n"],
  ])("prints the quoted lines and names the files actually written (%#)", async (args, stdout) => {
    p = projectFromFixture("table-awaiting");
    expect(await run(args)).toEqual({ exit: 0, stdout, stderr: "" });
  });

  it("an answer after -- may start with '-' and look like an option", async () => {
    p = projectFromFixture("table-awaiting");
    expect((await run(["state", "resolve", "q-2026-09-02-001", "--", "--help", "-h"])).exit).toBe(0);
    expect(p.read(`${WS}/questions.md`)).toContain("\nanswer: --help -h\n");
  });
});

describe("file modes and the audit trail", () => {
  it("keeps each written file's mode", async () => {
    p = projectFromFixture("table-awaiting");
    fs.chmodSync(p.path(`${WS}/questions.md`), 0o600);
    fs.chmodSync(p.path(`${WS}/state.md`), 0o640);
    fs.chmodSync(p.path(`${WS}/decisions.md`), 0o664);
    expect((await run(["state", "resolve", "--record-decision", AWAITED, ANSWER])).exit).toBe(0);
    expect(fs.statSync(p.path(`${WS}/questions.md`)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(p.path(`${WS}/state.md`)).mode & 0o777).toBe(0o640);
    expect(fs.statSync(p.path(`${WS}/decisions.md`)).mode & 0o777).toBe(0o664);
  });

  it("records one redacted event per resolved question with the pinned clock", async () => {
    p = projectFromFixture("table-awaiting");
    await run(["state", "resolve", "--human", "q-2026-09-02-001", "use", "token=abc123secret", "for", "the", "probe"]);
    const [ev] = readEventsOf(p, WS);
    expect(ev).toMatchObject({ v: 1, ts: T, event: "resolved", qid: "q-2026-09-02-001", by: "human", detail: { answer: "use token=[REDACTED] for the probe", batch: false } });
    expect(p.read(`${WS}/events.jsonl`)).not.toContain("abc123secret");
  });
});

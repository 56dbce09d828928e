// `log` in main() (smoke.test.ts spawns the CLI): the audit trail from events.jsonl, newest last, filtered by
// --since and --qid, as text or --json; an invalid --since is exit 5.

import { afterEach, describe, expect, it } from "vitest";
import { runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";

const W = ".devrites/work/feat";
const STATE = "# State: feat\n\n## Cursor\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n| phase | build |\n| status | running |\n\n## Log\n";
const QUESTIONS = "# Questions: feat\n\n## q-1\nstatus: open\ngate: advisory\nquestion: A?\n\n## q-2\nstatus: open\ngate: advisory\nquestion: B?\n";

let project: Project | undefined;
afterEach(() => project?.cleanup());

/** A workspace whose events.jsonl was written by real commands at three pinned times. */
async function history(): Promise<Project> {
  const p = makeProject({ ".devrites/ACTIVE": "feat\n", [`${W}/state.md`]: STATE, [`${W}/questions.md`]: QUESTIONS });
  project = p;
  const at = (t: string) => ({ cwd: p.dir, env: { DEVRITES_NOW: t } });
  expect((await runMain(["state", "resolve", "q-1", "Yes"], at("2026-07-18T09:00:00Z"))).exit).toBe(0);
  expect((await runMain(["state", "pause", "--reason", "operator", "--detail", "lunch"], at("2026-07-19T12:00:00Z"))).exit).toBe(0);
  expect((await runMain(["state", "resolve", "--drop", "q-2", "superseded"], at("2026-07-20T08:30:00Z"))).exit).toBe(0);
  return p;
}
const lines = (s: string) => s.trimEnd().split("\n");

describe("log", () => {
  it("prints every event, newest last, one line each with time, kind, qid, who and detail", async () => {
    const p = await history();
    const r = await runMain(["log"], { cwd: p.dir });
    expect(r.exit, r.stderr).toBe(0);
    const out = lines(r.stdout);
    expect(out).toHaveLength(3);
    expect(out[0]).toMatch(/^2026-07-18T09:00:00Z {2}resolved +q-1 .*answer="Yes"/);
    expect(out[1]).toMatch(/^2026-07-19T12:00:00Z {2}paused .*operator/);
    expect(out[2]).toMatch(/^2026-07-20T08:30:00Z {2}dropped +q-2 .*superseded/);
  });

  it.each([
    ["2026-07-19T12:00:00Z", 2],
    ["2026-07-19", 2],
    ["2026-07-19T12:00:01Z", 1],
    ["2026-07-21", 0],
  ])("--since %s keeps events at or after that time (%i)", async (since, n) => {
    const p = await history();
    const r = await runMain(["log", "--since", since, "--json"], { cwd: p.dir });
    expect(r.exit).toBe(0);
    expect(JSON.parse(r.stdout).events).toHaveLength(n);
    const text = await runMain(["log", "--since", since], { cwd: p.dir });
    if (n === 0) expect(text.stdout).toBe("No events match.\n");
    else expect(lines(text.stdout)).toHaveLength(n);
  });

  it("--qid keeps that question's events only", async () => {
    const p = await history();
    const r = await runMain(["log", "--qid", "q-2"], { cwd: p.dir });
    expect(lines(r.stdout)).toHaveLength(1);
    expect(r.stdout).toContain("dropped");
    expect((await runMain(["log", "--qid", "q-9"], { cwd: p.dir })).stdout).toBe("No events match.\n");
  });

  it("--since and --qid combine", async () => {
    const p = await history();
    expect((await runMain(["log", "--qid", "q-1", "--since", "2026-07-19"], { cwd: p.dir })).stdout).toBe("No events match.\n");
  });

  it("--json: the event records as written, plus skipped_lines", async () => {
    const p = await history();
    const j = JSON.parse((await runMain(["log", "--json"], { cwd: p.dir })).stdout);
    expect(Object.keys(j).sort()).toEqual(["events", "exit", "ok", "skipped", "skipped_lines", "workspace"]);
    expect(j).toMatchObject({ ok: true, exit: 0, workspace: "feat", skipped: 0, skipped_lines: [] });
    expect(j.events.map((e: { event: string }) => e.event)).toEqual(["resolved", "paused", "dropped"]);
    for (const e of j.events) {
      expect(e.v).toBe(1);
      expect(e.id).toMatch(/^ev-/);
      expect(e.ts).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    }
    expect(j.events.map((e: { id: string }) => e.id)).toEqual(p.read(`${W}/events.jsonl`).trim().split("\n").map((l) => JSON.parse(l).id));
  });

  it.each(["yesterday", "2026-13-01", "2026-07-20T25:00:00Z", ""])("--since %j is exit 5", async (since) => {
    const p = await history();
    const r = await runMain(["log", "--since", since], { cwd: p.dir });
    expect(r.exit).toBe(5);
    expect(r.stderr).toMatch(/--since is not a timestamp/);
  });

  it("no events yet", async () => {
    project = makeProject({ ".devrites/ACTIVE": "feat\n", [`${W}/state.md`]: STATE, [`${W}/questions.md`]: QUESTIONS });
    const r = await runMain(["log"], { cwd: project.dir });
    expect(r.exit).toBe(0);
    expect(r.stdout).toBe("No events recorded yet.\n");
  });

  it("a torn line is skipped with a warning on stderr and listed in --json; the exit stays 0", async () => {
    const p = await history();
    p.write(`${W}/events.jsonl`, p.read(`${W}/events.jsonl`) + '{"v":1,"id":"ev-torn');
    const r = await runMain(["log"], { cwd: p.dir });
    expect(r.exit).toBe(0);
    expect(lines(r.stdout)).toHaveLength(3);
    expect(r.stderr).toContain("1 events.jsonl line is not an audit event (not JSON, or not an event object) and was skipped: line 4");
    expect(JSON.parse((await runMain(["log", "--json"], { cwd: p.dir })).stdout)).toMatchObject({ skipped: 1, skipped_lines: [4] });
  });

  it.each([
    ["null", "null"],
    ["a number", "5"],
    ["an array", "[1,2]"],
    ["an empty object", "{}"],
    ["an object of another shape", '{"event":7,"ts":null}'],
    ["a 10 KB line nested 5,000 deep (arrays)", "[".repeat(5000) + "]".repeat(5000)],
    ["a 10 KB line nested 5,000 deep (an event's detail)", '{"v":1,"ts":"2026-07-20T09:00:00Z","event":"resolved","detail":' + '{"a":'.repeat(1000) + "1" + "}".repeat(1000) + "}"],
  ])("one line of %s is skipped and counted: log and log --json still print every event, exit 0", async (_name, bad) => {
    const p = await history();
    const good = p.read(`${W}/events.jsonl`).trimEnd().split("\n");
    p.write(`${W}/events.jsonl`, [good[0], bad, ...good.slice(1)].join("\n") + "\n");
    const r = await runMain(["log"], { cwd: p.dir });
    expect(r.exit, r.stderr).toBe(0);
    expect(lines(r.stdout)).toHaveLength(3);
    expect(r.stdout).not.toContain("undefined");
    expect(r.stderr).toContain("1 events.jsonl line is not an audit event (not JSON, or not an event object) and was skipped: line 2");
    const j = await runMain(["log", "--json"], { cwd: p.dir });
    expect(j.exit, j.stdout).toBe(0);
    expect(JSON.parse(j.stdout)).toMatchObject({ ok: true, skipped: 1, skipped_lines: [2] });
    expect(JSON.parse(j.stdout).events).toHaveLength(3);
  });

  it("a log of nothing but bad lines says so: no events, every line counted", async () => {
    const p = await history();
    p.write(`${W}/events.jsonl`, "null\n{}\n[]\n");
    const r = await runMain(["log"], { cwd: p.dir });
    expect(r.exit).toBe(0);
    expect(r.stdout).toBe("No events recorded yet.\n");
    expect(r.stderr).toContain("3 events.jsonl lines are not audit events");
  });
});

// `metrics record` and `metrics summary` in process: the Go engine's tests
// (engine/internal/lib/context_next_test.go, TestMetricsRecordAndSummary and
// TestMetricsSummaryReportsRoles), each verb's exit codes (0; 5 for a bad argument where Go says
// 2; 2 without a workspace) and files (metrics.jsonl: the bytes there plus one line, through the
// journal, with a `metric_recorded` event; nothing on a refusal; never through a link).

import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";

const W = ".devrites/work/feat";
const METRICS = `${W}/metrics.jsonl`;

let project: Project | undefined;
afterEach(() => project?.cleanup());

function workspace(files: Record<string, string> = {}): Project {
  project = makeProject({ ".devrites/ACTIVE": "feat\n", [`${W}/state.md`]: "# State\n\n## Cursor\n| Key | Value |\n| --- | --- |\n| phase | build |\n", ...files });
  return project;
}
const metrics = (p: Project, ...args: string[]) => runMain(["metrics", ...args], { cwd: p.dir });

describe("metrics record / summary (Go: RunMetrics)", () => {
  it("TestMetricsRecordAndSummary: a recorded event is summarised; the line is Go's", async () => {
    const p = workspace();
    const r = await metrics(p, "record", "feat", "--phase", "build", "--event", "context", "--role", "wright", "--bytes", "1234");
    expect([r.exit, r.stdout]).toEqual([0, "metrics: recorded build/context\n"]);
    expect(p.read(METRICS)).toBe('{"ts":"2026-07-20T10:00:00Z","phase":"build","event":"context","role":"wright","bytes":1234}\n');
    const events = p.read(`${W}/events.jsonl`).trim().split("\n").map((l) => JSON.parse(l));
    expect(events.map((e) => [e.event, e.detail])).toEqual([["metric_recorded", { phase: "build", event: "context" }]]);
    const s = await metrics(p, "summary", "feat");
    expect([s.exit, s.stdout]).toEqual([0, "metrics summary: feat\n  build      events=1 bytes=1234 (context=1)\n  roles:\n    wright                   events=1 bytes=1234\n  total      events=1 bytes=1234\n"]);
  });

  it("TestMetricsSummaryReportsRoles: three records, the role rollup (ACTIVE's workspace, --json)", async () => {
    const p = workspace();
    for (const args of [
      ["--phase", "build", "--event", "context", "--role", "slice-wright", "--bytes", "100"],
      ["--phase", "build", "--event", "context", "--role", "slice-wright", "--bytes", "50"],
      ["--phase", "review", "--event", "context", "--role", "code-reviewer", "--bytes", "200"],
    ]) expect((await metrics(p, "record", "feat", ...args)).exit).toBe(0);
    const j = JSON.parse((await metrics(p, "summary", "--json")).stdout);
    expect(j).toMatchObject({ ok: true, roles: { "slice-wright": { events: 2, bytes: 150 }, "code-reviewer": { events: 1, bytes: 200 } }, events: 3, bytes: 350, unparsed: 0 });
  });

  it("appends after the bytes already there, a torn last line kept to itself", async () => {
    const p = workspace({ [METRICS]: '{"ts":"x","phase":"a","event":"b"}\n{"torn' });
    expect((await metrics(p, "record", "feat", "--phase", "p", "--event", "e", "--note", "<n>")).exit).toBe(0);
    expect(p.read(METRICS)).toBe('{"ts":"x","phase":"a","event":"b"}\n{"torn\n{"ts":"2026-07-20T10:00:00Z","phase":"p","event":"e","note":"\\u003cn\\u003e"}\n');
    expect((await metrics(p, "summary")).stdout).toContain("  total      events=2 bytes=0 unparsed=1\n");
  });

  it.each<[string, string[], number, string]>([
    ["negative bytes", ["--phase", "p", "--event", "e", "--bytes=-1"], 5, 'expects a non-negative integer, got "-1"'],
    ["bytes that are not a number", ["--phase", "p", "--event", "e", "--bytes", "12kb"], 5, "expects a non-negative integer"],
    ["no --event", ["--phase", "p"], 5, "metrics record needs --event EVENT"],
    ["an empty --phase", ["--phase", "", "--event", "e"], 5, "record requires --phase and --event"],
    ["an unknown flag", ["--phase", "p", "--event", "e", "--size", "1"], 5, "--size"],
  ])("refuses %s (exit %s), writing nothing", async (_name, rest, exit, message) => {
    const p = workspace();
    const r = await metrics(p, "record", "feat", ...rest);
    expect(r.exit).toBe(exit);
    expect(r.stderr).toContain(message);
    expect(p.exists(METRICS)).toBe(false);
    expect(p.exists(`${W}/events.jsonl`)).toBe(false);
  });

  it("no workspace is exit 2; no metrics.jsonl is the no-events line, exit 0", async () => {
    const p = workspace();
    expect((await metrics(p, "record", "nope", "--phase", "p", "--event", "e")).exit).toBe(2);
    expect((await metrics(p, "summary", "nope")).exit).toBe(2);
    const r = await metrics(p, "summary", "feat");
    expect([r.exit, r.stdout]).toEqual([0, "metrics: no events recorded for feat\n"]);
  });

  it("a linked metrics.jsonl is refused (exit 3) and its target left alone", async () => {
    const p = workspace();
    fs.writeFileSync(p.path("elsewhere.jsonl"), "");
    fs.symlinkSync(p.path("elsewhere.jsonl"), p.path(METRICS));
    expect((await metrics(p, "record", "feat", "--phase", "p", "--event", "e")).exit).toBe(3);
    expect((await metrics(p, "summary", "feat")).exit).toBe(3);
    expect(p.read("elsewhere.jsonl")).toBe("");
  });
});

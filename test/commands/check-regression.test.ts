// `check regression [--update]`, ported from the Go engine's
// engine/internal/lib/regression_test.go (each test names its Go twin). Exit codes are this
// engine's table: a usage error is 5 and an unreadable artifact 3 where Go says 2.

import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { runMain, T } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";

const W = ".devrites/work/feat";
const BASELINE = `${W}/regression-baseline.json`;
const state = (phase: string) => `# State: feat\n\n## Cursor\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n| phase | ${phase} |\n| status | running |\n`;
const TASKS = `# Tasks

| Slice | Outcome | Depends on |
| --- | --- | --- |
| SLICE-001 | first | none |
| SLICE-002 | second | SLICE-001 |

## SLICE-001 first
Goal: one.
Status: built

## SLICE-002 second
Goal: two.
Status: pending
`;
const SPEC = "# Spec\n\n## Acceptance criteria\n- [x] AC-001: first thing works\n- [ ] AC-002: second thing works\n";
const GATES = "# Gates\n\n- [x] AC-001: first thing works\n  EVIDENCE: attested by reviewer\n- [ ] AC-002: second thing works\n  CHECK: go test ./...\n  EXPECT: ok\n  EVIDENCE: pending\n";
const QUESTIONS = "# Questions\n\n## q-2026-01-01-001 pick a store\nstatus: answered\nanswer: sqlite\nanswered_at: 2026-01-02T00:00:00Z\n\n## q-2026-01-01-002 pick a cache\nstatus: open\n";

let project: Project | undefined;
afterEach(() => project?.cleanup());

function regressionWorkspace(phase: string): Project {
  project = makeProject({
    ".devrites/ACTIVE": "feat\n",
    [`${W}/state.md`]: state(phase),
    [`${W}/spec.md`]: SPEC,
    [`${W}/tasks.md`]: TASKS,
    [`${W}/gates.md`]: GATES,
    [`${W}/questions.md`]: QUESTIONS,
  });
  return project;
}
const check = (p: Project, ...args: string[]) => runMain(["check", "regression", "feat", ...args], { cwd: p.dir });

describe("check regression", () => {
  it("without a baseline it is unproven, exit 0 (TestRegressionUnprovenWithoutBaseline)", async () => {
    const p = regressionWorkspace("build");
    const r = await check(p);
    expect(r).toEqual({ exit: 0, stdout: "check regression: unproven — no baseline recorded; run `devrites-engine check regression feat --update` at the next durable checkpoint\n", stderr: "" });
  });

  it("--update records the facts, then the check passes (TestRegressionBaselineUpdateThenCleanPass)", async () => {
    const p = regressionWorkspace("build");
    const u = await check(p, "--update");
    const summary = "phase=build ac=1 gates-met=1 slices-done=1 questions-resolved=1 artifacts=4";
    expect(u).toEqual({ exit: 0, stdout: `check regression: baseline updated (${T}; ${summary})\n`, stderr: "" });
    expect(JSON.parse(p.read(BASELINE))).toEqual({
      version: 1, updated_at: T, phase: "build", phase_ordinal: 7, checked_ac: ["AC-001"], met_gates: ["AC-001"], done_slices: ["SLICE-001"],
      resolved_questions: ["q-2026-01-01-001"], present_artifacts: ["questions.md", "spec.md", "state.md", "tasks.md"],
    });
    expect(await check(p)).toEqual({ exit: 0, stdout: `check regression: PASS (baseline ${T}; ${summary})\n`, stderr: "" });
  });

  it("every lost fact is one REGRESSION line, exit 3 (TestRegressionDetectsProgressLoss)", async () => {
    const p = regressionWorkspace("prove");
    expect((await check(p, "--update")).exit).toBe(0);
    p.write(`${W}/spec.md`, SPEC.replace("- [x] AC-001", "- [ ] AC-001"));
    p.write(`${W}/tasks.md`, TASKS.replace("Status: built", "Status: in-progress"));
    p.write(`${W}/gates.md`, GATES.replace("- [x] AC-001", "- [ ] AC-001"));
    p.write(`${W}/questions.md`, QUESTIONS.replace("status: answered", "status: open"));
    p.write(`${W}/state.md`, state("build"));
    const r = await check(p);
    expect(r.exit).toBe(3);
    expect(r.stdout).toBe(
      [
        "REGRESSION: acceptance criterion AC-001 was checked, now unchecked or removed",
        "REGRESSION: gate AC-001 was met, now unmet or removed",
        "REGRESSION: phase moved backward: prove -> build",
        "REGRESSION: question q-2026-01-01-001 was resolved, now open or removed",
        "REGRESSION: slice SLICE-001 was in a done state, now reopened or removed",
        `check regression: BLOCKED: 5 regression(s) vs baseline ${T}`,
        "",
      ].join("\n"),
    );
  });

  it("a removed artifact is a regression (TestRegressionDetectsRemovedArtifact)", async () => {
    const p = regressionWorkspace("build");
    p.write(`${W}/eng-review.md`, "# Eng review\n");
    expect((await check(p, "--update")).exit).toBe(0);
    fs.rmSync(p.path(`${W}/eng-review.md`));
    const r = await check(p);
    expect(r.exit).toBe(3);
    expect(r.stdout).toContain("REGRESSION: artifact eng-review.md was present and non-empty, now missing or empty\n");
  });

  it("a checkbox inside a fenced block is never a fact (TestRegressionIgnoresFencedDecoys)", async () => {
    const p = regressionWorkspace("build");
    p.write(`${W}/spec.md`, "# Spec\n\n```\n- [x] AC-099: fenced decoy\n```\n\n## Acceptance criteria\n- [ ] AC-001: real\n");
    expect((await check(p, "--update")).exit).toBe(0);
    p.write(`${W}/spec.md`, "# Spec\n\n## Acceptance criteria\n- [ ] AC-001: real\n");
    expect((await check(p)).exit).toBe(0);
  });

  it("--update blesses a loss, printing it, and the next check passes (TestRegressionUpdateBlessesAndReports)", async () => {
    const p = regressionWorkspace("build");
    expect((await check(p, "--update")).exit).toBe(0);
    p.write(`${W}/spec.md`, SPEC.replace("- [x] AC-001", "- [ ] AC-001"));
    const u = await check(p, "--update");
    expect(u.exit).toBe(0);
    expect(u.stdout).toMatch(/^REGRESSION-BLESSED: acceptance criterion AC-001 was checked, now unchecked or removed\ncheck regression: baseline updated/);
    expect((await check(p)).exit).toBe(0);
  });

  it("a corrupt baseline blocks, exit 3 (TestRegressionCorruptBaselineBlocks)", async () => {
    const p = regressionWorkspace("build");
    p.write(BASELINE, "{not json");
    const r = await check(p);
    expect(r.exit).toBe(3);
    expect(r.stdout).toMatch(/^REGRESSION: baseline regression-baseline\.json unreadable: corrupt baseline: .*\ncheck regression: BLOCKED\n$/);
  });

  it("no slug or an unknown option is a usage error (TestRegressionUsageErrors)", async () => {
    const p = regressionWorkspace("build");
    expect((await runMain(["check", "regression"], { cwd: p.dir })).exit).toBe(5);
    expect((await check(p, "--bogus")).exit).toBe(5);
  });

  it("an artifact that is not Markdown text refuses the ratchet by name and keeps the baseline (TestRegressionDegradedArtifactRefusesRatchet)", async () => {
    const p = regressionWorkspace("build");
    expect((await check(p, "--update")).exit).toBe(0);
    const before = p.read(BASELINE);
    p.write(`${W}/spec.md`, "# Spec\n\n## Acceptance criteria\n- [x] AC-001: a\0\n");
    const r = await check(p, "--update");
    expect(r.exit).toBe(3);
    expect(r.stdout).not.toContain("baseline updated");
    expect(r.stderr).toMatch(/^check regression: spec\.md is invalid Markdown/);
    expect(p.read(BASELINE)).toBe(before);
  });

  it("an update that would wipe every checked criterion and met gate needs --allow-empty (TestRegressionUpdateRefusesToWipeAcceptanceFacts)", async () => {
    const p = regressionWorkspace("build");
    expect((await check(p, "--update")).exit).toBe(0);
    const before = p.read(BASELINE);
    p.write(`${W}/spec.md`, SPEC.replace("- [x] AC-001", "- [ ] AC-001"));
    p.write(`${W}/gates.md`, GATES.replace("- [x] AC-001", "- [ ] AC-001"));
    const refused = await check(p, "--update");
    expect(refused.exit).toBe(3);
    expect(refused.stdout).toContain("--allow-empty");
    expect(refused.stdout).not.toContain("baseline updated");
    expect(p.read(BASELINE)).toBe(before);
    const forced = await check(p, "--update", "--allow-empty");
    expect(forced.exit).toBe(0);
    expect(forced.stdout).toContain("REGRESSION-BLESSED");
    expect(forced.stdout).toContain("baseline updated");
  });

  it("a malformed gates.md refuses the ratchet by name, even with --allow-empty (TestRegressionMalformedGatesRefusesRatchet)", async () => {
    const p = regressionWorkspace("build");
    expect((await check(p, "--update")).exit).toBe(0);
    const before = p.read(BASELINE);
    p.write(`${W}/gates.md`, GATES.replace("first thing works", "first thing works\0"));
    const r = await check(p, "--update", "--allow-empty");
    expect(r.exit).toBe(3);
    expect(r.stderr).toContain("gates.md");
    expect(p.read(BASELINE)).toBe(before);
  });

  it("a phase that can no longer be read is not a pass (TestRegressionUnreadablePhaseIsNotPass)", async () => {
    const p = regressionWorkspace("prove");
    expect((await check(p, "--update")).exit).toBe(0);
    expect((await check(p)).stdout).toMatch(/^check regression: PASS/);
    p.write(`${W}/state.md`, "# State\n\n## Cursor\n| Key | Value |\n| --- | --- |\n| status | running |\n");
    const r = await check(p);
    expect(r.exit).toBe(3);
    expect(r.stdout).not.toContain("PASS");
    expect(r.stdout).toContain("REGRESSION: phase prove is no longer observable: state.md names no known phase\n");
  });

  it("a ratchet never forgets the furthest phase", async () => {
    const p = regressionWorkspace("prove");
    expect((await check(p, "--update")).exit).toBe(0);
    p.write(`${W}/state.md`, state("build"));
    expect((await check(p, "--update")).stdout).toContain("REGRESSION-BLESSED: phase moved backward: prove -> build\n");
    expect(JSON.parse(p.read(BASELINE))).toMatchObject({ phase: "prove", phase_ordinal: 9 });
  });
  it("without --update nothing in .devrites changes, and a refused update leaves no journal or temp behind", async () => {
    const p = regressionWorkspace("build");
    const snap = () => p.listDevrites().map((f) => [f, p.read(f)]);
    const before = snap();
    await check(p);
    await runMain(["check", "drift", "feat"], { cwd: p.dir });
    await runMain(["check", "slice", "feat", "SLICE-001"], { cwd: p.dir });
    expect(snap()).toEqual(before);
    expect((await check(p, "--update")).exit).toBe(0);
    p.write(`${W}/spec.md`, SPEC.replace("- [x] AC-001", "- [ ] AC-001"));
    p.write(`${W}/gates.md`, GATES.replace("- [x] AC-001", "- [ ] AC-001"));
    const afterUpdate = snap();
    expect((await check(p, "--update")).exit).toBe(3);
    expect(snap()).toEqual(afterUpdate);
  });
});

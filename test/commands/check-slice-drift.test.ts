// `check slice` and `check drift`, ported from the Go engine's tests: slicecheck_test.go
// (engine/internal/lib: TestCheckSlicePassesValidContract, TestCheckSliceBlocksContractDefects,
// TestCheckSliceMissingSliceAndArgs, TestCheckSliceRejectsSliceWithNoAC) and drift_test.go
// (TestDriftUnprovenWithoutBaselineOrBinding, TestDriftRecordThenCleanPass,
// TestDriftAttributesChangedFile, TestDriftFallbackEngReviewBinding,
// TestDriftCorruptBaselineBlocks). Exit codes are this engine's table: a usage error is 5
// where Go says 2.

import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { runMain, T } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";

const W = ".devrites/work/feat";
const STATE = "# State: feat\n\n## Cursor\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n| phase | vet |\n| status | running |\n";
let project: Project | undefined;
afterEach(() => project?.cleanup());

function workspace(files: Record<string, string>): Project {
  project = makeProject({ ".devrites/ACTIVE": "feat\n", [`${W}/state.md`]: STATE, ...Object.fromEntries(Object.entries(files).map(([k, v]) => [`${W}/${k}`, v])) });
  return project;
}

const GOOD_TASKS = `# Tasks

## SLICE-001 Wire the thing
Goal: do the thing.
Satisfies: AC-001, AC-002
Acceptance criteria: thing works
Dependencies: none
depends_on: []
Writer allowlist: src/a.go; src/a_test.go
Files likely touched: src/a.go; src/a_test.go
Tests/proof: run go test ./...
Status: pending
`;
const SPEC = "# Spec\n\n- [ ] AC-001: thing works.\n- [ ] AC-002: thing is verified.\n";

describe("check slice", () => {
  it("a sound contract passes with its path and AC counts (TestCheckSlicePassesValidContract)", async () => {
    const p = workspace({ "tasks.md": GOOD_TASKS, "spec.md": SPEC });
    const r = await runMain(["check", "slice", "feat", "SLICE-001"], { cwd: p.dir });
    expect(r).toEqual({ exit: 0, stdout: "check slice: SLICE-001 ok (paths=2 acs=2)\n", stderr: "" });
  });

  it("every contract defect is listed and the slice is blocked, exit 3 (TestCheckSliceBlocksContractDefects)", async () => {
    const tasks = "# Tasks\n\n## SLICE-001 Bad contract\nSatisfies: AC-099\nWriter allowlist: ../escape.go; src/*.go; .devrites/state.md; src/dup.go; src/dup.go\nFiles likely touched: src/not-listed.go\n";
    const p = workspace({ "tasks.md": tasks, "spec.md": SPEC });
    const r = await runMain(["check", "slice", "feat", "SLICE-001"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    expect(r.stdout).toBe(
      [
        "check slice: SLICE-001 BLOCKED",
        "  - Goal field missing or empty",
        '  - allowlist path "../escape.go" escapes the project (..)',
        '  - allowlist path "src/*.go" uses a glob — exact paths only',
        '  - allowlist path ".devrites/state.md" targets .devrites — wrights never write workflow state',
        '  - allowlist path "src/dup.go" is duplicated',
        '  - Files likely touched "src/not-listed.go" is outside the Writer allowlist',
        "  - AC-099 is referenced but not declared in spec.md",
        "  - Tests/proof field missing or empty — no evidence plan for the slice",
        "",
      ].join("\n"),
    );
  });

  it("an unknown slice is exit 3, a malformed id or a missing id a usage error (TestCheckSliceMissingSliceAndArgs)", async () => {
    const p = workspace({ "tasks.md": GOOD_TASKS, "spec.md": SPEC });
    const unknown = await runMain(["check", "slice", "feat", "SLICE-042"], { cwd: p.dir });
    expect(unknown.exit).toBe(3);
    expect(unknown.stderr).toMatch(/^check slice: SLICE-042 not found in tasks\.md\n/);
    expect((await runMain(["check", "slice", "feat", "not-a-slice"], { cwd: p.dir })).exit).toBe(5);
    expect((await runMain(["check", "slice", "feat"], { cwd: p.dir })).exit).toBe(5);
  });

  it("a slice that names no acceptance criterion is blocked (TestCheckSliceRejectsSliceWithNoAC)", async () => {
    const p = workspace({ "tasks.md": "# Tasks\n\n## SLICE-001 Chore\nGoal: tidy.\nWriter allowlist: src/a.go\nTests/proof: none needed\n", "spec.md": SPEC });
    const r = await runMain(["check", "slice", "feat", "SLICE-001"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    expect(r.stdout).toContain("  - no AC-### coverage declared — every slice must satisfy acceptance criteria\n");
  });

  it("without spec.md the AC references are unverifiable, and that blocks", async () => {
    const p = workspace({ "tasks.md": GOOD_TASKS });
    const r = await runMain(["check", "slice", "feat", "SLICE-001", "--json"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    expect(JSON.parse(r.stdout).problems).toEqual(["spec.md unavailable — cannot verify 2 AC reference(s)"]);
  });
});

const INPUTS = ["spec.md", "decision-coverage.md", "architecture.md", "plan.md", "tasks.md", "traceability.md", "test-plan.md"];
const driftWorkspace = () => workspace(Object.fromEntries(INPUTS.map((n) => [n, `# ${n}\n\ncontent\n`])));
const BASELINE = `${W}/readiness-inputs.json`;

describe("check drift", () => {
  it("no baseline and no eng-review.md binding: unproven, exit 0 (TestDriftUnprovenWithoutBaselineOrBinding)", async () => {
    const p = driftWorkspace();
    const r = await runMain(["check", "drift", "feat"], { cwd: p.dir });
    expect(r.exit).toBe(0);
    expect(r.stdout).toMatch(/^check drift: unproven — no readiness-inputs\.json baseline and no readable eng-review\.md/);
  });

  it("--record writes the baseline in the workspace, then the comparison is clean (TestDriftRecordThenCleanPass)", async () => {
    const p = driftWorkspace();
    const rec = await runMain(["check", "drift", "feat", "--record"], { cwd: p.dir });
    expect(rec.exit, rec.stderr).toBe(0);
    expect(rec.stdout).toMatch(/^check drift: baseline recorded \(11 inputs, Readiness inputs SHA-256: [0-9a-f]{64}\)\n$/);
    const baseline = JSON.parse(p.read(BASELINE));
    expect(baseline).toMatchObject({ version: 1, recorded_at: T });
    expect(baseline.inputs).toHaveLength(11);
    expect(baseline.inputs[7]).toEqual({ path: "strategy.md", present: false });
    const r = await runMain(["check", "drift", "feat"], { cwd: p.dir });
    expect(r).toEqual({ exit: 0, stdout: `check drift: none (baseline ${T})\n`, stderr: "" });
  });

  it("names the input that changed and the one added, not the others (TestDriftAttributesChangedFile)", async () => {
    const p = driftWorkspace();
    expect((await runMain(["check", "drift", "feat", "--record"], { cwd: p.dir })).exit).toBe(0);
    p.write(`${W}/plan.md`, "# plan.md\n\nrewritten\n");
    p.write(`${W}/strategy.md`, "# strategy\n\nnew optional input\n");
    const r = await runMain(["check", "drift", "feat"], { cwd: p.dir });
    expect(r.exit).toBe(0);
    expect(r.stdout).toBe(
      `DRIFT: plan.md changed since baseline ${T}\nDRIFT: strategy.md added since baseline ${T}\n` +
        "check drift: 2 input(s) differ — a change is legal only as a dated delta through the owning rite; otherwise restore the input or rerun /rite-vet and --record\n",
    );
  });

  it("without a baseline, compares eng-review.md's binding and names inputs newer than it (TestDriftFallbackEngReviewBinding)", async () => {
    const p = driftWorkspace();
    const binding = (await runMain(["check", "readiness", "--emit-binding", "feat"], { cwd: p.dir })).stdout.trim();
    p.write(`${W}/eng-review.md`, `# Eng review\n\n${binding}\n`);
    expect((await runMain(["check", "drift", "feat"], { cwd: p.dir })).stdout).toBe("check drift: none (eng-review.md binding current)\n");
    const old = new Date(Date.now() - 3600_000);
    for (const n of INPUTS) fs.utimesSync(p.path(`${W}/${n}`), old, old);
    p.write(`${W}/tasks.md`, "# tasks\n\ndrifted\n");
    fs.utimesSync(p.path(`${W}/eng-review.md`), new Date(Date.now() - 1800_000), new Date(Date.now() - 1800_000));
    const r = await runMain(["check", "drift", "feat"], { cwd: p.dir });
    expect(r.exit).toBe(0);
    expect(r.stdout).toContain("DRIFT: readiness inputs changed since the eng-review.md binding\n");
    expect(r.stdout).toContain("candidate: tasks.md modified after eng-review.md\n");
    expect(r.stdout).not.toContain("candidate: plan.md");
  });

  it("a corrupt baseline blocks, exit 3 (TestDriftCorruptBaselineBlocks)", async () => {
    const p = driftWorkspace();
    p.write(BASELINE, "{not json");
    const r = await runMain(["check", "drift", "feat"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    expect(r.stdout).toMatch(/^DRIFT: baseline readiness-inputs\.json unreadable: corrupt baseline: .*\ncheck drift: BLOCKED\n$/);
  });

  it("a required input that is missing stops the check (exit 2) and records nothing", async () => {
    const p = driftWorkspace();
    fs.rmSync(p.path(`${W}/plan.md`));
    const r = await runMain(["check", "drift", "feat", "--record"], { cwd: p.dir });
    expect(r.exit).toBe(2);
    expect(r.stderr).toMatch(/^check drift: readiness input plan\.md is missing\n/);
    expect(p.exists(BASELINE)).toBe(false);
  });

  it("a readiness input that is a symlink is refused by name (exit 3), never followed", async () => {
    const p = driftWorkspace();
    fs.writeFileSync(p.path("outside.md"), "# outside\n");
    fs.rmSync(p.path(`${W}/plan.md`));
    fs.symlinkSync(p.path("outside.md"), p.path(`${W}/plan.md`));
    const r = await runMain(["check", "drift", "feat", "--record"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    expect(r.stderr).toContain("plan.md");
    expect(p.exists(BASELINE)).toBe(false);
  });
});

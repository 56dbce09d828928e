// `next [<slug>]` in process: the Go engine's tests (engine/internal/lib/context_next_test.go,
// TestNext*) on real workspaces, and its exit codes: 0 with the path, 2 without a workspace or
// state.md, 3 for a phase the engine does not know. Read-only: nothing in .devrites changes.

import { afterEach, describe, expect, it } from "vitest";
import { runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";

const W = ".devrites/work/feat";
const state = (phase: string) => `# State\n\n## Cursor\n| Key | Value |\n| --- | --- |\n| phase | ${phase} |\n| status | running |\n`;

let project: Project | undefined;
afterEach(() => project?.cleanup());

function workspace(phase: string, files: Record<string, string>): Project {
  const entries = Object.fromEntries(Object.entries(files).map(([k, v]) => [`${W}/${k}`, v]));
  project = makeProject({ ".devrites/ACTIVE": "feat\n", [`${W}/state.md`]: state(phase), ...entries });
  return project;
}

describe("next (Go: RunNext)", () => {
  it("TestNextReportsPhasePath: spec missing assumptions.md is next; nothing written", async () => {
    const p = workspace("spec", { "brief.md": "x\n", "spec.md": "x\n", "decisions.md": "x\n", "questions.md": "x\n" });
    const before = p.listDevrites();
    const r = await runMain(["next", "feat"], { cwd: p.dir });
    expect(r.exit).toBe(0);
    expect(r.stdout).toBe("current: spec\ncurrent-status: incomplete\nopen-questions: 0\nnext-phase: spec\nnext-command: /rite-spec\nmissing: assumptions.md\n");
    expect(p.listDevrites()).toEqual(before);
  });

  it("TestNextBlocksOnOpenQuestions: an open register row makes clarify next", async () => {
    const p = workspace("spec", { "brief.md": "x\n", "spec.md": "x\n", "decisions.md": "x\n", "assumptions.md": "x\n", "questions.md": "# Questions\n\n## Question register\n\n| Question ID | Status | Gate | Question |\n| --- | --- | --- | --- |\n| Q-001 | open | blocking | which? |\n" });
    const r = await runMain(["next"], { cwd: p.dir });
    expect(r.stdout).toContain("open-questions: 1\nnext-phase: clarify\n");
    expect(r.stdout).toContain("missing: decision-coverage.md\n");
  });

  it("TestNextSkipsVacuousClarify: no open question skips clarify, in --json too", async () => {
    const p = workspace("spec", { "brief.md": "x\n", "spec.md": "x\n", "decisions.md": "x\n", "assumptions.md": "x\n", "questions.md": "# Questions\n\nNo open questions remain.\n" });
    const r = await runMain(["next", "feat", "--json"], { cwd: p.dir });
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ ok: true, current: "spec", next_phase: "temper", next_command: "/rite-temper", skips: ["clarify (0 open questions)"], missing: ["decision-coverage.md"] });
  });

  it("a current artifact of whitespace only is missing (real content), a later one only needs bytes", async () => {
    const p = workspace("spec", { "brief.md": "  \n", "spec.md": "x\n", "decisions.md": "x\n", "assumptions.md": "x\n", "questions.md": "x\n" });
    const r = await runMain(["next", "feat"], { cwd: p.dir });
    expect(r.stdout).toContain("current-status: incomplete\n");
    expect(r.stdout).toContain("missing: brief.md\n");
  });

  it("exit 2 without a workspace, and without state.md", async () => {
    project = makeProject({ ".devrites/work/other/state.md": state("spec") });
    const none = await runMain(["next", "feat"], { cwd: project.dir });
    expect([none.exit, none.stderr]).toEqual([2, expect.stringContaining('unknown workspace "feat"')]);
    project.write(`${W}/questions.md`, "# Questions\n");
    const noState = await runMain(["next", "feat"], { cwd: project.dir });
    expect([noState.exit, noState.stderr]).toEqual([2, expect.stringContaining("state.md missing at")]);
  });

  it("exit 3 for a phase the engine does not know, naming it", async () => {
    const p = workspace("warp", {});
    const r = await runMain(["next", "feat"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    expect(r.stderr).toContain('unknown phase "warp"');
  });
});

// `handoff [<slug>]` in process: the Go engine's tests (engine/internal/lib/handoff_test.go) on
// real workspaces, and its exit codes: 0 with the record, 2 without a workspace. Read-only.

import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";

const W = ".devrites/work/feat";
const state = (phase: string) => `# State\n\n## Cursor\n| Key | Value |\n| --- | --- |\n| phase | ${phase} |\n| status | running |\n`;

let project: Project | undefined;
afterEach(() => project?.cleanup());

function workspace(phase: string, files: Record<string, string> = {}): Project {
  const entries = Object.fromEntries(Object.entries(files).map(([k, v]) => [`${W}/${k}`, v]));
  project = makeProject({ ".devrites/ACTIVE": "feat\n", [`${W}/state.md`]: state(phase), ...entries });
  return project;
}

describe("handoff (Go: RunHandoff)", () => {
  it("TestHandoffEmitsResumeRecord: cursor, question gates, the ledger, dead ends, read order; nothing written", async () => {
    const p = workspace("build", {
      "questions.md": "# Questions\n\n## q-2026-01-01-001 which store?\nstatus: open\ngate: blocking\n",
      "decisions.md": "# Decisions\n\n## Dead ends\n\n- cached lookup: races the writer\n- retry loop: masks the root cause\n",
      "gates.md": "# Gates\n\n- [x] G1: builds\n  CHECK: go build ./...\n  EXPECT: ok\n  EVIDENCE: ran\n- [ ] G2: tests green\n  CHECK: go test ./...\n  EXPECT: ok\n",
      "spec.md": "# Spec\n",
    });
    const before = p.listDevrites();
    const r = await runMain(["handoff", "feat"], { cwd: p.dir });
    expect(r.exit).toBe(0);
    for (const want of [
      "feature: feat\nphase: build\nstatus: running\nnext_action: unset\nawaiting_human: no\n",
      "open_questions: 1\nblocking_question_gates: blocking\n",
      "gates_total: 2\ngates_met: 0\ngates_unmet: 2\ngates_stale: 1\ngates_abandoned: 0\nunmet_id: G1\nunmet_id: G2\nstale_id: G1\n",
      "dead_end: cached lookup: races the writer\ndead_end: retry loop: masks the root cause\n",
      "read_next: state.md, decisions.md, questions.md, gates.md\n",
    ]) expect(r.stdout).toContain(want);
    expect(r.stdout).toMatch(/^missing_required: brief\.md, assumptions\.md, decision-coverage\.md, /m);
    expect(p.listDevrites()).toEqual(before);
  });

  it("TestHandoffMissingLedgerAndNoQuestions: absent ledger, no questions, no dead ends (--json too)", async () => {
    const p = workspace("spec");
    const r = await runMain(["handoff"], { cwd: p.dir });
    expect(r.exit).toBe(0);
    for (const want of ["gates_ledger: absent\n", "open_questions: 0\n", "blocking_question_gates: none\n", "dead_ends: none\n"]) expect(r.stdout).toContain(want);
    const j = JSON.parse((await runMain(["handoff", "--json"], { cwd: p.dir })).stdout);
    expect(j).toMatchObject({ ok: true, workspace: "feat", phase: "spec", gates_ledger: null, dead_ends: [], open_questions: 0, read_next: ["state.md"] });
  });

  it("TestHandoffRejectsMissingFeature: an unknown slug is exit 2", async () => {
    const p = workspace("spec");
    const r = await runMain(["handoff", "nope"], { cwd: p.dir });
    expect([r.exit, r.stderr]).toEqual([2, expect.stringContaining('unknown workspace "nope"')]);
  });

  it("a linked artifact is not named to read, and a linked gates.md is refused (exit 3), never followed", async () => {
    const p = workspace("spec");
    fs.writeFileSync(p.path("outside.md"), "# outside\n");
    fs.symlinkSync(p.path("outside.md"), p.path(`${W}/README.md`));
    expect((await runMain(["handoff"], { cwd: p.dir })).stdout).toContain("read_next: state.md\n");
    fs.symlinkSync(p.path("outside.md"), p.path(`${W}/gates.md`));
    expect((await runMain(["handoff"], { cwd: p.dir })).exit).toBe(3);
  });
});

// `/rite-fast` workspaces (the pack's rite-fast/reference/artifacts.md: spec.md, plan.md whose
// lane line is `Lane: fast · …`, evidence.md, no state.md, not in ACTIVE) are the /rite-fast
// skill's own: every command that lists, checks or migrates workspaces leaves them alone, and
// where a person would wonder it says so — the "workspaces here" hint lists them apart, a
// command pointed at one names the lane instead of "restore state.md", migrate is a no-op,
// completion does not offer them — and nothing is ever written into one.

import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { completionValues } from "../../src/cli/completion-values.js";
import type { Io } from "../../src/io.js";
import { isFastLaneWorkspace, planSaysFastLane } from "../../src/workspace/fast-lane.js";
import { runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";

let project: Project | undefined;
afterEach(() => project?.cleanup());

const FAST = {
  ".devrites/work/quick-fix/spec.md": "# Fix the CSV header\n\nLane: fast · Risk: none\n",
  ".devrites/work/quick-fix/plan.md": "# Plan: quick-fix\n\nLane: fast · Baseline: clean · Commands: npm test\n\n## Slices\n- [ ] S1 [AC-001] files: src/a.ts\n",
  ".devrites/work/quick-fix/evidence.md": "# Evidence: quick-fix\n",
};
const KEPT = {
  ".devrites/work/kept/state.md": "# State: kept\n\n## Cursor\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n| phase | build |\n| status | running |\n",
  ".devrites/work/kept/questions.md": "# Questions\n",
};

/** Every file under .devrites/work/quick-fix with its bytes. */
const snapshot = (p: Project) => Object.fromEntries(fs.readdirSync(p.path(".devrites/work/quick-fix")).sort().map((n) => [n, fs.readFileSync(p.path(`.devrites/work/quick-fix/${n}`), "utf8")]));

describe("recognising a /rite-fast workspace", () => {
  it.each<[string, boolean]>([
    ["# Plan: x\n\nLane: fast · Baseline: clean\n", true],
    ["Lane: fast\n", true],
    ["# Plan: x\n\n## Approach\nLane: fast\n", true],
    ["# Plan: x\n\nLane: full\n", false],
    ["# Plan: x\n\nWe go fast.\nLane: fast\n", false],
    ["", false],
  ])("plan.md %j → %s", (plan, want) => {
    expect(planSaysFastLane(plan)).toBe(want);
  });

  it("a state.md, a missing plan.md, or a plan.md that is a link makes it not fast-lane", () => {
    project = makeProject({ ...FAST, ".devrites/work/b/plan.md": "Lane: fast\n", ".devrites/work/b/state.md": "# State\n", ".devrites/work/c/spec.md": "x\n", ".devrites/work/d/x": "" });
    fs.symlinkSync(project.path(".devrites/work/quick-fix/plan.md"), project.path(".devrites/work/d/plan.md"));
    expect(isFastLaneWorkspace(project.path(".devrites/work/quick-fix"))).toBe(true);
    for (const other of ["b", "c", "d"]) expect(isFastLaneWorkspace(project.path(`.devrites/work/${other}`)), other).toBe(false);
  });
});

describe("commands leave a /rite-fast workspace alone and say so", () => {
  it("the `workspaces here` hint lists it apart, not as one --workspace can pick", async () => {
    project = makeProject({ ...FAST, ...KEPT });
    const r = await runMain(["status"], { cwd: project.dir });
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain("workspaces here: kept (pick one with --workspace SLUG; /rite-fast workspaces, which this engine leaves alone: quick-fix), or start one");
  });

  it("with only /rite-fast workspaces the hint says there is none this engine keeps", async () => {
    project = makeProject(FAST);
    const r = await runMain(["orient"], { cwd: project.dir });
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain("there are no workspaces this engine keeps in");
    expect(r.stderr).toContain("(/rite-fast workspaces, which this engine leaves alone: quick-fix)");
  });

  it.each([
    [["status", "--workspace", "quick-fix"]],
    [["orient", "quick-fix"]],
    [["observe", "summary", "quick-fix"]],
    [["check", "readiness", "quick-fix"]],
    [["check", "seal", "quick-fix"]],
    [["state", "close", "quick-fix"]],
  ])("%j names the lane (exit 2), not \"restore state.md\", and writes nothing", async (argv) => {
    project = makeProject({ ...FAST, ...KEPT });
    const before = snapshot(project);
    const r = await runMain(argv, { cwd: project.dir });
    expect(r.exit, r.stderr).toBe(2);
    expect(r.stderr).toContain("quick-fix is a /rite-fast workspace (plan.md says \"Lane: fast\"");
    expect(r.stderr).not.toContain("restore state.md");
    expect(snapshot(project)).toEqual(before);
  });

  it.each([[[]], [["--dry-run"]]])("migrate quick-fix %j: exit 0, nothing to migrate, nothing written", async (extra) => {
    project = makeProject(FAST);
    const before = snapshot(project);
    const listed = project.listDevrites();
    const r = await runMain(["migrate", "quick-fix", ...extra], { cwd: project.dir });
    expect(r.exit).toBe(0);
    expect(r.stdout).toBe("migrate: quick-fix is a /rite-fast workspace (plan.md says \"Lane: fast\", no state.md): this engine leaves it alone; nothing to migrate\n");
    expect(snapshot(project)).toEqual(before);
    expect(project.listDevrites()).toEqual(listed);
  });

  it("completion offers the workspaces this engine keeps, not the /rite-fast ones", () => {
    project = makeProject({ ...FAST, ...KEPT });
    const io = { env: {}, cwd: project.dir } as unknown as Io;
    expect(completionValues(io).positional(["status"])).toEqual([]);
    expect(completionValues(io).option(undefined, "workspace")).toEqual(["kept"]);
    expect(completionValues(io).positional(["migrate"])).toEqual(["kept"]);
  });

  it("a workspace with state.md that lost it stays the old advice: restore state.md", async () => {
    project = makeProject({ ".devrites/work/lost/questions.md": "# Questions\n", ".devrites/work/lost/plan.md": "# Plan\n\nLane: full\n" });
    const r = await runMain(["orient", "lost"], { cwd: project.dir });
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain("restore state.md");
  });
});

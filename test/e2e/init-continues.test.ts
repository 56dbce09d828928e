// `init <slug> --continues PARENT [--release]` in main() (smoke.test.ts spawns the CLI): rows derived from a
// live or archived parent, the sequence budget and its refusal at 0 (nothing created), and
// re-runs for an existing child that add only what is missing and charge nothing twice.

import { afterEach, describe, expect, it } from "vitest";
import { makeProject, type Project } from "../helpers/project.js";
import { runMain } from "../helpers/cli.js";

let project: Project | undefined;
afterEach(() => {
  project?.cleanup();
  project = undefined;
});

const state = (slug: string, rows = "") => `# State: ${slug}

## Cursor
| Key | Value |
| --- | --- |
| schema | 4 |
| phase | ship |
| status | done |
| next_action | (done) |
${rows}
## Log
- 2026-07-19T18:00:00Z ship: shipped
`;

function setup(files: Record<string, string> = {}): Project {
  project = makeProject({ ".devrites/ACTIVE": "m1\n", ".devrites/work/m1/state.md": state("m1"), ...files });
  return project;
}
const cli = (p: Project, ...args: string[]) => runMain(args, { cwd: p.dir });

describe("opening a continuation", () => {
  it("a live head gets sequence_position 1; the child gets parent and position 2, and becomes active", async () => {
    const p = setup();
    const r = await cli(p, "init", "m2", "--continues", "m1");
    expect(r.exit).toBe(0);
    expect(r.stdout).toContain("Continues: m1: position 2");
    expect(p.read(".devrites/work/m1/state.md")).toBe(state("m1", "| sequence_position | 1 |\n"));
    const child = p.read(".devrites/work/m2/state.md");
    expect(child.endsWith("| risk | none |\n| next_action | /rite-spec m2 |\n| sequence_parent | m1 |\n| sequence_position | 2 |\n")).toBe(true);
    expect(child).not.toContain("sequence_workspaces_remaining");
    expect(p.read(".devrites/ACTIVE")).toBe("m2\n");
    for (const f of ["questions.md", "decisions.md", "touched-files.md"]) expect(p.exists(`.devrites/work/m2/${f}`)).toBe(true);
    expect(p.read(".devrites/work/m2/events.jsonl")).toContain('"event":"sequence_opened"');
    expect(p.read(".devrites/work/m1/events.jsonl")).toContain('"event":"sequence_opened"');
  });

  it("AFK max_workspaces: the head gets max − 1, each child one less, and 0 refuses the next (exit 7) creating nothing", async () => {
    const p = setup({ ".devrites/AFK": "max_workspaces: 3\n" });
    expect((await cli(p, "init", "m2", "--continues", "m1")).exit).toBe(0);
    expect(p.read(".devrites/work/m1/state.md")).toContain("| sequence_position | 1 |\n| sequence_workspaces_remaining | 2 |\n");
    expect(p.read(".devrites/work/m2/state.md")).toContain("| sequence_position | 2 |\n| sequence_workspaces_remaining | 1 |\n");
    const third = await cli(p, "init", "m3", "--continues", "m2", "--release");
    expect(third.exit).toBe(0);
    expect(p.read(".devrites/work/m3/state.md")).toContain("| sequence_parent | m2 |\n| sequence_position | 3 |\n| sequence_workspaces_remaining | 0 |\n| sequence_role | release |\n");
    const m3 = p.read(".devrites/work/m3/state.md");
    const fourth = await cli(p, "init", "m4", "--continues", "m3");
    expect(fourth.exit).toBe(7);
    expect(fourth.stderr).toContain("sequence budget exhausted");
    expect(p.exists(".devrites/work/m4")).toBe(false);
    expect(p.read(".devrites/work/m3/state.md")).toBe(m3);
    expect(p.read(".devrites/ACTIVE")).toBe("m3\n");
  });

  it("an archived parent is read, never written (no rows, no lock, no events)", async () => {
    const p = makeProject({ ".devrites/ACTIVE": "", ".devrites/archive/m1/state.md": state("m1", "| sequence_position | 1 |\n| sequence_workspaces_remaining | 4 |\n") });
    project = p;
    const r = await cli(p, "init", "m2", "--continues", "m1");
    expect(r.exit).toBe(0);
    expect(r.stdout).toContain("Continues: m1 (archived): position 2, workspaces remaining 3");
    expect(p.listDevrites().filter((f) => f.startsWith(".devrites/archive/"))).toEqual([".devrites/archive/m1/state.md"]);
    expect(p.read(".devrites/work/m2/state.md")).toContain("| sequence_parent | m1 |\n| sequence_position | 2 |\n| sequence_workspaces_remaining | 3 |\n");
  });

  it("a live workspace shadows an archived one of the same name", async () => {
    const p = setup({ ".devrites/archive/m1/state.md": state("m1", "| sequence_position | 7 |\n") });
    expect((await cli(p, "init", "m2", "--continues", "m1")).exit).toBe(0);
    expect(p.read(".devrites/work/m2/state.md")).toContain("| sequence_position | 2 |");
  });
});

describe("re-running for an existing child", () => {
  it("adds only the missing rows, derives the same values and charges nothing twice; an identical re-run changes nothing", async () => {
    const p = setup({ ".devrites/AFK": "max_workspaces: 4\n" });
    expect((await cli(p, "init", "m2", "--no-activate")).exit).toBe(0);
    const refused = await cli(p, "init", "m2");
    expect(refused.exit).toBe(3);
    const first = await cli(p, "init", "m2", "--continues", "m1", "--no-activate");
    expect(first.exit).toBe(0);
    expect(first.stdout).toContain("m2 gained sequence_parent, sequence_position, sequence_workspaces_remaining");
    const child = p.read(".devrites/work/m2/state.md");
    const parent = p.read(".devrites/work/m1/state.md");
    expect(child).toContain("| sequence_workspaces_remaining | 2 |");
    expect(parent).toContain("| sequence_workspaces_remaining | 3 |");
    const again = await cli(p, "init", "m2", "--continues", "m1", "--no-activate");
    expect(again.exit).toBe(0);
    expect(again.stdout).toContain("Workspace: no change.");
    expect(p.read(".devrites/work/m2/state.md")).toBe(child);
    expect(p.read(".devrites/work/m1/state.md")).toBe(parent);
    expect(p.read(".devrites/work/m2/events.jsonl").split("\n").filter((l) => l.includes("sequence_opened")).length).toBe(1);
  });

  it("a re-run after a crash between the parent's and the child's commit derives the same rows", async () => {
    // The parent already has the rows the first attempt committed; the child does not exist yet.
    const p = setup({ ".devrites/AFK": "max_workspaces: 3\n", ".devrites/work/m1/state.md": state("m1", "| sequence_position | 1 |\n| sequence_workspaces_remaining | 2 |\n") });
    const before = p.read(".devrites/work/m1/state.md");
    expect((await cli(p, "init", "m2", "--continues", "m1")).exit).toBe(0);
    expect(p.read(".devrites/work/m1/state.md")).toBe(before);
    expect(p.read(".devrites/work/m2/state.md")).toContain("| sequence_workspaces_remaining | 1 |");
  });

  it("completing an existing child never changes ACTIVE", async () => {
    const p = setup({ ".devrites/work/m2/state.md": state("m2") });
    const r = await cli(p, "init", "m2", "--continues", "m1");
    expect(r.exit).toBe(0);
    expect(r.stdout).toContain("Active:    unchanged (existing workspace)");
    expect(p.read(".devrites/ACTIVE")).toBe("m1\n");
    expect(p.read(".devrites/work/m2/state.md")).toContain("| sequence_parent | m1 |\n| sequence_position | 2 |\n");
  });

  it("a child that continues another parent is refused (exit 3) and left alone", async () => {
    const p = setup({ ".devrites/work/m2/state.md": state("m2", "| sequence_parent | other |\n") });
    const before = p.read(".devrites/work/m2/state.md");
    expect((await cli(p, "init", "m2", "--continues", "m1")).exit).toBe(3);
    expect(p.read(".devrites/work/m2/state.md")).toBe(before);
  });
});

describe("refusals", () => {
  it.each([
    [["init", "m2", "--release"], 5],
    [["init", "m2", "--continues", "m2"], 5],
    [["init", "m2", "--continues", "../m1"], 5],
    [["init", "Bad_Slug", "--continues", "m1"], 5],
    [["init", "m2", "--continues", "ghost"], 3],
  ])("%j is exit %i and creates nothing", async (args, exit) => {
    const p = setup();
    const before = p.read(".devrites/work/m1/state.md");
    const r = await cli(p, ...args);
    expect(r.exit).toBe(exit);
    expect(p.listDevrites()).toEqual([".devrites/ACTIVE", ".devrites/work/m1/state.md"]);
    expect(p.read(".devrites/work/m1/state.md")).toBe(before);
  });

  it("a malformed parent row is exit 5 naming the parent's state.md line", async () => {
    const p = setup({ ".devrites/work/m1/state.md": state("m1", "| sequence_position | first |\n") });
    const r = await cli(p, "init", "m2", "--continues", "m1");
    expect(r.exit).toBe(5);
    expect(r.stderr).toContain("m1/state.md:10: sequence_position");
    expect(p.exists(".devrites/work/m2")).toBe(false);
  });

  it("a live head that needs its row written passes the schema gate first (exit 3, nothing created)", async () => {
    const p = setup({ ".devrites/work/m1/state.md": state("m1").replace("| schema | 4 |", "| schema | 3 |") });
    const before = p.read(".devrites/work/m1/state.md");
    const r = await cli(p, "init", "m2", "--continues", "m1");
    expect(r.exit).toBe(3);
    expect(r.stderr).toContain("workspace schema version refused: workspace m1");
    expect(p.read(".devrites/work/m1/state.md")).toBe(before);
    expect(p.exists(".devrites/work/m2")).toBe(false);
  });

  it("a malformed sentinel is exit 5", async () => {
    const p = setup({ ".devrites/AFK": "max_workspaces: three\n" });
    const r = await cli(p, "init", "m2", "--continues", "m1");
    expect(r.exit).toBe(5);
    expect(r.stderr).toContain("max_workspaces");
    expect(p.exists(".devrites/work/m2")).toBe(false);
  });

  it("a continuation that would close a cycle is refused (exit 3)", async () => {
    const p = setup({ ".devrites/archive/m0/state.md": state("m0", "| sequence_parent | m1 |\n") });
    const r = await cli(p, "init", "m1x", "--continues", "m0");
    expect(r.exit).toBe(0);
    const cycle = await cli(p, "init", "m1", "--continues", "m0");
    expect(cycle.exit).toBe(3);
    expect(cycle.stderr).toContain("cycle");
  });
});

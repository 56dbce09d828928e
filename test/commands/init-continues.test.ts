// `init --continues` in process, where the walk of the parent's ancestors matters: a chain
// coming back to the child is refused, an ancestor the disk refuses fails the command (it
// no longer ends the walk silently), and a chain broken further up is not this command's.

import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";

const state = (rows = "") => `# State\n\n## Cursor\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n| phase | ship |\n| status | done |\n${rows}\n## Log\n- 2026-07-19T18:00:00Z ship: shipped\n`;

let p: Project | undefined;
afterEach(() => {
  p?.cleanup();
  p = undefined;
});

describe("the ancestors of the parent", () => {
  it.each<[string, Record<string, string>, number, string]>([
    ["an archived ancestor naming the child closes a cycle", { ".devrites/archive/a/state.md": state("| sequence_parent | m2 |\n") }, 3, "sequence_parent cycle: m1 already descends from m2"],
    ["a missing ancestor", {}, 0, "Continues: m1"],
    ["an ancestor without state.md", { ".devrites/archive/a/touched-files.md": "x\n" }, 0, "Continues: m1"],
    ["a loop among the ancestors", { ".devrites/archive/a/state.md": state("| sequence_parent | m1 |\n") }, 0, "Continues: m1"],
  ])("%s: exit %i", async (_name, files, exit, text) => {
    p = makeProject({ ".devrites/ACTIVE": "m1\n", ".devrites/work/m1/state.md": state("| sequence_parent | a |\n| sequence_position | 2 |\n"), ...files });
    const r = await runMain(["init", "m2", "--continues", "m1"], { cwd: p.dir });
    expect(r.exit).toBe(exit);
    expect(exit === 0 ? r.stdout : r.stderr).toContain(text);
    expect(p.exists(".devrites/work/m2")).toBe(exit === 0);
  });

  it("a symlinked ancestor is refused (exit 3) naming it, and nothing is created", async () => {
    p = makeProject({ ".devrites/ACTIVE": "m1\n", ".devrites/work/m1/state.md": state("| sequence_parent | a |\n"), "elsewhere/state.md": state() });
    fs.mkdirSync(p.path(".devrites/archive"), { recursive: true });
    fs.symlinkSync(p.path("elsewhere"), p.path(".devrites/archive/a"));
    const before = p.read(".devrites/work/m1/state.md");
    const r = await runMain(["init", "m2", "--continues", "m1"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    expect(r.stderr).toContain("unsafe workspace: archive/a is a symbolic link");
    expect(p.exists(".devrites/work/m2")).toBe(false);
    expect(p.read(".devrites/work/m1/state.md")).toBe(before);
  });
});

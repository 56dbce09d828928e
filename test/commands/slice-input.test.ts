// The slices' path sets that `check path-disjoint` and `parallel select` both read (one reader,
// src/commands/slice-input.ts): from a file or standard input, bad input refused as exit 3 with
// each command's own prefix, and with --root a path that is a symbolic link in the project refused.

import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";

let project: Project | undefined;
afterEach(() => project?.cleanup());

const TWO = JSON.stringify([{ id: "SLICE-001", paths: ["src/a.ts"] }, { id: "SLICE-002", paths: ["src/b.ts"] }]);
const COMMANDS = [
  { args: ["check", "path-disjoint"], prefix: "path-disjoint: ", ok: "path-disjoint: ok (2 slices)" },
  { args: ["parallel", "select", "--cap", "2"], prefix: "parallel select: ", ok: "select: n_eff=2 mode=parallel slices=SLICE-001,SLICE-002" },
];

describe.each(COMMANDS)("$args.0 $args.1 reads the slices", ({ args, prefix, ok }) => {
  it("from a file and from standard input alike", async () => {
    project = makeProject({ "ready.json": TWO });
    const fromFile = await runMain([...args, "ready.json"], { cwd: project.dir });
    const fromStdin = await runMain([...args, "-"], { cwd: project.dir, input: TWO });
    expect([fromFile.exit, fromFile.stdout.trim()]).toEqual([0, ok]);
    expect([fromStdin.exit, fromStdin.stdout.trim()]).toEqual([0, ok]);
  });

  it.each([
    ["not JSON", "{"],
    ["a missing file", undefined],
  ])("refuses %s with exit 3 and its own prefix, writing nothing", async (_, text) => {
    project = makeProject(text === undefined ? {} : { "ready.json": text });
    const r = await runMain([...args, "ready.json"], { cwd: project.dir });
    expect(r.exit).toBe(3);
    expect(r.stderr.startsWith(prefix), r.stderr).toBe(true);
    expect(fs.readdirSync(project.dir).sort()).toEqual(text === undefined ? [] : ["ready.json"]);
  });

  it("with --root, refuses a path that is a symbolic link in the project", async () => {
    project = makeProject({ "ready.json": TWO, "elsewhere/b.ts": "x\n" });
    fs.mkdirSync(project.path("src"));
    fs.symlinkSync(project.path("elsewhere/b.ts"), project.path("src/b.ts"));
    const without = await runMain([...args, "ready.json"], { cwd: project.dir });
    const withRoot = await runMain(["--root", project.dir, ...args, "ready.json"], { cwd: project.dir });
    expect(without.exit).toBe(0);
    expect(withRoot.exit).toBe(3);
    expect(withRoot.stderr).toContain("src/b.ts");
  });
});

// `check path-disjoint`'s rule, ported from the Go engine's
// engine/internal/parallel/pathdisjoint_test.go (each case names its Go test), and the command
// on the built CLI's in-process twin: the Go engine's `path-disjoint: ok (<n> slices)` line and
// exit 3 `path-disjoint: <why>`.

import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { checkPathDisjoint, normalizeSlicePath, parseSlices } from "../../src/domain/path-disjoint.js";
import { isProjectSymlink } from "../../src/workspace/project-files.js";
import { runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";

let p: Project | undefined;
afterEach(() => p?.cleanup());

describe("path-disjoint (Go: pathdisjoint_test.go)", () => {
  it.each(["", " ", "/", "/abs", "C:\\windows", "..", "a/../b", "../x", "0 /.", "src /a.go", "./ \n/x"])("refuses the dirty path %j (TestNormalizePathRejectsDirty)", (raw) => {
    expect(normalizeSlicePath(raw)).toHaveProperty("problem");
  });

  it("normalizes a relative path with backslashes (TestNormalizePathAcceptsRelative)", () => {
    expect(normalizeSlicePath("src\\foo.go")).toEqual({ path: "src/foo.go" });
  });

  it("an overlap is refused (TestCheckPathDisjointOverlap); disjoint sets pass (TestCheckPathDisjointOK)", () => {
    expect(checkPathDisjoint([{ id: "a", paths: ["src/a.go"] }, { id: "b", paths: ["./src/a.go"] }])).toEqual({ problem: 'path sets overlap: "src/a.go" shared by slice "a", slice "b"' });
    expect(checkPathDisjoint([{ id: "a", paths: ["src/a.go"] }, { id: "b", paths: ["src/b.go"] }])).toEqual({ ids: ["a", "b"] });
  });

  it("refuses .devrites paths (TestCheckPathDisjointRejectsDevritesPaths), duplicates and fewer than two slices", () => {
    expect(checkPathDisjoint([{ id: "a", paths: [".devrites/work/state.md"] }, { id: "b", paths: ["src/b.go"] }])).toEqual({ problem: 'slice "a": path must not include .devrites: ".devrites/work/state.md"' });
    expect(checkPathDisjoint([{ id: "a", paths: ["x", "./x"] }, { id: "b", paths: [] }])).toEqual({ problem: 'slice "a": duplicate path "x"' });
    expect(checkPathDisjoint([{ id: "a", paths: ["x"] }])).toEqual({ problem: "need at least two slices to check path-disjoint eligibility" });
  });

  it("refuses a symlink and a path through a symlinked directory under the root (TestCheckPathDisjointSymlinkRoot, TestCheckPathDisjointSymlinkedDir)", () => {
    p = makeProject({ "real.go": "x", "outside/keep": "" });
    fs.symlinkSync(p.path("real.go"), p.path("link.go"));
    fs.symlinkSync(p.path("outside"), p.path("linkdir"));
    const at = (rel: string) => isProjectSymlink(p!.dir, rel);
    expect(checkPathDisjoint([{ id: "a", paths: ["link.go"] }, { id: "b", paths: ["other.go"] }], at)).toEqual({ problem: 'slice "a": symlink path is not allowed: "link.go"' });
    expect(checkPathDisjoint([{ id: "a", paths: ["linkdir/x.go"] }, { id: "b", paths: ["other.go"] }], at)).toEqual({ problem: 'slice "a": symlink path is not allowed: "linkdir/x.go"' });
  });

  it("reads both JSON shapes (TestParseSlicesJSONShapes) and refuses any other", () => {
    expect(parseSlices('{"slices":[{"id":"a","paths":["x.go"]},{"id":"b","paths":["y.go"]}]}')).toMatchObject({ slices: [{ id: "a" }, { id: "b" }] });
    expect(parseSlices('[{"id":"a","paths":["x.go"]},{"id":"b","paths":["y.go"]}]')).toMatchObject({ slices: [{ id: "a" }, { id: "b" }] });
    expect(parseSlices('{"slice": []}')).toEqual({ problem: 'input must be {"slices": [...]} or a top-level slices array' });
  });
});

describe("check path-disjoint on the command line", () => {
  it("prints `path-disjoint: ok (<n> slices)` for a file, exit 3 `path-disjoint: …` for an overlap", async () => {
    p = makeProject({ "ok.json": '{"slices":[{"id":"a","paths":["src/a.ts"]},{"id":"b","paths":["src/b.ts"]}]}', "overlap.json": '[{"id":"a","paths":["x"]},{"id":"b","paths":["x"]}]' });
    expect(await runMain(["check", "path-disjoint", "ok.json"], { cwd: p.dir })).toEqual({ exit: 0, stdout: "path-disjoint: ok (2 slices)\n", stderr: "" });
    const r = await runMain(["check", "path-disjoint", "overlap.json"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^path-disjoint: path sets overlap: "x" shared by slice "a", slice "b"\n/);
  });
});

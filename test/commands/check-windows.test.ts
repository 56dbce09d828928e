// `check windows`: the Go engine's tests (engine/internal/lib/windows_test.go), each ported by
// name — the marker table, the diff parser, and the command on real git repositories run in
// process: only added lines count, each windows.md row waives one hit, untracked files count
// whole, .devrites/ never counts, staged and base modes, an unborn HEAD, a reasonless row.

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { addedLinesFromDiff, windowsMarkers } from "../../src/domain/windows.js";
import { runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";

let project: Project | undefined;
afterEach(() => project?.cleanup());

const git = (p: Project, ...args: string[]) => execFileSync("git", args, { cwd: p.dir, stdio: ["ignore", "pipe", "pipe"] }).toString();
const append = (p: Project, rel: string, text: string) => fs.appendFileSync(p.path(rel), text);

/** A git repository with workspace `feat` (no state.md, as the Go test's) and optionally a baseline commit of `a.go`. */
function repo(baseline?: string): Project {
  const p = makeProject({ ".devrites/work/feat/questions.md": "# Questions\n" });
  git(p, "init", "-q");
  git(p, "config", "user.email", "tests@example.invalid");
  git(p, "config", "user.name", "DevRites Tests");
  if (baseline !== undefined) {
    p.write("a.go", baseline);
    git(p, "add", "--", "a.go");
    git(p, "commit", "-qm", "baseline");
  }
  project = p;
  return p;
}

const windows = (p: Project, ...args: string[]) => runMain(["check", "windows", "feat", ...args], { cwd: p.dir });

describe("check windows (Go: windows_test.go)", () => {
  it.each<[string, string[]]>([
    ["// TODO: backfill index", ["TODO"]],
    ["x := 1 //FIXME", ["FIXME"]],
    ["ATODOX is not a marker", []],
    ['t.Skip("flaky")', ["t.Skip("]],
    ['describe.skip("x", fn)', ["describe.skip("]],
    ["raise NotImplementedError", ["NotImplementedError"]],
    ['panic("TODO wire cache")', ['panic("TODO']],
    ["plain line", []],
  ])("TestWindowsMarkersTokensAndIdioms: %j → %j", (line, want) => {
    expect(windowsMarkers(line)).toEqual(want);
  });

  it("TestAddedLinesFromDiffTracksPathsWithoutHits: a hit at its new-side line; every touched path recorded", () => {
    const diff = 'diff --git a/a.go b/a.go\nindex 1..2 100644\n--- a/a.go\n+++ b/a.go\n@@ -1 +1,2 @@\n+fmt.Println("hi")\ndiff --git a/b.go b/b.go\nindex 3..4 100644\n--- a/b.go\n+++ b/b.go\n@@ -5 +6 @@\n+\t// TODO later\n';
    const { hits, paths } = addedLinesFromDiff(diff);
    expect(hits.map((h) => [h.path, h.line, h.marker])).toEqual([["b.go", 6, "TODO"]]);
    expect([...paths].sort()).toEqual(["a.go", "b.go"]);
  });

  it("TestAddedLinesFromDiffSkipsDeletedAndBinary: a deleted file and a binary hunk add nothing", () => {
    const diff = "diff --git a/gone.go b/gone.go\nindex 1..2 100644\n--- a/gone.go\n+++ /dev/null\n@@ -1 +0,0 @@\n-// TODO removed\ndiff --git a/bin b/bin\nindex 1..2 100644\nBinary files a/bin and b/bin differ\n";
    const { hits, paths } = addedLinesFromDiff(diff);
    expect(hits).toEqual([]);
    expect(paths.has("gone.go")).toBe(false);
  });

  it("TestCheckWindowsBlocksUnwaivedWorktreeMarker: exit 3 naming path:line and marker", async () => {
    const p = repo("package a\n\nfunc A() {}\n");
    append(p, "a.go", "\n// TODO: wire retry\n");
    const r = await windows(p);
    expect(r.exit).toBe(3);
    expect(r.stdout).toContain("windows: unwaived: a.go:5 TODO — // TODO: wire retry\n");
    expect(r.stdout).toContain("windows: BLOCKED: 1 unwaived deferral marker(s) introduced — remove them or record waivers in windows.md\n");
  });

  it("TestCheckWindowsWaivedRowPasses: a row with a reason waives its hit, exit 0", async () => {
    const p = repo("package a\n");
    append(p, "a.go", "// HACK: hotfix until v2\n");
    p.write(".devrites/work/feat/windows.md", "# Deferred\n\n- a.go | HACK | follow-up tracked in next slice\n");
    const r = await windows(p);
    expect(r.exit).toBe(0);
    expect(r.stdout).toBe("windows: waived: a.go:2 HACK\nwindows: ok (1 marker(s), all waived in windows.md)\n");
  });

  it("TestCheckWindowsIgnoresPreexistingMarkers: a marker already committed is not the change's", async () => {
    const p = repo("package a\n\n// TODO: pre-existing debt\n");
    append(p, "a.go", "\nfunc Clean() {}\n");
    const r = await windows(p);
    expect(r.exit).toBe(0);
    expect(r.stdout).toBe("windows: ok (no deferral markers introduced)\n");
  });

  it("TestCheckWindowsScansUntrackedAndSkipsDevrites: an untracked file counts whole; .devrites/ never", async () => {
    const p = repo("package a\n");
    p.write("b.go", "package b\n\n// FIXME: fresh file\n");
    p.write(".devrites/scratch.md", "TODO: not product code\n");
    const r = await windows(p);
    expect(r.exit).toBe(3);
    expect(r.stdout).toContain("unwaived: b.go:3 FIXME");
    expect(r.stdout).not.toContain("scratch.md");
  });

  it("TestCheckWindowsStagedMode: --staged reads the index", async () => {
    const p = repo("package a\n");
    append(p, "a.go", "// XXX: staged stub\n");
    git(p, "add", "--", "a.go");
    p.write("c.go", "// TODO: untracked, not staged\n");
    const r = await windows(p, "--staged");
    expect(r.exit).toBe(3);
    expect(r.stdout).toContain("unwaived: a.go:2 XXX");
    expect(r.stdout).not.toContain("c.go");
  });

  it("TestCheckWindowsUnbornHEADScansAll: before a first commit every file is new", async () => {
    const p = repo();
    p.write("a.go", "package a\n\n// TODO: first commit pending\n");
    const r = await windows(p);
    expect(r.exit).toBe(3);
    expect(r.stdout).toContain("unwaived: a.go:3 TODO");
  });

  it("TestCheckWindowsMalformedWaiverWarnsAndBlocks: a row without a reason warns and waives nothing", async () => {
    const p = repo("package a\n");
    append(p, "a.go", "// TODO: needs waiver\n");
    p.write(".devrites/work/feat/windows.md", "- a.go | TODO |\n");
    const r = await windows(p);
    expect(r.exit).toBe(3);
    expect(r.stdout).toContain("windows: windows.md: waiver for a.go TODO has no reason — does not waive\n");
  });

  it("TestCheckWindowsBaseModeScopesToFeatureDiff: --base diffs the work tree against the ref", async () => {
    const p = repo("package a\n");
    p.write("feat.go", "package feat\n\n// TODO: slice 2\n");
    git(p, "add", "--", "feat.go");
    git(p, "commit", "-qm", "feature commit");
    append(p, "a.go", "// FIXME: uncommitted follow-up\n");
    const r = await windows(p, "--base", "HEAD~1");
    expect(r.exit).toBe(3);
    expect(r.stdout).toContain("unwaived: feat.go:3 TODO");
    expect(r.stdout).toContain("unwaived: a.go:2 FIXME");
  });

  // Go: exit 2 for both; here the missing slug falls back to ACTIVE (none: exit 2) and an
  // option without its value is bad input (exit 5), as for every command of this engine.
  it("TestCheckWindowsUsageErrors: no workspace is exit 2; --base without a ref, or a ref that is an option, exit 5", async () => {
    const p = repo("package a\n");
    expect((await runMain(["check", "windows"], { cwd: p.dir })).exit).toBe(2);
    expect((await windows(p, "--base")).exit).toBe(5);
    expect((await windows(p, "--base", "--output=/tmp/x")).exit).toBe(5);
    expect((await windows(p, "--staged", "--base", "main")).exit).toBe(5);
  });

  it("one row waives one hit: two TODOs in a file need two rows", async () => {
    const p = repo("package a\n");
    append(p, "a.go", "// TODO one\n// TODO two\n");
    p.write(".devrites/work/feat/windows.md", "- a.go | TODO | one of them\n");
    const r = await windows(p, "--json");
    expect(r.exit).toBe(3);
    expect(JSON.parse(r.stdout)).toMatchObject({ result: "blocked", waived: [{ path: "a.go", line: 2 }], unwaived: [{ path: "a.go", line: 3 }] });
  });

  it("git that cannot answer (a ref that does not exist) is exit 3 `windows: cannot inspect`, never a pass", async () => {
    const p = repo("package a\n");
    const r = await windows(p, "--base", "no-such-ref");
    expect(r.exit).toBe(3);
    expect(r.stderr).toContain("windows: cannot inspect the diff");
  });

  it("an untracked symlink out of the project is exit 3 naming it, never followed", async () => {
    const p = repo("package a\n");
    const outside = `${p.dir}-outside.go`;
    fs.writeFileSync(outside, "// TODO outside\n");
    try {
      fs.symlinkSync(outside, p.path("link.go"));
      const r = await windows(p);
      expect(r.exit).toBe(3);
      expect(r.stderr).toMatch(/"link\.go": path contains a symlink/);
      expect(r.stdout).not.toContain("outside");
    } finally {
      fs.rmSync(outside, { force: true });
    }
  });

  it("a path with a space, a quote or non-ASCII is reported as git names it", async () => {
    const p = repo("package a\n");
    p.write("dir/é \"x\".go", "// TODO odd name\n");
    git(p, "add", "--", "dir");
    const r = await windows(p, "--staged");
    expect(r.stdout).toContain(`unwaived: ${path.join("dir", 'é "x".go')}:1 TODO`);
  });
});

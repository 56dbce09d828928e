// `check dup` on real git repositories, in process: the Go engine's tests
// (engine/internal/lib/dup_test.go) ported by name — the modes, the `*` marks, the ignore file,
// incomplete scans, the staged index, diff helpers that must not run — with this engine's exit
// codes (bad arguments 5, an incomplete scan or git that cannot answer 3; Go: 2 for both), and
// the trust boundary: project files only, no link followed, nothing outside the project scanned.

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";
import { BLOCK_A, BLOCK_B, BLOCK_C, BLOCK_D } from "../helpers/dup-blocks.js";

const projects: Project[] = [];
afterEach(() => {
  for (const p of projects.splice(0)) p.cleanup();
});

const git = (dir: string, ...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: ["ignore", "pipe", "pipe"] }).toString();

/** A git repository with a `.devrites/` (Go: initDupRepo) and `files` committed as a baseline. */
function repo(files: Record<string, string> = {}): Project {
  const p = makeProject({ ".devrites/work/feat/questions.md": "# Questions\n" });
  projects.push(p);
  git(p.dir, "init", "-q");
  git(p.dir, "config", "user.email", "tests@example.invalid");
  git(p.dir, "config", "user.name", "DevRites Tests");
  for (const [rel, text] of Object.entries(files)) p.write(rel, text);
  if (Object.keys(files).length > 0) {
    git(p.dir, "add", "--", ...Object.keys(files));
    git(p.dir, "commit", "-qm", "base");
  }
  return p;
}

const dup = (p: Project, ...args: string[]) => runMain(["check", "dup", ...args], { cwd: p.dir });
const A = { "a/one.go": `package a\n\n${BLOCK_A}` };
const B = { "b/two.go": `package b\n\n${BLOCK_B}` };

describe("check dup (Go: dup_test.go)", () => {
  it("TestRunCheckDupWorktreeMarksChanged: an untracked copy of committed code is a cluster, the new file marked `*`", async () => {
    const p = repo(A);
    p.write("b/two.go", B["b/two.go"]);
    const r = await dup(p, "--min-lines", "5");
    expect(r.exit).toBe(0);
    expect(r.stdout).toMatch(/^dup: scanned 2 files \(0 skipped\), 2 units; ignore-file \.devrites\/dup-ignore\ndup: 1 cluster\(s\)\ncluster 1 \([0-9a-f]{12}\) score 1\.07:\n {2}\* b\/two\.go:1-19\n {4}a\/one\.go:1-19\n$/);
    expect(r.stderr).toBe("");
  });

  it("TestRunCheckDupAllFindsPreexistingDup: --all reports a committed pair; a clean work tree says the diff is clean, not that there are none", async () => {
    const p = repo({ ...A, ...B });
    const all = await dup(p, "--all", "--min-lines", "5");
    expect(all.exit).toBe(0);
    expect(all.stdout).toContain("cluster 1 (");
    expect(all.stdout).toContain("    a/one.go:1-19\n    b/two.go:1-19\n");
    const clean = await dup(p);
    expect(clean.exit).toBe(0);
    expect(clean.stdout).toBe("dup: scanned 2 files (0 skipped), 2 units; ignore-file .devrites/dup-ignore\ndup: ok (no clusters touch the diff)\n");
  });

  it("TestRunCheckDupIgnoreFileSuppressesCluster: a hash in .devrites/dup-ignore dismisses its cluster", async () => {
    const p = repo(A);
    p.write("b/two.go", B["b/two.go"]);
    const first = await dup(p, "--all", "--min-lines", "5");
    const hash = /cluster 1 \(([0-9a-f]{12})\)/.exec(first.stdout)![1]!;
    p.write(".devrites/dup-ignore", `${hash} # coincidence\n`);
    const r = await dup(p, "--all", "--min-lines", "5");
    expect(r.exit).toBe(0);
    expect(r.stdout).toBe(`dup: scanned 2 files (0 skipped), 2 units; ignore-file .devrites/dup-ignore\ndup: ok (all 1 cluster(s) ignored via .devrites/dup-ignore)\n`);
    p.write("dismissed.txt", `${hash}\n`);
    expect((await dup(p, "--all", "--min-lines", "5", "--ignore-file", "dismissed.txt")).stdout).toContain("ignored via dismissed.txt");
  });

  // Go's table also holds `--limit 1 --limit 2` (a repeated option, exit 2); here the last one
  // counts, as for every option of this engine (docs/migrating-from-go.md).
  it.each<[string[]]>([
    [["--threshold", "NaN"]],
    [["--threshold", "0"]],
    [["--threshold", "1.5"]],
    [["--base", "--output=escaped"]],
    [["--base=--output=escaped"]],
    [["--all", "--staged"]],
    [["--worktree", "--base", "main"]],
    [["--phase"]],
    [["--cwd", "--all"]],
    [["--ignore-file"]],
    [["--exclude", ""]],
    [["--min-lines", "2"]],
    [["--min-lines", "5.5"]],
    [["--limit", "0"]],
    [["a", "b"]],
  ])("TestDupRejectsInvalidArgs: %j is exit 5 before git runs, nothing on stdout", async (args) => {
    const p = makeProject({ ".devrites/work/feat/questions.md": "# Q\n" });
    projects.push(p);
    const r = await dup(p, ...args);
    expect(r.exit).toBe(5);
    expect(r.stdout).toBe("");
    expect(r.stderr).not.toContain("git ");
  });

  it("TestDupStagedSnapshot: --staged compares the index's blobs, whatever the work tree holds; untracked files are not read", async () => {
    const p = repo({ "a.go": BLOCK_A });
    p.write("b.go", BLOCK_B);
    git(p.dir, "add", "b.go");
    p.write("a.go", "package different");
    fs.rmSync(p.path("b.go"));
    p.write("untracked.go", BLOCK_A);
    const r = await dup(p, "--staged", "--min-lines", "5");
    expect(r.exit).toBe(0);
    expect(r.stdout).toContain("  * b.go:");
    expect(r.stdout).toContain("    a.go:");
    expect(r.stdout).not.toContain("untracked.go");
  });

  it.each(["missing", "oversized", "generated", "empty", "partial", "symlink"])("TestDupUnavailableAndExcluded: %s", async (kind) => {
    const p = repo();
    if (kind !== "empty") {
      p.write("a.go", BLOCK_A);
      git(p.dir, "add", ".");
    }
    if (kind === "missing" || kind === "partial") fs.rmSync(p.path("a.go"));
    if (kind === "oversized") p.write("a.go", "x".repeat(1024 * 1024 + 1));
    if (kind === "generated") p.write("a.go", "// Code generated; DO NOT EDIT.");
    if (kind === "partial") p.write("b.go", BLOCK_B);
    if (kind === "symlink") fs.symlinkSync(path.join(`${p.dir}`, "a.go"), p.path("link.go"));
    const r = await dup(p, "--all");
    if (kind === "generated" || kind === "empty") {
      expect(r.exit).toBe(0);
      expect(r.stdout).toBe(kind === "empty" ? "dup: no eligible source files\n" : "dup: no source scanned (1 generated files excluded)\n");
      return;
    }
    expect(r.exit).toBe(3);
    expect(r.stdout).not.toContain("dup: ok");
    expect(r.stderr).toMatch(/^dup: incomplete scan: 1 eligible file\(s\) unavailable or over resource limits; \d scanned\nhint: /);
  });

  it("TestDupBaseFlagCannotWriteFile: a --base that is an option never reaches git", async () => {
    const p = repo({ "a.go": BLOCK_A });
    p.write("a.go", BLOCK_B);
    const target = p.path("escaped");
    expect((await dup(p, `--base=--output=${target}`)).exit).toBe(5);
    expect(fs.existsSync(target)).toBe(false);
  });

  it.each(["symlink", "unmerged", "oversized"])("TestDupStagedRejectsUnsafeIndexEntries: a staged %s is an incomplete scan, exit 3", async (kind) => {
    const p = repo({ "a.go": BLOCK_A });
    if (kind === "symlink") {
      fs.symlinkSync("a.go", p.path("b.go"));
      git(p.dir, "add", "b.go");
    } else if (kind === "oversized") {
      p.write("b.go", "x".repeat(1024 * 1024 + 1));
      git(p.dir, "add", "b.go");
    } else {
      const oid = git(p.dir, "rev-parse", "HEAD:a.go").trim();
      execFileSync("git", ["update-index", "--index-info"], { cwd: p.dir, input: `0 ${"0".repeat(40)}\ta.go\n100644 ${oid} 1\ta.go\n` });
    }
    const r = await dup(p, "--staged");
    expect(r.exit).toBe(3);
    expect(r.stdout).not.toContain("dup: ok");
    expect(r.stderr).toContain("incomplete scan");
  });

  it("TestDupStagedDeletionAndUntrackedAreNotComparators: a staged deletion and an untracked copy are not scanned", async () => {
    const p = repo({ "a.go": BLOCK_A });
    git(p.dir, "rm", "-q", "a.go");
    p.write("b.go", BLOCK_B);
    git(p.dir, "add", "b.go");
    p.write("untracked.go", BLOCK_A);
    const r = await dup(p, "--staged", "--min-lines", "5");
    expect(r.exit).toBe(0);
    expect(r.stdout).toContain("scanned 1 files");
    expect(r.stdout).not.toContain("cluster 1 (");
  });

  it("TestDupDoesNotExecuteDiffHelpers: a configured external diff or textconv never runs, in any diff mode", async () => {
    const p = repo({ "a.go": BLOCK_A, ".gitattributes": "*.go diff=hostile\n" });
    p.write("a.go", BLOCK_B);
    git(p.dir, "add", ".");
    const marker = p.path("ran");
    git(p.dir, "config", "diff.external", `touch ${marker}`);
    git(p.dir, "config", "diff.hostile.textconv", `touch ${marker};cat`);
    for (const mode of [["--staged"], ["--worktree"], ["--base", "HEAD"]]) {
      const r = await dup(p, ...mode);
      expect(r.exit, mode.join(" ")).toBe(0);
    }
    expect(fs.existsSync(marker)).toBe(false);
  });

  it("TestDupStagedQuotedPathAndDiffConfig: a path with a space is marked under noprefix and color config", async () => {
    const p = repo({ "a.go": BLOCK_A });
    p.write("space name.go", BLOCK_B);
    git(p.dir, "add", ".");
    git(p.dir, "config", "diff.noprefix", "true");
    git(p.dir, "config", "color.ui", "always");
    const r = await dup(p, "--staged", "--min-lines", "5");
    expect(r.exit).toBe(0);
    expect(r.stdout).toContain("  * space name.go:");
  });

  it("TestRunCheckDupMetricIgnoresLimitAndCountsOnlyShown (its output half): two clusters, --limit 1 prints one and says so", async () => {
    const p = repo({ ...A, ...B, "c/three.go": `package c\n\n${BLOCK_C}`, "d/four.go": `package d\n\n${BLOCK_D}` });
    const all = await dup(p, "feat", "--all", "--min-lines", "5", "--json");
    expect(JSON.parse(all.stdout)).toMatchObject({ ok: true, workspace: "feat", mode: "all", result: "clusters", scanned: 4, units: 4, truncated: false });
    expect(JSON.parse(all.stdout).clusters).toHaveLength(2);
    const one = await dup(p, "feat", "--all", "--min-lines", "5", "--limit", "1");
    expect(one.stdout.split("\n").slice(1, 3)).toEqual(["dup: 2 cluster(s)", "dup: truncated to 1 clusters (--limit)"]);
    expect(one.stdout.match(/^cluster /gm)).toHaveLength(1);
    expect(p.listDevrites()).toEqual([".devrites/work/feat/questions.md"]);
  });
});

describe("check dup: this engine's trust boundary and modes", () => {
  it("before a first commit every file of the work tree is changed", async () => {
    const p = repo();
    p.write("a/one.go", A["a/one.go"]);
    p.write("b/two.go", B["b/two.go"]);
    const r = await dup(p, "--min-lines", "5");
    expect(r.stdout).toContain("  * a/one.go:1-19\n  * b/two.go:1-19\n");
  });

  it("--base marks the units the diff from the ref touched", async () => {
    const p = repo(A);
    p.write("b/two.go", B["b/two.go"]);
    git(p.dir, "add", ".");
    git(p.dir, "commit", "-qm", "feature");
    const r = await dup(p, "--base", "HEAD~1", "--min-lines", "5");
    expect(r.stdout).toContain("  * b/two.go:1-19\n    a/one.go:1-19\n");
    const unknown = await dup(p, "--base", "no-such-ref");
    expect(unknown.exit).toBe(3);
    expect(unknown.stderr).toContain("dup: cannot inspect the diff from no-such-ref");
  });

  it("outside a git work tree it is exit 3 `dup: cannot inspect`, never an ok", async () => {
    const p = makeProject({ ".devrites/work/feat/questions.md": "# Q\n", "a.go": BLOCK_A });
    projects.push(p);
    const r = await dup(p, "--all");
    expect(r.exit).toBe(3);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^dup: cannot inspect the repository \(git rev-parse: /);
  });

  it("a project inside a larger repository scans only its own files, named as the repository names them", async () => {
    const p = repo({ "outside/a.go": BLOCK_A });
    const sub = path.join(p.dir, "svc");
    fs.mkdirSync(path.join(sub, ".devrites"), { recursive: true });
    fs.writeFileSync(path.join(sub, "b.go"), BLOCK_B);
    fs.writeFileSync(path.join(sub, "c.go"), BLOCK_A);
    const r = await runMain(["check", "dup", "--all", "--min-lines", "5"], { cwd: sub });
    expect(r.exit).toBe(0);
    expect(r.stdout).toContain("dup: scanned 2 files");
    expect(r.stdout).toContain("    svc/b.go:1-17\n    svc/c.go:1-17\n");
    expect(r.stdout).not.toContain("outside/");
  });

  it("an ignore file that is a link, or outside the project, is exit 3 naming it; --cwd outside the project too", async () => {
    const p = repo(A);
    const outside = `${p.dir}-ignore`;
    fs.writeFileSync(outside, "abc\n");
    try {
      fs.symlinkSync(outside, p.path(".devrites/dup-ignore"));
      const linked = await dup(p, "--all");
      expect(linked.exit).toBe(3);
      expect(linked.stderr).toContain('dup: ignore-file ".devrites/dup-ignore": path contains a symlink');
      expect((await dup(p, "--all", "--ignore-file", outside)).stderr).toContain("path is absolute");
      expect((await dup(p, "--all", "--ignore-file", "../x")).exit).toBe(3);
      const cwd = await dup(p, "--all", "--ignore-file", "none", "--cwd", "..");
      expect(cwd.exit).toBe(3);
      expect(cwd.stderr).toContain("directory is outside the project root");
    } finally {
      fs.rmSync(outside, { force: true });
    }
  });

  it("--exclude leaves a directory out at any depth; vendored trees and .devrites/ are never scanned", async () => {
    const p = repo({ ...A, ...B, "vendor/x/c.go": BLOCK_A, ".devrites/d.go": BLOCK_A });
    const r = await dup(p, "--all", "--min-lines", "5", "--exclude", "b");
    expect(r.stdout).toBe("dup: scanned 1 files (0 skipped), 0 units; ignore-file .devrites/dup-ignore\ndup: ok (no similar regions)\n");
  });
});

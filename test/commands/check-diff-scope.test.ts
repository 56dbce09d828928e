// `check diff-scope`, ported from the Go engine's TestDiffScopeAllowlist (engine/internal/lib,
// the lib tests beside diffscope.go) and diffScopeUsage's modes: git's changed paths — status
// by default, the index with --staged, the diff from a ref with --base — must lie inside the
// allowlist (an entry covers itself and everything beneath it). Git runs for real here.

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";

let project: Project | undefined;
afterEach(() => project?.cleanup());

const git = (p: Project, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false", ...args], { cwd: p.dir, stdio: ["ignore", "pipe", "pipe"] }).toString();

/** A git project whose .devrites/ is ignored, with one commit. */
function repo(): Project {
  const p = makeProject({ ".devrites/ACTIVE": "feat\n", ".devrites/work/feat/state.md": "# State\n", ".gitignore": ".devrites/\n", "README.md": "hello\n" });
  project = p;
  git(p, "init", "-q", "-b", "main");
  git(p, "add", ".");
  git(p, "commit", "-q", "-m", "init");
  return p;
}
const scope = (p: Project, ...args: string[]) => runMain(["check", "diff-scope", "feat", ...args], { cwd: p.dir });

describe("check diff-scope", () => {
  it("a path outside the allowlist blocks; a directory entry covers both (TestDiffScopeAllowlist)", async () => {
    const p = repo();
    p.write("src/ok.go", "package ok\n");
    p.write("src/evil.go", "package evil\n");
    const blocked = await scope(p, "--allow", "src/ok.go");
    expect(blocked).toEqual({ exit: 3, stdout: "diff-scope: BLOCKED: src/evil.go outside allowlist\n", stderr: "" });
    const ok = await scope(p, "--allow", "src");
    expect(ok).toEqual({ exit: 0, stdout: "diff-scope: ok (2 changed path(s) within allowlist)\n", stderr: "" });
  });

  it("an entry is a path prefix by whole components only (src does not cover src2/)", async () => {
    const p = repo();
    p.write("src2/x.ts", "x\n");
    expect((await scope(p, "--allow", "src")).stdout).toBe("diff-scope: BLOCKED: src2/x.ts outside allowlist\n");
    expect((await scope(p, "--allow", "src2/")).exit).toBe(0);
  });

  it("an empty diff blocks unless --allow-empty", async () => {
    const p = repo();
    expect(await scope(p, "--allow", "src")).toEqual({ exit: 3, stdout: "diff-scope: BLOCKED: empty diff; nothing was written (pass --allow-empty to accept)\n", stderr: "" });
    expect(await scope(p, "--allow", "src", "--allow-empty")).toEqual({ exit: 0, stdout: "diff-scope: empty (0 changed paths; --allow-empty)\n", stderr: "" });
  });

  it("--staged reads the index only; --base reads the tracked diff from a ref", async () => {
    const p = repo();
    p.write("src/staged.ts", "s\n");
    p.write("docs/unstaged.md", "u\n");
    git(p, "add", "src/staged.ts");
    expect((await scope(p, "--allow", "src", "--staged")).stdout).toBe("diff-scope: ok (1 changed path(s) within allowlist)\n");
    git(p, "commit", "-q", "-m", "two");
    fs.appendFileSync(p.path("README.md"), "more\n");
    const base = await scope(p, "--allow", "src", "--base", "HEAD~1");
    expect(base.exit).toBe(3);
    expect(base.stdout).toBe("diff-scope: BLOCKED: README.md outside allowlist\n");
  });

  it("a rename counts as its new name; a name with a newline or quotes is taken whole", async () => {
    const p = repo();
    git(p, "mv", "README.md", "docs-readme.md");
    p.write('src/we"ird\nname.ts', "w\n");
    const r = await scope(p, "--allow", "docs-readme.md,src", "--json");
    expect(JSON.parse(r.stdout).changed).toEqual(["docs-readme.md", 'src/we"ird\nname.ts']);
    expect(r.exit).toBe(0);
  });

  it("--allow-file entries (one a line, # comments) join --allow's", async () => {
    const p = repo();
    p.write("allow.txt", "# the writer's files\nsrc/a.ts\n\n");
    p.write("src/a.ts", "a\n");
    p.write("test/a.test.ts", "t\n");
    expect((await scope(p, "--allow-file", "allow.txt")).stdout).toBe("diff-scope: BLOCKED: allow.txt outside allowlist\ndiff-scope: BLOCKED: test/a.test.ts outside allowlist\n");
    expect((await scope(p, "--allow-file", "allow.txt", "--allow", "test,allow.txt")).exit).toBe(0);
  });

  it("--cwd runs git in a directory inside the project; paths stay relative to the repository", async () => {
    const p = repo();
    p.write("pkg/src/a.ts", "a\n");
    expect((await scope(p, "--allow", "pkg/src", "--cwd", "pkg")).stdout).toBe("diff-scope: ok (1 changed path(s) within allowlist)\n");
  });

  it("no allowlist, two modes, or a --base that reads as an option: a usage error (exit 5) before git runs", async () => {
    const p = repo();
    expect((await scope(p)).stderr).toMatch(/^devrites-engine: diff-scope: an allowlist is required \(--allow or --allow-file\)\n/);
    expect((await scope(p, "--allow", "src", "--staged", "--base", "main")).exit).toBe(5);
    expect((await scope(p, "--allow", "src", "--base=--output=/tmp/x")).exit).toBe(5);
  });

  it("outside a git work tree it refuses (exit 3): an unchecked diff is never a pass", async () => {
    project = makeProject({ ".devrites/ACTIVE": "feat\n", ".devrites/work/feat/state.md": "# State\n" });
    const r = await runMain(["check", "diff-scope", "feat", "--allow", "src"], { cwd: project.dir });
    expect(r.exit).toBe(3);
    expect(r.stderr).toMatch(/^diff-scope: cannot list the changed paths \(git status: exit 128/);
  });
});

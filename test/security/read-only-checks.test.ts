// The moved trust boundary for the read-only checks (docs/threat-model.md item 11): `check
// diff-scope`'s --allow-file is a project file and --cwd a project directory — a symlink out of
// the root (the file or a parent), a FIFO, an over-cap sparse file, a hard link, `..` or an
// absolute path is refused by name (exit 3) and nothing outside the root is opened; `check
// drift` and `check regression` read workspace files only and refuse a link out of it; git runs
// with the fixed environment of adapters/git.ts (the repository's fsmonitor hook and a caller's
// GIT_DIR never take effect).

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openedOutside, runWatched } from "../helpers/watched.js";

const SECRET = "OUTSIDE-allowlist-entry";
let base: string | undefined;
afterEach(() => {
  vi.restoreAllMocks();
  syncBuiltinESMExports();
  if (base) fs.rmSync(base, { recursive: true, force: true });
  base = undefined;
});

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false", ...args], { cwd, stdio: ["ignore", "pipe", "pipe"] });

/** base/outside/{allow.txt,dir/} and base/project (a git repository holding .devrites/work/feat/). */
function tree(): { project: string; outside: string } {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "devrites-ro-")));
  const outside = path.join(base, "outside");
  const project = path.join(base, "project");
  fs.mkdirSync(path.join(outside, "dir"), { recursive: true });
  fs.mkdirSync(path.join(project, ".devrites", "work", "feat"), { recursive: true });
  fs.mkdirSync(path.join(project, "src"));
  fs.writeFileSync(path.join(outside, "allow.txt"), `${SECRET}\n`);
  fs.writeFileSync(path.join(project, ".devrites", "ACTIVE"), "feat\n");
  fs.writeFileSync(path.join(project, ".devrites", "work", "feat", "state.md"), "# State: feat\n\n## Cursor\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n| phase | vet |\n| status | running |\n");
  fs.writeFileSync(path.join(project, ".gitignore"), ".devrites/\n");
  git(project, "init", "-q");
  fs.writeFileSync(path.join(project, "src", "a.ts"), "a\n");
  return { project, outside };
}



describe("check diff-scope --allow-file: a hostile allowlist file is refused by name, nothing outside the root read", () => {
  it.each<[string, string, (t: { project: string; outside: string }) => void, RegExp]>([
    ["a symlink out of the root", "src/allow.txt", ({ project, outside }) => fs.symlinkSync(path.join(outside, "allow.txt"), path.join(project, "src", "allow.txt")), /"src\/allow\.txt": path contains a symlink/],
    ["a relative symlink out of the root", "src/rel.txt", ({ project }) => fs.symlinkSync("../../outside/allow.txt", path.join(project, "src", "rel.txt")), /"src\/rel\.txt": path contains a symlink/],
    ["a symlinked parent directory", "lib/allow.txt", ({ project, outside }) => fs.symlinkSync(outside, path.join(project, "lib")), /"lib\/allow\.txt": path contains a symlink/],
    ["a FIFO", "src/pipe", ({ project }) => execFileSync("mkfifo", [path.join(project, "src", "pipe")]), /"src\/pipe": present path is not a regular file/],
    ["a 2 GiB sparse file", "src/huge.txt", ({ project }) => {
      fs.writeFileSync(path.join(project, "src", "huge.txt"), "");
      fs.truncateSync(path.join(project, "src", "huge.txt"), 2 * 1024 * 1024 * 1024);
    }, /"src\/huge\.txt": present file exceeds 1 MiB limit/],
    ["a hard link to a file outside", "src/hard.txt", ({ project, outside }) => fs.linkSync(path.join(outside, "allow.txt"), path.join(project, "src", "hard.txt")), /"src\/hard\.txt": present file has 2 hard links/],
    ["`..` out of the root", "src/../../outside/allow.txt", () => {}, /"src\/\.\.\/\.\.\/outside\/allow\.txt": path contains traversal/],
    ["an absolute path", "/etc/passwd", () => {}, /"\/etc\/passwd": path is absolute/],
  ])("%s: exit 3 naming it", async (_name, allowFile, plant, want) => {
    const t = tree();
    plant(t);
    const r = await runWatched(t.project, ["check", "diff-scope", "feat", "--allow-file", allowFile]);
    expect(r.exit, r.stdout + r.stderr).toBe(3);
    expect(r.stderr).toMatch(new RegExp(`^diff-scope: allow-file ${want.source}`));
    expect(r.stdout + r.stderr).not.toContain(SECRET);
    expect(openedOutside(t.project, r.opened)).toEqual([]);
  });

  it("the watch sees the engine's own reads (so an empty list above means something)", async () => {
    const t = tree();
    fs.writeFileSync(path.join(t.project, "allow.txt"), "src\nallow.txt\n.gitignore\n");
    const r = await runWatched(t.project, ["check", "diff-scope", "feat", "--allow-file", "allow.txt"]);
    expect(r.stdout).toBe("diff-scope: ok (3 changed path(s) within allowlist)\n");
    expect(r.opened).toContain(path.join(t.project, "allow.txt"));
  });
});

describe("check diff-scope --cwd: only a directory inside the project root", () => {
  it.each<[string, (t: { project: string; outside: string }) => string, RegExp]>([
    ["an absolute directory outside", ({ outside }) => path.join(outside, "dir"), /directory is outside the project root/],
    ["`..` out of the root", () => "../outside/dir", /directory is outside the project root/],
    ["a symlink to a directory outside", ({ project, outside }) => (fs.symlinkSync(path.join(outside, "dir"), path.join(project, "out")), "out"), /"out": path contains a symlink/],
    ["a file, not a directory", () => "src/a.ts", /"src\/a\.ts": present path is not a directory/],
  ])("%s: exit 3 naming it, git never runs there", async (_name, plant, want) => {
    const t = tree();
    git(path.join(t.outside, "dir"), "init", "-q");
    const marker = path.join(t.outside, "dir", "untracked-outside.txt");
    fs.writeFileSync(marker, "x\n");
    const r = await runWatched(t.project, ["check", "diff-scope", "feat", "--allow", "src", "--cwd", plant(t)]);
    expect(r.exit, r.stdout + r.stderr).toBe(3);
    expect(r.stderr).toMatch(new RegExp(`^diff-scope: --cwd .*${want.source}`));
    expect(r.stdout).not.toContain("untracked-outside");
  });
});

describe("git runs with a fixed environment", () => {
  it("the repository's fsmonitor hook never runs and a caller's GIT_DIR never retargets git", async () => {
    const t = tree();
    const ran = path.join(t.outside, "hook-ran");
    const hook = path.join(t.outside, "fsmonitor.sh");
    fs.writeFileSync(hook, `#!/bin/sh\ntouch ${JSON.stringify(ran)}\nexit 1\n`, { mode: 0o755 });
    git(t.project, "config", "core.fsmonitor", hook);
    git(path.join(t.outside, "dir"), "init", "-q");
    const r = await runWatched(t.project, ["check", "diff-scope", "feat", "--allow", "src,.gitignore"], { GIT_DIR: path.join(t.outside, "dir", ".git"), GIT_WORK_TREE: path.join(t.outside, "dir") });
    expect(r).toMatchObject({ exit: 0, stdout: "diff-scope: ok (2 changed path(s) within allowlist)\n" });
    expect(fs.existsSync(ran)).toBe(false);
  });
});

describe("check drift and check regression read workspace files only", () => {
  it.each([["check", "drift", "feat", "--record"], ["check", "regression", "feat", "--update"]])("%s %s: an input that links out of the workspace is refused by name, never followed, nothing written", async (...argv) => {
    const t = tree();
    const ws = path.join(t.project, ".devrites", "work", "feat");
    for (const n of ["spec.md", "decision-coverage.md", "architecture.md", "plan.md", "traceability.md", "test-plan.md"]) fs.writeFileSync(path.join(ws, n), `# ${n}\n`);
    fs.symlinkSync(path.join(t.outside, "allow.txt"), path.join(ws, "tasks.md"));
    const before = fs.readdirSync(ws).sort();
    const r = await runWatched(t.project, argv);
    expect(r.exit, r.stdout + r.stderr).toBe(3);
    expect(r.stderr).toContain("tasks.md");
    expect(r.stdout + r.stderr).not.toContain(SECRET);
    expect(openedOutside(t.project, r.opened)).toEqual([]);
    expect(fs.readdirSync(ws).sort()).toEqual(before);
  });
});

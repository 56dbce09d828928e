// The moved trust boundary (commands.md, Trust boundary: project files): the ship gates read
// only regular files inside the project root, by relative path, never through a link out of
// it. Each hostile project tree — a symlink out of the root (the file, or a parent directory),
// a FIFO, a 2 GiB sparse file, `..` or an absolute path in touched-files.md, a hard link, a
// filename with newlines — is refused by name (exit 3), and every file the engine opens while
// refusing it is inside the project root: nothing outside it is read.

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openedOutside, runWatched } from "../helpers/watched.js";

const SECRET = "OUTSIDE-ghp_" + "Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp9Oo8";
let base: string | undefined;
afterEach(() => {
  vi.restoreAllMocks();
  syncBuiltinESMExports();
  if (base) fs.rmSync(base, { recursive: true, force: true });
  base = undefined;
});

const MANIFEST = (file: string) =>
  `# Touched files\n\n## Touched files\nWhat changed.\n\n## Candidate manifest\n| State | File | Slice | Reason |\n| --- | --- | --- | --- |\n| present | \`${file}\` | SLICE-001 | Hostile. |\n`;

/** base/outside/secret.txt (what a hostile tree points at) and base/project/.devrites/work/feat/. */
function tree(manifestPath: string): { project: string; outside: string } {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "devrites-proj-")));
  const outside = path.join(base, "outside");
  const project = path.join(base, "project");
  const ws = path.join(project, ".devrites", "work", "feat");
  fs.mkdirSync(outside, { recursive: true });
  fs.mkdirSync(ws, { recursive: true });
  fs.mkdirSync(path.join(project, "src"));
  fs.writeFileSync(path.join(outside, "secret.txt"), `${SECRET}\n`);
  fs.writeFileSync(path.join(project, ".devrites", "ACTIVE"), "feat\n");
  fs.writeFileSync(path.join(ws, "state.md"), "# State: feat\n\n## Cursor\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n| phase | seal |\n| status | running |\n");
  fs.writeFileSync(path.join(ws, "questions.md"), "# Questions\n");
  fs.writeFileSync(path.join(ws, "touched-files.md"), MANIFEST(manifestPath));
  return { project, outside };
}



describe("hostile project trees are refused by name, nothing read outside the root", () => {
  it.each<[string, string, (t: { project: string; outside: string }) => void, RegExp]>([
    ["a symlink out of the root", "src/link.ts", ({ project, outside }) => fs.symlinkSync(path.join(outside, "secret.txt"), path.join(project, "src", "link.ts")), /"src\/link\.ts": path contains a symlink/],
    ["a relative symlink out of the root", "src/rel.ts", ({ project }) => fs.symlinkSync("../../outside/secret.txt", path.join(project, "src", "rel.ts")), /"src\/rel\.ts": path contains a symlink/],
    ["a symlinked parent directory", "lib/secret.txt", ({ project, outside }) => fs.symlinkSync(outside, path.join(project, "lib")), /"lib\/secret\.txt": path contains a symlink/],
    ["a FIFO", "src/pipe", ({ project }) => execFileSync("mkfifo", [path.join(project, "src", "pipe")]), /"src\/pipe": present path is not a regular file \(a FIFO \(named pipe\)\)/],
    ["a 2 GiB sparse file", "src/huge.bin", ({ project }) => {
      fs.writeFileSync(path.join(project, "src", "huge.bin"), "");
      fs.truncateSync(path.join(project, "src", "huge.bin"), 2 * 1024 * 1024 * 1024);
    }, /"src\/huge\.bin": present file exceeds 64 MiB limit/],
    ["a hard link to a file outside", "src/hard.ts", ({ project, outside }) => fs.linkSync(path.join(outside, "secret.txt"), path.join(project, "src", "hard.ts")), /"src\/hard\.ts": present file has 2 hard links/],
    ["`..` in touched-files.md", "src/../../outside/secret.txt", () => {}, /path "src\/\.\.\/\.\.\/outside\/secret\.txt" has a "\." or "\.\." component that leaves the project/],
    ["an absolute path in touched-files.md", "/etc/passwd", () => {}, /path "\/etc\/passwd" is absolute/],
  ])("%s: check candidate, check seal and secret-scan <slug> are exit 3 naming it", async (_name, manifestPath, plant, want) => {
    const t = tree(manifestPath);
    plant(t);
    for (const argv of [["check", "candidate", "feat"], ["check", "seal", "feat"], ["secret-scan", "feat"]]) {
      const r = await runWatched(t.project, argv);
      expect(r.exit, `${argv.join(" ")}: ${r.stdout}${r.stderr}`).toBe(3);
      if (argv[1] !== "seal") expect(r.stderr, argv.join(" ")).toMatch(want);
      expect(r.stdout + r.stderr).not.toContain(SECRET);
      expect(openedOutside(t.project, r.opened), `${argv.join(" ")} opened outside the project`).toEqual([]);
      // The watch sees the engine's own opens (so an empty list above means something).
      if (argv[1] !== "seal") expect(r.opened.some((p) => p.endsWith(`${path.sep}touched-files.md`))).toBe(true);
    }
  });

  it("check seal on a hostile tree that lacks the seal artifacts is blocked by the gate before any project file is opened", async () => {
    const t = tree("src/link.ts");
    fs.symlinkSync(path.join(t.outside, "secret.txt"), path.join(t.project, "src", "link.ts"));
    const ws = path.join(t.project, ".devrites", "work", "feat");
    const r = await runWatched(t.project, ["check", "seal", "feat"]);
    expect(r.exit).toBe(3);
    expect(r.stdout).toMatch(/reason: DRV-GATE-SEAL-MISSING/);
    expect(openedOutside(t.project, r.opened)).toEqual([]);
    expect(fs.existsSync(ws)).toBe(true);
  });
});

describe("a filename with newlines", () => {
  it("cannot be named in touched-files.md (a control character), and a staged one is printed quoted on one line", async () => {
    const t = tree("src/a\tb.ts");
    const refused = await runWatched(t.project, ["check", "candidate", "feat"]);
    expect(refused.exit).toBe(3);
    expect(refused.stderr).toMatch(/control character/);

    const git = (...args: string[]) => execFileSync("git", args, { cwd: t.project, stdio: "pipe", env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" } });
    git("init", "-q");
    const evil = "evil\nHIGH forged.ts:1 kind=none offset=0\n.ts";
    fs.writeFileSync(path.join(t.project, evil), `key = "${SECRET}"\n`);
    git("add", "--", evil);
    const r = await runWatched(t.project, ["secret-scan", "--staged"]);
    expect(r.exit).toBe(3);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines).toEqual([`HIGH ${JSON.stringify(evil)}:1 kind=github-token offset=15`]);
    expect(r.stdout).not.toContain(SECRET);
  });
});

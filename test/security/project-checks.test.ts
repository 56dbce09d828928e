// The moved trust boundary for `detect commands` and `check skill-trust` (docs/threat-model.md item 11): the manifests
// it reads (Makefile, package.json) are read only as regular files inside the project root.
// Each hostile one — a symlink out of the root, a FIFO, a sparse file over the cap, a hard link
// to a file outside — is exit 3 naming it, and every file opened while refusing it is inside
// the project root. Files it only checks for (lockfiles, manifests) are never opened at all.

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openedOutside, runWatched } from "../helpers/watched.js";

const SECRET = "OUTSIDE-detect-secret-7f3a";
let base: string | undefined;
afterEach(() => {
  vi.restoreAllMocks();
  syncBuiltinESMExports();
  if (base) fs.rmSync(base, { recursive: true, force: true });
  base = undefined;
});

function tree(): { project: string; outside: string } {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "devrites-detect-")));
  const outside = path.join(base, "outside");
  const project = path.join(base, "project");
  fs.mkdirSync(outside, { recursive: true });
  fs.mkdirSync(path.join(project, ".devrites", "work"), { recursive: true });
  fs.writeFileSync(path.join(outside, "secret.txt"), `test:\n\techo ${SECRET}\n`);
  return { project, outside };
}

async function runDetectWatched(project: string, argv: string[] = ["detect", "commands"]): Promise<{ exit: number; out: string; opened: string[] }> {
  const r = await runWatched(project, argv);
  return { exit: r.exit, out: r.stdout + r.stderr, opened: r.opened };
}


describe("detect commands: hostile manifests are refused by name, nothing read outside the root", () => {
  it.each<[string, string, (t: { project: string; outside: string }) => void, RegExp]>([
    ["a Makefile that is a symlink out of the root", "Makefile", ({ project, outside }) => fs.symlinkSync(path.join(outside, "secret.txt"), path.join(project, "Makefile")), /"Makefile": path contains a symlink/],
    ["a package.json that is a relative symlink out", "package.json", ({ project }) => fs.symlinkSync("../outside/secret.txt", path.join(project, "package.json")), /"package\.json": path contains a symlink/],
    ["a Makefile that is a FIFO", "Makefile", ({ project }) => execFileSync("mkfifo", [path.join(project, "Makefile")]), /"Makefile": present path is not a regular file/],
    ["a package.json that is a sparse file over the cap", "package.json", ({ project }) => {
      fs.writeFileSync(path.join(project, "package.json"), "");
      fs.truncateSync(path.join(project, "package.json"), 2 * 1024 * 1024 * 1024);
    }, /"package\.json": present file exceeds 1 MiB limit/],
    ["a Makefile hard-linked to a file outside", "Makefile", ({ project, outside }) => fs.linkSync(path.join(outside, "secret.txt"), path.join(project, "Makefile")), /"Makefile": present file has 2 hard links/],
  ])("%s is exit 3 naming it", async (_name, _file, plant, want) => {
    const t = tree();
    plant(t);
    const r = await runDetectWatched(t.project);
    expect(r.exit, r.out).toBe(3);
    expect(r.out).toMatch(want);
    expect(r.out).not.toContain(SECRET);
    expect(openedOutside(t.project, r.opened)).toEqual([]);
  });

  it("a lockfile or manifest that is a symlink out is counted as present and never opened", async () => {
    const t = tree();
    fs.writeFileSync(path.join(t.project, "package.json"), `{"scripts":{"test":"vitest"}}`);
    fs.symlinkSync(path.join(t.outside, "secret.txt"), path.join(t.project, "yarn.lock"));
    fs.symlinkSync(path.join(t.outside, "secret.txt"), path.join(t.project, "go.mod"));
    const r = await runDetectWatched(t.project);
    expect(r.exit, r.out).toBe(0);
    expect(r.out).toContain("package-manager: yarn");
    expect(r.out).toContain("go vet ./...");
    expect(r.opened.some((p) => p.endsWith(`${path.sep}package.json`))).toBe(true);
    expect(openedOutside(t.project, r.opened)).toEqual([]);
    expect(r.opened.filter((p) => p.endsWith("yarn.lock") || p.endsWith("go.mod"))).toEqual([]);
  });
});

describe("check skill-trust: a hostile path is refused by name, nothing read outside the root", () => {
  it.each<[string, (t: { project: string; outside: string }) => string, RegExp]>([
    ["a symlink out of the root", ({ project, outside }) => (fs.symlinkSync(path.join(outside, "secret.txt"), path.join(project, "SKILL.md")), "SKILL.md"), /"SKILL\.md": path contains a symlink/],
    ["a symlinked parent directory", ({ project, outside }) => (fs.symlinkSync(outside, path.join(project, "skills")), "skills/secret.txt"), /"skills\/secret\.txt": path contains a symlink/],
    ["a FIFO", ({ project }) => (execFileSync("mkfifo", [path.join(project, "SKILL.md")]), "SKILL.md"), /"SKILL\.md": present path is not a regular file/],
    ["`..` out of the root", () => "../outside/secret.txt", /path contains traversal/],
    ["an absolute path outside", ({ outside }) => path.join(outside, "secret.txt"), /path is absolute/],
  ])("%s is exit 3 naming it", async (_name, plant, want) => {
    const t = tree();
    const given = plant(t);
    const r = await runDetectWatched(t.project, ["check", "skill-trust", given]);
    expect(r.exit, r.out).toBe(3);
    expect(r.out).toMatch(want);
    expect(r.out).not.toContain(SECRET);
    expect(openedOutside(t.project, r.opened)).toEqual([]);
  });
});

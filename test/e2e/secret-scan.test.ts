// secret-scan against the Go engine's own cases (engine/internal/lib/secretscan_test.go; each
// test names the one it ports): the exact staged blob, replace refs that cannot hide it, a
// secret-shaped path, the byte/entry/finding caps failing closed, the slug and default modes,
// and no git at all. The secret itself is never printed.

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";

let p: Project | undefined;
afterEach(() => p?.cleanup());

const GIT_ENV = { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1", GIT_AUTHOR_NAME: "T", GIT_AUTHOR_EMAIL: "t@example.invalid", GIT_COMMITTER_NAME: "T", GIT_COMMITTER_EMAIL: "t@example.invalid" };
const git = (args: string[], input?: string | Buffer) => execFileSync("git", args, { cwd: p!.dir, env: GIT_ENV, input, stdio: ["pipe", "pipe", "pipe"], maxBuffer: 256 * 1024 * 1024 }).toString().trim();
const MANIFEST = (rows: string) => `# Touched files\n\n## Touched files\nx\n\n## Candidate manifest\n${rows === "" ? "No project files.\n" : `| State | File | Slice | Reason |\n| --- | --- | --- | --- |\n${rows}`}`;

function repo(files: Record<string, string> = {}): Project {
  p = makeProject(files);
  git(["init", "-q"]);
  return p;
}
const scan = (args: string[], env?: Record<string, string>) => runMain(["secret-scan", ...args], { cwd: p!.dir, ...(env ? { env } : {}) });

describe("secret-scan (Go: secretscan_test.go)", () => {
  it("scans the exact staged blob without disclosing it (TestSecretScanScansExactStagedBlobWithoutDisclosure)", async () => {
    repo();
    const secret = "ghp_" + "a".repeat(32);
    p!.write("staged.txt", `${secret}\n`);
    git(["add", "--", "staged.txt"]);
    p!.write("staged.txt", "safe worktree bytes\n");
    const r = await scan(["--staged"]);
    expect(r.exit).toBe(3);
    expect(r.stdout + r.stderr).not.toContain(secret);
  });

  it("a deleted work-tree path is skipped in the default mode (TestSecretScanSkipsDeletedWorktreePaths)", async () => {
    repo({ "deleted.txt": "safe baseline\n" });
    git(["add", "--", "deleted.txt"]);
    git(["commit", "-qm", "baseline"]);
    fs.rmSync(p!.path("deleted.txt"));
    const r = await scan([]);
    expect(r, r.stderr).toMatchObject({ exit: 0, stdout: "secret-scan: PASS\n" });
  });

  it("a replace ref of HEAD cannot hide the staged change (TestSecretScanIgnoresReplacementOfHEADWhenEnumeratingStagedBlobs)", async () => {
    repo({ "payload.txt": "safe baseline\n" });
    git(["add", "--", "payload.txt"]);
    git(["commit", "-qm", "baseline"]);
    const secret = "ghp_" + "h".repeat(32);
    p!.write("payload.txt", `${secret}\n`);
    git(["add", "--", "payload.txt"]);
    const replacement = git(["commit-tree", git(["write-tree"]), "-m", "replacement"]);
    git(["replace", git(["rev-parse", "HEAD"]), replacement]);
    expect(git(["diff", "--cached", "--raw", "--"])).toBe("");
    const r = await scan(["--staged"]);
    expect(r.exit).toBe(3);
    expect(r.stdout + r.stderr).not.toContain(secret);
  });

  it("a replace ref of the staged blob cannot swap its bytes (TestSecretScanIgnoresReplacementOfStagedBlob)", async () => {
    repo({ "baseline.txt": "baseline\n" });
    git(["add", "--", "baseline.txt"]);
    git(["commit", "-qm", "baseline"]);
    const secret = "ghp_" + "i".repeat(32);
    p!.write("payload.txt", `${secret}\n`);
    git(["add", "--", "payload.txt"]);
    const staged = git(["rev-parse", ":payload.txt"]);
    const safe = git(["hash-object", "-w", "--stdin"], "safe replacement bytes\n");
    git(["replace", staged, safe]);
    const r = await scan(["--staged"]);
    expect(r.exit).toBe(3);
    expect(r.stdout).toContain("HIGH payload.txt:1 kind=github-token");
  });

  it("a secret-shaped staged path prints as <redacted-path> (TestSecretScanRedactsSecretShapedStagedPath)", async () => {
    repo();
    const pathSecret = "ghp_" + "j".repeat(32);
    const contentSecret = "ghp_" + "k".repeat(32);
    p!.write(`report-${pathSecret}.txt`, `${contentSecret}\n`);
    git(["add", "--", `report-${pathSecret}.txt`]);
    const r = await scan(["--staged"]);
    expect(r.exit).toBe(3);
    expect(r.stdout).toContain("HIGH <redacted-path>:1 kind=github-token");
    expect(r.stdout + r.stderr).not.toContain(pathSecret);
    expect(r.stdout + r.stderr).not.toContain(contentSecret);
  });

  it("a staged blob over the 64 MiB budget is a refusal, no stdout (TestSecretScanRejectsOversizedStagedBlob)", async () => {
    repo();
    const oid = git(["hash-object", "-w", "--stdin"], Buffer.alloc(64 * 1024 * 1024 + 1));
    git(["update-index", "--add", "--cacheinfo", `100644,${oid},large.bin`]);
    const r = await scan(["--staged"]);
    expect(r.exit).toBe(3);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^secret-scan: cannot inspect staged blobs/);
  });

  it("more than 4096 staged entries is a refusal (TestSecretScanRejectsTooManyStagedEntries)", async () => {
    repo();
    const oid = git(["hash-object", "-w", "--stdin"], "safe\n");
    git(["update-index", "--index-info"], Array.from({ length: 4097 }, (_, i) => `100644 blob ${oid}\tentry-${i}\n`).join(""));
    const r = await scan(["--staged"]);
    expect(r.exit).toBe(3);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^secret-scan: cannot inspect staged index \(more than 4096 staged entries\)/);
  });

  it("more than 4096 findings is a refusal that names no secret (TestSecretScanRejectsExcessiveFindings)", async () => {
    p = makeProject({ ".devrites/ACTIVE": "" });
    const secret = "ghp_" + "l".repeat(32);
    const r = await runCli(["secret-scan", "--stdin"], { cwd: p.dir, input: `${secret}\n`.repeat(4097) });
    expect(r.exit).toBe(3);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^secret-scan: secret scan limit exceeded/);
    expect(r.stderr).not.toContain(secret);
  });

  it("the default mode scans the active workspace's candidate (TestSecretScanBlocksHighSeverityTouchedFile)", async () => {
    repo({ ".devrites/ACTIVE": "leak\n", ".devrites/work/leak/state.md": "| schema | 4 |\n", ".devrites/work/leak/touched-files.md": MANIFEST("| present | `secrets.txt` | S-1 | Credential check. |\n") });
    const secret = "ghp_" + "f".repeat(32);
    p!.write("secrets.txt", `${secret}\n`);
    const r = await scan([]);
    expect(r.exit).toBe(3);
    expect(r.stdout + r.stderr).not.toContain(secret);
  });

  it("<slug> scans the candidate only, never git's changes (TestSecretScanSlugUsesCandidateWithoutGitFallback, TestSecretScanSlugSkipsDeletedCandidateRows)", async () => {
    for (const rows of ["", "| deleted | `removed.txt` | S-1 | Removed. |\n"]) {
      p = makeProject({ ".devrites/work/feature/state.md": "| schema | 3 |\n", ".devrites/work/feature/touched-files.md": MANIFEST(rows), "unmanifested.txt": `${"ghp_" + "m".repeat(32)}\n` });
      expect(await scan(["feature"])).toEqual({ exit: 0, stdout: "secret-scan: PASS\n", stderr: "" });
      p.cleanup();
    }
    p = undefined;
  });

  it.each([
    ["missing", undefined],
    ["legacy", "# Touched files\n\n## Touched files\n- `source.go`\n"],
  ])("<slug> with an invalid candidate fails closed: %s (TestSecretScanSlugFailsClosedOnInvalidCandidate)", async (_name, manifest) => {
    p = makeProject({ ".devrites/work/feature/state.md": "| schema | 3 |\n", ...(manifest !== undefined ? { ".devrites/work/feature/touched-files.md": manifest } : {}) });
    const r = await scan(["feature"]);
    expect(r.exit).toBe(3);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^secret-scan: cannot inspect candidate manifest: candidate manifest/);
  });

  it("without git on PATH the scan fails closed (TestSecretScanFailsClosedWhenGitIsUnavailable)", async () => {
    p = makeProject({ ".devrites/ACTIVE": "" });
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "no-git-"));
    try {
      const r = await scan([], { PATH: empty });
      expect(r.exit).toBe(3);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/^secret-scan: cannot inspect changed paths/);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});

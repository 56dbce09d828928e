// The candidate identity, ported from the Go engine's engine/internal/lib/candidate_test.go
// (each test names the Go test it ports): the digest equals the Go algorithm's on the same
// tree (the Go test's golden value), binds content, length, mode, path and state but not
// mtime, and refuses a manifest or tree that is not a closed candidate, naming why.

import fs from "node:fs";
import net from "node:net";

import { afterEach, describe, expect, it } from "vitest";
import { loadCandidateIdentity } from "../../src/workspace/candidate-identity.js";
import { thrown } from "../helpers/thrown.js";
import { makeProject, type Project } from "../helpers/project.js";

interface Row { state: string; path: string; slice?: string; reason?: string }

/** Go: candidateTestManifest. */
function manifest(...rows: Row[]): string {
  let body = "# Touched files\n\n## Touched files\nCandidate paths are declared only in the manifest below.\n\n## Candidate manifest\n";
  if (rows.length === 0) return body + "No project files.\n";
  body += "| State | File | Slice | Reason |\n| --- | --- | --- | --- |\n";
  for (const r of rows) body += `| ${r.state} | \`${r.path}\` | ${r.slice ?? "S-1"} | ${r.reason ?? "Why."} |\n`;
  return body;
}

let projects: Project[] = [];
afterEach(() => {
  for (const p of projects) p.cleanup();
  projects = [];
});

/** Go: writeCandidateTestWorkspace. */
function workspace(touched: string | undefined): Project {
  const p = makeProject({ ".devrites/work/feature/state.md": "| schema | 3 |\n" });
  if (touched !== undefined) p.write(".devrites/work/feature/touched-files.md", touched);
  projects.push(p);
  return p;
}
const ws = (p: Project) => ({ root: p.path(".devrites"), slug: "feature", dir: p.path(".devrites/work/feature") });
const digestOf = (p: Project) => loadCandidateIdentity(ws(p)).digest;
const refusal = (p: Project) => thrown(() => loadCandidateIdentity(ws(p))).message;

describe("candidate identity (Go: candidate_test.go)", () => {
  it("equals the Go engine's golden digest on the same tree (TestCandidateIdentityGoldenDigest)", () => {
    const p = workspace(manifest({ state: "present", path: "alpha.sh", reason: "Present." }, { state: "deleted", path: "gone.txt", reason: "Removed." }));
    p.write("alpha.sh", "echo hi\n");
    fs.chmodSync(p.path("alpha.sh"), 0o644);
    const id = loadCandidateIdentity(ws(p));
    expect(id.digest).toBe("72b4d1643d24981baa9745e01776dc4819732f1b612165596e72c6629189b666");
    expect(id.entries).toHaveLength(2);
  });

  it.each([
    ["content", "echo HO\n", 0o644],
    ["length", "echo hello\n", 0o644],
    ["mode", "echo hi\n", 0o755],
  ])("a %s mutation changes the golden digest (TestCandidateIdentityGoldenDigest)", (_name, content, mode) => {
    const p = workspace(manifest({ state: "present", path: "alpha.sh" }, { state: "deleted", path: "gone.txt" }));
    p.write("alpha.sh", content);
    fs.chmodSync(p.path("alpha.sh"), mode);
    expect(digestOf(p)).not.toBe("72b4d1643d24981baa9745e01776dc4819732f1b612165596e72c6629189b666");
  });

  it("a path or a state change changes the digest (TestCandidateIdentityGoldenDigest path, state and type)", () => {
    const a = workspace(manifest({ state: "present", path: "alpha.sh" }, { state: "deleted", path: "gone.txt" }));
    a.write("alpha.sh", "echo hi\n");
    const b = workspace(manifest({ state: "present", path: "beta.sh" }, { state: "deleted", path: "gone.txt" }));
    b.write("beta.sh", "echo hi\n");
    const c = workspace(manifest({ state: "present", path: "alpha.sh" }, { state: "present", path: "gone.txt" }));
    c.write("alpha.sh", "echo hi\n");
    c.write("gone.txt", "");
    expect(new Set([digestOf(a), digestOf(b), digestOf(c)]).size).toBe(3);
  });

  it("is bound to content, not mtime or unlisted files (TestCandidateIdentityIsContentBoundAndMtimeIndependent)", () => {
    const p = workspace(manifest({ state: "present", path: "a.txt" }, { state: "present", path: "b.txt", slice: "S-2" }, { state: "deleted", path: "gone.txt" }));
    p.write("a.txt", "alpha\n");
    p.write("b.txt", "beta\n");
    const first = loadCandidateIdentity(ws(p));
    expect(first.entries).toHaveLength(3);
    for (const f of ["a.txt", "b.txt"]) fs.utimesSync(p.path(f), 2_000_000_000, 2_000_000_000);
    p.write("unmanifested.txt", "ignored\n");
    expect(digestOf(p)).toBe(first.digest);
    const before = fs.statSync(p.path("a.txt"));
    p.write("a.txt", "ALPHA\n");
    fs.utimesSync(p.path("a.txt"), before.atime, before.mtime);
    expect(digestOf(p)).not.toBe(first.digest);
  });

  it("binds the executable bit (TestCandidateIdentityBindsExecutableBit)", () => {
    const p = workspace(manifest({ state: "present", path: "tool" }));
    p.write("tool", "#!/bin/sh\n");
    fs.chmodSync(p.path("tool"), 0o644);
    const plain = digestOf(p);
    fs.chmodSync(p.path("tool"), 0o755);
    expect(digestOf(p)).not.toBe(plain);
  });

  it("refuses two rows naming one file through a hard link (TestCandidateIdentityRejectsDistinctPathsToSameFile)", () => {
    const p = workspace(manifest({ state: "present", path: "alias.txt" }, { state: "present", path: "original.txt" }));
    p.write("original.txt", "shared\n");
    fs.linkSync(p.path("original.txt"), p.path("alias.txt"));
    // A file with a second name is refused before the pair is compared (the hostile tree: a hard link).
    expect(refusal(p)).toMatch(/candidate "alias.txt": present file has 2 hard links/);
  });

  it("accepts the empty candidate and the durable .devrites paths (TestCandidateIdentityAcceptsEmptyAndDurableDevritesPaths)", () => {
    const empty = loadCandidateIdentity(ws(workspace(manifest())));
    expect(empty.entries).toHaveLength(0);
    expect(empty.digest).toMatch(/^[0-9a-f]{64}$/);
    const p = workspace(manifest({ state: "present", path: ".devrites/principles.md" }, { state: "present", path: ".devrites/specs/api.md" }));
    p.write(".devrites/specs/api.md", "# API\n");
    p.write(".devrites/principles.md", "# Principles\n");
    expect(loadCandidateIdentity(ws(p)).entries).toHaveLength(2);
  });

  const prefix = "# Touched files\n\n## Touched files\nManifest below.\n\n## Candidate manifest\n";
  it.each<[string, string | undefined, RegExp]>([
    ["missing artifact", undefined, /touched-files\.md is missing/],
    ["legacy list", "# Touched files\n\n## Touched files\n- `a.txt`\n", /Candidate manifest/],
    ["missing touched section", "## Candidate manifest\nNo project files.\n", /Touched files/],
    ["duplicate section", prefix + "No project files.\n\n## Candidate manifest\nNo project files.\n", /exactly one/],
    ["wrong marker", prefix + "No source files.\n", /No project files\.|table/],
    ["wrong header", prefix + "| File | Slice | Reason |\n| --- | --- | --- |\n| `a.txt` | S-1 | Added. |\n", /header/],
    ["bad state", manifest({ state: "modified", path: "a.txt" }), /State must be present or deleted/],
    ["empty slice", manifest({ state: "deleted", path: "a.txt", slice: "" }), /Slice/],
    ["empty reason", manifest({ state: "deleted", path: "a.txt", reason: "" }), /Reason/],
    ["not backticks", prefix + "| State | File | Slice | Reason |\n| --- | --- | --- | --- |\n| deleted | a.txt | S-1 | Removed. |\n", /backticks/],
    ["duplicate", manifest({ state: "deleted", path: "a.txt" }, { state: "deleted", path: "a.txt", slice: "S-2" }), /listed twice/],
    ["unsorted", manifest({ state: "deleted", path: "b.txt" }, { state: "deleted", path: "a.txt" }), /ascending path order/],
    ["case folded collision", manifest({ state: "deleted", path: "A.txt" }, { state: "deleted", path: "a.txt" }), /differs only in case/],
    ["unicode case folded collision", manifest({ state: "deleted", path: "Σ.txt" }, { state: "deleted", path: "ς.txt" }), /differs only in case/],
    ["absolute", manifest({ state: "deleted", path: "/tmp/a" }), /absolute/],
    ["drive", manifest({ state: "deleted", path: "C:/tmp/a" }), /drive/],
    ["traversal", manifest({ state: "deleted", path: "a/../b" }), /"\.\." component|not normalized/],
    ["dot", manifest({ state: "deleted", path: "a/./b" }), /not normalized/],
    ["empty component", manifest({ state: "deleted", path: "a//b" }), /not normalized/],
    ["backslash", manifest({ state: "deleted", path: "a\\b" }), /backslash/],
    ["control", manifest({ state: "deleted", path: "a\tb" }), /control character/],
    // (Go names a:b's colon a reserved character; this engine's path rules read it as a drive prefix first.)
    ["reserved character", manifest({ state: "deleted", path: "a:b" }), /drive prefix/],
    ["reserved character inside", manifest({ state: "deleted", path: "src/a?b" }), /<>:"\|\?\*/],
    ["reserved name", manifest({ state: "deleted", path: "docs/AUX.txt" }), /Windows device/],
    ["reserved numbered name", manifest({ state: "deleted", path: "COM9.go" }), /Windows device/],
    ["trailing dot", manifest({ state: "deleted", path: "a." }), /ending in "\."/],
    ["git", manifest({ state: "deleted", path: ".git/config" }), /under \.git/],
    ["case folded git", manifest({ state: "deleted", path: ".GIT/config" }), /under \.git/],
    ["work state", manifest({ state: "deleted", path: ".devrites/work/x/state.md" }), /workflow state/],
    ["active state", manifest({ state: "deleted", path: ".devrites/ACTIVE" }), /workflow state/],
    ["unknown devrites sibling", manifest({ state: "deleted", path: ".devrites/notes.md" }), /workflow state/],
    ["case variant durable owner", manifest({ state: "deleted", path: ".DEVRITES/specs/a.md" }), /workflow state/],
  ])("refuses a malformed manifest or path: %s (TestCandidateIdentityRejectsMalformedManifestsAndPaths)", (_name, touched, want) => {
    expect(refusal(workspace(touched))).toMatch(want);
  });

  it.each<[string, (p: Project) => void, Row, RegExp]>([
    ["missing present", () => {}, { state: "present", path: "missing" }, /present path is missing/],
    ["existing deleted", (p) => p.write("still-here", "x"), { state: "deleted", path: "still-here" }, /deleted path still exists/],
    ["directory", (p) => fs.mkdirSync(p.path("dir")), { state: "present", path: "dir" }, /not a regular file \(a directory\)/],
    ["final symlink", (p) => { p.write("target", "x"); fs.symlinkSync("target", p.path("link")); }, { state: "present", path: "link" }, /symlink/],
    ["symlink parent", (p) => { p.write("real/file", "x"); fs.symlinkSync("real", p.path("alias")); }, { state: "present", path: "alias/file" }, /symlink/],
  ])("refuses a state or file type mismatch: %s (TestCandidateIdentityRejectsStateAndFileTypeMismatches)", (_name, setup, row, want) => {
    const p = workspace(manifest(row));
    setup(p);
    expect(refusal(p)).toMatch(want);
  });

  it("refuses a special file (TestCandidateIdentityRejectsSpecialFile)", async () => {
    const p = workspace(manifest({ state: "present", path: "socket" }));
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(p.path("socket"), resolve));
    try {
      expect(refusal(p)).toMatch(/candidate "socket": present path is not a regular file \(a socket\)/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it.each<[string, (p: Project) => void, RegExp]>([
    ["manifest", (p) => p.write(".devrites/work/feature/touched-files.md", manifest() + "x".repeat(1024 * 1024 + 1)), /too large|1 MiB/],
    ["rows", (p) => p.write(".devrites/work/feature/touched-files.md", manifest(...Array.from({ length: 4097 }, (_, i) => ({ state: "deleted", path: `gone/${String(i).padStart(4, "0")}` })))), /4096 rows/],
    ["path", (p) => p.write(".devrites/work/feature/touched-files.md", manifest({ state: "deleted", path: "a".repeat(4097) })), /more than 4096/],
    ["file", (p) => {
      p.write(".devrites/work/feature/touched-files.md", manifest({ state: "present", path: "large" }));
      fs.writeFileSync(p.path("large"), "");
      fs.truncateSync(p.path("large"), 64 * 1024 * 1024 + 1);
    }, /64 MiB/],
    ["aggregate", (p) => {
      const rows = Array.from({ length: 5 }, (_, i) => ({ state: "present", path: `large-${i}` }));
      rows.forEach((r, i) => {
        fs.writeFileSync(p.path(r.path), "");
        fs.truncateSync(p.path(r.path), i === 4 ? 1 : 64 * 1024 * 1024);
      });
      p.write(".devrites/work/feature/touched-files.md", manifest(...rows));
    }, /256 MiB/],
  ])("enforces the %s bound (TestCandidateIdentityEnforcesBounds)", (_name, setup, want) => {
    const p = workspace(manifest());
    setup(p);
    expect(refusal(p)).toMatch(want);
  });
});

describe("candidate paths that differ only by Unicode normalization (TestCandidateIdentityHandlesUnicodeNormalizationAliases)", () => {
  it("are two files where the file system keeps them apart, one refused object where it aliases them", () => {
    const decomposed = "cafe\u0301.txt";
    const composed = "caf\u00e9.txt";
    const rows = [{ state: "present", path: decomposed }, { state: "present", path: composed }].sort((a, b) => (Buffer.from(a.path) < Buffer.from(b.path) ? -1 : 1));
    const p = workspace(manifest(...rows));
    p.write(composed, "composed\n");
    let aliases = false;
    try {
      const a = fs.lstatSync(p.path(composed));
      const b = fs.lstatSync(p.path(decomposed));
      aliases = a.ino === b.ino && a.dev === b.dev;
    } catch { /* distinct names */ }
    if (!aliases) p.write(decomposed, "decomposed\n");
    if (aliases) expect(refusal(p)).toMatch(/same filesystem object/);
    else expect(loadCandidateIdentity(ws(p)).entries).toHaveLength(2);
  });
});



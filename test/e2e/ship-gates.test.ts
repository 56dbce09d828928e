// The ship gates a /rite-ship session runs (rite-ship/SKILL.md steps 1 and 2a): `check
// candidate`, `check seal` and `secret-scan --staged` pass on a clean candidate and stop —
// nonzero, the finding named — on a tampered file, a stale evidence record and a staged
// secret. The seal lines are the Go engine's (engine/gate_test.go TestSealPassesWhenComplete,
// TestSealBlocksContentChangeWithRestoredMtime, TestSealBlocksInvalidCandidateBindings,
// TestSealTracksCanonicalQuestionTableStatus). Nothing is written by any of them.

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";

const W = ".devrites/work/final";
let project: Project | undefined;
afterEach(() => project?.cleanup());

const git = (p: Project, ...args: string[]) => execFileSync("git", args, { cwd: p.dir, stdio: ["ignore", "pipe", "pipe"] }).toString();

/** A workspace at phase seal with every artifact, the binding, a one-file candidate and its digest recorded (Go: newFinalSealRepo). */
async function sealReady(): Promise<{ p: Project; digest: string }> {
  const p = makeProject({
    ".devrites/ACTIVE": "final\n",
    [`${W}/state.md`]: "# State: final\n\n## Cursor\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n| phase | seal |\n| status | running |\n| next_action | /rite-ship |\n",
    [`${W}/brief.md`]: "# Brief\n\nFinal seal aggregate.\n",
    [`${W}/spec.md`]: "# Spec\n\n## Acceptance Criteria\n- AC-001: final seal passes every deterministic gate.\n",
    [`${W}/decisions.md`]: "# Decisions\n\n## Decisions stood\n- none\n",
    [`${W}/assumptions.md`]: "# Assumptions\n\n- none\n",
    [`${W}/questions.md`]: "# Questions\n\n- none\n",
    [`${W}/decision-coverage.md`]: "# Decision coverage\n\nCLEAR\n",
    [`${W}/architecture.md`]: "# Architecture\n\nUse existing gates.\n",
    [`${W}/plan.md`]: "# Plan\n\nCompose the final checks.\n",
    [`${W}/tasks.md`]: "# Tasks\n\n## SLICE-001 Build final seal\n- depends_on: none\n",
    [`${W}/traceability.md`]: "# Traceability\n\nAC-001 -> final seal.\n",
    [`${W}/eng-review.md`]: "# Engineering review\n\nPASS\n",
    [`${W}/test-plan.md`]: "# Test plan\n\nRun focused tests.\n",
    [`${W}/evidence.md`]: "# Evidence\n\nFocused tests passed.\n",
    [`${W}/touched-files.md`]: "# Touched files\n\n## Touched files\nCandidate paths are declared only in the manifest below.\n\n## Candidate manifest\n| State | File | Slice | Reason |\n| --- | --- | --- | --- |\n| present | `source.go` | SLICE-001 | Final Seal fixture. |\n",
    [`${W}/review.md`]: "# Review\n\n## Spec\nNo-findings: checked AC-001.\n\n## Code review\nNo-findings: checked the exit mapping.\n",
    [`${W}/seal.md`]: "# Seal\n\n## Acceptance Criteria\n- [x] AC-001: final seal passes every deterministic gate.\n",
    "source.go": "package source\n",
  });
  project = p;
  fs.chmodSync(p.path("source.go"), 0o644);
  const binding = await runMain(["check", "readiness", "--emit-binding", "final"], { cwd: p.dir });
  expect(binding.exit, binding.stderr).toBe(0);
  fs.appendFileSync(p.path(`${W}/eng-review.md`), `\n${binding.stdout.trimEnd()}\n`);
  const cand = await runMain(["check", "candidate", "final"], { cwd: p.dir });
  expect(cand.exit, cand.stderr).toBe(0);
  const digest = /^candidate-sha256: ([0-9a-f]{64})$/m.exec(cand.stdout)![1]!;
  for (const f of ["evidence.md", "review.md", "seal.md"]) fs.appendFileSync(p.path(`${W}/${f}`), `\nCandidate SHA-256: ${digest}\n`);
  return { p, digest };
}

describe("check candidate", () => {
  it("prints the digest and the row count, exit 0, and writes nothing", async () => {
    const { p, digest } = await sealReady();
    const before = p.listDevrites().map((f) => [f, p.read(f)]);
    const r = await runMain(["check", "candidate", "final"], { cwd: p.dir });
    expect(r).toEqual({ exit: 0, stdout: `candidate-sha256: ${digest}\ncandidate-files: 1\n`, stderr: "" });
    expect(p.listDevrites().map((f) => [f, p.read(f)])).toEqual(before);
  });

  it("a tampered manifest row (a missing file) is exit 3 `candidate: BLOCKED:` naming the path", async () => {
    const { p } = await sealReady();
    fs.rmSync(p.path("source.go"));
    const r = await runMain(["check", "candidate", "final"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^candidate: BLOCKED: candidate "source\.go": present path is missing\n/);
  });
});

describe("check seal", () => {
  it("passes a clean candidate with the Go engine's exact lines (TestSealPassesWhenComplete)", async () => {
    const { p, digest } = await sealReady();
    const r = await runMain(["check", "seal", "final"], { cwd: p.dir });
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe(`evidence-fresh: OK: candidate digest ${digest} matches evidence, review, and seal.\ngate: seal\nfeature: final\nphase: seal\nresult: pass\nreason: DRV-GATE-SEAL-PASSED\n`);
    expect(r.exit).toBe(0);
  });

  it("stops on a tampered file whose mtime was restored (TestSealBlocksContentChangeWithRestoredMtime)", async () => {
    const { p } = await sealReady();
    const st = fs.statSync(p.path("source.go"));
    fs.writeFileSync(p.path("source.go"), "package changed\n");
    fs.utimesSync(p.path("source.go"), st.atime, st.mtime);
    const r = await runMain(["check", "seal", "final"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    expect(r.stdout).toBe("reason: DRV-GATE-SEAL-MISSING\n");
    expect(r.stderr).toMatch(/^evidence-fresh: BLOCKED: evidence\.md: candidate digest line does not match current candidate digest/);
  });

  it.each<[string, (p: Project, digest: string) => void, RegExp]>([
    ["duplicate evidence digest", (p, d) => fs.appendFileSync(p.path(`${W}/evidence.md`), `Candidate SHA-256: ${d}\n`), /evidence\.md: candidate digest line is duplicate/],
    ["missing review digest", (p) => p.write(`${W}/review.md`, p.read(`${W}/review.md`).replace(/\nCandidate SHA-256: .*\n$/, "\n")), /review\.md: candidate digest line is missing/],
    ["optional browser missing digest", (p) => p.write(`${W}/browser-evidence.md`, "# Browser evidence\n\nCapture present without binding.\n"), /browser-evidence\.md: candidate digest line is missing/],
    ["stale evidence record (an older digest)", (p, d) => p.write(`${W}/seal.md`, p.read(`${W}/seal.md`).replace(d, "0".repeat(64))), /seal\.md: candidate digest line does not match/],
  ])("stops on an invalid candidate binding: %s (TestSealBlocksInvalidCandidateBindings)", async (_name, mutate, want) => {
    const { p, digest } = await sealReady();
    mutate(p, digest);
    const r = await runMain(["check", "seal", "final"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    expect(r.stdout).toContain("reason: DRV-GATE-SEAL-MISSING");
    expect(r.stderr).toMatch(want);
    expect(r.stderr).toMatch(/^evidence-fresh: BLOCKED: /);
  });

  it("stops on an anchored note that is not exact, or a malformed notes.md; passes exact ones (Go: notes.SealCheck)", async () => {
    const { p, digest } = await sealReady();
    p.write(`${W}/notes.md`, "# Anchored notes\n\n- NOTE-001: the package name\n  SUBJECT: source.go\n  QUOTE: package source\n");
    expect((await runMain(["check", "seal", "final"], { cwd: p.dir })).exit).toBe(0);
    p.write(`${W}/notes.md`, "# Anchored notes\n\n- NOTE-001: the package name\n  SUBJECT: source.go\n  QUOTE: package other\n");
    const r = await runMain(["check", "seal", "final"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    expect(r.stdout).toBe(`evidence-fresh: OK: candidate digest ${digest} matches evidence, review, and seal.\nnote: NOTE-001 stale (source.go)\nnext: devrites-engine note check final --repair  # re-anchor moved; re-anchor or rm the rest\nreason: DRV-GATE-SEAL-MISSING\n`);
    p.write(`${W}/notes.md`, "- NOTE-001: x\n  QUOTE: q\n");
    const bad = await runMain(["check", "seal", "final"], { cwd: p.dir });
    expect(bad.exit).toBe(3);
    expect(bad.stdout).toContain("note: malformed: note NOTE-001 is missing SUBJECT\nreason: DRV-GATE-SEAL-MISSING\n");
  });

  it("reads the table-form question register (TestSealTracksCanonicalQuestionTableStatus)", async () => {
    const { p } = await sealReady();
    const table = "# Questions\n\n## Question register\n| Question ID | Status | Gate | Question | Answer | Impact |\n| --- | --- | --- | --- | --- | --- |\n| Q-001 | answered | validating | Include a header? | Yes. | AC-001 |\n";
    p.write(`${W}/questions.md`, table);
    const ok = await runMain(["check", "seal", "final"], { cwd: p.dir });
    expect(ok.exit, ok.stdout).toBe(0);
    p.write(`${W}/questions.md`, table.replace("| answered |", "| open |"));
    const r = await runMain(["check", "seal", "final"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    expect(r.stdout).toContain("invariant: open validating human question(s) remain in questions.md but state.md is not awaiting_human\n");
    expect(r.stdout).toContain("result: blocked (state invariant)\nreason: DRV-GATE-SEAL-MISSING\n");
  });

  it("names the seal files a workspace lacks (workflow_manifest.json: review.md, seal.md) and the retry", async () => {
    const { p } = await sealReady();
    fs.rmSync(p.path(`${W}/seal.md`));
    const r = await runMain(["check", "seal", "final"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    expect(r.stdout).toBe("gate: seal\nfeature: final\nphase: seal\nresult: blocked (missing to seal: seal.md)\nreason: DRV-GATE-SEAL-MISSING\nnext: add real content to seal.md\nretry: devrites-engine check seal final\n");
  });

  it("a stale readiness binding is DRV-GATE-READINESS-STALE, as the Go gate reports it", async () => {
    const { p } = await sealReady();
    fs.appendFileSync(p.path(`${W}/plan.md`), "Changed after Vet.\n");
    const r = await runMain(["check", "seal", "final"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    expect(r.stdout).toMatch(/reason: DRV-GATE-READINESS-STALE\ninvariant: readiness inputs are stale or the binding is invalid; rerun \/rite-vet and record exactly one standalone line: Readiness inputs SHA-256: [0-9a-f]{64}\n/);
  });
});

describe("secret-scan --staged", () => {
  function repo(): Project {
    const p = makeProject({ ".devrites/ACTIVE": "" });
    project = p;
    git(p, "init", "-q");
    git(p, "config", "user.email", "t@example.test");
    git(p, "config", "user.name", "T");
    return p;
  }

  it("passes clean staged blobs: `secret-scan: PASS`, exit 0", async () => {
    const p = repo();
    p.write("src/a.ts", "export const a = 1;\n");
    git(p, "add", "src/a.ts");
    expect(await runMain(["secret-scan", "--staged"], { cwd: p.dir })).toEqual({ exit: 0, stdout: "secret-scan: PASS\n", stderr: "" });
  });

  it("stops on a staged secret: exit 3, `path:line` and the rule, never the secret", async () => {
    const p = repo();
    const secret = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";
    p.write("src/config.ts", `// settings\nexport const token = "${secret}";\n`);
    git(p, "add", "src/config.ts");
    const r = await runMain(["secret-scan", "--staged"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    expect(r.stdout).toContain("HIGH src/config.ts:2 kind=github-token offset=");
    expect(r.stdout + r.stderr).not.toContain(secret);
    const json = await runMain(["secret-scan", "--staged", "--json"], { cwd: p.dir });
    expect(json.stdout).not.toContain(secret.slice(4));
  });

  it("scans the staged blob, not the work tree: a secret removed only from the work tree still stops", async () => {
    const p = repo();
    p.write("key.pem", "-----BEGIN RSA PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----\n");
    git(p, "add", "key.pem");
    p.write("key.pem", "nothing here\n");
    const r = await runMain(["secret-scan", "--staged"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    expect(r.stdout).toContain("HIGH key.pem:1 kind=private-key offset=0");
  });

  it("finds a class only this engine redacts (credentials in a URL)", async () => {
    const p = repo();
    p.write("deploy.sh", "psql postgres://app:s3cr3t-pass@db.internal/app\n");
    git(p, "add", "deploy.sh");
    const r = await runMain(["secret-scan", "--staged"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    expect(r.stdout).toContain("HIGH deploy.sh:1 kind=url-credentials");
    expect(r.stdout).not.toContain("s3cr3t-pass");
  });

  it("outside a git work tree it refuses (nonzero): a refusal is not a clean scan", async () => {
    const p = makeProject({ ".devrites/ACTIVE": "" });
    project = p;
    const r = await runMain(["secret-scan", "--staged"], { cwd: p.dir });
    expect(r.exit).not.toBe(0);
    expect(r.stdout).not.toContain("PASS");
    expect(r.stderr).toMatch(/^secret-scan: cannot inspect staged index/);
  });

  it("git runs without the caller's GIT_DIR / GIT_INDEX_FILE (engine/internal/gitenv/env.go): they cannot point the scan at another index", async () => {
    const p = repo();
    p.write("leak.txt", "xoxb-123456789012-abcdefghijklmnop\n");
    git(p, "add", "leak.txt");
    const r = await runMain(["secret-scan", "--staged"], { cwd: p.dir, env: { GIT_INDEX_FILE: p.path("nonexistent-index"), GIT_DIR: "/nonexistent" } });
    expect(r.exit).toBe(3);
    expect(r.stdout).toContain("HIGH leak.txt:1 kind=slack-token");
  });
});

describe("secret-scan's other modes", () => {
  it("<slug> scans the candidate's present files; --stdin scans standard input", async () => {
    const { p } = await sealReady();
    expect((await runMain(["secret-scan", "final"], { cwd: p.dir })).stdout).toBe("secret-scan: PASS\n");
    fs.appendFileSync(p.path("source.go"), 'const k = "AKIAABCDEFGHIJKLMNOP"\n');
    const r = await runMain(["secret-scan", "final"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    expect(r.stdout).toContain("HIGH source.go:2 kind=token-shape");
    const s = await runCli(["secret-scan", "--stdin"], { cwd: p.dir, input: "review: password is hunter2hunter2 and token xoxp-1234567890-abcdefghijkl\n" });
    expect(s.exit).toBe(3);
    expect(s.stdout).toContain("HIGH <stdin>:1 kind=slack-token");
    expect(s.stdout).not.toContain("xoxp-1234567890");
  });

  it("--text is refused (review text comes through --stdin), as in the Go engine", async () => {
    const { p } = await sealReady();
    const r = await runMain(["secret-scan", "--text", "x"], { cwd: p.dir });
    expect(r.exit).not.toBe(0);
    expect(r.stderr).toContain("review text must be supplied with --stdin");
  });
});

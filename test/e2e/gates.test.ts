// The `gates` verbs through the built CLI (a gate's CHECK is a process, so a process matters):
// exit codes and files as the Go engine's engine/internal/acceptance/cli.go has them, and issue
// 38's "done when" — a CHECK that hangs, prints 100 MB or reads an env secret is killed at the
// timeout, capped, not given the secret; recorded as failed; the ledger whole.

import { afterEach, describe, expect, it } from "vitest";
import { makeProject, type Project } from "../helpers/project.js";
import { runCli, runMain } from "../helpers/cli.js";
import { parseLedger } from "../../src/documents/gates-ledger/parse-ledger.js";

const W = ".devrites/work/feat";
const PLAN = (rows: string[]) => `# Test plan\n\n## Build-entry preflight\n\n| Command | Cwd |\n| --- | --- |\n${rows.map((r) => `| ${r.replace(/\|/g, "\\|")} | . |`).join("\n")}\n`;
const gate = (id: string, check: string, expect: string) => `- [ ] ${id}: ${id}\n  CHECK: ${check}\n  EXPECT: ${expect}\n  EVIDENCE: pending\n`;

let project: Project | undefined;
afterEach(() => {
  project?.cleanup();
  project = undefined;
});

async function workspace(ledger: string | undefined, approved: string[]): Promise<Project> {
  const p = makeProject();
  project = p;
  await runMain(["init", "feat"], { cwd: p.dir });
  if (ledger !== undefined) p.write(`${W}/gates.md`, ledger);
  p.write(`${W}/test-plan.md`, PLAN(approved));
  return p;
}

const events = (p: Project): string[] => p.read(`${W}/events.jsonl`).trim().split("\n").map((l) => (JSON.parse(l) as { event: string }).event);

describe.skipIf(process.platform === "win32")("gates run", () => {
  it("a CHECK that hangs, prints 100 MB or reads an env secret: killed, capped, secret not passed; recorded failed, the ledger whole", async () => {
    const checks = {
      HANG: ["sleep 60 & sleep 60", "never"],
      FLOOD: ["head -c 100000000 /dev/zero; echo SEEN", "SEEN"],
      SECRET: ['echo "token=[$GATE_TEST_SECRET]"', "token=[s3cr3t]"],
      OK: ["echo RUN-MARKER", "RUN-MARKER"],
    } as const;
    const ledger = `# Gates\n\n${Object.entries(checks).map(([id, [c, e]]) => gate(id, c, e)).join("\n")}`;
    const p = await workspace(ledger, Object.values(checks).map(([c]) => c));
    const t0 = Date.now();
    const r = await runCli(["gates", "run", "feat", "--timeout", "2"], { cwd: p.dir, env: { GATE_TEST_SECRET: "s3cr3t" } });
    expect(Date.now() - t0).toBeLessThan(30_000);
    expect(r.exit).toBe(3);
    expect(r.stdout).toContain("gate HANG: fail (check timed out after 2s)");
    expect(r.stdout).toContain("gate FLOOD: fail (check output exceeded 1048576 bytes)");
    expect(r.stdout).toContain('gate SECRET: fail (EXPECT "token=[s3cr3t]" did not match output)');
    expect(r.stdout).toContain("gate OK: pass");
    expect(r.stdout).not.toContain("s3cr3t]\n");
    const text = p.read(`${W}/gates.md`);
    expect(text).not.toContain("s3cr3t]\n  EVIDENCE: auto");
    const doc = parseLedger(text);
    expect(doc.errors).toEqual([]);
    expect(doc.gates.map((g) => [g.id, g.checked, g.evidence.split(";")[0]])).toEqual([
      ["HANG", false, "pending"],
      ["FLOOD", false, "pending"],
      ["SECRET", false, "pending"],
      ["OK", true, "automatic-evidence=v1"],
    ]);
    expect(events(p).filter((e) => e === "gate_result")).toHaveLength(4);
    expect(p.listDevrites().filter((f) => /\.tmp|journal/.test(f))).toEqual([]);
  }, 60_000);

  it("a CHECK test-plan.md does not approve never runs; met gates are skipped by run and re-run by reverify", async () => {
    const p = await workspace(`${gate("A", "echo A-OK", "A-OK")}${gate("B", "touch ran-b", "x")}`, ["echo A-OK"]);
    const first = await runCli(["gates", "run", "feat"], { cwd: p.dir });
    expect(first.stdout).toContain("gate A: pass");
    expect(first.stdout).toContain("gate B: skipped (CHECK/CWD is not an approved test-plan.md preflight row; not executed)");
    expect(first.stdout).toContain("unapproved-id: B");
    expect(p.exists("ran-b")).toBe(false);
    const again = await runCli(["gates", "run", "feat", "--json"], { cwd: p.dir });
    expect(JSON.parse(again.stdout).results[0]).toEqual({ id: "A", ran: false, passed: true, detail: "already met" });
    const re = await runCli(["gates", "reverify", "feat", "--json"], { cwd: p.dir });
    expect(JSON.parse(re.stdout).results[0]).toMatchObject({ id: "A", ran: true, passed: true });
  });
});

describe("gates scaffold, status, lint, attest, abandon", () => {
  it("lint: an unapproved CHECK is an error (exit 3); warnings pass unless --strict", async () => {
    const p = await workspace(`${gate("A", "./probe.sh", "marker")}${gate("B", "./other.sh", "marker")}`, ["./probe.sh"]);
    const bad = await runMain(["gates", "lint", "feat"], { cwd: p.dir });
    expect([bad.exit, bad.stdout]).toEqual([3, expect.stringContaining("error: B: unapproved-check:")]);
    expect(bad.stdout.endsWith("lint: 1 error(s), 0 warning(s)\nLINT FAIL\n")).toBe(true);
    p.write(`${W}/gates.md`, `${gate("A", "./probe.sh", "ok")}`);
    expect((await runMain(["gates", "lint", "feat"], { cwd: p.dir })).exit).toBe(0);
    const strict = await runMain(["gates", "lint", "feat", "--strict", "--json"], { cwd: p.dir });
    expect(strict.exit).toBe(3);
    expect(JSON.parse(strict.stdout)).toMatchObject({ errors: 0, warnings: 1, result: "fail", findings: [{ level: "warn", gate: "A", rule: "weak-expect" }] });
  });

  it("scaffold creates gates.md from spec.md's AC ids once; a second scaffold is exit 3 and changes nothing", async () => {
    const p = await workspace(undefined, []);
    p.write(`${W}/spec.md`, "AC-001 then AC-002, AC-001 again\n");
    const r = await runMain(["gates", "scaffold", "feat"], { cwd: p.dir });
    expect(r.exit).toBe(0);
    const text = p.read(`${W}/gates.md`);
    expect(parseLedger(text).gates.map((g) => g.id)).toEqual(["AC-001", "AC-002"]);
    expect((await runMain(["gates", "scaffold", "feat"], { cwd: p.dir })).exit).toBe(3);
    expect(p.read(`${W}/gates.md`)).toBe(text);
    expect(events(p)).toContain("gates_scaffolded");
  });

  it("status: exit 3 for a missing or malformed ledger, exit 0 only when every gate is met", async () => {
    const p = await workspace(undefined, []);
    expect((await runMain(["gates", "status", "feat"], { cwd: p.dir })).exit).toBe(3);
    p.write(`${W}/gates.md`, "- [ ] G1: x\nCHECK: cmd\n");
    const bad = await runMain(["gates", "status", "feat"], { cwd: p.dir });
    expect([bad.exit, bad.stdout]).toEqual([3, expect.stringContaining("result: malformed")]);
    p.write(`${W}/gates.md`, "- [ ] M1: manual\n  EVIDENCE: pending\n");
    expect((await runMain(["gates", "status", "feat"], { cwd: p.dir })).exit).toBe(3);
    const att = await runMain(["gates", "attest", "feat", "M1", "seen", "on", "staging"], { cwd: p.dir });
    expect([att.exit, att.stdout]).toEqual([0, "attested: M1\n"]);
    expect(p.read(`${W}/gates.md`)).toBe("- [x] M1: manual\n  EVIDENCE: seen on staging\n");
    const ok = await runMain(["gates", "status", "feat"], { cwd: p.dir });
    expect([ok.exit, ok.stdout]).toEqual([0, expect.stringContaining("result: all-met")]);
  });

  it("abandon appends one ABANDON line (a pasted line end cannot add a row); unknown or repeated ids are exit 3 and write nothing", async () => {
    const p = await workspace("- [ ] G1: x\r\n  EVIDENCE: pending\r\n", []);
    const r = await runMain(["gates", "abandon", "feat", "G1", "vendor gone\nABANDON: G2 y"], { cwd: p.dir });
    expect(r.exit).toBe(0);
    expect(p.read(`${W}/gates.md`)).toBe("- [ ] G1: x\r\n  EVIDENCE: pending\r\nABANDON: G1 vendor gone ABANDON: G2 y\r\n");
    const before = p.read(`${W}/gates.md`);
    expect((await runMain(["gates", "abandon", "feat", "G1", "again"], { cwd: p.dir })).exit).toBe(3);
    expect((await runMain(["gates", "abandon", "feat", "G9", "why"], { cwd: p.dir })).exit).toBe(3);
    expect((await runMain(["gates", "attest", "feat", "G1", "late"], { cwd: p.dir })).exit).toBe(3);
    expect(p.read(`${W}/gates.md`)).toBe(before);
    const status = await runMain(["gates", "status", "feat"], { cwd: p.dir });
    expect([status.exit, status.stdout]).toEqual([3, expect.stringContaining("handoff-id: G1")]);
  });
});

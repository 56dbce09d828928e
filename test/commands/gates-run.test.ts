// `gates run` and `gates reverify` in process (src/commands/gates/run.ts; Go:
// engine/internal/acceptance/cli.go cmdRun, run.go RunGates/writeResult): one line per gate for
// each reason a gate is skipped or fails, the ledger edited only for gates that ran, one
// `gate_result` event per gate run, and bad arguments refused before anything runs. The
// spawned suite (test/e2e/gates.test.ts) holds the process limits: timeout, output cap, env.

import { afterEach, describe, expect, it } from "vitest";
import { makeProject, type Project } from "../helpers/project.js";
import { runMain } from "../helpers/cli.js";
import { parseLedger } from "../../src/documents/gates-ledger/parse-ledger.js";

const W = ".devrites/work/feat";
const PLAN = (rows: string[]) => `# Test plan\n\n## Build-entry preflight\n\n| Command | Cwd |\n| --- | --- |\n${rows.map((r) => `| ${r} | . |`).join("\n")}\n`;
const gate = (id: string, check: string, expect: string) => `- [ ] ${id}: ${id}\n  CHECK: ${check}\n  EXPECT: ${expect}\n  EVIDENCE: pending\n`;

let project: Project | undefined;
afterEach(() => {
  project?.cleanup();
  project = undefined;
});

async function workspace(ledger: string, approved: string[]): Promise<Project> {
  const p = makeProject();
  project = p;
  await runMain(["init", "feat"], { cwd: p.dir });
  p.write(`${W}/gates.md`, ledger);
  p.write(`${W}/test-plan.md`, PLAN(approved));
  return p;
}
const results = (stdout: string) => stdout.split("\n").filter((l) => l.startsWith("gate "));
const gateEvents = (p: Project) => p.read(`${W}/events.jsonl`).trim().split("\n").map((l) => JSON.parse(l) as { event: string; detail?: { gate: string; passed: boolean } }).filter((e) => e.event === "gate_result");

describe.skipIf(process.platform === "win32")("gates run in process", () => {
  it("each gate gets its line: pass, a failing exit, an EXPECT that does not match, an unapproved CHECK, a manual gate, an abandoned one", async () => {
    const ledger = [
      gate("PASS", "echo ok-marker", "ok-marker"),
      gate("EXIT", "false", "x"),
      gate("MISMATCH", "echo something", "other"),
      gate("UNAPPROVED", "echo never", "never"),
      "- [ ] MANUAL: judged by a person\n  EVIDENCE: pending\n",
      gate("GONE", "echo gone", "gone"),
      "ABANDON: GONE the vendor removed it\n",
    ].join("");
    const p = await workspace(ledger, ["echo ok-marker", "false", "echo something", "echo gone"]);
    const r = await runMain(["gates", "run", "feat"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    const lines = results(r.stdout);
    expect(lines).toEqual([
      "gate PASS: pass",
      "gate EXIT: fail (exit 1)",
      'gate MISMATCH: fail (EXPECT "other" did not match output)',
      "gate UNAPPROVED: skipped (CHECK/CWD is not an approved test-plan.md preflight row; not executed)",
      "gate MANUAL: skipped (manual gate; evidence is judged, not executed)",
      "gate GONE: skipped (abandoned; handoff required)",
    ]);
    const doc = parseLedger(p.read(`${W}/gates.md`));
    expect(doc.gates.filter((g) => g.checked).map((g) => g.id)).toEqual(["PASS"]);
    expect(doc.gates.find((g) => g.id === "PASS")!.evidence).toMatch(/^automatic-evidence=v1/);
    expect(gateEvents(p).map((e) => [e.detail!.gate, e.detail!.passed])).toEqual([["PASS", true], ["EXIT", false], ["MISMATCH", false]]);
  });

  it("run skips a met gate; reverify runs it again, and --json lists each result", async () => {
    const p = await workspace(gate("A", "echo a-ok", "a-ok"), ["echo a-ok"]);
    expect((await runMain(["gates", "run", "feat"], { cwd: p.dir })).exit).toBe(0);
    const again = await runMain(["gates", "run", "feat", "--json"], { cwd: p.dir });
    expect(JSON.parse(again.stdout).results).toEqual([{ id: "A", ran: false, passed: true, detail: "already met" }]);
    const re = await runMain(["gates", "reverify", "feat", "--json"], { cwd: p.dir });
    expect(re.exit).toBe(0);
    expect(JSON.parse(re.stdout).results).toEqual([{ id: "A", ran: true, passed: true, detail: "pass" }]);
    expect(gateEvents(p)).toHaveLength(2);
  });

  it("reverify demotes a pass that no longer holds", async () => {
    const p = await workspace(gate("A", "cat marker.txt", "present"), ["cat marker.txt"]);
    p.write("marker.txt", "present\n");
    expect((await runMain(["gates", "run", "feat"], { cwd: p.dir })).exit).toBe(0);
    p.write("marker.txt", "gone\n");
    const re = await runMain(["gates", "reverify", "feat"], { cwd: p.dir });
    expect(re.exit).toBe(3);
    expect(results(re.stdout)).toEqual(['gate A: fail (EXPECT "present" did not match output)']);
    expect(parseLedger(p.read(`${W}/gates.md`)).gates[0]!.checked).toBe(false);
  });

  it.each([["abc"], ["0"], ["=-1"], ["1.5"]])("--timeout %s is exit 5 and nothing runs or is written", async (t) => {
    const p = await workspace(gate("A", "touch ran", "x"), ["touch ran"]);
    const before = p.read(`${W}/gates.md`);
    const r = await runMain(["gates", "run", "feat", ...(t.startsWith("=") ? [`--timeout${t}`] : ["--timeout", t])], { cwd: p.dir });
    expect(r.exit).toBe(5);
    expect(r.stderr).toContain("--timeout must be positive seconds");
    expect(p.exists("ran")).toBe(false);
    expect(p.read(`${W}/gates.md`)).toBe(before);
  });

  it.each([
    ["a CHECK line outside its gate", "- [ ] G1: x\nCHECK: touch ran\n"],
    ["an EXPECT regex that does not compile", "- [ ] G1: x\n  CHECK: touch ran\n  EXPECT: /re(/\n  EVIDENCE: pending\n"],
  ])("a malformed ledger (%s) runs nothing and reports it (exit 3)", async (_, ledger) => {
    const p = await workspace(ledger, ["touch ran"]);
    const r = await runMain(["gates", "run", "feat"], { cwd: p.dir });
    expect([r.exit, r.stdout]).toEqual([3, expect.stringContaining("result: malformed")]);
    expect(p.exists("ran")).toBe(false);
  });
});

// gates.md grammar, state and splice edits: the Go engine's tests in
// engine/internal/acceptance/acceptance_test.go ported as tables (names kept in each case).
import { describe, expect, it } from "vitest";
import { approvedCommands, isApproved } from "../../../src/documents/gates-ledger/approved-commands.js";
import { abandonEdit, oneLine, resultEdits } from "../../../src/documents/gates-ledger/edit-ledger.js";
import { allMet, formatEvidence, gateState, reduceLedger } from "../../../src/documents/gates-ledger/gate-state.js";
import { compileExpect, expectationMatches, type LedgerGate, parseLedger } from "../../../src/documents/gates-ledger/parse-ledger.js";
import { applyEdits } from "../../../src/documents/text-edit.js";
import { lintLedger } from "../../../src/documents/gates-ledger/lint-ledger.js";
import { scaffoldLedger } from "../../../src/documents/gates-ledger/scaffold-ledger.js";

describe("parseLedger", () => {
  it("TestParseLedgerRunnableAndManualGates: a runnable and a manual gate keep their fields", () => {
    const doc = parseLedger("# Gates\n\n- [ ] AC-001: binary builds clean\n  CHECK: go build ./...\n  EXPECT: ok\n  CWD: engine\n  EVIDENCE: pending\n\n- [x] AC-002: spec reviewed by a human\n  EVIDENCE: reviewed 2024-06-01 by ops\n");
    expect(doc.errors).toEqual([]);
    expect(doc.gates.map((g) => [g.id, g.checked, g.check, g.expect, g.cwd, g.evidence])).toEqual([
      ["AC-001", false, "go build ./...", "ok", "engine", "pending"],
      ["AC-002", true, "", "", "", "reviewed 2024-06-01 by ops"],
    ]);
  });

  it("TestParseLedgerIgnoresFencedExamples: a fenced gate or attribute is never read", () => {
    const doc = parseLedger("# Gates\n\n```markdown\n- [ ] FAKE-1: fenced gate\n  EVIDENCE: fenced evidence\n```\n\n- [x] REAL-1: real gate\n  EVIDENCE: attested\n\n```\n  EVIDENCE: fenced attribute decoy\n```\n");
    expect(doc.errors).toEqual([]);
    expect(doc.gates.map((g) => [g.id, g.evidence])).toEqual([["REAL-1", "attested"]]);
  });

  it.each([
    ["empty", "# Gates\n", /declares no gates/],
    ["partial-check", "- [ ] G1: x\n  CHECK: cmd\n", /partial runnable gate/],
    ["partial-expect", "- [ ] G1: x\n  EXPECT: out\n", /partial runnable gate/],
    ["unindented-attr", "- [ ] G1: x\nCHECK: cmd\n  EXPECT: out\n", /must be indented/],
    ["orphan-attr", "  EVIDENCE: nowhere\n- [ ] G1: x\n", /has no gate/],
    ["duplicate-id", "- [ ] G1: a\n- [ ] G1: b\n", /duplicate gate id "G1"/],
    ["long-id", `- [ ] ${"G".repeat(65)}: x\n`, /exceeds 64 characters/],
    ["indented-abandon", "- [ ] G1: x\n  ABANDON: G1 nope\n", /column 1/],
    ["abandon-unknown", "- [ ] G1: x\nABANDON: G2 gone\n", /unknown gate id "G2"/],
    ["abandon-no-reason", "- [ ] G1: x\nABANDON: G1\n", /non-blank reason/],
    ["absolute-cwd", "- [ ] G1: x\n  CHECK: c\n  EXPECT: o\n  CWD: /etc\n", /repository-relative/],
    ["windows-abs-cwd", "- [ ] G1: x\n  CHECK: c\n  EXPECT: o\n  CWD: C:\\tmp\n", /repository-relative/],
    ["traversal-cwd", "- [ ] G1: x\n  CHECK: c\n  EXPECT: o\n  CWD: a/../b\n", /traversal/],
    ["bad-expect-pattern", "- [ ] G1: x\n  CHECK: c\n  EXPECT: /[/\n", /regex is invalid/],
  ])("TestParseLedgerErrors %s: a malformed ledger is an error", (_name, text, message) => {
    expect(parseLedger(text).errors.join("\n")).toMatch(message);
  });

  it("TestParseLedgerAbandonRecordsReason and TestParseLedgerPreservesCRLF", () => {
    const doc = parseLedger("- [ ] G1: x\r\n- [ ] G2: y\r\n\r\nABANDON: G1 upstream API removed\r\n");
    expect(doc.errors).toEqual([]);
    expect(doc.abandoned.get("G1")).toBe("upstream API removed");
    expect(doc.eol).toBe("\r\n");
  });

  it.each([
    ["all tests pass", "ok all tests pass ok", true],
    ["/PASS \\d+ files/", "PASS 3 files", true],
    ["/success/i", "SUCCESS", true],
    ["/a/b/c", "x /a/b/c y", true],
    ["/^ok$/m", "a\nok\nb", true],
    ["/a.b/", "a\nb", false],
  ])("TestCompileExpectForms: EXPECT %s against %j matches: %s", (expectText, output, matches) => {
    const e = compileExpect(expectText);
    if (typeof e === "string") throw new Error(e);
    expect(expectationMatches(e, output)).toBe(matches);
  });

  it("TestCompileExpectForms: an empty EXPECT is an error", () => {
    expect(compileExpect("")).toBe("EXPECT is empty");
  });
});

const gate = (over: Partial<LedgerGate>): LedgerGate => ({ id: "R1", title: "outcome", checked: false, check: "probe", expect: "ok", cwd: "", evidence: "", row: 0, ...over });
const noDoc = (abandoned: [string, string][] = []) => ({ ...parseLedger("- [ ] X: x\n"), abandoned: new Map(abandoned) });

describe("gateState and reduceLedger", () => {
  it("TestGateStateManual: a manual gate is met when ticked with evidence other than pending", () => {
    expect(gateState(gate({ check: "", expect: "", evidence: "pending" }), noDoc())).toBe("unmet");
    expect(gateState(gate({ check: "", expect: "", checked: true, evidence: "pending" }), noDoc())).toBe("unmet");
    expect(gateState(gate({ check: "", expect: "", checked: true, evidence: "human verified on staging" }), noDoc())).toBe("met");
  });

  it("TestGateStateRunnable and TestGateStateDefinitionDriftStale: only evidence bound to the current definition is met", () => {
    const g = gate({ checked: true });
    expect(gateState({ ...g, checked: false }, noDoc())).toBe("unmet");
    expect(gateState({ ...g, evidence: "looks good to me" }, noDoc())).toBe("stale-unmet");
    const bound = { ...g, evidence: formatEvidence(g, "out", "2024-01-01T00:00:00Z") };
    expect(gateState(bound, noDoc())).toBe("met");
    for (const edit of [{ check: "probe --verbose" }, { expect: "ok2" }, { cwd: "sub" }]) expect(gateState({ ...bound, ...edit }, noDoc())).toBe("stale-unmet");
    expect(gateState(bound, noDoc([["R1", "vendor removed"]]))).toBe("abandoned");
  });

  it("TestReduceCountsAndIds: counts and ids; an unapproved CHECK is named only when a plan was read", () => {
    const met = gate({ id: "G1", checked: true });
    met.evidence = formatEvidence(met, "o", "t");
    const doc = { ...noDoc([["G3", "handoff"]]), gates: [met, gate({ id: "G2", evidence: "pending" }), gate({ id: "G3", check: "", expect: "" }), gate({ id: "G4", checked: true, evidence: "stale prose" })] };
    const r = reduceLedger(doc, [{ command: "probe", cwd: "" }]);
    expect(r).toEqual({ total: 4, met: 1, abandonedIds: ["G3"], unmetIds: ["G2", "G4"], staleIds: ["G4"], unapprovedIds: [] });
    expect(allMet(r)).toBe(false);
    expect(reduceLedger(doc, [{ command: "other", cwd: "" }]).unapprovedIds).toEqual(["G2", "G4"]);
    expect(reduceLedger(doc, undefined).unapprovedIds).toEqual([]);
    expect(allMet(reduceLedger({ ...noDoc(), gates: [met] }, undefined))).toBe(true);
  });
});

const PLAN = "# Test plan\n\n## Build-entry preflight\n\n| Command | Cwd | Purpose |\n| --- | --- | --- |\n| go test ./internal/acceptance | engine | package tests |\n| ./scripts/scan.sh \\| tail -1 | repository | escaped pipe survives |\n| make build | . | root convention |\n\n## Consumptive actions\n\n| Command | Cwd |\n| --- | --- |\n| rm -rf dist | . |\n";

describe("approvedCommands", () => {
  it("TestApprovedCommandsPreflightOnly: only the preflight section's exact (command, cwd) pairs approve", () => {
    const approved = approvedCommands(PLAN);
    expect(approved).toHaveLength(3);
    expect(isApproved("go test ./internal/acceptance", "engine", approved)).toBe(true);
    expect(isApproved("go test ./internal/acceptance", ".", approved)).toBe(false);
    expect(isApproved(" go test ./internal/acceptance ", "engine/", approved)).toBe(true);
    expect(isApproved("rm -rf dist", ".", approved)).toBe(false);
    expect(isApproved("./scripts/scan.sh | tail -1", "root", approved)).toBe(true);
  });

  it("TestApprovedCommandsNoSection and TestNormalizeApprovedCwd", () => {
    expect(approvedCommands("# Plan\n\nno table\n")).toEqual([]);
    for (const root of ["", ".", "./", "repository", "root", "repo", "n/a", "-", "`.`"]) {
      expect(isApproved("make", root, [{ command: "make", cwd: "" }])).toBe(true);
    }
  });
});

describe("resultEdits and abandonEdit", () => {
  const LEDGER = "# Gates\r\n\r\n- [ ] G1: probe\r\n  CHECK: echo hi\r\n  EXPECT: hi\r\n\r\n```\r\n  EVIDENCE: fenced decoy\r\n```\r\n- [x] G2: other\r\n  EVIDENCE: kept\r\n";
  it("TestWriteResultIgnoresFencedEvidenceDecoy: a pass ticks the box and inserts EVIDENCE after the attributes; every other byte is kept", () => {
    const doc = parseLedger(LEDGER);
    const r = resultEdits(LEDGER, doc.gates[0] as LedgerGate, "EV", true);
    if (!("edits" in r)) throw new Error(r.moved);
    const out = applyEdits(LEDGER, r.edits);
    expect(out).toBe(LEDGER.replace("- [ ] G1", "- [x] G1").replace("  EXPECT: hi\r\n", "  EXPECT: hi\r\n  EVIDENCE: EV\r\n"));
    expect(parseLedger(out).gates[0]?.evidence).toBe("EV");
  });

  it("TestRunGatesFailureClearsBox: a failure clears the box and replaces the EVIDENCE line", () => {
    const text = "- [x] G1: prior pass\n  CHECK: echo nothing\n  EXPECT: NEVER\n  EVIDENCE: bogus\n";
    const r = resultEdits(text, parseLedger(text).gates[0] as LedgerGate, "pending", false);
    if (!("edits" in r)) throw new Error(r.moved);
    expect(applyEdits(text, r.edits)).toBe("- [ ] G1: prior pass\n  CHECK: echo nothing\n  EXPECT: NEVER\n  EVIDENCE: pending\n");
  });

  it("TestWriteResultDiscardsMovedOracle: a definition edited after the run discards the result", () => {
    const ran = parseLedger("- [ ] G1: p\n  CHECK: echo hi\n  EXPECT: hi\n").gates[0] as LedgerGate;
    expect(resultEdits("- [ ] G1: p\n  CHECK: echo hi --verbose\n  EXPECT: hi\n", ran, "EV", true)).toEqual({ moved: "gate G1 definition edited" });
    expect(resultEdits("- [ ] G2: p\n", ran, "EV", true)).toEqual({ moved: "gate G1 disappeared" });
  });

  it.each([
    ["a\n", "a\nABANDON: G1 why\n"],
    ["a\r\n", "a\r\nABANDON: G1 why\r\n"],
    ["a", "a\nABANDON: G1 why\n"],
  ])("abandonEdit appends one line in the ledger's line end (%j)", (text, want) => {
    expect(applyEdits(text, [abandonEdit(text, "G1", "why")])).toBe(want);
  });

  it("oneLine: a pasted line end cannot add ledger rows", () => {
    expect(oneLine("a\nABANDON: G2 x\r\nb")).toBe("a ABANDON: G2 x b");
  });
});

describe("lintLedger", () => {
  const rules = (text: string, approved: { command: string; cwd: string }[]) => Object.fromEntries(lintLedger(parseLedger(text), approved).map((f) => [`${f.gate}:${f.rule}`, f.level]));

  it("TestLintFindings: each lexical sign of an oracle that cannot fail honestly, and an unapproved CHECK as an error", () => {
    const r = rules("- [ ] G1: echo done\n  CHECK: echo done\n  EXPECT: pass\n\n- [ ] G2: Improve coverage by 40 percent\n  EVIDENCE: pending\n\n- [ ] G3: real probe\n  CHECK: ./probe.sh\n  EXPECT: /tmp/out\\.txt/\n\n- [ ] G4: unvetted\n  CHECK: ./other.sh\n  EXPECT: marker\n", [{ command: "./probe.sh", cwd: "" }]);
    for (const want of ["G1:tautological-check", "G1:weak-expect", "G2:manual-gate", "G2:unmeasured-number", "G2:activity-not-outcome", "G3:path-read-as-regex", "G4:unapproved-check"]) expect(r).toHaveProperty([want]);
    expect(r["G4:unapproved-check"]).toBe("error");
    expect(r).not.toHaveProperty(["ledger:mostly-manual"]);
  });

  it("TestLintDuplicateOracle: a live gate repeating an earlier oracle is flagged; another EXPECT, an abandoned gate or another CWD is not", () => {
    const r = rules("- [ ] G1: first\n  CHECK: ./probe.sh\n  EXPECT: marker\n\n- [ ] G2: same oracle, reworded title\n  CHECK:   ./probe.sh  \n  EXPECT: marker\n\n- [ ] G3: different oracle\n  CHECK: ./probe.sh\n  EXPECT: other\n\n- [ ] G4: abandoned duplicate\n  CHECK: ./probe.sh\n  EXPECT: marker\n\n- [ ] G5: same check in another cwd\n  CHECK: ./probe.sh\n  EXPECT: marker\n  CWD: engine\n\nABANDON: G4 superseded\n", [{ command: "./probe.sh", cwd: "" }, { command: "./probe.sh", cwd: "engine" }]);
    expect(r).toHaveProperty(["G2:duplicate-oracle"]);
    for (const absent of ["G1", "G3", "G4", "G5"]) expect(r).not.toHaveProperty([`${absent}:duplicate-oracle`]);
  });

  it("TestLintMostlyManualAndCounts: fewer than half the live gates runnable is a warning", () => {
    const r = rules("- [ ] G1: a\n  CHECK: c\n  EXPECT: o\n- [ ] G2: b\n- [ ] G3: c\n", [{ command: "c", cwd: "" }]);
    expect(r["ledger:mostly-manual"]).toBe("warn");
    expect(Object.values(r)).not.toContain("error");
  });

  it("TestScaffoldLedger: the scaffold parses; AC ids in first-seen order, once each", () => {
    expect(parseLedger(scaffoldLedger("feat", "")).gates.map((g) => g.id)).toEqual(["G1"]);
    const doc = parseLedger(scaffoldLedger("feat", "# Spec\n\n- AC-002 first\n- AC-001 second\n- AC-002 repeated\n"));
    expect([doc.errors, doc.gates.map((g) => g.id)]).toEqual([[], ["AC-002", "AC-001"]]);
  });
});

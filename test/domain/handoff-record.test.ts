// The handoff resume record (domain/handoff-record.ts) and decisions.md's dead ends
// (documents/decisions/dead-ends.ts), against the Go engine's engine/internal/lib/handoff.go
// and engine/internal/lib/handoff_test.go (TestDeadEndsBoundsAndSectionScope).

import { describe, expect, it } from "vitest";
import { deadEnds } from "../../src/documents/decisions/dead-ends.js";
import { renderHandoff, type HandoffInput } from "../../src/domain/handoff-record.js";

const base: HandoffInput = {
  slug: "feat", phase: "spec", status: undefined, nextAction: undefined, sequence: undefined, openQuestions: 0,
  blockingGates: [], ledger: undefined, deadEnds: [], missingRequired: [], present: [],
};

describe("deadEnds (Go: deadEnds)", () => {
  it.each<[string, string, string[]]>([
    ["TestDeadEndsBoundsAndSectionScope: only the section's bullets", "# D\n\n## Dead ends\n\n- one\n- two\n\n## DEC-001 other\n- not a dead end\n", ["one", "two"]],
    ["the heading without case, two sections", "## DEAD ENDS\n-  a \n## x\n## Dead ends\n-b\n", ["a", "b"]],
    ["a level-3 heading also ends the section (any line starting ##)", "## Dead ends\n- a\n### sub\n- b\n", ["a"]],
    ["no section", "# D\n- a\n", []],
  ])("%s", (_name, text, want) => {
    expect(deadEnds(text)).toEqual(want);
  });

  it("keeps the last ten", () => {
    const text = "## Dead ends\n" + Array.from({ length: 13 }, (_, i) => `- e${i + 1}\n`).join("");
    expect(deadEnds(text)).toEqual(Array.from({ length: 10 }, (_, i) => `e${i + 4}`));
  });
});

describe("renderHandoff (Go: RunHandoff)", () => {
  it("TestHandoffMissingLedgerAndNoQuestions: unset cursor fields, no ledger, none everywhere, README.md to read", () => {
    expect(renderHandoff(base)).toEqual([
      "feature: feat", "phase: spec", "status: unset", "next_action: unset", "awaiting_human: no", "open_questions: 0",
      "blocking_question_gates: none", "gates_ledger: absent", "dead_ends: none", "missing_required: none", "read_next: README.md",
    ]);
  });

  it("every section filled, in the Go engine's order", () => {
    const lines = renderHandoff({
      ...base,
      phase: "build",
      status: "awaiting_human",
      nextAction: "/rite-resolve q-1",
      sequence: { parent: "p", position: "2", remaining: "1", role: "release" },
      openQuestions: 2,
      blockingGates: ["blocking", "validating"],
      ledger: { reduction: { total: 3, met: 1, unmetIds: ["G2", "G3"], staleIds: ["G2"], unapprovedIds: ["G3"], abandonedIds: ["G4"] }, errors: ["line 9: x"] },
      deadEnds: ["cache: races"],
      missingRequired: ["plan.md", "tasks.md"],
      present: ["state.md", "gates.md"],
    });
    expect(lines).toEqual([
      "feature: feat", "phase: build", "status: awaiting_human", "next_action: /rite-resolve q-1",
      "sequence: parent=p position=2 remaining=1 role=release", "awaiting_human: yes", "open_questions: 2",
      "blocking_question_gates: blocking, validating",
      "gates_total: 3", "gates_met: 1", "gates_unmet: 2", "gates_stale: 1", "gates_abandoned: 1",
      "unmet_id: G2", "unmet_id: G3", "stale_id: G2", "unapproved_id: G3", "abandoned_id: G4", "ledger_error: line 9: x",
      "dead_end: cache: races", "missing_required: plan.md, tasks.md", "read_next: state.md, gates.md",
    ]);
  });
});

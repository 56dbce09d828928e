// `next`'s path (domain/next-path.ts) against the Go engine's RunNext
// (engine/internal/lib/next.go; its tests in engine/internal/lib/context_next_test.go).

import { describe, expect, it } from "vitest";
import { nextPath, nextRequired, renderNextPath, type NextInput } from "../../src/domain/next-path.js";

const have = (...names: string[]) => (n: string) => names.includes(n);
const SPEC_SET = ["brief.md", "spec.md", "state.md", "decisions.md", "assumptions.md", "questions.md"];
const CLARIFY_SET = [...SPEC_SET, "decision-coverage.md"];
const PLAN_SET = [...CLARIFY_SET, "architecture.md", "plan.md", "tasks.md", "traceability.md"];

describe("next path: the first phase with work left, skips on the way (Go: next.go)", () => {
  it.each<[string, NextInput, string[]]>([
    [
      "TestNextReportsPhasePath: an incomplete current phase is next, with its missing files",
      { phase: "spec", currentMissing: ["assumptions.md"], present: have(), openQuestions: 0 },
      ["current: spec", "current-status: incomplete", "open-questions: 0", "next-phase: spec", "next-command: /rite-spec", "missing: assumptions.md"],
    ],
    [
      "TestNextBlocksOnOpenQuestions: open questions make clarify next (never blocked by them itself)",
      { phase: "spec", currentMissing: [], present: have(...SPEC_SET), openQuestions: 1 },
      ["current: spec", "current-status: complete", "open-questions: 1", "next-phase: clarify", "next-command: /rite-clarify", "missing: decision-coverage.md"],
    ],
    [
      "TestNextSkipsVacuousClarify: no open question skips clarify; temper is next",
      { phase: "spec", currentMissing: [], present: have(...SPEC_SET), openQuestions: 0 },
      ["current: spec", "current-status: complete", "open-questions: 0", "next-phase: temper", "next-command: /rite-temper", "missing: decision-coverage.md", "skip: clarify (0 open questions)"],
    ],
    [
      "a phase after clarify is blocked by open questions; complete phases are skipped",
      { phase: "temper", currentMissing: [], present: have(...CLARIFY_SET), openQuestions: 2 },
      ["current: temper", "current-status: complete", "open-questions: 2", "next-phase: define", "next-command: /rite-define", "blocked: 2 open question(s) gate this phase", "missing: architecture.md,plan.md,tasks.md,traceability.md"],
    ],
    [
      "plan resumes with vet; define skipped when its artifacts are complete",
      { phase: "define", currentMissing: [], present: have(...PLAN_SET), openQuestions: 0 },
      ["current: define", "current-status: complete", "open-questions: 0", "next-phase: vet", "next-command: /rite-vet", "missing: eng-review.md,test-plan.md", "skip: plan (artifacts complete)"],
    ],
    [
      "done is done: no walk, no skips",
      { phase: "done", currentMissing: ["seal.md"], present: have(), openQuestions: 3 },
      ["current: done", "current-status: incomplete", "open-questions: 3", "next-phase: done"],
    ],
    [
      "every later phase complete: next-phase done with every skip listed",
      { phase: "seal", currentMissing: [], present: () => true, openQuestions: 0 },
      ["current: seal", "current-status: complete", "open-questions: 0", "next-phase: done", "skip: ship (artifacts complete)"],
    ],
  ])("%s", (_name, input, lines) => {
    expect(renderNextPath(nextPath(input))).toEqual(lines);
  });

  it("seal, ship and done require review.md and seal.md (Go: artifactsFinal); review does not", () => {
    for (const p of ["seal", "ship", "done"] as const) expect(nextRequired(p)).toEqual(expect.arrayContaining(["review.md", "seal.md"]));
    expect(nextRequired("review")).not.toContain("seal.md");
  });
});

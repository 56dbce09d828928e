// The resume verb and Log phase of every phase, and of the words that are no phase.

import { describe, expect, it } from "vitest";
import { PHASES, logPhase, resumeCommand } from "../../src/domain/phases.js";

const resume = (verb: string) => `(resume: \`/rite-${verb} (Claude) / $rite-${verb} (Codex)\` to continue the workflow)`;

describe("resumeCommand and logPhase", () => {
  it.each([
    ["frame", "frame", "frame"],
    ["spec", "spec", "spec"],
    ["clarify", "clarify", "clarify"],
    ["temper", "temper", "temper"],
    ["define", "define", "define"],
    ["plan", "vet", "plan"],
    ["vet", "vet", "vet"],
    ["build", "build", "build"],
    ["converge", "converge", "converge"],
    ["prove", "prove", "prove"],
    ["polish", "polish", "polish"],
    ["review", "review", "review"],
    ["seal", "seal", "seal"],
    ["ship", "ship", "ship"],
    ["done", "build", "done"],
    ["implementation", "build", "build"],
    ["", "build", "build"],
    [undefined, "build", "build"],
    ["Build", "build", "build"],
    ["  PLAN  ", "vet", "plan"],
    ["review (round 2)", "review", "review"],
    ["planning", "build", "build"],
  ])("phase %j resumes with /rite-%s and logs as %j", (phase, verb, logged) => {
    expect(resumeCommand(phase)).toBe(resume(verb));
    expect(logPhase(phase)).toBe(logged);
  });

  it("every known phase has a resume verb that is a phase", () => {
    for (const p of PHASES) expect(PHASES).toContain(/\/rite-(\w+)/.exec(resumeCommand(p))![1]);
  });
});

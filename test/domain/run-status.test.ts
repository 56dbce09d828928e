// Cursor rules every command shares: the resume verb and Log phase per phase, the schema
// gate's exact messages, the one status change that drops pause fields, the parse-back
// check, and how stored texts are normalized.

import { describe, expect, it } from "vitest";
import { makeRng } from "../helpers/generate.js";
import { BadInputError, InternalError, RefusedError } from "../../src/errors.js";
import {
  PHASES, assertSchema, logPhase, nextActionEdits, normalizeText, resumeCommand, statusEdits, verifyState,
} from "../../src/domain/run-status.js";
import { parseState } from "../../src/documents/state/parse-state.js";
import { applyEdits } from "../../src/documents/text-edit.js";

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

describe("assertSchema (the schema gate)", () => {
  it.each([
    ["- Schema: 4\n"],
    ["| schema | 4 |\n"],
    ["| Schema |  4  |\n"],
  ])("%j passes", (text) => {
    expect(() => assertSchema(parseState(text), "feat")).not.toThrow();
  });

  it.each([
    ["- Phase: build\n", "workspace schema version refused: workspace feat predates the v5 workspace schema (schema 2, engine requires 4); run devrites-engine migrate feat"],
    ["| schema | 3 |\n", "workspace schema version refused: workspace feat predates the v5 workspace schema (schema 3, engine requires 4); run devrites-engine migrate feat"],
    ["- Schema: 5\n", "workspace schema version refused: workspace feat declares schema 5, newer than this engine's 4; upgrade devrites-engine"],
    ["- Schema: four\n", 'state.md schema row is invalid (value "four"); expected the workspace schema version'],
    ["- Schema: 4.0\n", 'state.md schema row is invalid (value "4.0"); expected the workspace schema version'],
    ["- Schema:\n", 'state.md schema row is invalid (value ""); expected the workspace schema version'],
    ["```\n- Schema: 4\n```\n", "workspace schema version refused: workspace feat predates the v5 workspace schema (schema 2, engine requires 4); run devrites-engine migrate feat"],
  ])("%j is refused with exit 3 and the exact message", (text, message) => {
    let err: unknown;
    try {
      assertSchema(parseState(text), "feat");
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RefusedError);
    expect((err as RefusedError).exitCode).toBe(3);
    expect((err as RefusedError).message).toBe(message);
  });
});

const PAUSED = `| Key | Value |
| --- | --- |
| schema | 4 |
| status | blocked |
| pause_reason | usage_cap |
| pause_detail | limit hit |
| resumes_at | 2026-07-20T14:50:00Z |
| next_action | (paused) |
`;

describe("statusEdits", () => {
  it.each(["running", "awaiting_human", "done"] as const)("setting %s removes every pause field", (status) => {
    const out = applyEdits(PAUSED, statusEdits(parseState(PAUSED), status, false));
    expect(out).toBe(`| Key | Value |\n| --- | --- |\n| schema | 4 |\n| status | ${status} |\n| next_action | (paused) |\n`);
  });

  it("setting blocked keeps the pause fields", () => {
    expect(applyEdits(PAUSED, statusEdits(parseState(PAUSED), "blocked", false))).toBe(PAUSED);
  });

  it("a missing status is not added unless insertMissing", () => {
    const text = "- Schema: 4\n- Phase: build\n";
    expect(applyEdits(text, statusEdits(parseState(text), "running", false))).toBe(text);
    expect(applyEdits(text, statusEdits(parseState(text), "running", true))).toBe("- Schema: 4\n- Phase: build\n- Status: running\n");
  });

  it("the status already set is not rewritten", () => {
    expect(statusEdits(parseState("- Status: running\n"), "running", false)).toEqual([]);
  });
});

describe("nextActionEdits", () => {
  it("sets an existing next_action in place and never adds a missing one", () => {
    const text = "- Status: x\n- Next step: old\n";
    expect(applyEdits(text, nextActionEdits(parseState(text), "new"))).toBe("- Status: x\n- Next step: new\n");
    expect(nextActionEdits(parseState("- Status: x\n"), "new")).toEqual([]);
  });
});

describe("verifyState (parse-back before any write)", () => {
  it("returns the parsed document when the values read back", () => {
    expect(verifyState("- Status: running\n", { status: "running", pause_reason: null }).cursor.get("status")!.value).toBe("running");
  });

  it.each([
    [{ status: "blocked" }],
    [{ pause_reason: null }],
    [{ phase: "build" }],
  ])("throws InternalError (exit 1) when %j does not read back", (expect_) => {
    const run = () => verifyState("- Status: running\n- pause_reason: x\n", expect_);
    expect(run).toThrow(InternalError);
    expect(run).toThrow(/nothing was written/);
  });

  it("runs the extra check", () => {
    expect(() => verifyState("- Status: running\n", {}, () => "an awaiting section is still present")).toThrow(/an awaiting section is still present/);
  });
});

describe("normalizeText", () => {
  it.each([
    [["Keep", "one", "release"], "Keep one release"],
    [["  spaced\n\nout\t "], "spaced out"],
    [["a\r\nb"], "a b"],
    [["a\u2028b\u00a0c"], "a b c"],
    [["--help"], "--help"],
    [[], ""],
    [["   "], ""],
    [["x".repeat(10_000)], "x".repeat(10_000)],
  ])("%j becomes %j", (words, want) => {
    expect(normalizeText(words, "answer")).toBe(want);
  });

  it("equals collapsing every whitespace run and trimming, on 3,000 generated word lists", () => {
    const rng = makeRng(0x7e47);
    const pieces = ["a", "bc", " ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u2003", "\ufeff", "é", "—", "x y", ""];
    for (let n = 0; n < 3000; n++) {
      const words = Array.from({ length: rng.int(0, 4) }, () => Array.from({ length: rng.int(0, 5) }, () => rng.pick(pieces)).join(""));
      const want = words.join(" ").replace(/\s+/g, " ").trim();
      expect(normalizeText(words, "answer"), JSON.stringify(words)).toBe(want);
    }
  });

  it("builds its label only for a refusal", () => {
    let built = 0;
    const label = () => (built++, "answer for q-1 (answers.txt:3)");
    expect(normalizeText(["fine"], label)).toBe("fine");
    expect(built).toBe(0);
    expect(() => normalizeText(["bad\u0000"], label)).toThrow("answer for q-1 (answers.txt:3) contains control characters");
    expect(built).toBe(1);
  });

  it.each([
    ["a NUL", "a\u0000b"],
    ["an escape", "a\u001b[31mb"],
    ["a DEL", "a\u007fb"],
    ["a C1 control", "a\u0085b"],
    ["10,001 characters", "x".repeat(10_001)],
  ])("%s is refused with exit 5", (_name, text) => {
    expect(() => normalizeText([text], "answer")).toThrow(BadInputError);
  });

  it("the limit is the caller's", () => {
    expect(() => normalizeText(["abcdef"], "title", 5)).toThrow(/at most 5/);
  });
});

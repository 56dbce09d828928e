// The one run summary status, orient and budget status build on (issue 36): bad input (an
// unreadable sentinel, a malformed slice counter) is reported in it, a bug is never swallowed,
// and the open questions are grouped by gate, most urgent first.

import { describe, expect, it } from "vitest";
import { validateSentinel } from "../../src/documents/afk/sentinel.js";
import { parseQuestions } from "../../src/documents/questions/parse-questions.js";
import { parseState } from "../../src/documents/state/parse-state.js";
import { BadInputError } from "../../src/errors.js";
import { budgetSummary, GATE_ORDER, gateRank, openByGate } from "../../src/domain/run-summary.js";
import { parseYamlTop } from "../../src/adapters/yaml.js";

const STATE = (counter: string) => `- Schema: 4\n- AFK slices remaining: ${counter}\n`;
const sentinel = (text: string) => validateSentinel(parseYamlTop(text), ".devrites/AFK");
const block = (id: string, gate: string | undefined, status = "open") => `## ${id}\n\n${gate !== undefined ? `gate: ${gate}\n` : ""}status: ${status}\nquestion: Q?\n`;
const QUESTIONS = parseQuestions(`# Questions\n\n${[block("q-1", "advisory"), block("q-2", undefined), block("q-3", "blocking"), block("q-4", "validating"), block("q-5", "blocking", "answered"), block("q-6", "advisory")].join("\n")}`);

describe("the budget summary: bad input reported, bugs rethrown", () => {
  it("HITL without a sentinel", () => {
    expect(budgetSummary({ sentinel: undefined }, parseState(STATE("2")), QUESTIONS)).toEqual({ mode: "hitl" });
  });

  it("an unreadable sentinel (bad-sentinel) is reported with its error", () => {
    const error = new BadInputError("AFK is not a sentinel", { kind: "bad-sentinel" });
    expect(budgetSummary({ error }, parseState(STATE("2")), QUESTIONS)).toEqual({ mode: "unreadable", error });
  });

  it("any other error reading the sentinel is a bug, rethrown", () => {
    const bug = new TypeError("x is undefined");
    expect(() => budgetSummary({ error: bug }, parseState(STATE("2")), QUESTIONS)).toThrow(bug);
  });

  it("a malformed counter is reported (the budget commands refuse it, status and orient show it)", () => {
    const b = budgetSummary({ sentinel: sentinel("max_slices: 5\n") }, parseState(STATE("two")), QUESTIONS);
    expect(b.mode === "afk" && b.remaining).toBeUndefined();
    expect(b.mode === "afk" && b.counterError?.kind).toBe("bad-input");
  });

  it("a sentinel value error is named, the counter and queue still read", () => {
    const b = budgetSummary({ sentinel: sentinel("max_slices: -1\nmax_review_queue: 3\n") }, parseState(STATE("2")), QUESTIONS);
    expect(b).toMatchObject({ mode: "afk", remaining: { source: "counter", value: 2 }, queue: { openValidating: ["q-4"], cap: 3 } });
    expect(b.mode === "afk" && b.malformed).toMatch(/max_slices/);
  });
});

describe("open questions by gate", () => {
  it("groups only open questions, most urgent gate first, a block without a gate last", () => {
    expect(openByGate(QUESTIONS)).toEqual({ count: 5, byGate: [["blocking", ["q-3"]], ["validating", ["q-4"]], ["advisory", ["q-1", "q-6"]], ["", ["q-2"]]] });
  });

  it("a gate outside the table sorts after every known one", () => {
    expect(GATE_ORDER.map(gateRank)).toEqual([0, 1, 2, 3]);
    expect(gateRank("urgent")).toBe(4);
  });
});

// check's cross-file invariants (src/domain/check/lint-workspace.ts): the awaiting section
// and the question it names, open gates while the run is not paused, pause fields off
// `blocked` — each at its exact position, each silent on the near-identical valid workspace.

import { describe, expect, it } from "vitest";
import { lintWorkspace } from "../../../src/domain/check/lint-workspace.js";
import { parseQuestions } from "../../../src/documents/questions/parse-questions.js";
import { parseState } from "../../../src/documents/state/parse-state.js";
import { expectSilent, expectTriggers } from "./assert-rule.js";
import { Q, S, WORKSPACE_QUESTIONS_CASES, WORKSPACE_STATE_CASES } from "./rule-cases.js";

const CASES = [...WORKSPACE_STATE_CASES, ...WORKSPACE_QUESTIONS_CASES];

describe("lint-workspace", () => {
  it.each(CASES.map((c) => [c.rule, c.name, c] as const))("%s fires at its file:line:col — %s", (_rule, _name, c) => expectTriggers(c));
  it.each(CASES.map((c) => [c.rule, c.name, c] as const))("%s stays silent on the near-identical valid input — %s", (_rule, _name, c) => expectSilent(c));

  it.each([
    ["awaiting_human", "| status | awaiting_human |"],
    ["blocked", "| status | blocked |"],
  ])("an open blocking question is fine while the run is paused (%s)", (_s, row) => {
    const d = lintWorkspace(parseState(S(["| schema | 4 |", row])), parseQuestions(Q("## q-1", "status: open", "gate: blocking")), { afk: false, allowGates: [] });
    expect(d.filter((x) => x.rule === "open-gate-not-paused")).toEqual([]);
  });

  it("every pause field on a running cursor is reported, one per line", () => {
    const state = S(["| schema | 4 |", "| status | running |", "| pause_reason | usage_cap |", "| pause_detail | cap |", "| resumes_at | 2026-07-20T14:50:00Z |"]);
    const d = lintWorkspace(parseState(state), parseQuestions(Q()), { afk: false, allowGates: [] }).filter((x) => x.rule === "pause-fields-not-blocked");
    expect(d.map((x) => x.line)).toEqual([8, 9, 10]);
  });
});

// check rules over decisions.md (src/domain/check/lint-decisions.ts): each rule fires at its exact
// position on a minimal input and stays silent on a near-identical valid one.

import { describe, it } from "vitest";
import { expectSilent, expectTriggers } from "./assert-rule.js";
import { DECISION_CASES } from "./rule-cases.js";

describe("lint-decisions", () => {
  it.each(DECISION_CASES.map((c) => [c.rule, c.name, c] as const))("%s fires at its file:line:col — %s", (_rule, _name, c) => expectTriggers(c));
  it.each(DECISION_CASES.map((c) => [c.rule, c.name, c] as const))("%s stays silent on the near-identical valid input — %s", (_rule, _name, c) => expectSilent(c));
});

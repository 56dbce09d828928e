// check rules over state.md alone (src/domain/check/lint-state.ts): each rule fires at its exact
// position on a minimal input and stays silent on a near-identical valid one.

import { describe, it } from "vitest";
import { expectSilent, expectTriggers } from "./assert-rule.js";
import { STATE_CASES } from "./rule-cases.js";

describe("lint-state", () => {
  it.each(STATE_CASES.map((c) => [c.rule, c.name, c] as const))("%s fires at its file:line:col — %s", (_rule, _name, c) => expectTriggers(c));
  it.each(STATE_CASES.map((c) => [c.rule, c.name, c] as const))("%s stays silent on the near-identical valid input — %s", (_rule, _name, c) => expectSilent(c));
});

// The two assertions every rule row makes: the trigger reports the rule at the exact
// file:line:col with its severity, and the near-identical input does not report it at all.

import { expect } from "vitest";
import type { RuleCase } from "./rule-cases.js";

export function expectTriggers(c: RuleCase): void {
  const found = c.hit().filter((d) => d.rule === c.rule);
  expect(found.map(({ file, line, col, severity, rule }) => ({ file, line, col, severity, rule }))).toContainEqual({
    file: c.file, line: c.line, col: c.col, severity: c.severity, rule: c.rule,
  });
  for (const d of found) expect(d.message.trim()).not.toBe("");
}

export function expectSilent(c: RuleCase): void {
  expect(c.miss().filter((d) => d.rule === c.rule)).toEqual([]);
}

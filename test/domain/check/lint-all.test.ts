// lint-all.ts joins every rule for check and status: events.jsonl lines that do not parse,
// and the AFK sentinel's own problems re-reported as AFK:<line>:<col> with the message's
// `file:line:col: ` prefix removed (the formatter adds the location once).

import { describe, expect, it } from "vitest";
import { lintAll } from "../../../src/domain/check/lint-all.js";
import { validateSentinel } from "../../../src/documents/afk/sentinel.js";
import { REASON_CODES } from "../../../src/domain/pause-reasons.js";
import { parseYamlTop } from "../../../src/adapters/yaml.js";
import { expectSilent, expectTriggers } from "./assert-rule.js";
import { EVENTS_CASES, Q, S, SENTINEL_CASES } from "./rule-cases.js";

const CASES = [...EVENTS_CASES, ...SENTINEL_CASES];

describe("lint-all", () => {
  it.each(CASES.map((c) => [c.rule, c.name, c] as const))("%s fires at its file:line:col — %s", (_rule, _name, c) => expectTriggers(c));
  it.each(CASES.map((c) => [c.rule, c.name, c] as const))("%s stays silent on the near-identical valid input — %s", (_rule, _name, c) => expectSilent(c));

  it("sentinel messages carry no second file:line:col prefix", () => {
    const sentinel = validateSentinel(parseYamlTop("max_slices: -1\n"), ".devrites/AFK");
    const d = lintAll({ state: S(["| schema | 4 |", "| status | running |"]), questions: Q(), decisions: undefined, touched: undefined, events: undefined }, { sentinel, reasonCodes: REASON_CODES });
    const afk = d.filter((x) => x.file === "AFK");
    expect(afk).toHaveLength(1);
    expect(afk[0]!.message).toMatch(/^max_slices must be a plain nonnegative integer/);
  });

  it("a consistent workspace has no diagnostics at all", () => {
    const state = S(["| schema | 4 |", "| phase | build |", "| status | awaiting_human |"], ["", "## Awaiting human", "| Key | Value |", "| --- | --- |", "| question_id | q-1 |", "", "## Log", "- 2026-07-20T09:00:00Z build: paused on q-1 (blocking)"]);
    const questions = Q("## q-1", "status: open", "gate: blocking", "question: Ship?", "raised_at: 2026-07-20T09:00:00Z", "answered_at:", "answer:");
    const decisions = "# Decisions\n\n### DEC-001 — Ship\n- Status: accepted\n";
    expect(lintAll({ state, questions, decisions, touched: undefined, events: '{"v":1,"id":"ev-1","ts":"2026-07-20T09:00:00Z","event":"paused","qid":"q-1"}\n' }, { sentinel: undefined, reasonCodes: REASON_CODES })).toEqual([]);
  });

  it("touched-files.md is linted only through the injected manifest rules", () => {
    const texts = { state: S(["| schema | 4 |", "| status | running |"]), questions: Q(), decisions: undefined, touched: "anything", events: undefined };
    expect(lintAll(texts, { sentinel: undefined, reasonCodes: REASON_CODES })).toEqual([]);
    const d = lintAll(texts, { sentinel: undefined, reasonCodes: REASON_CODES, manifestRules: (t) => [{ file: "touched-files.md", line: 1, col: 1, severity: "error", rule: "x", message: t }] });
    expect(d).toEqual([{ file: "touched-files.md", line: 1, col: 1, severity: "error", rule: "x", message: "anything" }]);
  });
});

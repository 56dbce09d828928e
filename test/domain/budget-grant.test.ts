// `budget grant`: a person raises the slice counter by N — from the counter, else from
// max_slices (the effective budget); with neither the budget is unlimited and nothing changes.

import { describe, expect, it } from "vitest";
import { BadInputError } from "../../src/errors.js";
import { planGrant } from "../../src/domain/grant-budget.js";

const NOW = new Date("2026-07-20T10:00:00Z");
const STATE = (row = "", log = true) => `## Cursor\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n| phase | build |\n${row}${log ? "\n## Log\n- 2026-07-20T09:00:00Z build: SLICE-001 proof green\n" : ""}`;

describe("granting slices", () => {
  it.each([
    ["a counter at 0 goes up by N", "| afk_slices_remaining | 0 |\n", 3, 10, 0, 3, "counter"],
    ["a counter at 2 goes up by N, above max_slices too", "| afk_slices_remaining | 2 |\n", 9, 10, 2, 11, "counter"],
    ["no counter: max_slices + N, inserted", "", 2, 5, 5, 7, "max_slices"],
    ["a counter of none is no counter: replaced in place", "| afk_slices_remaining | none |\n", 1, 4, 4, 5, "max_slices"],
  ])("%s", (_name, row, slices, maxSlices, previous, remaining, source) => {
    const plan = planGrant({ state: STATE(row), slices, maxSlices, now: NOW });
    expect(plan).toMatchObject({ kind: "granted", previous, remaining, source });
    if (plan.kind !== "granted") return;
    expect(plan.state).toContain(`| phase | build |\n| afk_slices_remaining | ${remaining} |\n`);
    expect(plan.state).toContain(`\n- 2026-07-20T10:00:00Z build: granted ${slices} slice(s) by a person (AFK slices remaining: ${remaining})\n`);
    expect(plan.event).toEqual({ event: "budget_granted", by: "human", detail: { granted: slices, previous, remaining, source } });
  });

  it("without a ## Log only the counter changes (no Log is created)", () => {
    const state = STATE("| afk_slices_remaining | 0 |\n", false);
    const plan = planGrant({ state, slices: 2, maxSlices: 3, now: NOW });
    expect(plan.kind === "granted" && plan.state).toBe(state.replace("| 0 |", "| 2 |"));
  });

  it("a bullet cursor keeps its spelling", () => {
    const plan = planGrant({ state: "- Schema: 4\n- AFK Slices Remaining: 0\n- Status: blocked\n", slices: 4, maxSlices: 3, now: NOW });
    expect(plan.kind === "granted" && plan.state).toBe("- Schema: 4\n- AFK Slices Remaining: 4\n- Status: blocked\n");
  });

  it("no counter and no max_slices: the budget is unlimited, and a grant would cap it, so nothing changes", () => {
    expect(planGrant({ state: STATE(), slices: 3, maxSlices: undefined, now: NOW })).toEqual({ kind: "unlimited" });
  });

  it.each([["-1"], ["2.5"], [""]])("a counter of %j is exit 5", (value) => {
    expect(() => planGrant({ state: STATE(`| afk_slices_remaining | ${value} |\n`), slices: 1, maxSlices: 3, now: NOW })).toThrow(BadInputError);
  });

  it("a sum past the largest safe integer is exit 5", () => {
    expect(() => planGrant({ state: STATE(`| afk_slices_remaining | ${Number.MAX_SAFE_INTEGER} |\n`), slices: 1, maxSlices: 3, now: NOW })).toThrow(/too large/);
  });
});

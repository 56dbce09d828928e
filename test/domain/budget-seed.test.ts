// `budget seed`: the counter becomes min(pending, --max-slices, max_slices), and an existing
// counter only goes down (seeding tightens a run, never extends it).

import { describe, expect, it } from "vitest";
import { BadInputError } from "../../src/errors.js";
import { planSeed, seedTarget } from "../../src/domain/seed-budget.js";

const NOW = new Date("2026-07-20T10:00:00Z");
const STATE = (row = "") => `## Cursor\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n| phase | plan |\n${row}\n## Log\n- 2026-07-20T09:00:00Z plan: planned\n`;

describe("the seed target", () => {
  it.each([
    [6, undefined, undefined, 6],
    [6, 4, undefined, 4],
    [6, undefined, 10, 6],
    [6, 4, 3, 3],
    [0, 4, 3, 0],
    [12, 20, 10, 10],
  ])("pending %i, --max-slices %s, max_slices %s → %i", (pending, opt, max, want) => {
    expect(seedTarget(pending, opt, max)).toBe(want);
  });
});

describe("seeding the counter", () => {
  it.each([
    ["no counter: inserted", "", 3, "seeded", "| afk_slices_remaining | 3 |"],
    ["a higher counter goes down", "| afk_slices_remaining | 5 |\n", 3, "seeded", "| afk_slices_remaining | 3 |"],
    ["a lower counter stays", "| afk_slices_remaining | 2 |\n", 4, "unchanged", undefined],
    ["an equal counter stays", "| afk_slices_remaining | 4 |\n", 4, "unchanged", undefined],
  ])("%s", (_name, row, pending, kind, want) => {
    const plan = planSeed({ state: STATE(row), pending, maxSlicesOption: undefined, maxSlices: 10, now: NOW });
    expect(plan.kind).toBe(kind);
    if (plan.kind === "seeded") {
      expect(plan.state).toContain(`| phase | plan |\n${want}\n`);
      expect(plan.state).toContain(`- 2026-07-20T10:00:00Z plan: seeded AFK budget for ${pending} pending slice(s) (AFK slices remaining: ${plan.remaining})\n`);
      expect(plan.event.event).toBe("budget_seeded");
    }
  });

  it("a bullet cursor gets the released spelling", () => {
    const plan = planSeed({ state: "- Schema: 4\n- Status: running\n", pending: 2, maxSlicesOption: undefined, maxSlices: undefined, now: NOW });
    expect(plan.kind === "seeded" && plan.state.startsWith("- Schema: 4\n- Status: running\n- AFK slices remaining: 2\n")).toBe(true);
  });

  it("an invalid existing counter is exit 5", () => {
    expect(() => planSeed({ state: STATE("| afk_slices_remaining | -1 |\n"), pending: 1, maxSlicesOption: undefined, maxSlices: 10, now: NOW })).toThrow(BadInputError);
  });

  it.each([
    ["| afk_slices_remaining | none |\n", "| afk_slices_remaining | 3 |\n"],
    ["- AFK slices remaining: None\n", "- AFK slices remaining: 3\n"],
  ])("a counter of none is replaced in place by the seed (%j)", (row, want) => {
    const state = row.startsWith("|") ? STATE(row) : `- Schema: 4\n${row}- Status: running\n\n## Log\n- 2026-07-20T09:00:00Z plan: planned\n`;
    const plan = planSeed({ state, pending: 3, maxSlicesOption: undefined, maxSlices: 10, now: NOW });
    expect(plan.kind === "seeded" ? plan.state.replace(/\n## Log[\s\S]*$/, "\n") : "").toBe(state.replace(row, want).replace(/\n## Log[\s\S]*$/, "\n"));
  });
});

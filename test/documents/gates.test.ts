// The gate table is the one source of every gate list: the policy per gate and mode, the
// gates AFK never auto-picks, and what counts as a gate name.

import { describe, expect, it } from "vitest";
import { GATES, NEVER_AUTO, gateAction, isGate, type RaiseMode } from "../../src/documents/gates.js";

const HITL: RaiseMode = { afk: false };
const AFK_ALL: RaiseMode = { afk: true, allowGates: [...GATES] };
const AFK_NONE: RaiseMode = { afk: true, allowGates: [] };

describe("gateAction (the gate policy table)", () => {
  it.each([
    ["advisory", "open", "auto_pick", "open"],
    ["validating", "pause", "open", "pause"],
    ["blocking", "pause", "pause", "pause"],
    ["escalating", "pause", "pause", "pause"],
  ] as const)("%s: HITL %s, AFK allowed %s, AFK not allowed %s", (gate, hitl, allowed, notAllowed) => {
    expect(gateAction(gate, HITL)).toBe(hitl);
    expect(gateAction(gate, AFK_ALL)).toBe(allowed);
    expect(gateAction(gate, AFK_NONE)).toBe(notAllowed);
  });
});

describe("the derived gate lists", () => {
  it("lists the gates in message order and never auto-picks blocking or escalating", () => {
    expect([...GATES]).toEqual(["advisory", "validating", "blocking", "escalating"]);
    expect([...NEVER_AUTO]).toEqual(["blocking", "escalating"]);
  });

  it.each([
    ["advisory", true], ["escalating", true], ["Blocking", false], ["", false], ["urgent", false], ["toString", false], ["__proto__", false],
  ])("isGate(%j) is %s (exact, lowercase, no inherited names)", (text, want) => {
    expect(isGate(text)).toBe(want);
  });
});

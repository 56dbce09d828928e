// The wave barrier as a pure function: every transition and refusal of the Go engine's
// RunDispatch (engine/internal/lib/dispatch.go), with its exact messages, and the Go tests
// TestDispatchWaveBarrier and TestDispatchReopenAndAbandon (engine/internal/lib/context_next_test.go)
// replayed step by step.

import { describe, expect, it } from "vitest";
import { isKind } from "../../src/errors.js";
import { parseDispatchFile, type DispatchFile } from "../../src/documents/dispatch/dispatch-file.js";
import { applyDispatch, openMissing, type DispatchAction, type DispatchInput } from "../../src/domain/dispatch-wave.js";

const NOW = new Date("2026-07-20T10:00:00Z");
const input = (action: DispatchAction, o: Partial<DispatchInput> = {}): DispatchInput => ({ action, phase: "", wave: "w1", roles: [], handle: "", reason: "", now: NOW, ...o });

/** Run a sequence of steps from an empty ledger: each step's exit (0, 3, 5) and first line or message. */
function replay(steps: [DispatchAction, Partial<DispatchInput>][]): { exit: number; text: string }[] {
  let file: DispatchFile = parseDispatchFile(undefined);
  return steps.map(([action, o]) => {
    try {
      const p = applyDispatch(file, input(action, o));
      if (p.file) file = p.file;
      return { exit: p.failure === undefined ? 0 : 3, text: p.failure ?? p.lines.join("\n") };
    } catch (e) {
      if (!isKind(e, "refused", "bad-input")) throw e;
      return { exit: e.exitCode, text: e.text };
    }
  });
}

describe("applyDispatch", () => {
  it("replays the Go engine's TestDispatchWaveBarrier: seal and return refused until every role started with a distinct handle, status fails until complete", () => {
    expect(
      replay([
        ["open", { phase: "review", roles: ["a", "b"] }],
        ["seal", {}],
        ["return", { roles: ["a"] }],
        ["start", { roles: ["a"], handle: "h1" }],
        ["start", { roles: ["b"], handle: "h1" }],
        ["start", { roles: ["b"], handle: "h2" }],
        ["seal", {}],
        ["return", { roles: ["a"] }],
        ["status", {}],
        ["return", { roles: ["b"] }],
        ["status", {}],
      ]),
    ).toEqual([
      { exit: 0, text: "dispatch: wave w1 open, 2 roles declared" },
      { exit: 3, text: 'wave "w1" cannot seal: no start handle for a,b' },
      { exit: 3, text: 'wave "w1" is not sealed (state open)' },
      { exit: 0, text: "dispatch: a started (handle h1)" },
      { exit: 3, text: 'handle "h1" already used by role "a" — distinct handle required' },
      { exit: 0, text: "dispatch: b started (handle h2)" },
      { exit: 0, text: "dispatch: wave w1 sealed (2 roles)" },
      { exit: 0, text: "dispatch: a returned (wave w1 sealed)" },
      { exit: 3, text: 'wave "w1" state=sealed pending=b' },
      { exit: 0, text: "dispatch: b returned (wave w1 complete)" },
      { exit: 0, text: "dispatch: w1 a=returned\ndispatch: w1 b=returned\ndispatch: wave w1 complete" },
    ]);
  });

  it("replays TestDispatchReopenAndAbandon: an open wave cannot be reopened, abandon records the state and fails for the handoff, an abandoned wave takes no return but may be opened again", () => {
    expect(
      replay([
        ["open", { phase: "build", roles: ["x"] }],
        ["open", { phase: "build", roles: ["x"] }],
        ["abandon", { reason: "host limit" }],
        ["return", { roles: ["x"] }],
        ["status", { wave: "" }],
        ["open", { phase: "build", roles: ["y"] }],
      ]),
    ).toEqual([
      { exit: 0, text: "dispatch: wave w1 open, 1 roles declared" },
      { exit: 3, text: 'wave "w1" already exists (state open)' },
      { exit: 3, text: 'wave "w1" is abandoned — HANDOFF REQUIRED: host limit' },
      { exit: 3, text: 'wave "w1" is not sealed (state abandoned)' },
      { exit: 0, text: "dispatch: wave w1 state=abandoned roles=1" },
      { exit: 0, text: "dispatch: wave w1 open, 1 roles declared" },
    ]);
  });

  it.each<[string, [DispatchAction, Partial<DispatchInput>][], { exit: number; text: string }]>([
    ["a duplicate role in open", [["open", { phase: "p", roles: ["a", "a"] }]], { exit: 3, text: 'duplicate role "a" in wave' }],
    ["start of an absent wave", [["start", { roles: ["a"], handle: "h" }]], { exit: 3, text: 'wave "w1" is not open (state absent)' }],
    ["start of an undeclared role", [["open", { phase: "p", roles: ["a"] }], ["start", { roles: ["z"], handle: "h" }]], { exit: 3, text: 'role "z" not declared in wave "w1"' }],
    ["start without a handle", [["open", { phase: "p", roles: ["a"] }], ["start", { roles: ["a"] }]], { exit: 3, text: "--handle is required (host agent id)" }],
    ["a second start of one role", [["open", { phase: "p", roles: ["a"] }], ["start", { roles: ["a"], handle: "h" }], ["start", { roles: ["a"], handle: "h2" }]], { exit: 3, text: 'role "a" already started (handle "h")' }],
    ["a second return of one role", [["open", { phase: "p", roles: ["a", "b"] }], ["start", { roles: ["a"], handle: "1" }], ["start", { roles: ["b"], handle: "2" }], ["seal", {}], ["return", { roles: ["a"] }], ["return", { roles: ["a"] }]], { exit: 3, text: 'role "a" already returned' }],
    ["status of an absent wave", [["status", {}]], { exit: 3, text: 'no wave "w1"' }],
    ["abandon of an absent wave", [["abandon", { reason: "r" }]], { exit: 3, text: 'no wave "w1"' }],
    ["abandon with a blank reason", [["open", { phase: "p", roles: ["a"] }], ["abandon", { reason: "  " }]], { exit: 3, text: "--reason is required (non-empty, surfaced in handoff)" }],
    ["status of no waves at all", [["status", { wave: "" }]], { exit: 0, text: "dispatch: no waves" }],
    ["open without --phase", [["open", { roles: ["a"] }]], { exit: 5, text: "dispatch open needs --phase" }],
  ])("%s: the Go engine's answer", (_name, steps, last) => {
    expect(replay(steps).at(-1)).toEqual(last);
  });

  it("a refusal leaves the ledger it was given as it was (the command writes nothing)", () => {
    const before = applyDispatch(parseDispatchFile(undefined), input("open", { phase: "p", roles: ["a"] })).file!;
    const snapshot = JSON.stringify([...before.waves.get("w1")!.roles]);
    expect(() => applyDispatch(before, input("start", { roles: ["a"] }))).toThrow();
    applyDispatch(before, input("start", { roles: ["a"], handle: "h" }));
    expect(JSON.stringify([...before.waves.get("w1")!.roles])).toBe(snapshot);
  });

  it("start stamps the engine's timestamp and records a dispatch metric; return a return metric; each step one event", () => {
    let file = applyDispatch(parseDispatchFile(undefined), input("open", { phase: "review", roles: ["a"] })).file!;
    const started = applyDispatch(file, input("start", { roles: ["a"], handle: "h" }));
    expect(started.file!.waves.get("w1")!.roles.get("a")).toEqual({ handle: "h", started: "2026-07-20T10:00:00Z", returned: false });
    expect(started.metric).toEqual({ phase: "review", event: "dispatch", role: "a" });
    expect(started.event).toEqual({ event: "dispatch_started", detail: { wave: "w1", role: "a", handle: "h" } });
    file = applyDispatch(started.file!, input("seal")).file!;
    const returned = applyDispatch(file, input("return", { roles: ["a"] }));
    expect(returned.metric).toEqual({ phase: "review", event: "return", role: "a" });
    expect(returned.file!.waves.get("w1")!.state).toBe("complete");
  });

  it.each([
    [{ phase: "", wave: "", roles: [] }, "dispatch open needs --phase, --wave, --role"],
    [{ phase: "build", wave: "w", roles: [] }, "dispatch open needs --role"],
    [{ phase: "build", wave: "w", roles: ["r"] }, undefined],
  ])("openMissing(%j) names exactly what open lacks", (i, want) => {
    expect(openMissing(i)).toBe(want);
  });
});

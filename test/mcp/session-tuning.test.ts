// The served process tunes V8 for a long session once, after its first tool call, and runs a
// full GC every 100 calls (src/mcp/serve.ts, sessionTuning; docs/performance.md, the MCP
// section). test/e2e/lazy-chunks.test.ts checks that the start loads neither node:v8 nor
// node:vm; test/e2e/mcp-memory.test.ts that the tuning holds over 1,500 calls.

import { describe, expect, it } from "vitest";
import { sessionTuning } from "../../src/mcp/serve.js";

/** A tuning whose deferred turns are run by hand, with what happened in order. */
function harness(every?: number) {
  const log: string[] = [];
  const queued: (() => void)[] = [];
  const afterCall = sessionTuning(
    () => {
      log.push("tune");
      return () => log.push("gc");
    },
    every,
    (f) => queued.push(f),
  );
  const turn = () => queued.splice(0).forEach((f) => f());
  return { log, afterCall, turn, queued };
}

describe("sessionTuning", () => {
  it("tunes nothing before the first call, and tunes on the turn after it, not during it", () => {
    const h = harness();
    expect(h.log).toEqual([]);
    h.afterCall();
    expect(h.log).toEqual([]);
    expect(h.queued).toHaveLength(1);
    h.turn();
    expect(h.log).toEqual(["tune"]);
  });

  it("tunes once, then collects every `every` calls (100 by default)", () => {
    const h = harness();
    h.afterCall();
    h.turn();
    for (let call = 2; call <= 250; call++) {
      h.afterCall();
      h.turn();
    }
    expect(h.log).toEqual(["tune", "gc", "gc"]);
    const small = harness(3);
    for (let call = 1; call <= 7; call++) {
      small.afterCall();
      small.turn();
    }
    expect(small.log).toEqual(["tune", "gc", "gc"]);
  });

  it("a collection due before the tuning's turn has run is skipped, not an error", () => {
    const h = harness(2);
    h.afterCall();
    h.afterCall(); // call 2 is due a GC; the tuning has not run yet
    expect(h.log).toEqual([]);
    h.turn();
    expect(h.log).toEqual(["tune"]);
  });
});

// Every stop and admit rule of `budget check` as a table: slice cap, used ≥ cap for agents,
// minutes, tokens and cost, declared-but-not-observed, the review queue above / at its cap,
// and the --writer envelope.

import { describe, expect, it } from "vitest";
import { BadInputError } from "../../src/errors.js";
import type { Sentinel } from "../../src/documents/afk/sentinel.js";
import { CAP_MESSAGE, effectiveRemaining, type ReviewQueue } from "../../src/domain/budget.js";
import { admitDispatch, type RunState, type Usage } from "../../src/domain/admit-dispatch.js";

function sentinel(over: Partial<Sentinel> = {}): Sentinel {
  return { counts: {}, maxCostUsd: undefined, maxCostSource: undefined, notify: undefined, notifyEnv: [], allowGates: [], continueSequence: undefined, answerers: undefined, problems: [], ...over };
}
const RUNNING: RunState = { status: "running", awaitedQid: undefined, pauseReason: undefined };
const NONE: Usage = { agents: undefined, minutes: undefined, tokens: undefined, costUsd: undefined };
const queue = (total: number, cap: number | undefined): ReviewQueue => ({ openValidating: Array.from({ length: total }, (_, i) => `q-${i}`), findings: 0, total, cap });

interface Row {
  name: string;
  s: Sentinel;
  counter?: number;
  usage?: Partial<Usage>;
  q?: ReviewQueue;
  admit: boolean;
  codes: string[];
  reconcile?: boolean;
  run?: Partial<RunState>;
}

const ROWS: Row[] = [
  { name: "an empty sentinel admits", s: sentinel(), admit: true, codes: [] },
  { name: "a counter at 0 stops with slice_cap", s: sentinel({ counts: { max_slices: 10 } }), counter: 0, admit: false, codes: ["slice_cap"] },
  { name: "max_slices 0 without a counter stops with slice_cap", s: sentinel({ counts: { max_slices: 0 } }), admit: false, codes: ["slice_cap"] },
  { name: "a counter of 1 admits", s: sentinel({ counts: { max_slices: 10 } }), counter: 1, admit: true, codes: [] },
  { name: "agents used below the cap admits", s: sentinel({ counts: { max_agents: 4 } }), usage: { agents: 3 }, admit: true, codes: [] },
  { name: "agents used at the cap stops", s: sentinel({ counts: { max_agents: 4 } }), usage: { agents: 4 }, admit: false, codes: ["agents"] },
  { name: "agents used above the cap stops", s: sentinel({ counts: { max_agents: 4 } }), usage: { agents: 9 }, admit: false, codes: ["agents"] },
  { name: "agents not reported are not a stop", s: sentinel({ counts: { max_agents: 4 } }), admit: true, codes: [] },
  { name: "agents reported without a cap are not a stop", s: sentinel(), usage: { agents: 400 }, admit: true, codes: [] },
  { name: "minutes at the cap stops", s: sentinel({ counts: { max_minutes: 120 } }), usage: { minutes: 120 }, admit: false, codes: ["minutes"] },
  { name: "minutes below the cap admits", s: sentinel({ counts: { max_minutes: 120 } }), usage: { minutes: 119 }, admit: true, codes: [] },
  { name: "max_tokens declared but not observed stops", s: sentinel({ counts: { max_tokens: 1000 } }), admit: false, codes: ["not_observed"] },
  { name: "tokens observed below the cap admit", s: sentinel({ counts: { max_tokens: 1000 } }), usage: { tokens: 999 }, admit: true, codes: [] },
  { name: "tokens at the cap stop", s: sentinel({ counts: { max_tokens: 1000 } }), usage: { tokens: 1000 }, admit: false, codes: ["tokens"] },
  { name: "max_cost_usd declared but not observed stops", s: sentinel({ maxCostUsd: 10, maxCostSource: "10" }), admit: false, codes: ["not_observed"] },
  { name: "cost below the cap admits", s: sentinel({ maxCostUsd: 2.5, maxCostSource: "2.50" }), usage: { costUsd: 2.49 }, admit: true, codes: [] },
  { name: "cost at the cap stops", s: sentinel({ maxCostUsd: 2.5, maxCostSource: "2.50" }), usage: { costUsd: 2.5 }, admit: false, codes: ["cost"] },
  { name: "a queue below its cap admits normally", s: sentinel({ counts: { max_review_queue: 3 } }), q: queue(2, 3), admit: true, codes: [], reconcile: false },
  { name: "a queue exactly at its cap admits reconcile-only", s: sentinel({ counts: { max_review_queue: 3 } }), q: queue(3, 3), admit: true, codes: [], reconcile: true },
  { name: "a queue above its cap stops", s: sentinel({ counts: { max_review_queue: 3 } }), q: queue(4, 3), admit: false, codes: ["review_queue"] },
  { name: "an empty queue at a cap of 0 admits normally", s: sentinel({ counts: { max_review_queue: 0 } }), q: queue(0, 0), admit: true, codes: [], reconcile: false },
  { name: "a queue without a cap never stops", s: sentinel(), q: queue(50, undefined), admit: true, codes: [] },
  {
    name: "every exhausted budget is reported, slice cap first",
    s: sentinel({ counts: { max_slices: 5, max_agents: 1, max_minutes: 1, max_review_queue: 0, max_tokens: 5 } }),
    counter: 0,
    usage: { agents: 1, minutes: 1 },
    q: queue(1, 0),
    admit: false,
    codes: ["slice_cap", "agents", "minutes", "not_observed", "review_queue"],
  },
  { name: "a run awaiting a question stops with paused", s: sentinel(), run: { status: "awaiting_human", awaitedQid: "q-1" }, admit: false, codes: ["paused"] },
  { name: "a blocked run stops with paused", s: sentinel(), run: { status: "Blocked", pauseReason: "usage_cap" }, admit: false, codes: ["paused"] },
  { name: "a done run stops with paused", s: sentinel(), run: { status: "done" }, admit: false, codes: ["paused"] },
  { name: "a cursor without status reads as running and admits", s: sentinel(), run: { status: undefined }, admit: true, codes: [] },
  { name: "a paused run out of slices reports paused first", s: sentinel({ counts: { max_slices: 3 } }), counter: 0, run: { status: "awaiting_human" }, admit: false, codes: ["paused", "slice_cap"] },
  {
    name: "reconcile-only is not reported when another rule stops",
    s: sentinel({ counts: { max_review_queue: 1, max_agents: 1 } }),
    usage: { agents: 1 },
    q: queue(1, 1),
    admit: false,
    codes: ["agents"],
    reconcile: false,
  },
];

describe("budget check verdicts", () => {
  it.each(ROWS)("$name", (row) => {
    const v = admitDispatch({
      run: { ...RUNNING, ...row.run }, sentinel: row.s,
      remaining: effectiveRemaining(row.counter, row.s.counts.max_slices),
      queue: row.q ?? queue(0, row.s.counts.max_review_queue),
      usage: { ...NONE, ...row.usage },
      writer: false,
    });
    expect(v.admit).toBe(row.admit);
    expect(v.reasons.map((r) => r.code)).toEqual(row.codes);
    if (row.reconcile !== undefined) expect(v.reconcileOnly).toBe(row.reconcile);
  });

  it.each([
    [{ status: "awaiting_human", awaitedQid: "q-2026-06-13-002" }, /awaiting a human on q-2026-06-13-002.*state resolve q-2026-06-13-002/],
    [{ status: "blocked", pauseReason: "credentials" }, /paused: credentials missing or rejected; .*state resume/],
  ])("the paused stop names what the run waits on (%j) and records no new pause", (run, message) => {
    const v = admitDispatch({ run: { ...RUNNING, ...run }, sentinel: sentinel(), remaining: effectiveRemaining(3, undefined), queue: queue(0, undefined), usage: NONE, writer: false });
    expect(v.reasons[0]).toMatchObject({ code: "paused", key: "status", pauseReason: undefined });
    expect(v.reasons[0]!.message).toMatch(message);
  });

  it("the slice cap stop carries the exact message of commands.md and the slice_cap pause reason", () => {
    const v = admitDispatch({ run: RUNNING, sentinel: sentinel(), remaining: effectiveRemaining(0, undefined), queue: queue(0, undefined), usage: NONE, writer: false });
    expect(v.reasons[0]).toMatchObject({ code: "slice_cap", message: CAP_MESSAGE, pauseReason: "slice_cap" });
    expect(CAP_MESSAGE).toBe("AFK cap reached. Raise `state.md` `AFK slices remaining` or remove the sentinel to continue.");
  });

  it("not observed names the undeclared measurement and says 'declared but not observed'", () => {
    const v = admitDispatch({ run: RUNNING, sentinel: sentinel({ counts: { max_tokens: 9 } }), remaining: effectiveRemaining(1, undefined), queue: queue(0, undefined), usage: NONE, writer: false });
    expect(v.reasons[0]).toMatchObject({ code: "not_observed", key: "max_tokens", pauseReason: "token_budget" });
    expect(v.reasons[0]!.message).toContain("declared but not observed");
  });
});

describe("--writer needs the activation envelope", () => {
  it.each([
    [{}, ["max_agents", "max_minutes", "max_review_queue"]],
    [{ max_agents: 1, max_minutes: 1 }, ["max_review_queue"]],
    [{ max_slices: 10, max_minutes: 5, max_review_queue: 2 }, ["max_agents"]],
  ])("a sentinel with %j is exit 5 naming %j", (counts, missing) => {
    let err: unknown;
    try {
      admitDispatch({ run: RUNNING, sentinel: sentinel({ counts }), remaining: effectiveRemaining(5, undefined), queue: queue(0, undefined), usage: NONE, writer: true });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(BadInputError);
    expect((err as BadInputError).data).toEqual({ missing });
  });

  it("a sentinel with all three keys admits a writer", () => {
    const v = admitDispatch({
      run: RUNNING, sentinel: sentinel({ counts: { max_agents: 4, max_minutes: 60, max_review_queue: 3 } }),
      remaining: effectiveRemaining(undefined, undefined),
      queue: queue(0, 3),
      usage: NONE,
      writer: true,
    });
    expect(v.admit).toBe(true);
  });
});

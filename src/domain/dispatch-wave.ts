// The launch-wave barrier of `dispatch` as one pure function: (the wave ledger, a verb, its
// options, now) → the new ledger, the stdout lines, and what fails. The Go engine's state
// machine (engine/internal/lib/dispatch.go, RunDispatch; tests: context_next_test.go
// TestDispatchWaveBarrier, TestDispatchReopenAndAbandon): open → every role started with a
// distinct handle → seal → each role returns → complete; abandon ends a wave for a handoff.

import { BadInputError, RefusedError } from "../errors.js";
import { byteOrder, type DispatchFile, type DispatchWave } from "../documents/dispatch/dispatch-file.js";
import type { MetricEvent } from "../documents/metrics/metric-line.js";
import { formatTimestamp } from "./clock.js";
import type { EventDraft } from "./events.js";

export const DISPATCH_ACTIONS = ["open", "start", "seal", "return", "status", "abandon"] as const;
export type DispatchAction = (typeof DISPATCH_ACTIONS)[number];

export const isDispatchAction = (s: string): s is DispatchAction => (DISPATCH_ACTIONS as readonly string[]).includes(s);

export interface DispatchInput {
  action: DispatchAction;
  phase: string;
  wave: string;
  /** Every `--role` given (open declares them all; start and return use the last, as Go does). */
  roles: string[];
  handle: string;
  reason: string;
  now: Date;
}

export interface DispatchPlan {
  /** The ledger to write, when the verb changed it. */
  file: DispatchFile | undefined;
  /** stdout, the Go engine's lines. */
  lines: string[];
  /** A failure that still prints `lines` (status of an unfinished wave; abandon, which writes too): exit 3. */
  failure: string | undefined;
  /** The metrics.jsonl event `start` and `return` record. */
  metric: Omit<MetricEvent, "ts"> | undefined;
  event: EventDraft | undefined;
}

/** What `open` lacks of --phase, --wave and a --role (the Go engine's usage error), or undefined. */
export function openMissing(input: Pick<DispatchInput, "phase" | "wave" | "roles">): string | undefined {
  const missing = [input.phase === "" ? "--phase" : "", input.wave === "" ? "--wave" : "", input.roles.length === 0 ? "--role" : ""].filter((m) => m !== "");
  return missing.length === 0 ? undefined : `dispatch open needs ${missing.join(", ")}`;
}

/** A refusal that writes nothing: stderr `dispatch: …`, exit 3. */
const refuse = (message: string) => new RefusedError(message, { prefix: "dispatch: " });
const q = (s: string) => JSON.stringify(s);
const stateOf = (w: DispatchWave | undefined) => w?.state ?? "absent";

function clone(file: DispatchFile): DispatchFile {
  const waves = new Map<string, DispatchWave>();
  for (const [name, w] of file.waves) waves.set(name, { ...w, roles: new Map([...w.roles].map(([r, v]) => [r, { ...v }])) });
  return { waves };
}

const plan = (p: Partial<DispatchPlan> & { lines: string[] }): DispatchPlan => ({ file: undefined, failure: undefined, metric: undefined, event: undefined, ...p });

/**
 * Apply one verb to the ledger.
 * @throws BadInputError (exit 5) for `open` without --phase, --wave or a --role (the Go engine's
 * usage error, exit 2 there); RefusedError (exit 3, `dispatch: …`) for every refusal of the
 * state machine, which writes nothing.
 */
export function applyDispatch(current: DispatchFile, input: DispatchInput): DispatchPlan {
  const file = clone(current);
  const { wave } = input;
  const role = input.roles[input.roles.length - 1] ?? "";
  const w = file.waves.get(wave);
  switch (input.action) {
    case "open": {
      const missing = openMissing(input);
      if (missing !== undefined) throw new BadInputError(missing, { prefix: "dispatch: " });
      if (w !== undefined && w.state !== "abandoned") throw refuse(`wave ${q(wave)} already exists (state ${w.state})`);
      const opened: DispatchWave = { phase: input.phase, state: "open", roles: new Map() };
      for (const r of input.roles) {
        if (opened.roles.has(r)) throw refuse(`duplicate role ${q(r)} in wave`);
        opened.roles.set(r, { handle: "", started: "", returned: false });
      }
      file.waves.set(wave, opened);
      return plan({
        file,
        lines: [`dispatch: wave ${wave} open, ${input.roles.length} roles declared`],
        event: { event: "dispatch_opened", detail: { wave, phase: input.phase, roles: [...input.roles] } },
      });
    }
    case "start": {
      if (w === undefined || w.state !== "open") throw refuse(`wave ${q(wave)} is not open (state ${stateOf(w)})`);
      const r = w.roles.get(role);
      if (r === undefined) throw refuse(`role ${q(role)} not declared in wave ${q(wave)}`);
      if (input.handle === "") throw refuse("--handle is required (host agent id)");
      for (const name of byteOrder(w.roles.keys())) {
        if (name !== role && w.roles.get(name)!.handle === input.handle) throw refuse(`handle ${q(input.handle)} already used by role ${q(name)} — distinct handle required`);
      }
      if (r.handle !== "") throw refuse(`role ${q(role)} already started (handle ${q(r.handle)})`);
      r.handle = input.handle;
      r.started = formatTimestamp(input.now);
      return plan({
        file,
        lines: [`dispatch: ${role} started (handle ${input.handle})`],
        metric: { phase: w.phase, event: "dispatch", role },
        event: { event: "dispatch_started", detail: { wave, role, handle: input.handle } },
      });
    }
    case "seal": {
      if (w === undefined || w.state !== "open") throw refuse(`wave ${q(wave)} is not open (state ${stateOf(w)})`);
      const missing = byteOrder(w.roles.keys()).filter((name) => w.roles.get(name)!.handle === "");
      if (missing.length > 0) throw refuse(`wave ${q(wave)} cannot seal: no start handle for ${missing.join(",")}`);
      w.state = "sealed";
      return plan({ file, lines: [`dispatch: wave ${wave} sealed (${w.roles.size} roles)`], event: { event: "dispatch_sealed", detail: { wave } } });
    }
    case "return": {
      if (w === undefined || w.state !== "sealed") throw refuse(`wave ${q(wave)} is not sealed (state ${stateOf(w)})`);
      const r = w.roles.get(role);
      if (r === undefined) throw refuse(`role ${q(role)} not declared in wave ${q(wave)}`);
      if (r.returned) throw refuse(`role ${q(role)} already returned`);
      r.returned = true;
      if ([...w.roles.values()].every((o) => o.returned)) w.state = "complete";
      return plan({
        file,
        lines: [`dispatch: ${role} returned (wave ${wave} ${w.state})`],
        metric: { phase: w.phase, event: "return", role },
        event: { event: "dispatch_returned", detail: { wave, role, state: w.state } },
      });
    }
    case "status": {
      if (wave === "") {
        const names = byteOrder(file.waves.keys());
        if (names.length === 0) return plan({ lines: ["dispatch: no waves"] });
        return plan({ lines: names.map((name) => `dispatch: wave ${name} state=${file.waves.get(name)!.state} roles=${file.waves.get(name)!.roles.size}`) });
      }
      if (w === undefined) throw refuse(`no wave ${q(wave)}`);
      const lines: string[] = [];
      const pending: string[] = [];
      for (const name of byteOrder(w.roles.keys())) {
        const r = w.roles.get(name)!;
        if (!r.returned) pending.push(name);
        lines.push(`dispatch: ${wave} ${name}=${r.returned ? "returned" : r.handle !== "" ? "started" : "declared"}`);
      }
      if (w.state !== "complete") return plan({ lines, failure: `wave ${q(wave)} state=${w.state} pending=${pending.join(",")}` });
      return plan({ lines: [...lines, `dispatch: wave ${wave} complete`] });
    }
    case "abandon": {
      if (w === undefined) throw refuse(`no wave ${q(wave)}`);
      if (input.reason.trim() === "") throw refuse("--reason is required (non-empty, surfaced in handoff)");
      w.state = "abandoned";
      return plan({
        file,
        lines: [`dispatch: wave ${wave} abandoned: ${input.reason}`],
        failure: `wave ${q(wave)} is abandoned — HANDOFF REQUIRED: ${input.reason}`,
        event: { event: "dispatch_abandoned", detail: { wave, reason: input.reason } },
      });
    }
  }
}

// `gates run <slug> [--timeout N]` and `gates reverify …`: run the ledger's runnable gates
// (run: the unmet ones; reverify: every one) and record each result. Contract: the Go engine's
// engine/internal/acceptance/cli.go (cmdRun) and run.go (RunGates, writeResult).
// A CHECK runs only when an exact row of test-plan.md's Build-entry preflight table approves it,
// through adapters/gate-shell.ts (fixed environment, group-kill timeout, capped output). The
// check runs outside the lock (it may take minutes); its result is one transaction per gate,
// re-read under the lock: a gate whose CHECK, EXPECT or CWD changed meanwhile is discarded,
// never certified. Every result is a `gate_result` event.

import { join } from "node:path";
import { BadInputError, InternalError } from "../../errors.js";
import { isApproved } from "../../documents/gates-ledger/approved-commands.js";
import { resultEdits } from "../../documents/gates-ledger/edit-ledger.js";
import { formatEvidence, gateState } from "../../documents/gates-ledger/gate-state.js";
import { compileExpect, expectationMatches, GATES_FILE, type LedgerGate, parseLedger } from "../../documents/gates-ledger/parse-ledger.js";
import { applyEdits } from "../../documents/text-edit.js";
import { approvedOf, gatesSession, readLedgerText, statusReport } from "./ledger.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

/** The Go engine's DefaultTimeout and MaxOutputBytes (engine/internal/acceptance/exec.go). */
const DEFAULT_TIMEOUT_S = 120;
const MAX_OUTPUT_BYTES = 1 << 20;

interface GateLine {
  id: string;
  ran: boolean;
  passed: boolean;
  detail: string;
}

function timeoutSeconds(ctx: CommandContext, value: unknown): number {
  if (value === undefined) return DEFAULT_TIMEOUT_S;
  const n = typeof value === "string" && /^[0-9]+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw new BadInputError(`${ctx.flag("timeout")} must be positive seconds, got ${JSON.stringify(value)}`, { hint: ctx.usage() });
  return n;
}

async function runOrReverify(ctx: CommandContext, args: CommandArgs, reverify: boolean): Promise<Outcome> {
  const timeout = timeoutSeconds(ctx, args.options.timeout);
  const session = gatesSession(ctx, args);
  const slug = session.ws.slug;
  const doc = parseLedger(readLedgerText(session));
  const approved = approvedOf(session);
  if (doc.errors.length > 0) return statusReport(slug, doc, approved);
  const { runGateCheck } = await import("../../adapters/gate-shell.js");
  const project = join(session.ws.root, "..");
  const results: GateLine[] = [];
  for (const gate of doc.gates) {
    const skip = (detail: string, passed = false): void => void results.push({ id: gate.id, ran: false, passed, detail });
    if (doc.abandoned.has(gate.id)) { skip("abandoned; handoff required"); continue; }
    if (gate.check === "") { skip("manual gate; evidence is judged, not executed"); continue; }
    if (!reverify && gateState(gate, doc) === "met") { skip("already met", true); continue; }
    if (!isApproved(gate.check, gate.cwd, approved)) { skip("CHECK/CWD is not an approved test-plan.md preflight row; not executed"); continue; }
    const expectation = compileExpect(gate.expect);
    if (typeof expectation === "string") { skip(expectation); continue; }
    const cwd = gate.cwd === "" ? project : join(project, gate.cwd);
    const out = await runGateCheck(gate.check, cwd, { env: ctx.io.env, timeoutMs: timeout * 1000, maxBytes: MAX_OUTPUT_BYTES });
    const passed = out.failure === undefined && out.exitCode === 0 && expectationMatches(expectation, out.output);
    const detail = out.failure ?? (out.exitCode !== 0 ? `exit ${out.exitCode}` : passed ? "pass" : `EXPECT ${JSON.stringify(expectation.literal)} did not match output`);
    const evidence = passed ? formatEvidence(gate, out.output, ctx.now.toISOString().replace(/\.\d{3}Z$/, "Z")) : "pending";
    const recorded = record(session, gate, evidence, passed, detail);
    results.push({ id: gate.id, ran: true, passed: passed && recorded === undefined, detail: recorded === undefined ? detail : `${detail}; evidence discarded: ${recorded}` });
  }
  const after = parseLedger(readLedgerText(session));
  const status = statusReport(slug, after, approved);
  const lines = results.map((r) => (!r.ran ? `gate ${r.id}: skipped (${r.detail})` : r.passed ? `gate ${r.id}: pass` : `gate ${r.id}: fail (${r.detail})`));
  return { ...status, lines: [...lines, "---", ...status.lines], data: { ...status.data, results } };
}

/** One gate's result as one transaction; the reason it was discarded, or undefined when written. */
function record(session: ReturnType<typeof gatesSession>, ran: LedgerGate, evidence: string, passed: boolean, detail: string): string | undefined {
  return session.mutate(() => {
    const text = readLedgerText(session);
    const plan = resultEdits(text, ran, evidence, passed);
    if ("moved" in plan) return { changes: { files: new Map(), events: [] }, result: plan.moved };
    const next = applyEdits(text, plan.edits);
    const back = parseLedger(next).gates.find((g) => g.id === ran.id);
    if (!back || back.checked !== passed || back.evidence !== evidence) throw new InternalError(`${GATES_FILE}: gate ${ran.id}'s result did not read back after the edit`);
    const event = { event: "gate_result" as const, detail: { gate: ran.id, passed, detail } };
    return { changes: { files: new Map([[GATES_FILE, next]]), events: [event] }, result: undefined };
  });
}

export const gatesRun = (ctx: CommandContext, args: CommandArgs): Promise<Outcome> => runOrReverify(ctx, args, false);
export const gatesReverify = (ctx: CommandContext, args: CommandArgs): Promise<Outcome> => runOrReverify(ctx, args, true);

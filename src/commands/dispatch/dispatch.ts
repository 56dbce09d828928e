// `dispatch <slug> <open|start|seal|return|status|abandon>`: the launch-wave barrier of parallel
// agent dispatch, the Go engine's verb (engine/internal/lib/dispatch.go; usage in engine/help.go;
// the pack calls it from its native review-dispatch contract, "Enforce the launch barrier through
// the engine", and pack/.claude/skills/rite-polish/SKILL.md step 3).
// The wave ledger work/<slug>/dispatch.json and the metrics.jsonl line `start` and `return`
// record are one transaction with the verb's event. Opening a `build` wave is the build loop's
// dispatch: under AFK it is held to budget check's verdict (same reader, same rule), exit 7
// writing nothing when the budget stops it. It charges nothing: a slice is charged by
// `budget spend` once it is green (the pack's parallel-batch.md: abort or failure charges 0).

import { BadInputError, ERROR_KINDS, isKind } from "../../errors.js";
import { DISPATCH_FILE, parseDispatchFile, renderDispatchFile } from "../../documents/dispatch/dispatch-file.js";
import { appendMetricLine, METRICS_FILE, renderMetricLine } from "../../documents/metrics/metric-line.js";
import { formatTimestamp } from "../../domain/clock.js";
import { applyDispatch, DISPATCH_ACTIONS, isDispatchAction, openMissing, type DispatchInput, type DispatchPlan } from "../../domain/dispatch-wave.js";
import type { DispatchFile } from "../../documents/dispatch/dispatch-file.js";
import { openWorkspace } from "../../workspace/locate.js";
import type { WorkspaceSession } from "../../workspace/session.js";
import { budgetVerdict, checkArguments } from "../budget/check.js";
import { afkMode } from "../budget/mode.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

/** The phase whose waves are the build loop's dispatch of slice writers. */
const BUILD_PHASE = "build";
/** budget check's usage options: only an `open` of a build wave reads them. */
const USAGE_OPTIONS = ["findings", "agents-used", "minutes-used", "tokens-used", "cost-used"] as const;

function dispatchInput(ctx: CommandContext, args: CommandArgs): DispatchInput {
  const action = args.positionals[1] ?? "";
  if (!isDispatchAction(action)) {
    throw new BadInputError(`unknown action ${JSON.stringify(action)}; one of ${DISPATCH_ACTIONS.join(", ")}`, { prefix: "dispatch: ", hint: ctx.usage() });
  }
  const o = args.options;
  const one = (name: string) => (typeof o[name] === "string" ? (o[name] as string) : "");
  const roles = Array.isArray(o.role) ? o.role : typeof o.role === "string" ? [o.role] : [];
  for (const name of USAGE_OPTIONS) {
    if (o[name] !== undefined && action !== "open") throw new BadInputError(`${ctx.flag(name)} goes with dispatch open (of a build wave)`, { hint: ctx.usage() });
  }
  const input = { action, phase: one("phase"), wave: one("wave"), roles, handle: one("handle"), reason: one("reason"), now: ctx.now };
  const missing = action === "open" ? openMissing(input) : undefined;
  if (missing !== undefined) throw new BadInputError(missing, { prefix: "dispatch: ", hint: ctx.usage() });
  return input;
}

/**
 * The budget's say on an `open`: undefined to go on; an exit-7 Outcome (the verdict on stdout,
 * nothing written) when the AFK budget stops a build wave.
 */
async function budgetStop(ctx: CommandContext, args: CommandArgs, session: WorkspaceSession, input: DispatchInput): Promise<{ stop?: Outcome; admitted?: Outcome }> {
  if (input.action !== "open" || input.phase !== BUILD_PHASE) return {};
  const usage = checkArguments(ctx, args);
  const afk = await afkMode(ctx);
  if (!afk) return {};
  const verdict = budgetVerdict(ctx, afk.sentinel, usage, session);
  if (verdict.exit === 0) return { admitted: verdict };
  const codes = [...new Set(verdict.verdict.reasons.map((r) => r.code))].join(", ");
  return {
    stop: {
      exit: ERROR_KINDS["budget-stop"],
      lines: verdict.lines,
      errors: [`dispatch: wave ${input.wave} not opened: the AFK budget stops dispatch (${codes})`],
      data: { workspace: session.ws.slug, action: "open", wave: input.wave, opened: false, budget: verdict.data },
    },
  };
}

/** metrics.jsonl with the plan's metric appended, or undefined when that file cannot take it (Go: a metric never fails the verb). */
function metricsText(ctx: CommandContext, session: WorkspaceSession, p: DispatchPlan, notes: string[]): string | undefined {
  if (p.metric === undefined) return undefined;
  let text: string | undefined;
  try {
    text = session.read(METRICS_FILE, false);
  } catch (e) {
    if (!isKind(e, "unsafe-file", "io")) throw e;
    notes.push(`dispatch: note: ${METRICS_FILE} not recorded: ${e.text}`);
    return undefined;
  }
  return appendMetricLine(text, renderMetricLine({ ts: formatTimestamp(ctx.now), ...p.metric }));
}

/**
 * `dispatch <slug> <action>`.
 * @throws BadInputError (5) arguments; NoWorkspaceError (2); RefusedError (3) a refused step or an
 * unreadable dispatch.json; BusyError (9).
 */
export async function dispatch(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const input = dispatchInput(ctx, args);
  const session = ctx.session(openWorkspace(ctx.root(), args.positionals[0]));
  session.recoverIfNeeded();
  const slug = session.ws.slug;
  const budget = await budgetStop(ctx, args, session, input);
  if (budget.stop) return budget.stop;

  const notes: string[] = [];
  const run = () => {
    const read = parseDispatchFile(session.read(DISPATCH_FILE, false));
    const planned = applyDispatch(read, input);
    return { planned, after: planned.file ?? read };
  };
  const { planned: p, after } =
    input.action === "status"
      ? run()
      : session.mutate(() => {
          // Read under the lock: another process may have moved the wave meanwhile.
          const r = run();
          const files = new Map<string, string>();
          if (r.planned.file !== undefined) files.set(DISPATCH_FILE, renderDispatchFile(r.planned.file));
          const metrics = metricsText(ctx, session, r.planned, notes);
          if (metrics !== undefined) files.set(METRICS_FILE, metrics);
          return { changes: { files, events: r.planned.event ? [r.planned.event] : [] }, result: r };
        });

  const reconcile = budget.admitted?.lines[0]?.startsWith("admit: reconcile-only") === true ? [budget.admitted.lines[0]] : [];
  const data: Record<string, unknown> = {
    workspace: slug,
    action: input.action,
    wave: input.wave === "" ? null : input.wave,
    ...(budget.admitted ? { budget: budget.admitted.data } : {}),
    failure: p.failure ?? null,
    waves: waveSummary(after),
  };
  if (p.failure !== undefined) return { exit: ERROR_KINDS.refused, lines: p.lines, errors: [...notes, `dispatch: ${p.failure}`], data };
  return { exit: 0, lines: [...p.lines, ...reconcile], data, ...(notes.length > 0 ? { errors: notes } : {}) };
}

/** Every wave's state and roles, for --json. */
function waveSummary(file: DispatchFile): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, w] of file.waves) {
    out[name] = {
      phase: w.phase,
      state: w.state,
      roles: Object.fromEntries([...w.roles].map(([r, v]) => [r, { state: v.returned ? "returned" : v.handle !== "" ? "started" : "declared", handle: v.handle || null, started: v.started || null }])),
    };
  }
  return out;
}

// `budget check`: the pre-dispatch gate. Exit 0 admits (possibly reconcile-only), exit 7
// stops with reason codes; either verdict goes to stdout. Read-only: it never writes,
// though it finishes a journal a killed process left (like every read-only command).

import { ERROR_KINDS } from "../../errors.js";
import { describeQueue, describeRemaining, parseAmount, parseCount, reviewQueue, type ReviewQueue } from "../../domain/budget.js";
import { admitDispatch, type Usage, type Verdict } from "../../domain/admit-dispatch.js";
import { cursorValue } from "../../documents/state/parse-state.js";
import type { Sentinel } from "../../documents/afk/sentinel.js";
import type { WorkspaceSession } from "../../workspace/session.js";
import { afkMode, hitlOutcome, readBudgetView } from "./mode.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

/** budget check's options (dispatch open of a build wave takes the same ones but --writer). */
export function checkArguments(ctx: CommandContext, args: CommandArgs): { findings: number; usage: Usage; writer: boolean } {
  const o = args.options;
  // Messages name options as the caller knows them: `--findings` here, the tool's `findings` over MCP.
  const count = (name: string) => (typeof o[name] === "string" ? parseCount(o[name] as string, ctx.flag(name)) : undefined);
  return {
    findings: count("findings") ?? 0,
    usage: {
      agents: count("agents-used"),
      minutes: count("minutes-used"),
      tokens: count("tokens-used"),
      costUsd: typeof o["cost-used"] === "string" ? parseAmount(o["cost-used"], ctx.flag("cost-used")) : undefined,
    },
    writer: o.writer === true,
  };
}

function usageLine(what: string, used: number | undefined, cap: number | string | undefined, key: string): string | undefined {
  if (used === undefined && cap === undefined) return undefined;
  if (used === undefined) return `${what} not reported (${key} ${cap})`;
  return cap === undefined ? `${what} ${used} used (no ${key})` : `${what} ${used}/${cap} used`;
}

function verdictLines(v: Verdict, queue: ReviewQueue): string[] {
  if (!v.admit) return [`stop: ${[...new Set(v.reasons.map((r) => r.code))].join(", ")}`, ...v.reasons.flatMap((r) => (r.advice ? [r.message, r.advice.person] : [r.message]))];
  if (v.reconcileOnly) {
    return [`admit: reconcile-only — the review queue is at its cap (${queue.total}/${queue.cap}); dispatch only work that reduces it`];
  }
  return ["admit: another slice may be dispatched"];
}

/**
 * `budget check`: the verdict is an Outcome (exit 0 or 7), not an error.
 * @throws BadInputError (5) sentinel, counter, options or --writer envelope; NoWorkspaceError (2).
 */
export async function budgetCheck(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const afk = await afkMode(ctx);
  const input = checkArguments(ctx, args);
  if (!afk) return hitlOutcome("dispatch is not budget-limited.", { verdict: "admit", admit: true, reconcile_only: false, reasons: [] });
  const { verdict: _verdict, queue: _queue, ...outcome } = budgetVerdict(ctx, afk.sentinel, input);
  return outcome;
}

/**
 * The AFK verdict on one more dispatch, as budget check prints it (exit 0 admits, 7 stops):
 * the one reading of the workspace and admission rule that budget check and dispatch share.
 * `session`: the workspace to judge (default: the selected one).
 * @throws BadInputError (5) counter or --writer envelope; NoWorkspaceError (2).
 */
export function budgetVerdict(ctx: CommandContext, s: Sentinel, input: ReturnType<typeof checkArguments>, session?: WorkspaceSession): Outcome & { verdict: Verdict; queue: ReviewQueue } {
  const { stateDoc, questionsDoc, counter, remaining, session: judged } = readBudgetView(ctx, s, session);
  const queue = reviewQueue(questionsDoc, input.findings, s.counts.max_review_queue);
  const run = {
    status: cursorValue(stateDoc, "status"),
    awaitedQid: stateDoc.awaiting.find((a) => a.questionId !== undefined && a.questionId !== "")?.questionId,
    pauseReason: cursorValue(stateDoc, "pause_reason"),
  };
  const verdict = admitDispatch({ sentinel: s, run, remaining, queue, usage: input.usage, writer: input.writer, flag: ctx.flag });

  const lines = [
    ...verdictLines(verdict, queue),
    describeRemaining(remaining, s.counts.max_slices),
    describeQueue(queue, true),
    usageLine("agents", input.usage.agents, s.counts.max_agents, "max_agents"),
    usageLine("minutes", input.usage.minutes, s.counts.max_minutes, "max_minutes"),
    usageLine("tokens", input.usage.tokens, s.counts.max_tokens, "max_tokens"),
    usageLine("cost (USD)", input.usage.costUsd, s.maxCostSource, "max_cost_usd"),
  ].filter((l): l is string => l !== undefined);

  return {
    verdict,
    queue,
    exit: verdict.admit ? 0 : ERROR_KINDS["budget-stop"],
    lines,
    data: {
      mode: "afk",
      workspace: judged.ws.slug,
      verdict: verdict.admit ? "admit" : "stop",
      admit: verdict.admit,
      reconcile_only: verdict.reconcileOnly,
      reason: verdict.reasons[0]?.code ?? null,
      reasons: verdict.reasons.map((r) => ({ code: r.code, key: r.key, message: r.message, advice: r.advice?.agent ?? null, pause_reason: r.pauseReason ?? null, used: r.used ?? null, cap: r.cap ?? null })),
      slices: { remaining: remaining.value ?? null, source: remaining.source, counter: counter?.value ?? null, max_slices: s.counts.max_slices ?? null },
      review_queue: { total: queue.total, open_validating: queue.openValidating.length, questions: queue.openValidating, findings: queue.findings, cap: queue.cap ?? null },
      usage: { agents: input.usage.agents ?? null, minutes: input.usage.minutes ?? null, tokens: input.usage.tokens ?? null, cost_usd: input.usage.costUsd ?? null },
      caps: {
        max_agents: s.counts.max_agents ?? null,
        max_minutes: s.counts.max_minutes ?? null,
        max_tokens: s.counts.max_tokens ?? null,
        max_cost_usd: s.maxCostUsd ?? null,
        max_review_queue: s.counts.max_review_queue ?? null,
      },
    },
  };
}

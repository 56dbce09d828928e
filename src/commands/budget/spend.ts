// `budget spend <slice>`: charge one built slice, exactly once per slice id. The charge, its
// `slice_spent` event (and Log line, where state.md has a Log) are one transaction, re-read
// under the lock, so retries and concurrent spends of one slice charge it once.

import { parseState } from "../../documents/state/parse-state.js";
import { assertSchema } from "../../domain/schema-gate.js";
import { assertSliceId, planSpend, SPEND_USAGE, type SpendPlan } from "../../domain/spend-slice.js";
import { readEventBytes } from "../../workspace/events.js";
import { afkMode, hitlOutcome } from "./mode.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

function sliceArgument(ctx: CommandContext, args: CommandArgs): string {
  // Over MCP the id is the tool's `slice` field, and the tool's usage says so.
  return assertSliceId(args.positionals[0], ctx.usage(SPEND_USAGE));
}

/**
 * `budget spend <slice>`.
 * @throws BadInputError (5) sentinel, counter or slice id; RefusedError (3) schema; BudgetStopError (7) at 0; BusyError (9).
 */
export async function budgetSpend(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const afk = await afkMode(ctx);
  if (!afk) {
    const slice = sliceArgument(ctx, args);
    return hitlOutcome(`nothing charged for ${slice}.`, { slice, charged: false });
  }
  const session = ctx.workspace();
  session.recoverIfNeeded();
  assertSchema(parseState(session.read("state.md", true)), session.ws.slug);
  const slice = sliceArgument(ctx, args);
  const maxSlices = afk.sentinel.counts.max_slices;

  const plan: SpendPlan = session.mutate(() => {
    // Re-read under the lock: another process may have charged this slice meanwhile.
    const state = session.read("state.md", true);
    assertSchema(parseState(state), session.ws.slug);
    const p = planSpend({ state, slice, maxSlices, audit: () => readEventBytes(session.ws.dir), now: ctx.now });
    const files = new Map<string, string>();
    if (p.kind === "charged") files.set("state.md", p.state);
    return { changes: { files, events: p.kind === "charged" ? [p.event] : [] }, result: p };
  });

  const base = { mode: "afk", workspace: session.ws.slug, slice };
  if (plan.kind === "already") {
    return {
      exit: 0,
      lines: [
        `${slice} already charged (${plan.file}:${plan.line}); nothing written.`,
        ...(plan.remaining !== undefined ? [`AFK slices remaining: ${plan.remaining}`] : []),
      ],
      data: {
        ...base,
        charged: false,
        already_charged: true,
        log_line: plan.file === "state.md" ? plan.line : null,
        event_line: plan.file === "events.jsonl" ? plan.line : null,
        remaining: plan.remaining ?? null,
      },
    };
  }
  if (plan.kind === "nothing") {
    return {
      exit: 0,
      lines: [`Nothing to charge for ${slice}: state.md has no AFK slices remaining counter and ${afk.display} declares no max_slices.`],
      data: { ...base, charged: false, already_charged: false, remaining: null },
    };
  }
  return {
    exit: 0,
    lines: [`Charged: ${slice}`, `AFK slices remaining: ${plan.remaining}`, "Workspace: state.md updated."],
    data: { ...base, charged: true, already_charged: false, remaining: plan.remaining, previous: plan.previous ?? null, source: plan.source },
  };
}

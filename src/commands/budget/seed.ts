// `budget seed --pending N [--max-slices N]`: pre-seed the slice counter after planning.
// The counter becomes min(pending, --max-slices, max_slices) and only ever goes down.

import { parseState } from "../../documents/state/parse-state.js";
import { parseCount } from "../../domain/budget.js";
import { assertSchema } from "../../domain/schema-gate.js";
import { planSeed, type SeedPlan } from "../../domain/seed-budget.js";
import { afkMode, hitlOutcome } from "./mode.js";
import { requiredText } from "../option-value.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

function seedArguments(ctx: CommandContext, args: CommandArgs): { pending: number; maxSlicesOption: number | undefined } {
  const pending = requiredText(args, "pending");
  // Messages name options as the caller knows them: `--pending` here, the tool's `pending` over MCP.
  const f = ctx.flag;
  const max = args.options["max-slices"];
  return {
    pending: parseCount(pending, f("pending")),
    maxSlicesOption: typeof max === "string" ? parseCount(max, f("max-slices")) : undefined,
  };
}

/**
 * `budget seed --pending N [--max-slices N]`.
 * @throws BadInputError (5) sentinel, counter or options; RefusedError (3) schema; BusyError (9).
 */
export async function budgetSeed(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const afk = await afkMode(ctx);
  if (!afk) {
    seedArguments(ctx, args);
    return hitlOutcome("nothing seeded.", { seeded: false });
  }
  const session = ctx.workspace();
  session.recoverIfNeeded();
  assertSchema(parseState(session.read("state.md", true)), session.ws.slug);
  const { pending, maxSlicesOption } = seedArguments(ctx, args);
  const maxSlices = afk.sentinel.counts.max_slices;

  const plan: SeedPlan = session.mutate(() => {
    const state = session.read("state.md", true);
    assertSchema(parseState(state), session.ws.slug);
    const p = planSeed({ state, pending, maxSlicesOption, maxSlices, now: ctx.now });
    const files = new Map<string, string>();
    if (p.kind === "seeded") files.set("state.md", p.state);
    return { changes: { files, events: p.kind === "seeded" ? [p.event] : [] }, result: p };
  });

  const data = { mode: "afk", workspace: session.ws.slug, pending, max_slices_option: maxSlicesOption ?? null, max_slices: maxSlices ?? null, remaining: plan.remaining };
  if (plan.kind === "unchanged") {
    return {
      exit: 0,
      lines: [`AFK slices remaining: ${plan.remaining} (unchanged: the counter only goes down, and the seed would be ${plan.target})`, "Workspace: no change."],
      data: { ...data, seeded: false, previous: plan.remaining },
    };
  }
  return {
    exit: 0,
    lines: [
      `Seeded: AFK slices remaining ${plan.previous === undefined ? "" : `${plan.previous} → `}${plan.remaining}`,
      "Workspace: state.md updated.",
    ],
    data: { ...data, seeded: true, previous: plan.previous ?? null },
  };
}

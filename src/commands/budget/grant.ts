// `budget grant <N> --human`: a person gives an unattended run N more slices. Human-only by
// declaration, which the engine cannot verify: --human is required, --json (how agents and MCP
// call the engine) is refused, no MCP tool runs it, and every grant is a `budget_granted` event.

import { BadInputError } from "../../errors.js";
import { forReaders } from "../../for-readers.js";
import { cursorValue, parseState } from "../../documents/state/parse-state.js";
import { parseCount } from "../../domain/budget.js";
import { planGrant, type GrantPlan } from "../../domain/grant-budget.js";
import { assertSchema } from "../../domain/schema-gate.js";
import { afkMode, hitlOutcome } from "./mode.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

const HELP = "devrites-engine budget grant --help";

/** The slices to grant, after the checks that make the command a person's. */
function grantArguments(ctx: CommandContext, args: CommandArgs): number {
  if (ctx.json) {
    throw new BadInputError("budget grant does not run with --json: only a person may raise the AFK budget, and --json is how agents call the engine", {
      hint: `an agent stops the run and asks a person; a person runs it at a terminal, without --json (${HELP})`,
    });
  }
  const slices = parseCount(args.positionals[0]!, "the number of slices to grant");
  if (slices === 0) throw new BadInputError("budget grant needs at least 1 slice", { hint: forReaders((h) => `devrites-engine budget grant 1${h}`) });
  if (args.options.human !== true) {
    throw new BadInputError("budget grant needs --human: only a person may raise the AFK budget", {
      hint: forReaders((h) => `if you are that person: devrites-engine budget grant ${slices}${h} (an agent stops the run and asks one)`),
    });
  }
  return slices;
}

/**
 * `budget grant <N> --human`.
 * @throws BadInputError (5) arguments, --json, no --human, sentinel or counter; RefusedError (3) schema; BusyError (9).
 */
export async function budgetGrant(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const slices = grantArguments(ctx, args);
  const afk = await afkMode(ctx);
  if (!afk) return hitlOutcome("nothing granted.", { granted: 0 });
  const session = ctx.workspace();
  session.recoverIfNeeded();
  assertSchema(parseState(session.read("state.md", true)), session.ws.slug);
  const maxSlices = afk.sentinel.counts.max_slices;

  let pauseReason: string | undefined;
  const plan: GrantPlan = session.mutate(() => {
    // Re-read under the lock: a spend may have charged a slice meanwhile.
    const state = session.read("state.md", true);
    const doc = parseState(state);
    assertSchema(doc, session.ws.slug);
    pauseReason = (cursorValue(doc, "status") ?? "").trim().toLowerCase() === "blocked" ? cursorValue(doc, "pause_reason") : undefined;
    const p = planGrant({ state, slices, maxSlices, now: ctx.now });
    const files = new Map<string, string>();
    if (p.kind === "granted") files.set("state.md", p.state);
    return { changes: { files, events: p.kind === "granted" ? [p.event] : [] }, result: p };
  });

  const base = { mode: "afk", workspace: session.ws.slug };
  if (plan.kind === "unlimited") {
    return {
      exit: 0,
      lines: [`Nothing to grant: slices are unlimited (state.md has no AFK slices remaining counter and ${afk.display} declares no max_slices).`, "Workspace: no change."],
      data: { ...base, granted: 0, remaining: null },
    };
  }
  const lines = [`Granted:  ${slices} slice(s), by a person`, `AFK slices remaining: ${plan.previous} → ${plan.remaining}`, "Workspace: state.md updated."];
  // A run the cap paused stays paused until someone resumes it: say how.
  if (pauseReason !== undefined) lines.push(`Paused:   the run is still blocked (${pauseReason || "no reason"}); continue it with devrites-engine state resume`);
  return { exit: 0, lines, data: { ...base, granted: slices, previous: plan.previous, remaining: plan.remaining, source: plan.source } };
}

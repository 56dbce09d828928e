// `state resume [--auto] [--note TEXT]`: clear a `state pause`. A run paused on a question is
// refused (resolve answers it); `--auto` clears only a usage cap whose reset time has passed.

import { parseState } from "../../documents/state/parse-state.js";
import { normalizeText } from "../../domain/normalize-text.js";
import { assertSchema } from "../../domain/schema-gate.js";
import { planResume } from "../../domain/resume-run.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

/** `state resume`. */
export async function stateResume(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const session = ctx.workspace();
  session.recoverIfNeeded();
  assertSchema(parseState(session.read("state.md", true)), session.ws.slug);

  const auto = args.options.auto === true;
  const note = typeof args.options.note === "string" ? normalizeText([args.options.note], ctx.flag("note")) : undefined;

  const plan = session.mutate(() => {
    const state = session.read("state.md", true);
    assertSchema(parseState(state), session.ws.slug);
    const p = planResume(state, { auto, note }, ctx.now);
    const files = new Map<string, string>();
    if (p.kind === "resumed") files.set("state.md", p.state);
    return { changes: { files, events: p.kind === "resumed" ? p.events : [] }, result: p };
  });

  if (plan.kind === "not_paused") {
    return {
      exit: 0,
      lines: [`Not paused: status is ${plan.status ?? "(none)"}; nothing to resume.`, "Workspace: no change."],
      data: { workspace: session.ws.slug, resumed: false, status: plan.status ?? null },
    };
  }
  return {
    exit: 0,
    lines: [`Resumed:  ${plan.cause}`, `Was:      ${plan.was}`, `Next:     ${plan.nextAction}`, "Workspace: state.md updated."],
    data: { workspace: session.ws.slug, resumed: true, cause: plan.cause, was: plan.was, next_action: plan.nextAction },
  };
}

// `state pause --reason CODE [--detail TEXT] [--until TIMESTAMP]`: pause the run for a reason
// that is not a question, or defer an external blocker seen too few times (exit 8, stdout).

import { ERROR_KINDS } from "../../errors.js";
import { parseState } from "../../documents/state/parse-state.js";
import { assertSchema } from "../../domain/schema-gate.js";
import { parseTimestamp } from "../../domain/clock.js";
import { AUTO_RESUMABLE, blockerThreshold, DEFAULT_BLOCKER_THRESHOLD, parsePauseInput, planPause } from "../../domain/pause-run.js";
import { pauseSummaryForPeople } from "../../domain/pause-reasons.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/** `state pause`. */
export async function statePause(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const session = ctx.workspace();
  session.recoverIfNeeded();
  assertSchema(parseState(session.read("state.md", true)), session.ws.slug);

  const reason = str(args.options.reason);
  const threshold = reason?.trim() === "external_blocker" ? blockerThreshold(ctx.io.env.DEVRITES_BLOCKER_THRESHOLD) : DEFAULT_BLOCKER_THRESHOLD;
  const input = parsePauseInput({ reason, detail: str(args.options.detail), until: str(args.options.until), flag: ctx.flag }, threshold);

  const plan = session.mutate(() => {
    const state = session.read("state.md", true);
    assertSchema(parseState(state), session.ws.slug);
    const p = planPause(state, input, threshold, ctx.now);
    return { changes: { files: new Map([["state.md", p.state]]), events: p.events }, result: p };
  });

  const data = { workspace: session.ws.slug, reason: input.reason, detail: input.detail ?? null, resumes_at: input.resumesAt ?? null };
  if (plan.kind === "deferred") {
    return {
      exit: ERROR_KINDS["pause-deferred"],
      lines: [`external blocker seen ${plan.attempt}/${plan.threshold} times; retry the failing step before pausing`],
      data: { ...data, deferred: true, attempt: plan.attempt, threshold: plan.threshold },
    };
  }
  // Printed as status prints it: UTC, named (the files keep UTC too).
  const shown = (code: string, at: string | undefined) => pauseSummaryForPeople(code, at === undefined ? undefined : parseTimestamp(at), ctx.now);
  const replaced = plan.replaced;
  const lostTimer = replaced?.reason === AUTO_RESUMABLE && replaced.resumesAt !== undefined && input.resumesAt === undefined;
  return {
    exit: 0,
    lines: [
      `Paused:   ${shown(input.reason, input.resumesAt)}`,
      ...(replaced !== undefined ? [`Replaces: ${shown(replaced.reason, replaced.resumesAt)}${lostTimer ? " (it no longer resumes by itself)" : ""}`] : []),
      ...(input.detail !== undefined ? [`Detail:   ${input.detail}`] : []),
      "Status:   blocked",
      "Resume:   devrites-engine state resume",
    ],
    data: { ...data, deferred: false, status: "blocked", summary: plan.summary, replaced: replaced === undefined ? null : { reason: replaced.reason, resumes_at: replaced.resumesAt ?? null } },
  };
}

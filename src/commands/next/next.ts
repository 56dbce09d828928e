// `next [<slug>]`: the minimal remaining lifecycle path (domain/next-path.ts), read-only.
// Contract: the Go engine's engine/internal/lib/next.go (RunNext; usage `next [slug]` in
// engine/help.go): exit 0 with its lines, exit 2 without a workspace or state.md.

import { parseQuestions } from "../../documents/questions/parse-questions.js";
import { parseState } from "../../documents/state/parse-state.js";
import { nextPath, nextRequired, renderNextPath } from "../../domain/next-path.js";
import { gateSession } from "../check/readiness.js";
import { knownCursorPhase, nonEmptyArtifact, openQuestionCount, realContent } from "../phase-artifacts.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

export function next(ctx: CommandContext, args: CommandArgs): Outcome {
  const session = gateSession(ctx, args);
  const phase = knownCursorPhase(session, parseState(session.read("state.md", true)), "next");
  const path = nextPath({
    phase,
    currentMissing: nextRequired(phase).filter((name) => !realContent(session, name)),
    present: (name) => nonEmptyArtifact(session, name),
    openQuestions: openQuestionCount(parseQuestions(session.read("questions.md", true))),
  });
  return {
    exit: 0,
    lines: renderNextPath(path),
    data: {
      workspace: session.ws.slug,
      current: path.current,
      current_status: path.complete ? "complete" : "incomplete",
      open_questions: path.openQuestions,
      next_phase: path.nextPhase,
      next_command: path.nextCommand ?? null,
      blocked: path.blocked,
      missing: path.missing,
      skips: path.skips,
    },
  };
}

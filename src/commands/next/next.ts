// `next [<slug>]`: the minimal remaining lifecycle path (domain/next-path.ts), read-only.
// Contract: the Go engine's engine/internal/lib/next.go (RunNext; usage `next [slug]` in
// engine/help.go): exit 0 with its lines, exit 2 without a workspace or state.md.

import { RefusedError } from "../../errors.js";
import { parseQuestions, statusOf, type QuestionsDoc } from "../../documents/questions/parse-questions.js";
import { cursorValue, parseState } from "../../documents/state/parse-state.js";
import { ARTIFACT_READ_CAP, hasRealContent, knownPhase } from "../../domain/phase-policy.js";
import { nextPath, nextRequired, renderNextPath } from "../../domain/next-path.js";
import { readArtifact } from "../../workspace/artifacts.js";
import { lstat } from "../../workspace/disk.js";
import type { WorkspaceSession } from "../../workspace/session.js";
import { gateSession } from "../check/readiness.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";
import { join } from "node:path";

/** Open questions: `status: open` blocks and `| open |` register rows (Go: countOpenQuestions). */
export function openQuestionCount(doc: QuestionsDoc): number {
  return doc.blocks.filter((b) => statusOf(b) === "open").length + doc.register.filter((r) => r.status.trim().toLowerCase() === "open").length;
}

/** A non-empty regular file in the workspace (a link is never followed: not present). */
export function nonEmptyArtifact(session: WorkspaceSession, name: string): boolean {
  const st = lstat(join(session.ws.dir, name));
  return st !== undefined && st.isFile() && st.size > 0;
}

/** Real content (Go: state.MissingWorkspaceFiles): a file over the read cap is not read, and counts. */
function realContent(session: WorkspaceSession, name: string): boolean {
  if (!nonEmptyArtifact(session, name)) return false;
  const read = readArtifact(session.ws.dir, name, ARTIFACT_READ_CAP);
  if (read.bytes === undefined) return read.size > ARTIFACT_READ_CAP;
  return hasRealContent(read.bytes.toString("utf8"));
}

/** The workspace, its cursor phase (exit 3 when state.md names none the engine knows) and open questions. */
export function phaseOf(session: WorkspaceSession, verb: string) {
  const raw = cursorValue(parseState(session.read("state.md", true)), "phase");
  const phase = knownPhase(raw);
  if (phase === undefined) {
    throw new RefusedError(`${verb}: unknown phase ${JSON.stringify(raw ?? "")} in ${session.path("state.md")}`, { hint: "set the cursor's phase to one of the workflow's phases (frame, spec, …, ship, done)" });
  }
  return phase;
}

export function next(ctx: CommandContext, args: CommandArgs): Outcome {
  const session = gateSession(ctx, args);
  const phase = phaseOf(session, "next");
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

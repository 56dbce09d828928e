// What `next` and `handoff` read of a workspace beyond its cursor: whether each phase artifact is
// there (a non-empty regular file; a link is never followed) or holds real content, and how many
// questions are open. Contract: the Go engine's engine/internal/lib/next.go (missingArtifacts,
// countOpenQuestions) and engine/internal/state/status.go (MissingWorkspaceFiles).

import { join } from "node:path";
import { RefusedError } from "../errors.js";
import { statusOf, type QuestionsDoc } from "../documents/questions/parse-questions.js";
import { cursorValue, type StateDoc } from "../documents/state/parse-state.js";
import { ARTIFACT_READ_CAP, hasRealContent, knownPhase } from "../domain/phase-policy.js";
import { readArtifact } from "../workspace/artifacts.js";
import { lstat } from "../workspace/disk.js";
import type { WorkspaceSession } from "../workspace/session.js";

/** Open questions: `status: open` blocks and `open` register rows (Go: countOpenQuestions). */
export function openQuestionCount(doc: QuestionsDoc): number {
  return doc.blocks.filter((b) => statusOf(b) === "open").length + doc.register.filter((r) => r.status.trim().toLowerCase() === "open").length;
}

/** A non-empty regular file in the workspace (Go: os.Stat size > 0; a link here is not followed). */
export function nonEmptyArtifact(session: WorkspaceSession, name: string): boolean {
  const st = lstat(join(session.ws.dir, name));
  return st !== undefined && st.isFile() && st.size > 0;
}

/** Real content (Go: state.MissingWorkspaceFiles): a file over the read cap is not read, and counts. */
export function realContent(session: WorkspaceSession, name: string): boolean {
  if (!nonEmptyArtifact(session, name)) return false;
  const read = readArtifact(session.ws.dir, name, ARTIFACT_READ_CAP);
  if (read.bytes === undefined) return read.size > ARTIFACT_READ_CAP;
  return hasRealContent(read.bytes.toString("utf8"));
}

/** The cursor's phase: exit 3 when state.md names none the engine knows (Go: exit 2). */
export function knownCursorPhase(session: WorkspaceSession, state: StateDoc, verb: string) {
  const raw = cursorValue(state, "phase");
  const phase = knownPhase(raw);
  if (phase === undefined) {
    throw new RefusedError(`${verb}: unknown phase ${JSON.stringify(raw ?? "")} in ${session.path("state.md")}`, { hint: "set the cursor's phase to one of the workflow's phases (frame, spec, …, ship, done)" });
  }
  return phase;
}

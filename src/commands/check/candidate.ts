// `check candidate [<slug>]`: the candidate identity /rite-ship step 1 records and compares
// (Go: cmdCandidate in engine/main.go): `candidate-sha256: <hex>` and `candidate-files: <n>`,
// exit 0; a candidate that is not closed is exit 3 `candidate: BLOCKED: <why>` on stderr.
// Read-only: project files through workspace/project-files.ts, nothing written.

import { RefusedError } from "../../errors.js";
import { CandidateBlocked, loadCandidateIdentity, type CandidateIdentity } from "../../workspace/candidate-identity.js";
import type { Workspace } from "../../workspace/locate.js";
import { gateSession } from "./readiness.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";


/** The identity, or the refusal with `prefix` before the Go engine's words. */
export function candidateOrBlocked(ws: Workspace, prefix: string, suffix = ""): CandidateIdentity {
  try {
    return loadCandidateIdentity(ws);
  } catch (e) {
    if (!(e instanceof CandidateBlocked)) throw e;
    throw new RefusedError(`${e.message}${suffix}`, { kind: e.kind as "manifest-blocked", prefix, hint: e.hint, data: { workspace: ws.slug, ...(e.data ?? {}) }, cause: e });
  }
}

export async function checkCandidate(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const session = gateSession(ctx, args);
  const id = candidateOrBlocked(session.ws, "candidate: BLOCKED: ");
  return {
    exit: 0,
    lines: [`candidate-sha256: ${id.digest}`, `candidate-files: ${id.entries.length}`],
    data: { workspace: session.ws.slug, candidate_sha256: id.digest, candidate_files: id.entries.length, files: id.entries.map((e) => ({ state: e.state, path: e.path })) },
  };
}

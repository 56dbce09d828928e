// `check seal [<slug>]`: the final gate /rite-ship step 1 runs (Go: cmdGate(Seal) in
// engine/main.go): the seal gate (domain/seal-gate.ts), then evidence freshness — evidence.md,
// review.md, seal.md (and browser-evidence.md when present) each hold exactly one
// `Candidate SHA-256:` line equal to the current candidate (Go: EvidenceFresh in
// engine/internal/lib/evidencefresh.go), then the anchored notes: a malformed notes.md or a
// note that is not exact blocks (Go: notes.SealCheck in engine/internal/notes/cli.go, called
// last by cmdGate). Exit 0 passed, 3 blocked. Read-only.

import { RefusedError } from "../../errors.js";
import { parseState } from "../../documents/state/parse-state.js";
import { CANDIDATE_ARTIFACT_CAP, digestLineProblem } from "../../domain/candidate.js";
import { checkSeal as runGate, renderSeal, SEAL_REQUIRED } from "../../domain/seal-gate.js";
import { readArtifact } from "../../workspace/artifacts.js";
import { READ_CAP_BYTES, lstat } from "../../workspace/disk.js";
import { sealNotesProblems } from "../note/notes.js";
import { candidateOrBlocked } from "./candidate.js";
import { gateSession, readinessBinding } from "./readiness.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";
import { join } from "node:path";

const PROVE = "/rite-prove";

export async function checkSeal(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const session = gateSession(ctx, args);
  const slug = session.ws.slug;
  const state = parseState(session.read("state.md", true));
  const files = new Map<string, string | undefined>();
  const unreadable: string[] = [];
  for (const name of new Set([...SEAL_REQUIRED, "questions.md"])) {
    const read = readArtifact(session.ws.dir, name, READ_CAP_BYTES.workspaceFile);
    if (read.unreadable !== undefined) unreadable.push(`${name} cannot be read (${read.unreadable})`);
    files.set(name, read.bytes?.toString("utf8"));
  }
  const result = runGate({ slug, state, files, binding: readinessBinding(session) });
  if (unreadable.length > 0) {
    result.problems.unshift(...unreadable);
    result.passed = false;
    if (result.reason === "DRV-GATE-SEAL-PASSED") result.reason = "DRV-GATE-SEAL-MISSING";
  }
  const data = { gate: "seal", workspace: slug, phase: result.phase, result: result.passed ? "pass" : "blocked", reason: result.reason, missing_files: result.missing, problems: result.problems };
  if (!result.passed) return { exit: 3, lines: renderSeal(slug, result), data };

  const fresh = evidenceFreshness(session.ws, slug);
  if ("blocked" in fresh) {
    return {
      exit: 3,
      lines: ["reason: DRV-GATE-SEAL-MISSING"],
      errors: [`evidence-fresh: BLOCKED: ${fresh.blocked}`],
      data: { ...data, result: "blocked", reason: "DRV-GATE-SEAL-MISSING", evidence_fresh: { ok: false, problem: fresh.blocked } },
    };
  }
  const freshLine = `evidence-fresh: OK: candidate digest ${fresh.digest} matches evidence, review, and seal.`;
  const notes = sealNotesProblems(session);
  if (notes !== undefined) {
    return {
      exit: 3,
      lines: [freshLine, ...notes, "reason: DRV-GATE-SEAL-MISSING"],
      data: { ...data, result: "blocked", reason: "DRV-GATE-SEAL-MISSING", candidate_sha256: fresh.digest, evidence_fresh: { ok: true, artifacts: fresh.artifacts }, notes: notes },
    };
  }
  return {
    exit: 0,
    lines: [freshLine, ...renderSeal(slug, result)],
    data: { ...data, candidate_sha256: fresh.digest, evidence_fresh: { ok: true, artifacts: fresh.artifacts } },
  };
}

/** The current candidate digest bound by every proof artifact, or the first reason it is not. */
function evidenceFreshness(ws: { dir: string; slug: string; root: string }, slug: string): { digest: string; artifacts: string[] } | { blocked: string } {
  let digest: string;
  try {
    digest = candidateOrBlocked({ dir: ws.dir, slug, root: ws.root }, "evidence-fresh: BLOCKED: ").digest;
  } catch (e) {
    if (e instanceof RefusedError) return { blocked: `${e.message}. Refresh the candidate and re-run ${PROVE}.` };
    throw e;
  }
  const artifacts = ["evidence.md", "review.md", "seal.md"];
  if (lstat(join(ws.dir, "browser-evidence.md")) !== undefined) artifacts.push("browser-evidence.md");
  for (const name of artifacts) {
    const read = readArtifact(ws.dir, name, CANDIDATE_ARTIFACT_CAP);
    const problem = read.unreadable ?? (read.bytes === undefined ? "no such file" : digestLineProblem(read.bytes.toString("utf8"), digest));
    if (problem !== undefined) return { blocked: `${name}: ${problem}. Record exactly one current candidate digest and retry.` };
  }
  return { digest, artifacts };
}

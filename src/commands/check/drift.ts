// `check drift <slug> [--record]` (Go: RunCheckDrift in engine/internal/lib/drift.go; tests
// in engine/internal/lib/drift_test.go): compares each readiness input with the baseline
// `readiness-inputs.json` — `check drift: none (baseline <time>)`, or one `DRIFT: <input>
// changed|missing|added since baseline <time>` line each — or, with no baseline, the binding
// eng-review.md records (inputs newer than eng-review.md are named as candidates). Exit 0
// always, but 3 for a baseline that cannot be parsed. `--record` writes the baseline through
// the workspace transaction; nothing else is written.

import { NoWorkspaceError, RefusedError } from "../../errors.js";
import { BINDING_INPUTS, BINDING_LABEL } from "../../domain/readiness.js";
import { DRIFT_BASELINE_FILE, FALLBACK_INPUTS, parseDriftBaseline, renderDriftBaseline, renderDriftCompare, type DriftBaseline, type InputDigest } from "../../domain/drift.js";
import { readArtifact } from "../../workspace/artifacts.js";
import { lstat, READ_CAP_BYTES } from "../../workspace/disk.js";
import { nodeCrypto } from "../../workspace/lazy-builtins.js";
import { openWorkspace } from "../../workspace/locate.js";
import { emptyChanges, type WorkspaceSession } from "../../workspace/session.js";
import { bindingOf, readinessContents } from "./readiness.js";
import { join } from "node:path";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

/** A recorded baseline is read up to this size. */
export const BASELINE_CAP = 1024 * 1024;

/** RFC 3339 to the second, as Go's time.RFC3339 prints UTC. */
export const rfc3339 = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

export async function checkDrift(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const slug = args.positionals[0] as string;
  const session = ctx.session(openWorkspace(ctx.root(), slug));
  session.recoverIfNeeded();
  if (args.options.record === true) {
    // Hashed and written under the workspace lock, so the baseline is one moment's inputs.
    const { digests, binding } = session.mutate(() => {
      const current = currentDigests(session);
      const baseline: DriftBaseline = { version: 1, recorded_at: rfc3339(ctx.now), binding: current.binding, inputs: current.digests };
      const changes = emptyChanges();
      changes.files.set(DRIFT_BASELINE_FILE, renderDriftBaseline(baseline));
      return { changes, result: current };
    });
    return {
      exit: 0,
      lines: [`check drift: baseline recorded (${digests.length} inputs, ${binding})`],
      data: { workspace: slug, recorded: true, baseline: join(".devrites", "work", slug, DRIFT_BASELINE_FILE), binding, inputs: digests },
    };
  }
  const { digests, binding } = currentDigests(session);
  const read = readArtifact(session.ws.dir, DRIFT_BASELINE_FILE, BASELINE_CAP);
  const parsed = read.unreadable !== undefined ? { problem: read.unreadable } : read.bytes === undefined ? undefined : parseDriftBaseline(read.bytes.toString("utf8"));
  if (parsed !== undefined && "problem" in parsed) {
    return {
      exit: 3,
      lines: [`DRIFT: baseline ${DRIFT_BASELINE_FILE} unreadable: ${parsed.problem}`, "check drift: BLOCKED"],
      data: { workspace: slug, result: "blocked", problem: parsed.problem },
    };
  }
  if (parsed === undefined) return fallback(session, slug, binding);
  const { lines, diffs } = renderDriftCompare(parsed, digests, binding);
  return { exit: 0, lines, data: { workspace: slug, result: diffs.length === 0 && parsed.binding === binding ? "none" : "drift", baseline_recorded_at: parsed.recorded_at, binding, drift: diffs } };
}

/** Each input's digest and the aggregate binding; an input that cannot be read stops the check. */
function currentDigests(session: WorkspaceSession): { digests: InputDigest[]; binding: string } {
  const read = readinessContents(session);
  if ("problem" in read) {
    const hint = "restore or fix the readiness input, then retry";
    if (read.problem.endsWith("is missing")) throw new NoWorkspaceError(`check drift: ${read.problem}`, { kind: "file-missing", prefix: "", hint });
    throw new RefusedError(`check drift: ${read.problem}`, { kind: "unsafe-file", prefix: "", hint });
  }
  const crypto = nodeCrypto();
  const digests = BINDING_INPUTS.map(({ logical }): InputDigest => {
    const bytes = read.contents.get(logical);
    return bytes === undefined ? { path: logical, present: false } : { path: logical, present: true, sha256: crypto.createHash("sha256").update(bytes).digest("hex") };
  });
  return { digests, binding: bindingOf(read.contents) };
}

/** No baseline: the binding eng-review.md records, attributed by modification time (Go: compareDriftFallback). */
function fallback(session: WorkspaceSession, slug: string, binding: string): Outcome {
  const data = (result: string, extra: Record<string, unknown> = {}) => ({ workspace: slug, result, binding, ...extra });
  const review = readArtifact(session.ws.dir, "eng-review.md", READ_CAP_BYTES.workspaceFile);
  if (review.bytes === undefined) {
    return { exit: 0, lines: [`check drift: unproven — no ${DRIFT_BASELINE_FILE} baseline and no readable eng-review.md; run \`check drift <slug> --record\` after Vet writes the binding`], data: data("unproven") };
  }
  let recorded = "";
  for (const line of review.bytes.toString("utf8").split("\n")) if (line.includes(BINDING_LABEL)) recorded = line.trim();
  if (recorded === "") {
    return { exit: 0, lines: ["check drift: unproven — eng-review.md carries no readiness binding; run `check drift <slug> --record` after Vet writes it"], data: data("unproven") };
  }
  if (recorded === binding) return { exit: 0, lines: ["check drift: none (eng-review.md binding current)"], data: data("none") };
  const lines = ["DRIFT: readiness inputs changed since the eng-review.md binding", `recorded: ${recorded}`, `current:  ${binding}`];
  const reviewed = lstat(join(session.ws.dir, "eng-review.md"));
  const candidates: string[] = [];
  if (reviewed !== undefined) {
    for (const name of FALLBACK_INPUTS) {
      const st = lstat(join(session.ws.dir, name));
      if (st !== undefined && st.mtimeMs > reviewed.mtimeMs) candidates.push(name);
    }
  }
  lines.push(...candidates.map((n) => `candidate: ${n} modified after eng-review.md`), "check drift: route through the Spec Drift Guard or rerun /rite-vet");
  return { exit: 0, lines, data: data("drift", { recorded, candidates }) };
}

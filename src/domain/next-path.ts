// `next`: the minimal remaining lifecycle path — the first phase from the current one whose
// required artifacts are not all there, with advisory skips for the phases on the way that have
// nothing to do (clarify with no open question, a phase whose artifacts are complete). Advisory
// only: the skill still decides to advance. Contract: the Go engine's engine/internal/lib/next.go
// (RunNext) and its tests in engine/internal/lib/context_next_test.go (TestNext*).

import { PHASES } from "./phases.js";
import { blocksOpenQuestions, requiredArtifacts } from "./phase-policy.js";
import { SEAL_REQUIRED } from "./seal-gate.js";

type Phase = (typeof PHASES)[number];

/** The skill verb that resumes each phase (Go: state.PhasePolicy.ResumeVerb); done has none. */
const RESUME_VERB: Partial<Record<Phase, string>> = { plan: "vet", done: undefined };

export function resumeVerbOf(phase: Phase): string | undefined {
  return phase in RESUME_VERB ? RESUME_VERB[phase] : phase;
}

/**
 * What leaving `phase` requires (Go: state.PhasePolicy.RequiredArtifacts): the shared table, and
 * for seal, ship and done the seal set with review.md and seal.md (Go: artifactsFinal).
 */
export function nextRequired(phase: Phase): readonly string[] {
  return phase === "seal" || phase === "ship" || phase === "done" ? SEAL_REQUIRED : requiredArtifacts(phase);
}

export interface NextInput {
  phase: Phase;
  /** The current phase's required artifacts without real content, in the table's order. */
  currentMissing: readonly string[];
  /** Whether a workspace artifact is a non-empty regular file (Go: os.Stat size > 0). */
  present: (name: string) => boolean;
  openQuestions: number;
}

export interface NextPath {
  current: Phase;
  complete: boolean;
  openQuestions: number;
  nextPhase: Phase;
  /** `/rite-<verb>`, `(no resume command)` for a phase without one; undefined when next is done. */
  nextCommand: string | undefined;
  /** Open questions gating the next phase (0: not blocked). */
  blocked: number;
  missing: string[];
  skips: string[];
}

export function nextPath(input: NextInput): NextPath {
  const base = { current: input.phase, complete: input.currentMissing.length === 0, openQuestions: input.openQuestions };
  const done = (skips: string[]): NextPath => ({ ...base, nextPhase: "done", nextCommand: undefined, blocked: 0, missing: [], skips });
  if (input.phase === "done") return done([]);
  const skips: string[] = [];
  for (let i = PHASES.indexOf(input.phase); i < PHASES.length; i++) {
    const phase = PHASES[i] as Phase;
    if (phase === "done") return done(skips);
    let missing: string[];
    if (phase === input.phase) {
      if (base.complete) continue;
      missing = [...input.currentMissing];
    } else {
      if (phase === "clarify" && input.openQuestions === 0) {
        skips.push("clarify (0 open questions)");
        continue;
      }
      missing = nextRequired(phase).filter((name) => !input.present(name));
      if (missing.length === 0) {
        skips.push(`${phase} (artifacts complete)`);
        continue;
      }
    }
    const verb = resumeVerbOf(phase);
    const blocked = blocksOpenQuestions(phase) && phase !== "clarify" ? input.openQuestions : 0;
    return { ...base, nextPhase: phase, nextCommand: verb === undefined ? "(no resume command)" : `/rite-${verb}`, blocked, missing, skips };
  }
  return done(skips);
}

/** The Go engine's stdout lines, in its order. */
export function renderNextPath(p: NextPath): string[] {
  const lines = [`current: ${p.current}`, `current-status: ${p.complete ? "complete" : "incomplete"}`, `open-questions: ${p.openQuestions}`, `next-phase: ${p.nextPhase}`];
  if (p.nextCommand !== undefined) lines.push(`next-command: ${p.nextCommand}`);
  if (p.blocked > 0) lines.push(`blocked: ${p.blocked} open question(s) gate this phase`);
  if (p.missing.length > 0) lines.push(`missing: ${p.missing.join(",")}`);
  for (const s of p.skips) lines.push(`skip: ${s}`);
  return lines;
}

// What the DevRites pack (5.x) requires of a workspace in each phase: the artifacts that must
// hold real content to leave it, whether open human questions block it, and each artifact's
// size budget. Taken from the pack's public phase table and artifact budgets (docs/commands.md,
// `check readiness`, names the sources); one table, read by readiness and orient alike.

import { PHASES } from "./phases.js";

type Phase = (typeof PHASES)[number];

const FRAME = ["state.md"];
const SPEC = ["brief.md", "spec.md", "state.md", "decisions.md", "assumptions.md", "questions.md"];
const CLARIFY = [...SPEC, "decision-coverage.md"];
const PLAN = [...CLARIFY, "architecture.md", "plan.md", "tasks.md", "traceability.md"];
const VETTED = [...PLAN, "eng-review.md", "test-plan.md"];
const PROOF = [...VETTED, "evidence.md", "touched-files.md"];

const REQUIRED: Record<Phase, readonly string[]> = {
  frame: FRAME, spec: SPEC, clarify: CLARIFY, temper: CLARIFY, define: PLAN, plan: PLAN, vet: VETTED, build: VETTED,
  converge: VETTED, prove: PROOF, polish: PROOF, review: PROOF, seal: PROOF, ship: PROOF, done: PROOF,
};

/** The phase a cursor value names (first word, lowercased), or undefined when it names none. */
export function knownPhase(value: string | undefined): Phase | undefined {
  const first = (value ?? "").trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  return (PHASES as readonly string[]).includes(first) ? (first as Phase) : undefined;
}

/** The artifacts that must hold real content to leave `phase`, in the pack's order. */
export function requiredArtifacts(phase: Phase): readonly string[] {
  return REQUIRED[phase];
}

/** Open blocking/validating/escalating questions block every phase after spec. */
export function blocksOpenQuestions(phase: Phase): boolean {
  return phase !== "frame" && phase !== "spec";
}

/** Phases whose readiness includes the `Readiness inputs SHA-256` binding: those that require eng-review.md. */
export function requiresBinding(phase: Phase): boolean {
  return REQUIRED[phase].includes("eng-review.md");
}

/** Real content: at least one character that is not whitespace (an empty stub is missing). */
export function hasRealContent(text: string | undefined): boolean {
  return text !== undefined && text.trim() !== "";
}

/** Each canonical artifact's line budget; the byte budget is BYTES_PER_LINE per budgeted line. */
const LINE_BUDGETS: Record<string, number> = {
  "README.md": 120, "brief.md": 80, "spec.md": 260, "decision-coverage.md": 200, "strategy.md": 180, "architecture.md": 180,
  "flows.md": 160, "decisions.md": 200, "assumptions.md": 160, "questions.md": 180, "plan.md": 220, "tasks.md": 280,
  "traceability.md": 220, "eng-review.md": 240, "test-plan.md": 260, "gates.md": 200, "state.md": 120, "evidence.md": 280,
  "browser-evidence.md": 220, "drift.md": 160, "touched-files.md": 160, "design-brief.md": 160, "handoff.md": 120,
  "polish-report.md": 200, "ship.md": 120, "review.md": 240, "seal.md": 200, "ai-spec.md": 160, "windows.md": 120, "notes.md": 160,
};
const BYTES_PER_LINE = 400;
/** Append-only proof ledgers: their budget is advisory and never blocks a gate. */
const ADVISORY_ONLY = new Set(["evidence.md", "browser-evidence.md", "touched-files.md"]);
/**
 * The largest canonical artifact that is read: orient measures a larger one by its size only,
 * and the task graph of a larger tasks.md is never walked (check task-graph refuses it, readiness
 * blocks on it). The readiness binding's per-input limit is the same size.
 */
export const ARTIFACT_READ_CAP = 1024 * 1024;
/** A non-canonical file in the workspace root larger than this is reported as bulk. */
export const BULK_BYTES = 64 * 1024;
/** At or above this multiple of a budget the overshoot is material: it blocks readiness without an override. */
const MATERIAL = 1.5;

export interface ArtifactBudget {
  file: string;
  /** undefined when the file was measured by its size only (too large to read). */
  lines: number | undefined;
  bytes: number;
  line_budget: number;
  byte_budget: number;
  over: boolean;
  material: boolean;
  override: boolean;
}

export const isCanonicalArtifact = (name: string): boolean => LINE_BUDGETS[name] !== undefined;
export const budgetBlocks = (name: string): boolean => isCanonicalArtifact(name) && !ADVISORY_ONLY.has(name);

/** Lines as the pack counts them: newline-terminated lines plus a final unterminated one. */
function countLines(text: string): number {
  if (text === "") return 0;
  let n = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  return text.endsWith("\n") ? n : n + 1;
}

/** A `Budget override:` line outside fenced code: the artifact's recorded reason to be long. */
function hasOverride(text: string): boolean {
  let fenced = false;
  for (const line of text.split("\n")) {
    const t = line.trim();
    if (t.startsWith("```") || t.startsWith("~~~")) fenced = !fenced;
    else if (!fenced && t.startsWith("Budget override:")) return true;
  }
  return false;
}

/** Measure a canonical artifact against its budget: `text` when it was read, else only its size. */
export function measureArtifact(file: string, bytes: number, text: string | undefined): ArtifactBudget {
  const lineBudget = LINE_BUDGETS[file] ?? 0;
  const byteBudget = lineBudget * BYTES_PER_LINE;
  const lines = text === undefined ? undefined : countLines(text);
  const linesOver = lines !== undefined && lines > lineBudget;
  return {
    file,
    lines,
    bytes,
    line_budget: lineBudget,
    byte_budget: byteBudget,
    over: linesOver || bytes > byteBudget,
    material: (lines !== undefined && lines >= lineBudget * MATERIAL) || bytes >= byteBudget * MATERIAL,
    override: text !== undefined && hasOverride(text),
  };
}

// Progress monotonicity (`check regression <slug> [--update]`; Go: fingerprintWorkspace,
// compareProgress, updateRegressionBaseline and readRegressionBaseline in
// engine/internal/lib/regression.go): a workspace that once recorded a fact — a checked
// acceptance criterion, a met or abandoned gate, a slice in a done state, a resolved question,
// a present artifact, a later phase — must not quietly lose it. The baseline
// `regression-baseline.json` is the high-water mark. Pure: the command reads and writes.

import { viewOf } from "../documents/markdown-view.js";
import { parseQuestions, statusFrom } from "../documents/questions/parse-questions.js";
import { PHASES } from "./phases.js";
import { parseBaselineObject } from "./baseline-json.js";

export const REGRESSION_BASELINE_FILE = "regression-baseline.json";

/** tasks.md `Status:` values that count as closed (Go: doneSliceStates). */
const DONE_STATES = new Set(["built", "proven", "sealed", "done", "complete", "completed"]);

export interface Fingerprint {
  phase: string;
  /** The phase's place in the workflow; -1 when the cursor names no known phase. */
  phase_ordinal: number;
  checked_ac: string[];
  met_gates: string[];
  abandoned_gates: string[];
  done_slices: string[];
  resolved_questions: string[];
  present_artifacts: string[];
}

export interface RegressionBaseline extends Fingerprint {
  version: 1;
  updated_at: string;
}

/** The workspace texts a fingerprint reads (undefined: absent). */
export interface FingerprintInput {
  phase: string | undefined;
  spec: string | undefined;
  tasks: string | undefined;
  gates: string | undefined;
  questions: string | undefined;
  /** Canonical artifacts that exist as non-empty regular files. */
  presentArtifacts: string[];
}

/** Lines outside fenced code blocks (fenced lines read as empty: examples never count). */
function structuralLines(text: string): string[] {
  const view = viewOf(text);
  const out: string[] = [];
  for (let i = 0; i < view.lineCount; i++) out.push(view.isFenced(i) ? "" : view.lineText(i).replace(/\r$/, ""));
  return out;
}

const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const sorted = (xs: Iterable<string>) => [...xs].sort(byteOrder);

/** Slices whose block (to the next `## SLICE-…`) has a done-state `Status:` line (Go: doneSlices). */
function doneSlices(lines: readonly string[]): string[] {
  const done: string[] = [];
  let current: string | undefined;
  let decided = false;
  for (const line of lines) {
    const h = /^## (SLICE-\d+)\b/.exec(line);
    if (h) {
      current = h[1]!;
      decided = false;
      continue;
    }
    if (current === undefined || decided) continue;
    const s = /^status:[ \t]*(\S+)/i.exec(line);
    if (!s) continue;
    decided = true;
    if (DONE_STATES.has(s[1]!.toLowerCase())) done.push(current);
  }
  return done;
}

/** gates.md's checked gate rows and ABANDON records (Go: acceptance.ParseLedger, the parts the fingerprint reads). */
function ledgerFacts(lines: readonly string[]): { met: string[]; abandoned: string[] } {
  const met: string[] = [];
  const abandoned = new Set<string>();
  const seen = new Set<string>();
  for (const line of lines) {
    const g = /^\s*- \[([ xX])\] ([^\s:]+): (.*)$/.exec(line);
    if (g) {
      const id = g[2]!;
      if (id.length > 64 || seen.has(id)) continue;
      seen.add(id);
      if (g[1] !== " ") met.push(id);
      continue;
    }
    const a = /^ABANDON: (\S+)\s*(.*)$/.exec(line);
    if (a && a[2]!.trim() !== "") abandoned.add(a[1]!);
  }
  return { met, abandoned: [...abandoned] };
}

/** The current structural progress facts, every set sorted. */
export function fingerprint(input: FingerprintInput): Fingerprint {
  const first = (input.phase ?? "").trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  const ordinal = (PHASES as readonly string[]).indexOf(first);
  const checked: string[] = [];
  if (input.spec !== undefined) {
    for (const line of structuralLines(input.spec)) {
      const m = /^[ \t]*- \[([xX ])\] (AC-\d+)/.exec(line);
      if (m && m[1] !== " ") checked.push(m[2]!);
    }
  }
  const ledger = input.gates === undefined ? { met: [], abandoned: [] } : ledgerFacts(structuralLines(input.gates));
  const resolved: string[] = [];
  if (input.questions !== undefined) {
    for (const block of parseQuestions(input.questions).blocks) {
      const status = block.value("status");
      if (status !== undefined && status.trim() !== "" && statusFrom(status).split(/\s+/)[0] !== "open") resolved.push(block.id);
    }
  }
  return {
    phase: ordinal >= 0 ? first : "",
    phase_ordinal: ordinal,
    checked_ac: sorted(checked),
    met_gates: sorted(ledger.met),
    abandoned_gates: sorted(ledger.abandoned),
    done_slices: sorted(input.tasks === undefined ? [] : doneSlices(structuralLines(input.tasks))),
    resolved_questions: sorted(resolved),
    present_artifacts: sorted(input.presentArtifacts),
  };
}

/** Every baseline fact the current fingerprint lost, sorted (Go: compareProgress's wording). */
export function compareProgress(base: Fingerprint, current: Fingerprint): string[] {
  const out: string[] = [];
  const lost = (was: readonly string[], now: readonly string[], say: (id: string) => string, alsoKeeps: readonly string[] = []) => {
    const keep = new Set([...now, ...alsoKeeps]);
    for (const id of was) if (!keep.has(id)) out.push(say(id));
  };
  lost(base.checked_ac, current.checked_ac, (id) => `acceptance criterion ${id} was checked, now unchecked or removed`);
  lost(base.met_gates, current.met_gates, (id) => `gate ${id} was met, now unmet or removed`);
  lost(base.abandoned_gates, current.abandoned_gates, (id) => `abandoned gate ${id} disappeared (its handoff record is gone)`, current.met_gates);
  lost(base.done_slices, current.done_slices, (id) => `slice ${id} was in a done state, now reopened or removed`);
  lost(base.resolved_questions, current.resolved_questions, (id) => `question ${id} was resolved, now open or removed`);
  lost(base.present_artifacts, current.present_artifacts, (name) => `artifact ${name} was present and non-empty, now missing or empty`);
  if (base.phase_ordinal >= 0 && current.phase_ordinal >= 0 && current.phase_ordinal < base.phase_ordinal) {
    out.push(`phase moved backward: ${base.phase} -> ${current.phase}`);
  }
  // An unreadable phase is not a pass (Go: TestRegressionUnreadablePhaseIsNotPass).
  if (base.phase_ordinal >= 0 && current.phase_ordinal < 0) out.push(`phase ${base.phase} is no longer observable: state.md names no known phase`);
  return out.sort(byteOrder);
}

/**
 * Whether a ratchet would wipe every acceptance fact the baseline holds (its checked criteria
 * and met gates all gone): refused without --allow-empty (Go:
 * TestRegressionUpdateRefusesToWipeAcceptanceFacts).
 */
export function wipesAcceptance(base: Fingerprint, current: Fingerprint): boolean {
  return base.checked_ac.length + base.met_gates.length > 0 && current.checked_ac.length + current.met_gates.length === 0;
}

/** `phase=<p> ac=<n> gates-met=<n> slices-done=<n> questions-resolved=<n> artifacts=<n>` (Go: fingerprintSummary). */
export function fingerprintSummary(fp: Fingerprint): string {
  return `phase=${fp.phase || "-"} ac=${fp.checked_ac.length} gates-met=${fp.met_gates.length} slices-done=${fp.done_slices.length} questions-resolved=${fp.resolved_questions.length} artifacts=${fp.present_artifacts.length}`;
}

/** The next baseline: the current facts, but never forgetting the furthest phase. */
export function ratchet(base: Fingerprint | undefined, current: Fingerprint, updatedAt: string): RegressionBaseline {
  const keepPhase = base !== undefined && base.phase_ordinal > current.phase_ordinal;
  return { version: 1, updated_at: updatedAt, ...current, ...(keepPhase ? { phase: base.phase, phase_ordinal: base.phase_ordinal } : {}) };
}

/** The baseline file's text: Go's field order and omitempty (empty sets and phase left out). */
export function renderRegressionBaseline(b: RegressionBaseline): string {
  const o: Record<string, unknown> = { version: b.version, updated_at: b.updated_at };
  if (b.phase !== "") o.phase = b.phase;
  o.phase_ordinal = b.phase_ordinal;
  for (const k of ["checked_ac", "met_gates", "abandoned_gates", "done_slices", "resolved_questions", "present_artifacts"] as const) if (b[k].length > 0) o[k] = b[k];
  return `${JSON.stringify(o, null, 2)}\n`;
}

/** The baseline in `text`, or why it is unreadable (Go's `corrupt baseline: …`, `unsupported baseline version <n>`). */
export function parseRegressionBaseline(text: string): RegressionBaseline | { problem: string } {
  const read = parseBaselineObject(text);
  if ("problem" in read) return read;
  const o = read.object;
  const set = (k: string): string[] | undefined => {
    const x = o[k] ?? [];
    return Array.isArray(x) && x.every((s) => typeof s === "string") ? sorted(x as string[]) : undefined;
  };
  const sets = { checked_ac: set("checked_ac"), met_gates: set("met_gates"), abandoned_gates: set("abandoned_gates"), done_slices: set("done_slices"), resolved_questions: set("resolved_questions"), present_artifacts: set("present_artifacts") };
  for (const [k, s] of Object.entries(sets)) if (s === undefined) return { problem: `corrupt baseline: ${k} is not a list of strings` };
  const ordinal = typeof o.phase_ordinal === "number" && Number.isInteger(o.phase_ordinal) ? o.phase_ordinal : 0;
  return {
    version: 1,
    updated_at: typeof o.updated_at === "string" ? o.updated_at : "",
    phase: typeof o.phase === "string" ? o.phase : "",
    phase_ordinal: ordinal,
    ...(sets as Omit<Fingerprint, "phase" | "phase_ordinal">),
  };
}

// Readiness-input drift (`check drift <slug> [--record]`; Go: RunCheckDrift, compareDrift,
// diffInputs and readDriftBaseline in engine/internal/lib/drift.go): a per-input digest
// baseline, `readiness-inputs.json` in the workspace, attributes a stale readiness binding to
// the exact input that changed. Advisory: a comparison is always exit 0, except a baseline that
// cannot be parsed (exit 3, fail closed). Pure: the command reads, hashes and writes.

import { parseBaselineObject } from "./baseline-json.js";

export const DRIFT_BASELINE_FILE = "readiness-inputs.json";

/** One readiness input's state: its logical name, whether it exists, its SHA-256 (hex) when it does. */
export interface InputDigest {
  path: string;
  present: boolean;
  sha256?: string;
}

export interface DriftBaseline {
  version: 1;
  recorded_at: string;
  binding: string;
  inputs: InputDigest[];
}

export interface DriftDiff {
  path: string;
  kind: "changed" | "missing" | "added";
}

/** The baseline file's text (Go's MarshalIndent: two-space JSON, a final newline). */
export function renderDriftBaseline(b: DriftBaseline): string {
  return `${JSON.stringify(b, null, 2)}\n`;
}

/** The baseline in `text`, or why it is unreadable (Go's `corrupt baseline: …`, `unsupported baseline version <n>`). */
export function parseDriftBaseline(text: string): DriftBaseline | { problem: string } {
  const read = parseBaselineObject(text);
  if ("problem" in read) return read;
  const o = read.object;
  const inputs = o.inputs ?? [];
  if (!Array.isArray(inputs)) return { problem: "corrupt baseline: inputs is not a list" };
  const out: InputDigest[] = [];
  for (const i of inputs) {
    if (typeof i !== "object" || i === null || typeof (i as InputDigest).path !== "string") return { problem: "corrupt baseline: an input has no path" };
    const d = i as Record<string, unknown>;
    out.push({ path: d.path as string, present: d.present === true, ...(typeof d.sha256 === "string" ? { sha256: d.sha256 } : {}) });
  }
  return { version: 1, recorded_at: typeof o.recorded_at === "string" ? o.recorded_at : "", binding: typeof o.binding === "string" ? o.binding : "", inputs: out };
}

/** Every baseline input whose state differs now, sorted by path (Go: diffInputs). */
export function diffInputs(base: readonly InputDigest[], current: readonly InputDigest[]): DriftDiff[] {
  const cur = new Map(current.map((d) => [d.path, d]));
  const diffs: DriftDiff[] = [];
  for (const b of base) {
    const c = cur.get(b.path);
    if (c === undefined) diffs.push({ path: b.path, kind: "missing" });
    else if (b.present !== c.present) diffs.push({ path: b.path, kind: c.present ? "added" : "missing" });
    else if (b.present && b.sha256 !== c.sha256) diffs.push({ path: b.path, kind: "changed" });
  }
  return diffs.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The comparison's lines against a baseline (Go's exact wording). */
export function renderDriftCompare(base: DriftBaseline, current: readonly InputDigest[], binding: string): { lines: string[]; diffs: DriftDiff[] } {
  const diffs = diffInputs(base.inputs, current);
  if (diffs.length === 0 && base.binding === binding) return { lines: [`check drift: none (baseline ${base.recorded_at})`], diffs };
  const lines = diffs.map((d) => `DRIFT: ${d.path} ${d.kind} since baseline ${base.recorded_at}`);
  if (base.binding !== binding && diffs.length === 0) lines.push("DRIFT: aggregate binding changed without a recorded input diff; re-record the baseline");
  lines.push(`check drift: ${diffs.length} input(s) differ — a change is legal only as a dated delta through the owning rite; otherwise restore the input or rerun /rite-vet and --record`);
  return { lines, diffs };
}

/** The inputs the fallback attributes by modification time (Go: compareDriftFallback's list). */
export const FALLBACK_INPUTS = ["spec.md", "decision-coverage.md", "architecture.md", "plan.md", "tasks.md", "traceability.md", "test-plan.md", "strategy.md", "design-brief.md", "ai-spec.md"];

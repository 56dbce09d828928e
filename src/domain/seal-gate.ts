// The seal gate `check seal` runs before /rite-ship (Go: gate.Check(Seal) in
// engine/internal/gate/gate.go, rendered by Result.Render): the seal phase's full artifact set
// whatever the cursor's phase, open human questions in either questions.md form (blocks or the
// `## Question register` table), the tasks.md graph and the Readiness inputs binding. Evidence
// freshness (the candidate digest lines) runs after it passes, in the command. Pure.

import { gateOf, parseQuestions, statusOf } from "../documents/questions/parse-questions.js";
import { cursorValue, type StateDoc } from "../documents/state/parse-state.js";
import { hasRealContent, requiredArtifacts } from "./phase-policy.js";
import { bindingLines } from "./readiness.js";
import { parseTaskGraph } from "./task-graph.js";

/**
 * The seal phase's workspace files (Go: engine/internal/state/workflow_manifest.json, phase
 * `seal`, workspaceRequired): the proof set plus review.md and seal.md.
 */
export const SEAL_REQUIRED: readonly string[] = [...requiredArtifacts("seal").filter((f) => f !== "review.md" && f !== "seal.md"), "review.md", "seal.md"];

export type SealReason = "DRV-GATE-SEAL-PASSED" | "DRV-GATE-SEAL-MISSING" | "DRV-GATE-READINESS-STALE";

export interface SealInput {
  slug: string;
  state: StateDoc;
  /** Each SEAL_REQUIRED file (and questions.md) by name; undefined = absent. */
  files: ReadonlyMap<string, string | undefined>;
  /** The binding line the readiness inputs hash to, or why it cannot be computed. */
  binding: { line: string } | { problem: string };
}

export interface SealResult {
  phase: string;
  passed: boolean;
  reason: SealReason;
  missing: string[];
  problems: string[];
}

const HUMAN_GATES = new Set(["blocking", "validating", "escalating"]);
const SPACE = " \t\n\v\f\r";

function tableCells(line: string): string[] | undefined {
  const t = line.trim();
  if (!t.startsWith("|") || !t.endsWith("|") || t.length < 2) return undefined;
  return t.slice(1, -1).split("|").map((c) => c.trim());
}

/**
 * The human gates with an open question, in first-seen order (Go: openBlockingQuestionGates):
 * `## q-…` blocks' `status:` / `gate:` lines, and every table whose header names a Status and
 * a Gate column (the `## Question register` form).
 */
export function openHumanGates(questions: string): string[] {
  const gates: string[] = [];
  const add = (status: string, gate: string) => {
    const s = status.trim().toLowerCase();
    const g = gate.trim().toLowerCase();
    if (s === "open" && HUMAN_GATES.has(g) && !gates.includes(g)) gates.push(g);
  };
  let inQ = false;
  let status = "";
  let gate = "";
  let columns: { status: number; gate: number } | undefined;
  const text = questions.endsWith("\n") ? questions.slice(0, -1) : questions;
  for (const line of text === "" ? [] : text.split("\n")) {
    const cells = tableCells(line);
    if (cells) {
      if (columns === undefined) {
        columns = { status: cells.findIndex((c) => c.toLowerCase() === "status"), gate: cells.findIndex((c) => c.toLowerCase() === "gate") };
      }
      if (columns.status >= 0 && columns.gate >= 0 && columns.status < cells.length && columns.gate < cells.length) add(cells[columns.status]!, cells[columns.gate]!);
    } else columns = undefined;
    const heading = line.startsWith("##") && line.length > 2 && SPACE.includes(line[2]!);
    if (line.toLowerCase().startsWith("## q-")) {
      if (inQ) add(status, gate);
      inQ = true;
      status = "";
      gate = "";
    } else if (inQ && line.startsWith("status:")) status = line.slice(7).replace(/^[ \t\n\v\f\r]+/, "");
    else if (inQ && line.startsWith("gate:")) gate = line.slice(5).replace(/^[ \t\n\v\f\r]+/, "");
    else if (inQ && heading) {
      add(status, gate);
      inQ = false;
    }
  }
  if (inQ) add(status, gate);
  return gates;
}

/** Run the seal gate. Never throws. */
export function checkSeal(input: SealInput): SealResult {
  const phase = cursorValue(input.state, "phase")?.trim() ?? "";
  const missing = SEAL_REQUIRED.filter((f) => !hasRealContent(input.files.get(f)));
  const problems: string[] = [];
  let stale = false;
  const questions = input.files.get("questions.md") ?? "";
  const gates = openHumanGates(questions);
  // The engine's own reading of the blocks too (every form its parser accepts).
  for (const b of parseQuestions(questions).blocks) {
    const g = gateOf(b);
    if (statusOf(b) === "open" && HUMAN_GATES.has(g) && !gates.includes(g)) gates.push(g);
  }
  if (gates.length > 0) {
    const awaiting = (cursorValue(input.state, "status") ?? "").trim() === "awaiting_human";
    problems.push(`open ${gates.join("/")} human question(s) remain in questions.md${awaiting ? "" : " but state.md is not awaiting_human"}`);
  }
  const tasks = input.files.get("tasks.md");
  if (hasRealContent(tasks)) for (const p of parseTaskGraph(tasks!).problems) problems.push(`tasks.md: ${p}`);
  if (missing.length === 0) {
    if ("problem" in input.binding) {
      stale = true;
      problems.push(`${input.binding.problem}; repair the input and rerun /rite-vet`);
    } else {
      const lines = bindingLines(input.files.get("eng-review.md") ?? "");
      if (lines.length !== 1 || lines[0] !== input.binding.line) {
        stale = true;
        problems.push(`readiness inputs are stale or the binding is invalid; rerun /rite-vet and record exactly one standalone line: ${input.binding.line}`);
      }
    }
  }
  const passed = missing.length === 0 && problems.length === 0;
  return { phase, passed, reason: passed ? "DRV-GATE-SEAL-PASSED" : stale ? "DRV-GATE-READINESS-STALE" : "DRV-GATE-SEAL-MISSING", missing, problems };
}

/** The gate's lines as the Go engine prints them (Result.Render). */
export function renderSeal(slug: string, r: SealResult): string[] {
  const head = ["gate: seal", `feature: ${slug}`, `phase: ${r.phase}`];
  if (r.passed) return [...head, "result: pass", `reason: ${r.reason}`];
  const lines = [...head, r.missing.length > 0 ? `result: blocked (missing to seal: ${r.missing.join(", ")})` : "result: blocked (state invariant)", `reason: ${r.reason}`];
  if (r.missing.length > 0) lines.push(`next: add real content to ${r.missing.join(", ")}`);
  for (const p of r.problems) lines.push(`invariant: ${p}`);
  lines.push(`retry: devrites-engine check seal ${slug}`);
  return lines;
}

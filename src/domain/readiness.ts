// The readiness gate the DevRites pack's Build step runs (`check readiness <slug>`; any miss
// blocks): the artifacts the phase requires, open human questions, the tasks.md graph, the
// material budget overshoot, and the `Readiness inputs SHA-256` binding Vet records in
// eng-review.md — the same byte stream the Go engine hashes, so a binding either engine wrote
// verifies on both. Pure: the command reads the files and hashes the stream this builds.

import { gateOf, statusOf, type QuestionsDoc } from "../documents/questions/parse-questions.js";
import { awaitedQuestionIds, cursorValue, type StateDoc } from "../documents/state/parse-state.js";
import { viewOf } from "../documents/markdown-view.js";
import { ARTIFACT_READ_CAP, blocksOpenQuestions, budgetBlocks, hasRealContent, knownPhase, measureArtifact, requiredArtifacts, requiresBinding } from "./phase-policy.js";
import { parseTaskGraph, taskGraphTooLarge } from "./task-graph.js";
import { shellWord } from "../shell-word.js";

/** The binding's inputs in the order they are hashed; `required` ones must exist. */
export const BINDING_INPUTS: readonly { logical: string; required: boolean }[] = [
  { logical: "spec.md", required: true },
  { logical: "decision-coverage.md", required: true },
  { logical: "architecture.md", required: true },
  { logical: "plan.md", required: true },
  { logical: "tasks.md", required: true },
  { logical: "traceability.md", required: true },
  { logical: "test-plan.md", required: true },
  { logical: "strategy.md", required: false },
  { logical: "design-brief.md", required: false },
  { logical: "ai-spec.md", required: false },
  { logical: ".devrites/principles.md", required: false },
];
export const BINDING_LABEL = "Readiness inputs SHA-256: ";
/** Per-input and total read caps of the binding (bytes). */
export const BINDING_INPUT_CAP = 1024 * 1024;
export const BINDING_TOTAL_CAP = 8 * 1024 * 1024;

const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
};
const field = (s: string) => [u64(Buffer.byteLength(s)), Buffer.from(s, "utf8")];

/** The byte stream the binding hashes: domain, version, count, then each input's name, presence, length and bytes. */
export function bindingStream(contents: ReadonlyMap<string, Buffer | undefined>): Buffer[] {
  const out: Buffer[] = [...field("devrites-readiness-inputs"), ...field("1"), ...field(String(BINDING_INPUTS.length))];
  for (const input of BINDING_INPUTS) {
    const content = contents.get(input.logical);
    out.push(...field(input.logical), ...field(content === undefined ? "absent" : "present"), u64(content?.byteLength ?? 0));
    if (content) out.push(content);
  }
  return out;
}

/** What the gate reads: the cursor, the queue, and each workspace file by name (undefined = absent). */
export interface ReadinessInput {
  slug: string;
  state: StateDoc;
  questions: QuestionsDoc;
  files: ReadonlyMap<string, string | undefined>;
  /** Sizes of the files in `files` (bytes). */
  sizes: ReadonlyMap<string, number>;
  /** The binding line the inputs hash to, or why it could not be computed. */
  binding: { line: string } | { problem: string } | undefined;
}

export type ReadinessReason = "DRV-GATE-READINESS-PASSED" | "DRV-GATE-READINESS-MISSING" | "DRV-GATE-READINESS-STALE";

export interface ReadinessResult {
  phase: string;
  passed: boolean;
  reason: ReadinessReason;
  /** Required artifacts without real content. */
  missing: string[];
  /** Every other reason it blocks, one sentence each. */
  problems: string[];
}

const HUMAN_GATES = new Set(["blocking", "validating", "escalating"]);

/** The eng-review.md lines (outside fences) that carry the binding label. */
export function bindingLines(engReview: string): string[] {
  const view = viewOf(engReview);
  const out: string[] = [];
  for (let i = 0; i < view.lineCount; i++) {
    if (view.isFenced(i)) continue;
    const t = view.lineText(i).replace(/\r$/, "");
    if (t.includes(BINDING_LABEL)) out.push(t);
  }
  return out;
}

/** Run the gate. Pure; never throws. */
export function checkReadiness(input: ReadinessInput): ReadinessResult {
  const recorded = cursorValue(input.state, "phase");
  const phase = knownPhase(recorded);
  const problems: string[] = [];
  let stale = false;
  if (phase === undefined) {
    problems.push(recorded === undefined || recorded.trim() === "" ? "state.md records no phase" : `state.md records unknown phase ${JSON.stringify(recorded)}`);
    return { phase: recorded ?? "", passed: false, reason: "DRV-GATE-READINESS-MISSING", missing: [], problems };
  }
  const missing = requiredArtifacts(phase).filter((f) => !hasRealContent(input.files.get(f)));

  const status = (cursorValue(input.state, "status") ?? "").trim().toLowerCase();
  const awaited = awaitedQuestionIds(input.state);
  if (status === "awaiting_human") problems.push(`state.md is awaiting_human${awaited.length > 0 ? ` on ${awaited.join(", ")}` : ""}: a person must answer first (/rite-resolve ${awaited[0] ?? "<qid>"} "<answer>")`);
  if (blocksOpenQuestions(phase)) {
    const open = input.questions.blocks.filter((b) => statusOf(b) === "open" && HUMAN_GATES.has(gateOf(b)));
    if (open.length > 0) problems.push(`open human question(s) in questions.md: ${open.map((b) => `${b.id} (${gateOf(b)})`).join(", ")}`);
  }

  const tasks = input.files.get("tasks.md");
  if (requiredArtifacts(phase).includes("tasks.md") && hasRealContent(tasks)) {
    // Over orient's read cap the graph is not walked: that blocks, as check task-graph refuses it.
    const size = input.sizes.get("tasks.md") ?? Buffer.byteLength(tasks!);
    if (size > ARTIFACT_READ_CAP) problems.push(`tasks.md: ${taskGraphTooLarge(size)}; trim it`);
    else for (const p of parseTaskGraph(tasks!).problems) problems.push(`tasks.md: ${p}`);
  }

  for (const file of requiredArtifacts(phase)) {
    const text = input.files.get(file);
    if (!budgetBlocks(file) || text === undefined) continue;
    const b = measureArtifact(file, input.sizes.get(file) ?? Buffer.byteLength(text), text);
    if (b.material && !b.override) {
      problems.push(`${file} is ${b.lines} lines / ${b.bytes} bytes, at least 1.5× its budget of ${b.line_budget} lines / ${b.byte_budget} bytes; trim it or record a \`Budget override: <reason>\` line`);
    }
  }

  if (missing.length === 0 && requiresBinding(phase) && input.binding !== undefined) {
    if ("problem" in input.binding) {
      stale = true;
      problems.push(`${input.binding.problem}; repair the input and rerun /rite-vet`);
    } else {
      const lines = bindingLines(input.files.get("eng-review.md") ?? "");
      if (lines.length !== 1 || lines[0] !== input.binding.line) {
        stale = true;
        problems.push(`readiness inputs are stale or the binding is invalid (eng-review.md has ${lines.length} binding line(s)); rerun /rite-vet and record exactly one standalone line: ${input.binding.line}`);
      }
    }
  }
  const passed = missing.length === 0 && problems.length === 0;
  return { phase, passed, reason: passed ? "DRV-GATE-READINESS-PASSED" : stale ? "DRV-GATE-READINESS-STALE" : "DRV-GATE-READINESS-MISSING", missing, problems };
}

/** The gate's answer as the Go engine prints it (`gate:`, `feature:`, `phase:`, `result:`, `reason:` …). */
export function renderReadiness(slug: string, r: ReadinessResult): string[] {
  const head = ["gate: readiness", `feature: ${slug}`, `phase: ${r.phase}`];
  if (r.passed) return [...head, "result: pass", `reason: ${r.reason}`];
  const lines = [...head, r.missing.length > 0 ? `result: blocked (missing to leave ${JSON.stringify(r.phase)}: ${r.missing.join(", ")})` : "result: blocked (state invariant)", `reason: ${r.reason}`];
  if (r.missing.length > 0) lines.push(`next: add real content to ${r.missing.join(", ")}`);
  for (const p of r.problems) lines.push(`invariant: ${p}`);
  lines.push(`retry: devrites-engine check readiness ${shellWord(slug)}`);
  return lines;
}

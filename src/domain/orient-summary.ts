// `orient <slug>`: the one JSON object a DevRites phase reads before it loads anything else.
// The Go engine's keys (slug, phase, status, next_action, missing_files, unreadable,
// principles_present, task_graph, artifact_budgets, bulk_files, sequence — empty ones left out,
// as it leaves them out) plus what this engine knows of the run: active_slice, awaiting,
// open_questions and budget, always present. Pure: the command reads, this assembles.

import { fieldValue, gateOf, type QuestionsDoc } from "../documents/questions/parse-questions.js";
import { openByGate } from "./run-summary.js";
import { awaitedQuestionIds, cursorValue, type StateDoc } from "../documents/state/parse-state.js";
import { BULK_BYTES, hasRealContent, isCanonicalArtifact, knownPhase, measureArtifact, requiredArtifacts } from "./phase-policy.js";
import { parseTaskGraph } from "./task-graph.js";

export interface OrientInput {
  slug: string;
  state: StateDoc;
  questions: QuestionsDoc;
  /** Regular files in the workspace directory with their sizes. */
  entries: readonly { name: string; size: number }[];
  /** Canonical artifacts that were read (undefined: too large to read, measured by size). */
  texts: ReadonlyMap<string, string | undefined>;
  unreadable: readonly string[];
  principlesPresent: boolean;
  /** The AFK budget as the command found it. */
  budget: Record<string, unknown>;
}


/** The summary object, keys in the order they are printed. */
export function orientSummary(input: OrientInput): Record<string, unknown> {
  const { state, questions } = input;
  const value = (key: string) => {
    const v = cursorValue(state, key);
    return v === undefined || v.trim() === "" ? undefined : v;
  };
  const out: Record<string, unknown> = { slug: input.slug };
  const optional = (key: string, v: unknown) => {
    if (v !== undefined && !(Array.isArray(v) && v.length === 0)) out[key] = v;
  };
  optional("phase", value("phase"));
  optional("status", value("status"));
  optional("next_action", value("next_action"));
  out.active_slice = value("active_slice") ?? null;
  optional("slice_mode", value("slice_mode"));

  const awaitingId = awaitedQuestionIds(state)[0];
  const awaitedBlock = awaitingId !== undefined ? questions.withId(awaitingId)?.[0] : undefined;
  out.awaiting =
    awaitingId === undefined
      ? null
      : {
          question_id: awaitingId,
          gate: awaitedBlock ? gateOf(awaitedBlock) || null : null,
          question: awaitedBlock ? (fieldValue(awaitedBlock, "question") ?? null) : null,
          proposed: awaitedBlock ? (fieldValue(awaitedBlock, "proposed") ?? null) : null,
        };

  // The run summary's grouping (domain/run-summary.ts); the pack's JSON calls a block without a gate "none".
  const open = openByGate(questions);
  out.open_questions = { count: open.count, by_gate: Object.fromEntries(open.byGate.map(([g, ids]) => [g || "none", ids])) };
  out.budget = input.budget;

  const phase = knownPhase(value("phase"));
  const present = new Set(input.entries.map((e) => e.name));
  // Present but empty is missing too; a file too large to read is present.
  const empty = (f: string) => input.texts.get(f) !== undefined && !hasRealContent(input.texts.get(f));
  optional("missing_files", phase ? requiredArtifacts(phase).filter((f) => (!present.has(f) && !input.unreadable.includes(f)) || empty(f)) : undefined);
  optional("unreadable", input.unreadable);
  out.principles_present = input.principlesPresent;

  const tasks = input.texts.get("tasks.md");
  if (present.has("tasks.md") && tasks !== undefined && !input.unreadable.includes("tasks.md")) {
    const graph = parseTaskGraph(tasks);
    const tg: Record<string, unknown> = { slice_count: graph.slices.length };
    if (graph.slices.length > 0) tg.slices = graph.slices.map((s) => ({ id: s.id, depends_on: s.dependsOn }));
    if (graph.cycle.length > 0) tg.cycle = graph.cycle;
    if (graph.unknown.length > 0) tg.unknown_dependencies = graph.unknown;
    if (graph.problems.length > 0) tg.problems = graph.problems;
    tg.ok = graph.problems.length === 0;
    out.task_graph = tg;
  }

  const budgets = input.entries
    .filter((e) => isCanonicalArtifact(e.name) && !input.unreadable.includes(e.name))
    .map((e) => {
      const b = measureArtifact(e.name, e.size, input.texts.get(e.name));
      return { file: b.file, lines: b.lines ?? null, bytes: b.bytes, line_budget: b.line_budget, byte_budget: b.byte_budget, over: b.over, ...(b.override ? { override: true } : {}) };
    });
  optional("artifact_budgets", budgets);
  optional("bulk_files", input.entries.filter((e) => !isCanonicalArtifact(e.name) && e.name !== "events.jsonl" && e.size > BULK_BYTES).map((e) => ({ file: e.name, bytes: e.size })));

  const seq = { parent: value("sequence_parent"), position: value("sequence_position"), workspaces_remaining: value("sequence_workspaces_remaining"), role: value("sequence_role") };
  if (Object.values(seq).some((v) => v !== undefined)) {
    out.sequence = { parent: seq.parent ?? "", position: seq.position ?? "", workspaces_remaining: seq.workspaces_remaining ?? "", ...(seq.role !== undefined ? { role: seq.role } : {}) };
  }
  return out;
}

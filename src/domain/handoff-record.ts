// `handoff`'s resume record: a faithful reduction of a workspace's durable files — cursor,
// question gates, the acceptance ledger, dead ends, what to read first — so a fresh agent (or
// one after compaction) resumes without transcript memory. Pure: the command reads, this
// renders. Contract: the Go engine's engine/internal/lib/handoff.go (RunHandoff and its writers)
// and engine/internal/lib/handoff_test.go.

import type { Reduction } from "../documents/gates-ledger/gate-state.js";

/** The canonical resume read order; only files there with content are named (Go: readNextOrder). */
export const READ_NEXT_ORDER = ["README.md", "state.md", "decisions.md", "questions.md", "gates.md", "test-plan.md", "evidence.md", "touched-files.md"] as const;

export interface HandoffInput {
  slug: string;
  phase: string;
  status: string | undefined;
  nextAction: string | undefined;
  sequence: { parent: string; position: string; remaining: string; role: string } | undefined;
  openQuestions: number;
  /** Human gates with an open question, first seen first. */
  blockingGates: readonly string[];
  /** undefined: no gates.md. */
  ledger: { reduction: Reduction; errors: readonly string[] } | undefined;
  deadEnds: readonly string[];
  missingRequired: readonly string[];
  /** READ_NEXT_ORDER's files that are there with content. */
  present: readonly string[];
}

const orUnset = (v: string | undefined) => (v === undefined || v === "" ? "unset" : v);

export function readNext(present: readonly string[]): string[] {
  return present.length === 0 ? ["README.md"] : [...present];
}

/** The Go engine's lines, in its order. */
export function renderHandoff(h: HandoffInput): string[] {
  const lines = [`feature: ${h.slug}`, `phase: ${h.phase}`, `status: ${orUnset(h.status)}`, `next_action: ${orUnset(h.nextAction)}`];
  if (h.sequence) lines.push(`sequence: parent=${h.sequence.parent} position=${h.sequence.position} remaining=${h.sequence.remaining} role=${h.sequence.role}`);
  lines.push(`awaiting_human: ${h.status === "awaiting_human" ? "yes" : "no"}`);
  lines.push(`open_questions: ${h.openQuestions}`, `blocking_question_gates: ${h.blockingGates.length === 0 ? "none" : h.blockingGates.join(", ")}`);
  if (h.ledger === undefined) lines.push("gates_ledger: absent");
  else {
    const r = h.ledger.reduction;
    lines.push(`gates_total: ${r.total}`, `gates_met: ${r.met}`, `gates_unmet: ${r.unmetIds.length}`, `gates_stale: ${r.staleIds.length}`, `gates_abandoned: ${r.abandonedIds.length}`);
    lines.push(...r.unmetIds.map((id) => `unmet_id: ${id}`), ...r.staleIds.map((id) => `stale_id: ${id}`), ...r.unapprovedIds.map((id) => `unapproved_id: ${id}`));
    lines.push(...r.abandonedIds.map((id) => `abandoned_id: ${id}`), ...h.ledger.errors.map((e) => `ledger_error: ${e}`));
  }
  if (h.deadEnds.length === 0) lines.push("dead_ends: none");
  else lines.push(...h.deadEnds.map((d) => `dead_end: ${d}`));
  lines.push(`missing_required: ${h.missingRequired.length === 0 ? "none" : h.missingRequired.join(", ")}`);
  lines.push(`read_next: ${readNext(h.present).join(", ")}`);
  return lines;
}

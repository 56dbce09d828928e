// `budget status`: the AFK mode, the sentinel's values and warnings, the effective slices
// remaining, the review queue and the sequence rows of the workspace. Read-only.

import { sentinelWarnings, type Sentinel } from "../../documents/afk/sentinel.js";
import { cursorValue } from "../../documents/state/parse-state.js";
import { describeQueue, describeRemaining } from "../../domain/budget.js";
import { afkMode, hitlOutcome, readBudgetView } from "./mode.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

/** The declared values in file-independent order, for text and JSON. */
function declared(s: Sentinel): Record<string, number | string | boolean | string[]> {
  const out: Record<string, number | string | boolean | string[]> = {};
  for (const [k, v] of Object.entries(s.counts)) if (v !== undefined) out[k] = v;
  if (s.maxCostUsd !== undefined) out.max_cost_usd = s.maxCostUsd;
  out.allow_gates = s.allowGates;
  if (s.continueSequence !== undefined) out.continue_sequence = s.continueSequence;
  return out;
}

/**
 * `budget status [--json]`.
 * @throws BadInputError (5) malformed sentinel or counter; NoWorkspaceError (2).
 */
export async function budgetStatus(ctx: CommandContext, _args: CommandArgs): Promise<Outcome> {
  const afk = await afkMode(ctx);
  if (!afk) return hitlOutcome("budget check admits every dispatch and budget spend charges nothing.");

  const s = afk.sentinel;
  const { session, stateDoc, counter, remaining, queue } = readBudgetView(ctx, s);
  const warnings = sentinelWarnings(s);
  const values = declared(s);
  // Numbers as numbers; a hand-edited value that is not one is shown as written.
  const numeric = (key: string) => {
    const v = cursorValue(stateDoc, key);
    return v === undefined ? null : /^[0-9]+$/.test(v) ? Number(v) : v;
  };
  const sequence = {
    parent: cursorValue(stateDoc, "sequence_parent") ?? null,
    position: numeric("sequence_position"),
    workspaces_remaining: numeric("sequence_workspaces_remaining"),
    role: cursorValue(stateDoc, "sequence_role") ?? null,
  };

  // An empty allow_gates (declared or not) auto-picks nothing: nothing worth a word in text.
  const shownValues = Object.entries(values).filter(([k]) => k !== "allow_gates" || s.allowGates.length > 0).map(([k, v]) => {
    const text = k === "max_cost_usd" ? (s.maxCostSource ?? String(v)) : Array.isArray(v) ? v.join(", ") : String(v);
    return `${k} ${text}`;
  });
  if (s.notify !== undefined) shownValues.push("notify set");
  const seqParts = [
    sequence.parent !== null ? `parent ${sequence.parent}` : undefined,
    sequence.position !== null ? `position ${sequence.position}` : undefined,
    sequence.workspaces_remaining !== null ? `workspaces remaining ${sequence.workspaces_remaining}` : undefined,
    sequence.role !== null ? `role ${sequence.role}` : undefined,
  ].filter((x): x is string => x !== undefined);
  const lines = [
    `Mode:         AFK (${afk.display})`,
    `Sentinel:     ${shownValues.length > 0 ? shownValues.join("; ") : "empty (no budgets declared)"}`,
    ...warnings.map((w) => `Warning:      ${w.message}`),
    `Workspace:    ${session.ws.slug}`,
    `Budget:       ${describeRemaining(remaining, s.counts.max_slices)}, ${describeQueue(queue, false)}`,
    `Sequence:     ${seqParts.length > 0 ? seqParts.join(", ") : "not part of a sequence"}`,
  ];
  return {
    exit: 0,
    lines,
    data: {
      mode: "afk",
      sentinel: {
        file: afk.path,
        values,
        notify: s.notify !== undefined,
        warnings: warnings.map((w) => ({ line: w.line, col: w.col, key: w.key ?? null, rule: w.rule, message: w.message })),
      },
      workspace: session.ws.slug,
      slices: { remaining: remaining.value ?? null, source: remaining.source, counter: counter?.value ?? null, max_slices: s.counts.max_slices ?? null },
      review_queue: { open_validating: queue.openValidating.length, questions: queue.openValidating, cap: queue.cap ?? null },
      sequence,
    },
  };
}

// Release sequences for `init --continues`: derive a continuation's rows from its parent
// (position + 1; the workspace budget from the parent's row, else from AFK max_workspaces),
// and the edits that add them. Pure and deterministic, so a re-run derives the same values.

import { BadInputError, BudgetStopError, RefusedError } from "../errors.js";
import { PLAIN_INTEGER } from "../documents/afk/sentinel.js";
import { upsertFieldEdit } from "../documents/state/edit-state.js";
import { cursorValue, normalizeKey, parseState, type StateDoc } from "../documents/state/parse-state.js";
import { applyEdits } from "../documents/text-edit.js";
import { verifyState } from "./cursor.js";

export const SEQUENCE_KEYS = ["sequence_parent", "sequence_position", "sequence_workspaces_remaining", "sequence_role"] as const;
export type SequenceKey = (typeof SEQUENCE_KEYS)[number];

export interface ParentFacts {
  slug: string;
  state: StateDoc;
  archived: boolean;
}

/** What the parent says, and what it must be given (a live head only). */
export interface Derivation {
  parentPosition: number;
  /** The parent's workspaces remaining, when a sequence budget exists. */
  parentRemaining: number | undefined;
  budgetSource: "parent" | "max_workspaces" | "none";
  /** Rows to write into a live parent (empty for an archived one, or when it has them). */
  parentRows: [SequenceKey, string][];
  /** The child's rows, in the order they are inserted. */
  childRows: [SequenceKey, string][];
}

function readNumber(doc: StateDoc, key: SequenceKey, slug: string, min: number): number | undefined {
  const field = doc.cursor.get(normalizeKey(key));
  if (!field) return undefined;
  const n = Number(field.value);
  if (!PLAIN_INTEGER.test(field.value) || !Number.isSafeInteger(n) || n < min) {
    const line = doc.view.lines[field.index]!.number;
    throw new BadInputError(`${slug}/state.md:${line}: ${field.rawKey} is ${JSON.stringify(field.value)}, not ${min === 1 ? "a positive" : "a plain nonnegative"} integer`, {
      hint: `fix the row in ${slug}/state.md, then run the command again`,
    });
  }
  return n;
}

/**
 * Derive the continuation rows from the parent.
 * A parent without a position is the head (position 1); a live head gets that row written.
 * Without a row, AFK `max_workspaces` bounds the whole sequence: position p has `max_workspaces − p`
 * left, so the head gets `max_workspaces − 1`, written when it is live.
 * A parent with 0 left still derives (a child row of 0); opening is refused by assertSequenceBudget.
 * @throws BadInputError (5) for a malformed parent row.
 */
export function deriveSequence(parent: ParentFacts, maxWorkspaces: number | undefined, release: boolean): Derivation {
  const rawPosition = readNumber(parent.state, "sequence_position", parent.slug, 1);
  const parentPosition = rawPosition ?? 1;
  const parentRows: [SequenceKey, string][] = [];
  if (rawPosition === undefined && !parent.archived) parentRows.push(["sequence_position", "1"]);

  let parentRemaining = readNumber(parent.state, "sequence_workspaces_remaining", parent.slug, 0);
  let budgetSource: Derivation["budgetSource"] = parentRemaining !== undefined ? "parent" : "none";
  if (parentRemaining === undefined && maxWorkspaces !== undefined) {
    parentRemaining = Math.max(0, maxWorkspaces - parentPosition);
    budgetSource = "max_workspaces";
    if (parentPosition === 1 && !parent.archived) parentRows.push(["sequence_workspaces_remaining", String(parentRemaining)]);
  }
  const childRows: [SequenceKey, string][] = [
    ["sequence_parent", parent.slug],
    ["sequence_position", String(parentPosition + 1)],
  ];
  if (parentRemaining !== undefined) childRows.push(["sequence_workspaces_remaining", String(Math.max(0, parentRemaining - 1))]);
  if (release) childRows.push(["sequence_role", "release"]);
  return { parentPosition, parentRemaining, budgetSource, parentRows, childRows };
}

/**
 * Refuse to open a continuation (or derive its budget row) from a parent with nothing left.
 * @throws BudgetStopError (7) `sequence budget exhausted` when the parent has 0 workspaces remaining.
 */
export function assertSequenceBudget(d: Derivation, parent: string, child: string, maxWorkspaces: number | undefined): void {
  if (d.parentRemaining !== 0) return;
  throw new BudgetStopError(`sequence budget exhausted: ${parent} has 0 workspaces remaining, so ${child} cannot continue it`, {
    hint: d.budgetSource === "parent"
      ? `raise sequence_workspaces_remaining in ${parent}/state.md, or finish the sequence in ${parent}`
      : `raise max_workspaces in .devrites/AFK (the sequence may span at most ${maxWorkspaces} workspaces), or finish the sequence in ${parent}`,
    data: { reason: "sequence_budget", parent, remaining: 0 },
  });
}

/** Which of `rows` a state.md lacks; a different `sequence_parent` is refused. */
export function missingRows(doc: StateDoc, slug: string, rows: readonly [SequenceKey, string][]): [SequenceKey, string][] {
  const recorded = cursorValue(doc, "sequence_parent");
  const wanted = rows.find(([k]) => k === "sequence_parent")?.[1];
  if (recorded !== undefined && wanted !== undefined && recorded !== wanted) {
    throw new RefusedError(`workspace ${slug} already continues ${JSON.stringify(recorded)}, not ${wanted}`, {
      hint: `pick another slug for the continuation of ${wanted}, or fix sequence_parent in ${slug}/state.md by hand`,
      data: { sequence_parent: recorded },
    });
  }
  // Rows already present are kept as written: a re-run never charges or renumbers twice.
  return rows.filter(([k]) => cursorValue(doc, k) === undefined);
}

/**
 * Insert rows after the cursor's last field, in order and in the cursor's own form.
 * @throws InternalError when a row does not read back; BadInputError for an unwritable value.
 */
export function addRows(text: string, rows: readonly [SequenceKey, string][]): string {
  let out = text;
  for (const [key, value] of rows) out = applyEdits(out, [upsertFieldEdit(parseState(out), key, value)]);
  verifyState(out, Object.fromEntries(rows));
  return out;
}

// The `init --continues` use case: derive a continuation's rows from its parent (position + 1;
// the workspace budget from the parent's row, else from AFK max_workspaces), refuse a cycle,
// and plan both commits. Pure and deterministic, so a re-run derives the same values.

import { BadInputError, BudgetStopError, RefusedError } from "../errors.js";
import { PLAIN_INTEGER } from "../documents/afk/sentinel.js";
import { upsertFieldEdit } from "../documents/state/edit-state.js";
import { cursorValue, normalizeKey, parseState, type StateDoc } from "../documents/state/parse-state.js";
import { applyEdits } from "../documents/text-edit.js";
import { assertSchema } from "./schema-gate.js";
import { verifyState } from "./verify-state.js";
import type { EventDraft } from "./events.js";
import { renderWorkspace } from "./init-workspace.js";
import { walkChain, type SequenceSource } from "./sequence-chain.js";

export const SEQUENCE_KEYS = ["sequence_parent", "sequence_position", "sequence_workspaces_remaining", "sequence_role"] as const;
export type SequenceKey = (typeof SEQUENCE_KEYS)[number];

interface ParentFacts {
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

/**
 * Refuse a continuation whose parent already descends from the child: the chain the child
 * would record, walked like merge-manifest's, must not come back to it. The chain's other
 * faults further up (a missing ancestor, one without state.md, a loop among the ancestors,
 * more links than the limit) cannot make the child part of a loop and are not this
 * command's to refuse: merge-manifest refuses them and check reports them.
 * @throws RefusedError (3) naming the cycle; what the source throws (an unsafe ancestor).
 */
export function assertNoCycle(child: string, parent: string, source: SequenceSource): void {
  const end = walkChain(child, parent, source, () => undefined);
  if (end.end === "cycle" && end.at === child) {
    throw new RefusedError(`sequence_parent cycle: ${parent} already descends from ${child}`, {
      hint: `a workspace cannot continue its own descendant; pick another slug for the continuation of ${parent}`,
    });
  }
}

export interface ContinueInput {
  /** The continuation (child) and the workspace it continues. */
  slug: string;
  parent: string;
  parentArchived: boolean;
  release: boolean;
  title: string | undefined;
  /** `--no-activate` not given (recorded in the `initialized` event). */
  activate: boolean;
  /** AFK `max_workspaces`, when the sentinel sets it. */
  maxWorkspaces: number | undefined;
}

export interface ContinueDocs {
  /** The parent's state.md (read under its lock when it is live). */
  parentState: string;
  /** The child's state.md; undefined when the child does not exist yet. */
  childState: string | undefined;
}

/** One workspace's commit: new file texts (by name) and events. */
export interface Changes {
  files: Map<string, string>;
  events: EventDraft[];
}

export interface ContinuePlan {
  /** True when the child's four files are new. */
  created: boolean;
  derivation: Derivation;
  /** The live parent's commit (empty when it already has its rows, or is archived); it goes first. */
  parent: Changes;
  child: Changes;
  /** The child's sequence rows as they read after the commit (kept rows keep their values). */
  rows: Partial<Record<SequenceKey, string>>;
  added: [SequenceKey, string][];
  kept: [SequenceKey, string][];
  /** The rows the parent gains. */
  parentWritten: [SequenceKey, string][];
}

/**
 * The parent's side alone: its rows derived and, when it must be written, its schema gate.
 * @throws BadInputError (5) for a malformed parent row; RefusedError (3) for its schema.
 */
export function deriveFromParent(parentState: string, input: ContinueInput): { doc: StateDoc; derivation: Derivation } {
  const doc = parseState(parentState);
  const derivation = deriveSequence({ slug: input.parent, state: doc, archived: input.parentArchived }, input.maxWorkspaces, input.release);
  if (derivation.parentRows.length > 0) assertSchema(doc, input.parent);
  return { doc, derivation };
}

function sequenceRows(text: string): Partial<Record<SequenceKey, string>> {
  const doc = parseState(text);
  const out: Partial<Record<SequenceKey, string>> = {};
  for (const k of SEQUENCE_KEYS) {
    const v = cursorValue(doc, k);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/**
 * `init <slug> --continues PARENT`: both commits from the two state.md texts. A new child gets
 * the four files with its rows; an existing one gains only the rows it lacks (kept rows are
 * never charged or renumbered twice). Refusals in order: title, parent row, parent schema,
 * child schema, another parent, sequence budget (only when the child still lacks that row).
 * @throws BadInputError (5); RefusedError (3); BudgetStopError (7) sequence budget exhausted.
 */
export function planContinuation(docs: ContinueDocs, input: ContinueInput, now: Date): ContinuePlan {
  const fresh = docs.childState === undefined ? renderWorkspace(input.slug, input.title, now) : undefined;
  const { derivation: d } = deriveFromParent(docs.parentState, input);
  const childDoc = docs.childState === undefined ? undefined : parseState(docs.childState);
  if (childDoc) assertSchema(childDoc, input.slug);
  const added = childDoc ? missingRows(childDoc, input.slug, d.childRows) : d.childRows;
  if (d.parentRemaining !== undefined && added.some(([k]) => k === "sequence_workspaces_remaining")) {
    assertSequenceBudget(d, input.parent, input.slug, input.maxWorkspaces);
  }
  const kept = d.childRows.filter(([k]) => !added.some(([a]) => a === k));

  const parent: Changes = { files: new Map(), events: [] };
  if (d.parentRows.length > 0) {
    parent.files.set("state.md", addRows(docs.parentState, d.parentRows));
    parent.events.push({ event: "sequence_opened", detail: { child: input.slug, role: "parent", rows: Object.fromEntries(d.parentRows) } });
  }
  const child: Changes = { files: new Map(fresh), events: [] };
  if (fresh) child.events.push({ event: "initialized", detail: { slug: input.slug, activated: input.activate, continues: input.parent } });
  const base = docs.childState ?? fresh!.get("state.md")!;
  const finalText = added.length > 0 ? addRows(base, added) : base;
  if (added.length > 0) {
    child.files.set("state.md", finalText);
    child.events.push({
      event: "sequence_opened",
      detail: { parent: input.parent, parent_archived: input.parentArchived, budget: d.budgetSource, rows: Object.fromEntries(added) },
    });
  }
  return { created: fresh !== undefined, derivation: d, parent, child, rows: sequenceRows(finalText), added, kept, parentWritten: d.parentRows };
}

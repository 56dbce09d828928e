// Rules over the state.md cursor shared by every use case: the schema gate, phases and
// their resume verbs, and the one status change that removes pause fields.

import { BadInputError, InternalError, RefusedError } from "../errors.js";
import { deleteFieldEdits, setFieldEdit, upsertFieldEdit } from "../documents/state/edit-state.js";
import { cursorValue, parseState, type StateDoc } from "../documents/state/parse-state.js";
import type { TextEdit } from "../documents/text-edit.js";

export const ENGINE_SCHEMA = 4;

export const PHASES = [
  "frame", "spec", "clarify", "temper", "define", "plan", "vet", "build",
  "converge", "prove", "polish", "review", "seal", "ship", "done",
] as const;

export const RUN_STATUSES = ["running", "awaiting_human", "blocked", "done"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** The fields that exist only while the status is `blocked`. */
export const PAUSE_FIELDS = ["pause_reason", "pause_detail", "resumes_at"] as const;
/** The external-blocker counter, cleared whenever a pause is recorded. */
export const BLOCKER_FIELDS = ["blocker_signature", "blocker_attempts"] as const;

const VERB: Record<string, string> = { plan: "vet", done: "build" };

/** The cursor's phase as the Log uses it: first word, lowercased, `build` when unknown. */
export function logPhase(phase: string | undefined): string {
  const first = (phase ?? "").trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  return (PHASES as readonly string[]).includes(first) ? first : "build";
}

/** The next_action text that resumes the workflow in `phase`. */
export function resumeCommand(phase: string | undefined): string {
  const p = logPhase(phase);
  const verb = VERB[p] ?? p;
  return `(resume: \`/rite-${verb} (Claude) / $rite-${verb} (Codex)\` to continue the workflow)`;
}

/** The schema the cursor declares: a number, `undefined` when the row is missing (= 2). */
export function declaredSchema(doc: StateDoc): { value: number | undefined; raw: string | undefined } {
  const raw = cursorValue(doc, "schema");
  if (raw === undefined) return { value: 2, raw };
  return { value: /^\d+$/.test(raw) ? Number(raw) : undefined, raw };
}

/**
 * Refuse a workspace whose schema is not 4.
 * @throws RefusedError (exit 3) with the quoted message for older, newer or invalid schemas.
 */
export function assertSchema(doc: StateDoc, slug: string): void {
  const { value, raw } = declaredSchema(doc);
  if (value === ENGINE_SCHEMA) return;
  if (value === undefined) {
    throw new RefusedError(`state.md schema row is invalid (value "${raw}"); expected the workspace schema version`, {
      hint: `set the schema field to ${ENGINE_SCHEMA}, or run devrites-engine migrate ${slug}`,
    });
  }
  if (value < ENGINE_SCHEMA) {
    throw new RefusedError(
      `workspace schema version refused: workspace ${slug} predates the v5 workspace schema (schema ${value}, engine requires ${ENGINE_SCHEMA}); run devrites-engine migrate ${slug}`,
    );
  }
  throw new RefusedError(`workspace schema version refused: workspace ${slug} declares schema ${value}, newer than this engine's ${ENGINE_SCHEMA}; upgrade devrites-engine`);
}

/**
 * Edits that set the run status; every status but `blocked` also removes the pause fields.
 * `insertMissing` adds a missing status field (resolve does not; pause does).
 */
export function statusEdits(doc: StateDoc, status: RunStatus, insertMissing: boolean): TextEdit[] {
  const edits: TextEdit[] = [];
  const field = doc.cursor.get("status");
  if (field) {
    if (field.value !== status) edits.push(setFieldEdit(doc, field, status));
  } else if (insertMissing) edits.push(upsertFieldEdit(doc, "status", status));
  if (status !== "blocked") for (const k of PAUSE_FIELDS) edits.push(...deleteFieldEdits(doc, k));
  return edits;
}

/** Set next_action only when the field exists (resolve and resume never add it). */
export function nextActionEdits(doc: StateDoc, value: string): TextEdit[] {
  const field = doc.cursor.get("nextaction");
  return field && field.value !== value ? [setFieldEdit(doc, field, value)] : [];
}

/** Parse edited state.md text and check the cursor reads back as intended. */
export function verifyState(text: string, expect: Record<string, string | null>, check?: (doc: StateDoc) => string | undefined): StateDoc {
  const doc = parseState(text);
  for (const [key, want] of Object.entries(expect)) {
    const got = cursorValue(doc, key);
    if (want === null ? got !== undefined : got !== want) {
      throw new InternalError(`state.md did not read back: ${key} is ${JSON.stringify(got)}, expected ${JSON.stringify(want)}; nothing was written`);
    }
  }
  const problem = check?.(doc);
  if (problem) throw new InternalError(`state.md did not read back: ${problem}; nothing was written`);
  return doc;
}

/** Answers and other texts the engine stores: one line, no control characters, at most `max`. */
export function normalizeText(words: readonly string[], what: string | (() => string), max = 10_000): string {
  const joined = words.length === 1 ? words[0]! : words.join(" ");
  // Most text has no run of whitespace and no tab or newline: then only the ends are trimmed.
  const text = (/\s\s|[^\S ]/.test(joined) ? joined.replace(/\s+/g, " ") : joined).trim();
  const label = () => (typeof what === "string" ? what : what());
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(text)) throw new BadInputError(`${label()} contains control characters`);
  if (text.length > max) throw new BadInputError(`${label()} is ${text.length} characters; at most ${max} are allowed`);
  return text;
}

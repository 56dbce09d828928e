// The run status of the state.md cursor: its values, the pause fields that exist only while
// it is `blocked`, and the edits that set it (every status but `blocked` drops them).

import { deleteFieldEdits, setFieldEdit, upsertFieldEdit } from "../documents/state/edit-state.js";
import type { StateDoc } from "../documents/state/parse-state.js";
import type { TextEdit } from "../documents/text-edit.js";

export const RUN_STATUSES = ["running", "awaiting_human", "blocked", "done"] as const;
type RunStatus = (typeof RUN_STATUSES)[number];

/** The fields that exist only while the status is `blocked`. */
export const PAUSE_FIELDS = ["pause_reason", "pause_detail", "resumes_at"] as const;
/** The external-blocker counter, cleared whenever a pause is recorded. */
export const BLOCKER_FIELDS = ["blocker_signature", "blocker_attempts"] as const;

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

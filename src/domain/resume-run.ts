// `state resume`: clear a `state pause` — by a person at any time, or by a timer only for a
// usage cap whose reset time has passed (a timer never overrides a human decision).

import { RefusedError } from "../errors.js";
import { appendLogEdit, deleteFieldEdits } from "../documents/state/edit-state.js";
import { cursorValue, parseState } from "../documents/state/parse-state.js";
import { applyEdits, type TextEdit } from "../documents/text-edit.js";
import { formatTimestamp, parseTimestamp } from "./clock.js";
import { logPhase, resumeCommand } from "./phases.js";
import { BLOCKER_FIELDS, nextActionEdits, statusEdits } from "./run-status.js";
import { verifyState } from "./verify-state.js";
import type { EventDraft } from "./events.js";
import { AUTO_RESUMABLE, awaitingQuestionError, pauseLine } from "./pause-run.js";
import { redact } from "./redact.js";

interface ResumeInput {
  auto: boolean;
  /** Already flattened to one line; redacted here before it is stored. */
  note: string | undefined;
}

export type ResumePlan =
  | { kind: "not_paused"; status: string | undefined }
  | { kind: "resumed"; state: string; cause: string; was: string; nextAction: string; events: EventDraft[] };

/**
 * Plan a resume.
 * @throws RefusedError (3) when the run awaits a question, or `--auto` meets a pause that
 * is not a usage cap whose `resumes_at` has passed; InternalError (1) on a failed read-back.
 */
export function planResume(stateText: string, input: ResumeInput, now: Date): ResumePlan {
  const doc = parseState(stateText);
  const refused = awaitingQuestionError(doc, "state resume");
  if (refused) throw refused;
  const status = cursorValue(doc, "status");
  if ((status ?? "").trim().toLowerCase() !== "blocked") return { kind: "not_paused", status };

  const code = cursorValue(doc, "pause_reason");
  const resumesAt = cursorValue(doc, "resumes_at");
  const was = pauseLine(code, resumesAt);
  let cause = "human";
  if (input.auto) {
    const label = pauseLine(code, undefined);
    if (code !== AUTO_RESUMABLE) {
      throw new RefusedError(`not auto-resumable: ${label}`, { kind: "not-resumable", hint: "a person resumes it: devrites-engine state resume [--note TEXT]", data: { reason: code } });
    }
    const at = resumesAt === undefined ? undefined : parseTimestamp(resumesAt);
    if (!at) {
      throw new RefusedError(`not auto-resumable: ${label} with no valid resumes_at`, {
        kind: "not-resumable",
        hint: "record the reset time with state pause --reason usage_cap --until TIMESTAMP, or resume by hand",
        data: { reason: code, resumes_at: resumesAt },
      });
    }
    if (at.getTime() > now.getTime()) {
      throw new RefusedError(`not auto-resumable yet: the usage cap resets at ${formatTimestamp(at)}`, {
        kind: "not-resumable",
        hint: "retry after that time, or resume by hand with devrites-engine state resume",
        data: { reason: code, resumes_at: formatTimestamp(at) },
      });
    }
    cause = `auto: usage cap reset at ${formatTimestamp(at)}`;
  }

  const note = input.note === undefined || input.note === "" ? undefined : redact(input.note);
  const phase = cursorValue(doc, "phase");
  const nextAction = resumeCommand(phase);
  const edits: TextEdit[] = [
    ...statusEdits(doc, "running", false),
    ...BLOCKER_FIELDS.flatMap((k) => deleteFieldEdits(doc, k)),
    ...nextActionEdits(doc, nextAction),
    appendLogEdit(doc, [`- ${formatTimestamp(now)} ${logPhase(phase)}: resumed (${cause})${note !== undefined ? `: ${note}` : ""}`]),
  ];
  const text = applyEdits(stateText, edits);
  const expect: Record<string, string | null> = { status: "running", pause_reason: null, pause_detail: null, resumes_at: null, blocker_signature: null, blocker_attempts: null };
  if (doc.cursor.has("nextaction")) expect.next_action = nextAction;
  verifyState(text, expect);
  return {
    kind: "resumed",
    state: text,
    cause,
    was,
    nextAction,
    events: [{
      event: "resumed",
      by: input.auto ? "auto" : "human",
      detail: { cause, reason: code ?? null, ...(note !== undefined ? { note } : {}) },
    }],
  };
}

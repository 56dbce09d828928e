// `state pause`: the pause rule — status, pause fields, next_action, Log — including the
// external-blocker threshold that defers a pause until the same blocker has been reported
// enough times in a row. Codes, labels and the one-line summary live in pause-reasons.ts.

import { BadInputError, RefusedError } from "../errors.js";
import { appendLogEdit, deleteFieldEdits, upsertFieldEdit } from "../documents/state/edit-state.js";
import { cursorValue, parseState, type StateDoc } from "../documents/state/parse-state.js";
import { applyEdits, type TextEdit } from "../documents/text-edit.js";
import { blockerSignature, formatSignature, nextBlockerAttempt } from "./blocker-signature.js";
import { formatTimestamp, parseTimestamp } from "./clock.js";
import { normalizeText } from "./normalize-text.js";
import { logPhase } from "./phases.js";
import { BLOCKER_FIELDS, statusEdits } from "./run-status.js";
import { verifyState } from "./verify-state.js";
import type { EventDraft } from "./events.js";
import { isReasonCode, pauseLabel, pauseSummary, REASON_CODES, REASON_LABELS, type ReasonCode } from "./pause-reasons.js";
import { redact } from "./redact.js";
import { forReaders } from "../for-readers.js";
import { cliOption, type NameOption } from "./option-names.js";
import { shellWord } from "../shell-word.js";

/** The one reason that ends by itself, and so the only one `state resume --auto` may clear. */
export const AUTO_RESUMABLE: ReasonCode = "usage_cap";

/** `DEVRITES_BLOCKER_THRESHOLD` when unset. */
export const DEFAULT_BLOCKER_THRESHOLD = 3;

/** The next_action a pause writes: `(paused: <summary>; resume with devrites-engine state resume)`. */
const PAUSED_NEXT_ACTION = (summary: string) => `(paused: ${summary}; resume with devrites-engine state resume)`;

/** A pause as one line for messages: the label, and the full resume timestamp (UTC) when set. */
export function pauseLine(code: string | undefined, resumesAt: string | undefined): string {
  const label = pauseLabel(code ?? "");
  const at = resumesAt === undefined ? undefined : parseTimestamp(resumesAt);
  return at ? `${label}, resumes ${formatTimestamp(at)}` : label;
}

/**
 * The threshold from `DEVRITES_BLOCKER_THRESHOLD`: a plain nonnegative integer; unset or
 * empty is the default 3; 0 (and 1) pause at the first report.
 * @throws BadInputError for any other value.
 */
export function blockerThreshold(envValue: string | undefined): number {
  if (envValue === undefined || envValue.trim() === "") return DEFAULT_BLOCKER_THRESHOLD;
  if (!/^[0-9]+$/.test(envValue.trim())) {
    throw new BadInputError(`DEVRITES_BLOCKER_THRESHOLD must be a whole number of reports (0 disables), not ${JSON.stringify(envValue)}`, {
      kind: "bad-env",
      hint: `unset it for the default ${DEFAULT_BLOCKER_THRESHOLD}`,
    });
  }
  return Number(envValue.trim());
}

export interface PauseInput {
  reason: ReasonCode;
  /** Flattened to one line and redacted; undefined when not given or empty. */
  detail: string | undefined;
  /** `--until` as a UTC timestamp. */
  resumesAt: string | undefined;
}

/**
 * Validate `state pause` arguments.
 * @throws BadInputError for a missing or unknown code, an invalid `--until`, or an
 * external_blocker detail with no words to compare while the threshold is active. `flag`
 * names the options in messages (default: the command line's `--reason`, …).
 */
export function parsePauseInput(raw: { reason: string | undefined; detail: string | undefined; until: string | undefined; flag?: NameOption }, threshold: number): PauseInput {
  const f = raw.flag ?? cliOption;
  const codes = REASON_CODES.join(", ");
  if (raw.reason === undefined || raw.reason.trim() === "") {
    throw new BadInputError(`state pause needs ${f("reason", "CODE")}`, { hint: `codes: ${codes}` });
  }
  const reason = raw.reason.trim();
  if (!isReasonCode(reason)) throw new BadInputError(`unknown pause reason: ${JSON.stringify(reason)}`, { hint: `codes: ${codes}` });
  const flat = raw.detail === undefined ? "" : normalizeText([raw.detail], f("detail"));
  const detail = flat === "" ? undefined : redact(flat);
  let resumesAt: string | undefined;
  if (raw.until !== undefined) {
    const t = parseTimestamp(raw.until);
    if (!t) throw new BadInputError(`${f("until")} is not a timestamp: ${JSON.stringify(raw.until)}`, { hint: "use RFC 3339 (2026-07-20T14:50:00Z) or a date (2026-07-21)" });
    resumesAt = formatTimestamp(t);
  }
  if (reason === "external_blocker" && threshold > 1 && blockerSignature(detail ?? "").length === 0) {
    throw new BadInputError(`external_blocker needs a ${f("detail")} that names what failed, so repeated reports can be compared`, {
      hint: `e.g. ${f("detail")} "npm registry timed out fetching tarballs"`,
    });
  }
  return { reason, detail, resumesAt };
}

export interface PausePlan {
  kind: "paused" | "deferred";
  state: string;
  events: EventDraft[];
  /** Deferred: this report's number and the threshold. */
  attempt: number;
  threshold: number;
  summary: string;
  /** Paused: the pause this one replaced (a run already blocked), so the caller can say so. */
  replaced?: { reason: string; resumesAt: string | undefined };
}

/**
 * The refusal for a run that is paused on a question: `state pause` would hide the question,
 * `state resume` would leave it unanswered. Undefined when the run awaits no question.
 */
export function awaitingQuestionError(doc: StateDoc, command: "state pause" | "state resume"): RefusedError | undefined {
  const status = (cursorValue(doc, "status") ?? "").trim().toLowerCase();
  if (doc.awaiting.length === 0 && status !== "awaiting_human") return undefined;
  const qid = doc.awaiting.find((s) => s.questionId !== undefined && s.questionId !== "")?.questionId;
  const named = qid ?? "(no question_id in the awaiting section)";
  const message = command === "state pause"
    ? `the run is already paused on question ${named}; answer or drop it before pausing for another reason`
    : `the run is paused on question ${named}, not by state pause; answering it resumes the run`;
  const hint = forReaders((h) =>
    qid !== undefined
      ? `devrites-engine state resolve ${shellWord(qid)} "<answer>"${h} (or drop it: devrites-engine state resolve --drop ${shellWord(qid)} "<reason>"${h})`
      : `devrites-engine status shows the awaited question; answer it with devrites-engine state resolve <qid> "<answer>"${h}`,
  );
  return new RefusedError(message, { hint, data: { qid: qid ?? null } });
}

/**
 * Pause the run (or defer an external blocker seen too few times).
 * @throws RefusedError (3) when the run awaits a question; BadInputError (5) for a value that
 * cannot be stored in the cursor; InternalError (1) when the result does not read back.
 */
export function planPause(stateText: string, input: PauseInput, threshold: number, now: Date): PausePlan {
  const doc = parseState(stateText);
  const refused = awaitingQuestionError(doc, "state pause");
  if (refused) throw refused;
  const ts = formatTimestamp(now);
  const status = (cursorValue(doc, "status") ?? "").trim().toLowerCase();

  // The threshold protects a running run from pausing on a transient failure; a run that is
  // already blocked is re-paused at once.
  if (input.reason === "external_blocker" && threshold > 1 && status !== "blocked") {
    const signature = blockerSignature(input.detail ?? "");
    const { attempt, similarity } = nextBlockerAttempt(
      { signature: cursorValue(doc, "blocker_signature"), attempts: cursorValue(doc, "blocker_attempts") },
      signature,
    );
    if (attempt < threshold) {
      const stored = formatSignature(signature);
      const text = applyEdits(stateText, [upsertFieldEdit(doc, "blocker_signature", stored), upsertFieldEdit(doc, "blocker_attempts", String(attempt))]);
      verifyState(text, { blocker_signature: stored, blocker_attempts: String(attempt), status: cursorValue(doc, "status") ?? null });
      return {
        kind: "deferred",
        state: text,
        attempt,
        threshold,
        summary: pauseLine(input.reason, undefined),
        events: [{ event: "pause_deferred", detail: { reason: input.reason, detail: input.detail, attempt, threshold, similarity } }],
      };
    }
  }

  const label = REASON_LABELS[input.reason];
  // The summary status shows (one function): the label, and the resume time for --until.
  const summary = pauseSummary(input.reason, input.resumesAt === undefined ? undefined : parseTimestamp(input.resumesAt), now);
  const nextAction = PAUSED_NEXT_ACTION(summary);
  const edits: TextEdit[] = [
    ...statusEdits(doc, "blocked", true),
    upsertFieldEdit(doc, "pause_reason", input.reason),
    ...(input.detail !== undefined ? [upsertFieldEdit(doc, "pause_detail", input.detail)] : deleteFieldEdits(doc, "pause_detail")),
    ...(input.resumesAt !== undefined ? [upsertFieldEdit(doc, "resumes_at", input.resumesAt)] : deleteFieldEdits(doc, "resumes_at")),
    ...BLOCKER_FIELDS.flatMap((k) => deleteFieldEdits(doc, k)),
    upsertFieldEdit(doc, "next_action", nextAction),
    appendLogEdit(doc, [`- ${ts} ${logPhase(cursorValue(doc, "phase"))}: paused (${input.reason}): ${input.detail ?? label}`]),
  ];
  const text = applyEdits(stateText, edits);
  verifyState(text, {
    status: "blocked",
    pause_reason: input.reason,
    pause_detail: input.detail ?? null,
    resumes_at: input.resumesAt ?? null,
    blocker_signature: null,
    blocker_attempts: null,
    next_action: nextAction,
  });
  const attempt = input.reason === "external_blocker" && threshold > 1 && status !== "blocked" ? threshold : 1;
  // A second pause replaces the first (its reason and resume time): allowed, and reported.
  const before = cursorValue(doc, "pause_reason");
  const replaced = status === "blocked" && before !== undefined && before !== "" ? { reason: before, resumesAt: cursorValue(doc, "resumes_at") || undefined } : undefined;
  return {
    kind: "paused",
    state: text,
    attempt,
    threshold,
    summary,
    ...(replaced !== undefined ? { replaced } : {}),
    events: [{
      event: "paused",
      detail: {
        reason: input.reason,
        label,
        ...(input.detail !== undefined ? { detail: input.detail } : {}),
        ...(input.resumesAt !== undefined ? { resumes_at: input.resumesAt } : {}),
        ...(input.reason === "external_blocker" ? { attempt, threshold } : {}),
      },
    }],
  };
}

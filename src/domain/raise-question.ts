// The raise use case (`question add`): allocate the next `q-YYYY-MM-DD-NNN`, render the new
// block, and apply the gate policy — pause the run, queue behind the awaited question, leave
// it open, or (AFK) auto-pick the proposed answer with a DEC entry — as one set of new texts.

import { BadInputError, InternalError, RefusedError } from "../errors.js";
import { appendDecisionEdit } from "../documents/decisions/edit-decisions.js";
import { parseDecisions } from "../documents/decisions/parse-decisions.js";
import { appendBlockEdit } from "../documents/lines.js";
import { GATES, gateAction, isGate, type Gate, type RaiseMode } from "../documents/gates.js";
import { fieldValue, gateOf, optionsOf, parseQuestions, statusOf, type QuestionsDoc } from "../documents/questions/parse-questions.js";
import { appendLogEdit, deleteFieldEdits, insertAwaitingEdit, removeAwaitingEdits, upsertFieldEdit } from "../documents/state/edit-state.js";
import { cursorValue, parseState, type StateDoc } from "../documents/state/parse-state.js";
import { applyEdits, type TextEdit } from "../documents/text-edit.js";
import { formatTimestamp } from "./clock.js";
import { normalizeText } from "./normalize-text.js";
import { logPhase } from "./phases.js";
import { BLOCKER_FIELDS, statusEdits } from "./run-status.js";
import { verifyState } from "./verify-state.js";
import type { EventDraft } from "./events.js";
import { redact } from "./redact.js";
import { cliOption, type NameOption } from "./option-names.js";

const MIN_OPTIONS = 2;
const MAX_OPTIONS = 4;
const RECOMMENDED = "(Recommended)";
const RATIONALE = " — ";

interface RaiseInput {
  gate: Gate;
  question: string;
  slice: string | undefined;
  options: string[];
  proposed: string | undefined;
  route: string | undefined;
  impact: string | undefined;
  supersedes: string | undefined;
  blockingSlices: string | undefined;
}

export interface RaiseArgs {
  gate: string | undefined;
  question: string | undefined;
  slice: string | undefined;
  options: readonly string[];
  proposed: string | undefined;
  route: string | undefined;
  impact: string | undefined;
  supersedes: string | undefined;
  blockingSlices: string | undefined;
  /** How messages name the options (default: the command line's `--gate`, …). */
  flag?: NameOption;
}

function optional(value: string | undefined, what: string): string | undefined {
  if (value === undefined) return undefined;
  const v = normalizeText([value], what);
  if (v === "") throw new BadInputError(`${what} is empty`, { hint: `leave ${what} out, or give it a value` });
  return v;
}

/**
 * Validate `question add` arguments; every failure is exit 5 before anything is read or written.
 * @throws BadInputError for an unknown gate, a missing question or route, 1 or 5+ options,
 * an empty or multi-line text, or an option that marks itself `(Recommended)`.
 */
export function parseRaiseInput(raw: RaiseArgs): RaiseInput {
  const f = raw.flag ?? cliOption;
  const gateText = (raw.gate ?? "").trim().toLowerCase();
  if (gateText === "") throw new BadInputError(`question add needs ${f("gate")}`, { hint: `gates: ${GATES.join(", ")}` });
  if (!isGate(gateText)) {
    throw new BadInputError(`unknown gate: ${JSON.stringify(raw.gate)}`, { hint: `gates: ${GATES.join(", ")}` });
  }
  const gate = gateText;
  const question = raw.question === undefined ? "" : normalizeText([raw.question], f("question"));
  if (question === "") throw new BadInputError(`question add needs ${f("question", "TEXT")} (one line)`, { hint: `e.g. ${f("question")} "Drop the legacy column now, or keep it for one release?"` });
  const route = optional(raw.route, f("route"));
  if (gate === "escalating" && route === undefined) {
    throw new BadInputError(`an escalating question needs ${f("route", "ROLE")} (who it escalates to)`, { hint: `e.g. ${f("route")} security-review` });
  }
  const options = raw.options.map((o, i) => {
    // Option N, counted from 1 as the question numbers its options.
    const nth = `${f("option")} ${i + 1}`;
    const text = normalizeText([o], nth);
    if (text === "") throw new BadInputError(`${nth} is empty`);
    if (text.toLowerCase().includes(RECOMMENDED.toLowerCase())) {
      throw new BadInputError(`${nth} contains "${RECOMMENDED}"`, { hint: `list the recommended option first; the engine marks option 1 ${RECOMMENDED}` });
    }
    return text;
  });
  if (options.length > 0 && (options.length < MIN_OPTIONS || options.length > MAX_OPTIONS)) {
    throw new BadInputError(`give ${MIN_OPTIONS} to ${MAX_OPTIONS} options, not ${options.length}`, { hint: `repeat ${f("option", "TEXT")}, the recommended one first; or give none` });
  }
  return {
    gate,
    question,
    slice: optional(raw.slice, f("slice")),
    options,
    proposed: optional(raw.proposed, f("proposed")),
    route,
    impact: optional(raw.impact, f("impact")),
    supersedes: optional(raw.supersedes, f("supersedes")),
    blockingSlices: optional(raw.blockingSlices, f("blocking-slices")),
  };
}

/** The answer part of an option: the text before its ` — ` rationale. */
function optionAnswer(option: string): string {
  return option.split(RATIONALE)[0]!.trim();
}

/** Option 1 with `(Recommended)` placed before its rationale, as formats.md shows it. */
function markRecommended(option: string): string {
  const at = option.indexOf(RATIONALE);
  return at < 0 ? `${option} ${RECOMMENDED}` : `${option.slice(0, at)} ${RECOMMENDED}${option.slice(at)}`;
}

/**
 * The next id for `now`'s UTC date: one more than the highest number used on that date by a
 * block or a register row (any case of `q-`), zero-padded to 3 digits. Gaps are never refilled.
 */
export function nextQuestionId(doc: QuestionsDoc, now: Date): string {
  const date = formatTimestamp(now).slice(0, 10);
  const pattern = new RegExp(`^[qQ]-${date}-(\\d+)$`);
  let highest = 0;
  for (const id of [...doc.blocks.map((b) => b.id), ...doc.register.map((r) => r.id)]) {
    const m = pattern.exec(id);
    if (m) highest = Math.max(highest, Number(m[1]));
  }
  return `q-${date}-${String(highest + 1).padStart(3, "0")}`;
}

/** The block's lines (no terminators). `answer` renders it already answered by AFK. */
export function renderQuestionBlock(qid: string, input: RaiseInput, proposed: string | undefined, raisedAt: string, answer?: string): string[] {
  const lines = [`## ${qid}`, `status: ${answer !== undefined ? "answered" : "open"}`];
  if (input.slice !== undefined) lines.push(`slice: ${input.slice}`);
  lines.push(`gate: ${input.gate}`, `question: ${input.question}`);
  if (input.options.length > 0) {
    lines.push("options: |", ...input.options.map((o, i) => `  ${i + 1}. ${i === 0 ? markRecommended(o) : o}`));
  }
  if (proposed !== undefined) lines.push(`proposed: ${proposed}`);
  lines.push(`raised_at: ${raisedAt}`);
  if (input.impact !== undefined) lines.push(`impact: ${input.impact}`);
  if (input.supersedes !== undefined) lines.push(`supersedes: ${input.supersedes}`);
  if (input.route !== undefined) lines.push(`route: ${input.route}`);
  if (answer !== undefined) lines.push(`answered_at: ${raisedAt}`, `answer: ${answer}`, "answered_by: afk");
  else lines.push("answered_at:", "answer:");
  return lines;
}

interface RaiseTexts {
  slug: string;
  questions: string;
  state: string;
  /** Read only when the plan may auto-pick; a missing file is created. */
  decisions: string | undefined;
}

export type RaiseOutcome = "paused" | "queued" | "open" | "auto_picked";

export interface RaisePlan {
  qid: string;
  outcome: RaiseOutcome;
  gate: Gate;
  proposed: string | undefined;
  questions: string;
  state: string | undefined;
  decisions: string | undefined;
  decisionId: string | undefined;
  /** The question the run keeps waiting on when this one was queued. */
  queuedBehind: string | undefined;
  /** Why an allowed advisory question was left open instead of auto-picked. */
  note: string | undefined;
  events: EventDraft[];
}

function assertAppendable(doc: QuestionsDoc): void {
  const fence = doc.view.fences.at(-1);
  if (fence && fence.close === undefined) {
    throw new RefusedError(`questions.md ends inside an unclosed code fence (line ${doc.view.lines[fence.open]!.number}); a new question would be hidden in it`, {
      hint: "close the code fence in questions.md, then retry",
    });
  }
}

/** The question the run awaits when it is still open (or unknown): a new pause queues behind it. */
function awaitedOpen(sdoc: StateDoc, qdoc: QuestionsDoc): string | undefined {
  for (const section of sdoc.awaiting) {
    const qid = section.questionId;
    if (qid === undefined || qid === "") continue;
    const blocks = qdoc.byId.get(qid);
    const row = qdoc.register.find((r) => r.id === qid);
    const terminal = blocks ? blocks.every((b) => statusOf(b) === "answered" || statusOf(b) === "dropped") : row ? /^(answered|dropped)$/i.test(row.status.trim()) : false;
    if (!terminal) return qid;
  }
  return undefined;
}

/** The paused state.md: status, awaiting section (stale ones replaced), next_action, Log line. */
function pauseStateText(stateText: string, sdoc: StateDoc, qid: string, input: RaiseInput, proposed: string | undefined, ts: string): string {
  const form = sdoc.form;
  const fields: [string, string][] = [
    [form === "table" ? "question_id" : "qid", qid],
    ["gate", input.gate],
    // state.md is persisted free text like the events: secrets in the question stay in questions.md only.
    ["question", redact(input.question)],
  ];
  if (proposed !== undefined) fields.push(["proposed", redact(proposed)]);
  fields.push(["raised_at", ts]);
  if (input.blockingSlices !== undefined) fields.push(["blocking_slices", input.blockingSlices]);
  const nextAction = `/rite-resolve ${qid} "<answer>"`;
  const edits: TextEdit[] = [
    ...removeAwaitingEdits(sdoc),
    ...statusEdits(sdoc, "awaiting_human", true),
    ...BLOCKER_FIELDS.flatMap((k) => deleteFieldEdits(sdoc, k)),
    upsertFieldEdit(sdoc, "next_action", nextAction),
    insertAwaitingEdit(sdoc, fields),
    appendLogEdit(sdoc, [`- ${ts} ${logPhase(cursorValue(sdoc, "phase"))}: paused on ${qid} (${input.gate})`]),
  ];
  const text = applyEdits(stateText, edits);
  verifyState(
    text,
    { status: "awaiting_human", next_action: nextAction, pause_reason: null, pause_detail: null, resumes_at: null, blocker_signature: null, blocker_attempts: null },
    (d) => (d.awaiting.length !== 1 || d.awaiting[0]!.questionId !== qid ? `the awaiting section does not name ${qid}` : undefined),
  );
  return text;
}

function verifyQuestions(text: string, before: number, qid: string, input: RaiseInput, proposed: string | undefined, answered: boolean): void {
  const doc = parseQuestions(text);
  const blocks = doc.byId.get(qid);
  const b = blocks?.length === 1 ? blocks[0]! : undefined;
  const ok =
    b !== undefined &&
    doc.blocks.length === before + 1 &&
    statusOf(b) === (answered ? "answered" : "open") &&
    gateOf(b) === input.gate &&
    fieldValue(b, "question") === input.question &&
    fieldValue(b, "proposed") === proposed &&
    optionsOf(b).length === input.options.length &&
    (!answered || (fieldValue(b, "answer") === proposed && fieldValue(b, "answered_by") === "afk"));
  if (!ok) throw new InternalError(`questions.md did not read back for ${qid}; nothing was written`, { kind: "read-back" });
}

/**
 * Plan raising one question.
 * @throws RefusedError (3) when `--supersedes` names no question or questions.md ends in an
 * open code fence; BadInputError (5) for a value the state.md table cannot hold;
 * InternalError (1) when a result does not read back. `flag` names options in messages.
 */
export function planRaise(texts: RaiseTexts, input: RaiseInput, mode: RaiseMode, now: Date, flag: NameOption = cliOption): RaisePlan {
  const ts = formatTimestamp(now);
  const qdoc = parseQuestions(texts.questions);
  assertAppendable(qdoc);
  if (input.supersedes !== undefined && !qdoc.byId.has(input.supersedes) && !qdoc.register.some((r) => r.id === input.supersedes)) {
    throw new RefusedError(`${flag("supersedes")} names no question: ${input.supersedes}`, {
      kind: "question-not-found",
      hint: "give the id of an existing question in questions.md (ids are case-sensitive)",
    });
  }
  const qid = nextQuestionId(qdoc, now);
  const proposed = input.proposed ?? (input.options.length > 0 ? optionAnswer(input.options[0]!) : undefined);
  let action = gateAction(input.gate, mode);
  let note: string | undefined;
  if (action === "auto_pick" && proposed === undefined) {
    action = "open";
    note = "not auto-picked: no --proposed answer and no options";
  }
  const autoPick = action === "auto_pick";

  const questions = applyEdits(texts.questions, [appendBlockEdit(texts.questions, renderQuestionBlock(qid, input, proposed, ts, autoPick ? proposed : undefined))]);
  verifyQuestions(questions, qdoc.blocks.length, qid, input, proposed, autoPick);

  const events: EventDraft[] = [];
  const raised = (outcome: RaiseOutcome, extra: Record<string, unknown> = {}): EventDraft => ({
    event: "raised",
    qid,
    detail: {
      gate: input.gate,
      question: input.question,
      ...(input.slice !== undefined ? { slice: input.slice } : {}),
      ...(proposed !== undefined ? { proposed } : {}),
      ...(input.supersedes !== undefined ? { supersedes: input.supersedes } : {}),
      mode: mode.afk ? "afk" : "hitl",
      outcome,
      ...extra,
    },
  });

  if (action === "pause") {
    const sdoc = parseState(texts.state);
    const behind = awaitedOpen(sdoc, qdoc);
    if (behind !== undefined) {
      events.push(raised("queued", { queued_behind: behind }));
      return { qid, outcome: "queued", gate: input.gate, proposed, questions, state: undefined, decisions: undefined, decisionId: undefined, queuedBehind: behind, note, events };
    }
    const state = pauseStateText(texts.state, sdoc, qid, input, proposed, ts);
    events.push(raised("paused"), { event: "paused", qid, detail: { gate: input.gate, ...(input.blockingSlices !== undefined ? { blocking_slices: input.blockingSlices } : {}) } });
    return { qid, outcome: "paused", gate: input.gate, proposed, questions, state, decisions: undefined, decisionId: undefined, queuedBehind: undefined, note, events };
  }

  if (autoPick) {
    const base = texts.decisions ?? `# Decisions: ${texts.slug}\n`;
    const { id, edit } = appendDecisionEdit(parseDecisions(base), {
      title: proposed!,
      context: `${qid} (${input.gate}) auto-picked under AFK`,
      options: input.options.length > 0 ? input.options.map(optionAnswer).join(" / ") : proposed!,
      decision: proposed!,
      consequences: "—",
      related: [qid, input.slice].filter((x): x is string => x !== undefined).join(", "),
    });
    const decisions = applyEdits(base, [edit]);
    if (parseDecisions(decisions).highest !== Number(id.slice(4))) throw new InternalError(`decisions.md did not read back ${id}; nothing was written`, { kind: "read-back" });
    events.push(raised("auto_picked"), { event: "auto_picked", qid, by: "afk", detail: { answer: proposed, decision: id } });
    return { qid, outcome: "auto_picked", gate: input.gate, proposed, questions, state: undefined, decisions, decisionId: id, queuedBehind: undefined, note, events };
  }

  events.push(raised("open", note !== undefined ? { note } : {}));
  return { qid, outcome: "open", gate: input.gate, proposed, questions, state: undefined, decisions: undefined, decisionId: undefined, queuedBehind: undefined, note, events };
}

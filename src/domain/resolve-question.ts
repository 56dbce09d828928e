// The resolve use case: (questions.md, state.md, decisions.md, entries, now) → new texts.
// One entry or a whole batch: every entry is checked before any text is produced, so a
// failure anywhere means nothing is written. An answer may also come from the block itself
// (written there by a person): then its lines are kept and only the bookkeeping is done.

import { ConflictError, DuplicateIdError, InternalError, locatedAt, RefusedError, BadInputError, type EngineError } from "../errors.js";
import { appendDecisionsEdit, type DecisionEntry } from "../documents/decisions/edit-decisions.js";
import { parseDecisions } from "../documents/decisions/parse-decisions.js";
import { questionsSource, type BlockEdits, type OpenBlock, type QuestionsSource } from "../documents/questions/block-source.js";
import { answeredAtEdits, closeBlockEdits } from "../documents/questions/edit-questions.js";
import { FieldLines, readFieldLines } from "../documents/questions/field-lines.js";
import { fieldValue, gateOf, optionsOf, statusFrom, statusOf, type QuestionBlock } from "../documents/questions/parse-questions.js";
import { fieldValueAt } from "../documents/questions/question-block.js";
import { appendLogEdit, removeAwaitingEdits } from "../documents/state/edit-state.js";
import { awaitedQuestionIds, cursorValue, parseState, type StateDoc } from "../documents/state/parse-state.js";
import { applyEdits, type ContentPiece, type FileContent, type TextEdit } from "../documents/text-edit.js";
import { formatTimestamp, parseTimestamp } from "./clock.js";
import { normalizeText } from "./normalize-text.js";
import { logPhase, resumeCommand } from "./phases.js";
import { nextActionEdits, statusEdits } from "./run-status.js";
import { verifyState } from "./verify-state.js";
import type { EventDraft } from "./events.js";
import { asksForFreeText } from "./free-text-option.js";
import { numberAnswer, type NumberAnswer } from "./bare-number.js";
import { answerRequired, unreadAnswerError, writtenAnswer } from "./written-answers.js";
import { unreadAnswer } from "../documents/questions/answer-field.js";
import { verifyQuestions, type BlockCheck } from "./read-back-questions.js";
import type { Bytes, FileBytes } from "../documents/bytes.js";
import { forReaders } from "../for-readers.js";
import { shellWord } from "../shell-word.js";
import type { EntryFailure, EntryOutcome, ResolveEntry } from "./resolve-types.js";

export type { AnswerSource, EntryFailure, EntryOutcome, ResolveEntry } from "./resolve-types.js";

export interface ResolveInput {
  entries: readonly ResolveEntry[];
  human: boolean;
  recordDecision: boolean;
  now: Date;
  /**
   * When given (a batch), an entry that fails is recorded here with its line and skipped
   * instead of thrown, so every bad line can be reported; the caller then writes nothing.
   */
  failures?: { push(f: EntryFailure): void };
  /**
   * When given, an entry whose question is already closed with another outcome is handed here
   * and skipped instead of refused: answers from ticket comments, where the first answer wins.
   */
  onConflict?: (entry: ResolveEntry, recorded: { status: string; answer: string }) => void;
}

interface ResolveTexts {
  slug: string;
  /** questions.md: its text, or its bytes (valid UTF-8; only the blocks resolved are decoded). */
  questions: string | Bytes | FileBytes;
  state: string;
  /** `state` parsed, when the caller has parsed it already (it is parsed once here otherwise). */
  stateDoc?: StateDoc;
  decisions: string | undefined;
}

export interface ResolvePlan<Q extends FileContent = FileContent> {
  /** The new questions.md: a string when it was given as one, else the pieces to write in order. */
  questions: Q | undefined;
  state: string | undefined;
  decisions: string | undefined;
  outcomes: EntryOutcome[];
  events: EventDraft[];
  /** Answers recorded as text that look like an option pick (bare-number.ts). */
  warnings: NumberAnswer[];
}

function located<E extends EngineError>(err: E, entry: ResolveEntry): E {
  return entry.where ? locatedAt(err, entry.where) : err;
}

/** Up to 10 ids, then how many more: a hint stays one readable line on a 10,000-question file. */
export function listSome(ids: readonly string[], max = 10): string {
  return ids.length <= max ? ids.join(", ") : `${ids.slice(0, max).join(", ")} …and ${ids.length - max} more (devrites-engine questions)`;
}

/**
 * An answer written before its question was raised (`raised_at`) answers another question that
 * had the id: ids restart per workspace and day. A block without a readable `raised_at` (written
 * by hand) has no time to compare, and any answer counts.
 * @throws RefusedError (3)
 */
function assertRaisedBefore(block: QuestionBlock, writtenAt: Date): void {
  const raised = parseTimestamp(fieldValue(block, "raised_at") ?? "");
  if (raised === undefined || writtenAt.getTime() >= raised.getTime()) return;
  throw new RefusedError(`${block.id} was raised at ${formatTimestamp(raised)}, after this answer was written (${formatTimestamp(writtenAt)}): it answers an earlier question with that id`, {
    hint: `answer ${block.id} in a new reply`,
    data: { raised_at: formatTimestamp(raised) },
  });
}

function findBlock(src: QuestionsSource, qid: string): OpenBlock {
  const spans = src.spans(qid);
  if (spans.length === 0) {
    const doc = src.whole();
    if (doc.register.some((r) => r.id === qid)) {
      throw new RefusedError(`${qid} is a row of the '## Question register' table, which the engine never writes`, {
        hint: `answer it by editing questions.md by hand, or raise it as a '## ${qid}' block`,
      });
    }
    const open = doc.blocks.filter((b) => statusOf(b) === "open").map((b) => b.id);
    throw new RefusedError(`qid not found: ${qid}`, {
      kind: "question-not-found",
      hint: open.length > 0 ? `open questions: ${listSome(open)}` : "there are no open questions",
      data: { open },
    });
  }
  if (spans.length > 1) {
    const doc = src.whole();
    const lines = (doc.byId.get(qid) ?? []).map((b) => doc.view.line(b.heading).number);
    throw new DuplicateIdError(`duplicate question id ${qid} in questions.md (lines ${lines.join(", ")})`, {
      hint: `rename or merge the duplicate '## ${qid}' blocks by hand, then retry`,
    });
  }
  try {
    return src.open(qid, spans[0]!);
  } catch (e) {
    throw new InternalError(`questions.md: ${(e as Error).message}; nothing was written`, { cause: e });
  }
}

/**
 * Refuse an answer taken from the file when text the person wrote as the answer is not read
 * (answer-field.ts): committing what is read would drop the rest in silence. The line is the
 * file's (the block may have been opened alone).
 */
function assertAnswerRead(src: QuestionsSource, cut: OpenBlock, qid: string): void {
  if (!unreadAnswer(cut.doc.view, cut.block)) return;
  const doc = src.whole();
  const block = (doc.byId.get(qid) ?? [])[0];
  const u = block && unreadAnswer(doc.view, block);
  if (u) throw unreadAnswerError(qid, u.index + 1, u);
}

function answerText(block: QuestionBlock, entry: ResolveEntry): string {
  const src = entry.source;
  if (src.kind === "text") return src.text;
  if (src.kind === "file") {
    const written = writtenAnswer(block);
    // A block dropped by hand may leave its reason empty, as a typed drop may.
    if (written === "" && statusOf(block) === "dropped") return "dropped";
    if (written === "") throw answerRequired(entry.qid);
    return written;
  }
  if (src.kind === "proposed") {
    const p = fieldValue(block, "proposed") ?? "";
    if (p === "") throw new BadInputError(`${entry.qid} has no proposed answer`, { hint: "give the answer text, or --option N" });
    return normalizeText([p], "proposed answer");
  }
  const options = optionsOf(block);
  const opt = options.find((o) => o.number === src.number);
  if (!opt) {
    throw new BadInputError(`${entry.qid} has no option ${src.number}`, {
      hint: options.length > 0 ? `options are ${options.map((o) => o.number).join(", ")}` : "this question lists no options; give the answer text",
    });
  }
  if (asksForFreeText(opt.raw)) {
    // "Something else — describe it" is a request for text, not an answer to record.
    throw new BadInputError(`option ${src.number} of ${entry.qid} asks for your own answer (${JSON.stringify(opt.answer)})`, {
      hint: forReaders((h) => `give the text: devrites-engine state resolve ${shellWord(entry.qid)} "<your answer>"${h}`),
      data: { option: src.number },
    });
  }
  return normalizeText([opt.answer], "option text");
}

/**
 * Plan the resolution of every entry.
 * @throws RefusedError (3) unknown qid or register row, DuplicateIdError (6), ConflictError (4), BadInputError (5), InternalError (1) on a failed read-back.
 */
export function planResolve(texts: ResolveTexts & { questions: string }, input: ResolveInput): ResolvePlan<string>;
export function planResolve(texts: ResolveTexts & { questions: Bytes }, input: ResolveInput): ResolvePlan<readonly Uint8Array[]>;
export function planResolve(texts: ResolveTexts & { questions: FileBytes }, input: ResolveInput): ResolvePlan<readonly ContentPiece[]>;
export function planResolve(texts: ResolveTexts, input: ResolveInput): ResolvePlan;
export function planResolve(texts: ResolveTexts, input: ResolveInput): ResolvePlan {
  const ts = formatTimestamp(input.now);
  const src = questionsSource(texts.questions, input.entries.map((e) => e.qid));
  const outcomes: EntryOutcome[] = [];
  const events: EventDraft[] = [];
  const warnings: NumberAnswer[] = [];
  // Each edited block with what it must read back as: one object per block (a batch keeps a thousand until the commit).
  const edited: (BlockEdits & BlockCheck)[] = [];
  const closed: QuestionBlock[] = [];
  const fieldLines = new FieldLines();
  // Only a block closed by hand needs this: is it the question state.md still waits on?
  let stateDoc = texts.stateDoc;
  const parsedState = () => (stateDoc ??= parseState(texts.state));
  const awaited = input.entries.some((e) => e.source.kind === "file") ? awaitedQuestionIds(parsedState()) : [];
  for (const entry of input.entries) {
    let cut: OpenBlock;
    let text: string;
    try {
      cut = findBlock(src, entry.qid);
      if (entry.source.kind === "file") assertAnswerRead(src, cut, entry.qid);
      if (entry.writtenAt !== undefined) assertRaisedBefore(cut.block, entry.writtenAt);
      text = answerText(cut.block, entry);
    } catch (e) {
      const err = located(e as EngineError, entry);
      if (input.failures) {
        input.failures.push({ line: entry.where?.line ?? 0, error: err, entry });
        continue;
      }
      throw err;
    }
    const { block } = cut;
    // One pass over the block's field lines: its status now, the lines closeBlockEdits sets next.
    readFieldLines(cut.doc.view, block, fieldLines);
    const statusLine = fieldLines.first("status");
    const status = statusFrom(statusLine === undefined ? undefined : fieldValueAt(cut.doc.view, statusLine, "status"));
    const fromFile = entry.source.kind === "file";
    if (fromFile && (status === "answered" || status === "dropped")) {
      // Closed by hand: complete the bookkeeping the engine would have done, touch nothing else.
      const kind = status === "answered" ? "answer" : "drop";
      const edits = answeredAtEdits(cut.doc, block, ts, src.eol);
      const outcome = { qid: entry.qid, kind, text, already: edits.length === 0 && !awaited.includes(entry.qid) } as const;
      outcomes.push(outcome);
      if (outcome.already) continue;
      if (edits.length > 0) {
        edited.push({ open: cut, edits, outcome, written: writtenAnswer(block), human: undefined });
      }
      events.push({
        event: kind === "answer" ? "resolved" : "dropped",
        qid: entry.qid,
        by: input.human ? "human" : "agent",
        detail: { [kind === "answer" ? "answer" : "reason"]: text, batch: entry.where !== undefined, source: "questions.md", closed_by_hand: true },
      });
      continue;
    }
    const wanted = entry.kind === "answer" ? "answered" : "dropped";
    if (status === "open") {
      const answer = fromFile ? undefined : text;
      const looksLikeOption = entry.kind === "answer" && entry.source.kind === "text" ? numberAnswer(block, entry, text) : undefined;
      if (looksLikeOption) warnings.push(looksLikeOption);
      const edits = closeBlockEdits(cut.doc, block, { status: wanted, answeredAt: ts, answer, answeredBy: input.human ? "human" : undefined }, src.eol, fieldLines);
      const outcome = { qid: entry.qid, kind: entry.kind, text, already: false };
      edited.push({ open: cut, edits, outcome, written: text, human: input.human });
      outcomes.push(outcome);
      // Kept only for decisions.md: a batch's thousand parsed blocks are garbage otherwise.
      if (input.recordDecision) closed.push(block);
      events.push({
        event: entry.kind === "answer" ? "resolved" : "dropped",
        qid: entry.qid,
        by: input.human ? "human" : "agent",
        detail: { [entry.kind === "answer" ? "answer" : "reason"]: text, batch: entry.where !== undefined, ...(fromFile ? { source: "questions.md" } : {}), ...entry.provenance },
      });
      continue;
    }
    const recorded = (fieldValue(block, "answer") ?? "").trim();
    if (status === wanted && recorded === text) {
      outcomes.push({ qid: entry.qid, kind: entry.kind, text, already: true });
      continue;
    }
    const terminal = status === "answered" || status === "dropped";
    if (terminal && input.onConflict) {
      input.onConflict(entry, { status, answer: recorded });
      continue;
    }
    const shown = terminal ? `${status}: ${JSON.stringify(recorded)}` : `status ${JSON.stringify(status)}`;
    // A status the engine does not know (a hand edit) is fixed in the file; superseding is for real answers.
    const hint = terminal
      ? `recorded ${shown}; to change it, raise a new question with supersedes: ${entry.qid} (devrites-engine question add --supersedes ${shellWord(entry.qid)} --gate GATE --question "…")`
      : `questions.md has ${shown} for ${entry.qid}, which is not a question status; set it to open, then answer again`;
    const conflict = located(
      new ConflictError(`qid not open (already answered/dropped): ${entry.qid}`, {
        hint,
        data: { status, answer: recorded },
      }),
      entry,
    );
    if (!input.failures) throw conflict;
    input.failures.push({ line: entry.where?.line ?? 0, error: conflict, entry });
  }

  const spliced = edited.length > 0 ? src.apply(edited) : undefined;
  if (spliced !== undefined) verifyQuestions(spliced, edited, ts);
  // Bytes in, bytes out: a batch over bytes parsed the decoded text, and its result is encoded once here.
  const questions = spliced === undefined ? undefined : typeof spliced.content === "string" && typeof texts.questions !== "string" ? [Buffer.from(spliced.content, "utf8")] : spliced.content;

  const state = planStateClear(texts.state, outcomes.map((o) => o.qid), ts, parsedState());
  if (state !== undefined) {
    for (const o of outcomes) {
      if (o.already) events.push({ event: o.kind === "answer" ? "resolved" : "dropped", qid: o.qid, detail: { state_repaired: true } });
    }
  }

  let decisions: string | undefined;
  if (input.recordDecision) {
    decisions = planDecisions(texts, closed, outcomes);
  }
  return { questions, state, decisions, outcomes, events, warnings };
}

/**
 * The cleared state.md when an awaiting section names one of `qids`, else undefined.
 * Status → running, next_action → resume command, pause fields removed, a Log line per awaited qid.
 * `doc` is `stateText` parsed (parsed here when not given).
 */
export function planStateClear(stateText: string, qids: readonly string[], ts: string, doc: StateDoc = parseState(stateText)): string | undefined {
  const awaited = awaitedQuestionIds(doc).filter((q) => qids.includes(q));
  if (awaited.length === 0) return undefined;
  const phase = cursorValue(doc, "phase");
  const resume = resumeCommand(phase);
  const edits: TextEdit[] = [
    ...removeAwaitingEdits(doc),
    ...statusEdits(doc, "running", false),
    ...nextActionEdits(doc, resume),
  ];
  const unique = [...new Set(awaited)];
  const lp = logPhase(phase);
  edits.push(appendLogEdit(doc, unique.map((q) => `- ${ts} ${lp}: resolved ${q}`)));
  const text = applyEdits(stateText, edits);
  const expect: Record<string, string | null> = { pause_reason: null, pause_detail: null, resumes_at: null };
  if (doc.cursor.has("status")) expect.status = "running";
  if (doc.cursor.has("nextaction")) expect.next_action = resume;
  verifyState(text, expect, (d) => (d.awaiting.length > 0 ? "an awaiting section is still present" : undefined));
  return text;
}

/** decisions.md with one DEC entry per new answer, in outcome order: one parse and one edit, however many. */
function planDecisions(texts: ResolveTexts, blocks: readonly QuestionBlock[], outcomes: EntryOutcome[]): string | undefined {
  const text = texts.decisions ?? `# Decisions: ${texts.slug}\n`;
  const byId = new Map(blocks.map((b) => [b.id, b]));
  const entries: DecisionEntry[] = [];
  for (const o of outcomes) {
    if (o.already || o.kind !== "answer") continue;
    const block = byId.get(o.qid);
    if (!block) continue;
    const gate = gateOf(block) || "unspecified";
    const options = optionsOf(block).map((x) => x.answer);
    const slice = fieldValue(block, "slice");
    entries.push({
      title: o.text,
      context: `${o.qid} (${gate}) answered`,
      options: options.length > 0 ? options.join(" / ") : o.text,
      decision: o.text,
      consequences: "—",
      related: [o.qid, slice].filter((x) => x && x !== "").join(", "),
    });
  }
  if (entries.length === 0) return undefined;
  return applyEdits(text, [appendDecisionsEdit(parseDecisions(text), entries).edit]);
}

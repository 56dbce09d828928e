// What the rules of a question block (question-rules.ts) read of it: its id's form, where its
// status and gate are and what they compare as, whether its route, timestamps and answer are
// written, the answer text that is not read, misread keys and repeated fields. Read here by
// the block's own readers, one block at a time, for the lint; the scan reads the same facts in
// place for the usual block (facts-in-place.ts), and both ask the same rules of them.

import { isGate } from "../gates.js";
import type { MarkdownView } from "../markdown-view.js";
import { isWorkspaceTimestamp } from "../timestamp.js";
import { hasWrittenAnswer, unreadAnswer, type UnreadAnswer } from "./answer-field.js";
import { isWellFormedQuestionId } from "./block-grammar.js";
import { readFieldLines, type FieldLines } from "./field-lines.js";
import { misreadKey } from "./meant-keys.js";
import { gateFrom, statusFrom, type QuestionBlock } from "./parse-questions.js";
import { fieldValueAt } from "./question-block.js";

/** A status as compared (statusOf): its index here, 0 for any other value or none. */
export const STATUS_CODES = ["", "open", "answered", "dropped"] as const;
export const OPEN = 1;
export const ANSWERED = 2;
export const DROPPED = 3;

/** A gate as compared (gateOf): its index here, 0 for none (no value, no gate in the heading), OTHER_GATE for another word. */
export const GATE_CODES = ["", "advisory", "validating", "blocking", "escalating"] as const;
export const ESCALATING = 4;
export const OTHER_GATE = 5;

/** The form of a block's id: the engine's q-YYYY-MM-DD-NNN, another well-formed id, an engine id's look-alike (q-2026-7), or malformed. */
export const ENGINE_ID = 0;
export const HAND_ID = 1;
export const LOOKALIKE_ID = 2;
export const MALFORMED_ID = 3;

/** One block's facts; one object serves every block of a pass (its arrays are reused). */
export interface BlockFacts {
  /** ENGINE_ID…MALFORMED_ID. */
  id: number;
  /** The line of the first `status:` field, -1 when none; `status` its STATUS_CODES index. */
  statusLine: number;
  status: number;
  /** The line of the first `gate:` field, -1 when none; `gate` the gate's GATE_CODES index (or OTHER_GATE). */
  gateLine: number;
  gate: number;
  /** `route:` holds a value. */
  routeSet: boolean;
  /** `raised_at:` / `answered_at:` hold a value that is not a timestamp. */
  raisedAtBad: boolean;
  answeredAtBad: boolean;
  /** `answered_at:` holds a value. */
  answeredAtSet: boolean;
  /** `answer:` holds text the grammar reads (hasWrittenAnswer). */
  answered: boolean;
  /** Answer text the grammar does not read (unreadAnswer). */
  unread: UnreadAnswer | undefined;
  /** The lines misreadKey names, in order. */
  readonly misread: number[];
  /** The field lines whose key came earlier in the block, in order. */
  readonly repeats: number[];
  /** The line of the first `question:` field, -1 when none (no rule reads it: `status` shows it). */
  question: number;
}

// Facts to fill: every field present from the start, so each object has the one shape.
export function blockFacts(): BlockFacts {
  return { id: ENGINE_ID, statusLine: -1, status: 0, gateLine: -1, gate: 0, routeSet: false, raisedAtBad: false, answeredAtBad: false, answeredAtSet: false, answered: false, unread: undefined, misread: [], repeats: [], question: -1 };
}

/** The form of an id (ENGINE_ID…MALFORMED_ID). */
export function idFormOf(id: string): number {
  if (isEngineId(id)) return ENGINE_ID;
  if (!isWellFormedQuestionId(id)) return MALFORMED_ID;
  return /^q-\d{4}-/.test(id) ? LOOKALIKE_ID : HAND_ID;
}

/** True for an id of the engine's shape, q-YYYY-MM-DD-NNN (at least three digits last), read by its characters. */
function isEngineId(id: string): boolean {
  if (id.length < 16 || id.charCodeAt(0) !== 113 || id.charCodeAt(1) !== 45) return false;
  for (let i = 2; i < id.length; i++) {
    const c = id.charCodeAt(i);
    if (i === 6 || i === 9 || i === 12 ? c !== 45 : c < 48 || c > 57) return false;
  }
  return true;
}

/** The STATUS_CODES index of a status as compared (statusFrom). */
export function statusCode(status: string): number {
  const k = STATUS_CODES.indexOf(status as (typeof STATUS_CODES)[number]);
  return k > 0 ? k : 0;
}

/** The GATE_CODES index of a gate as compared (gateFrom), OTHER_GATE for a word that is no gate. */
export function gateCode(gate: string): number {
  if (gate === "") return 0;
  return isGate(gate) ? GATE_CODES.indexOf(gate) : OTHER_GATE;
}

/** True when a timestamp field's value is written and is not a timestamp. */
export function badTimestamp(value: string | undefined): boolean {
  return value !== undefined && value !== "" && !isWorkspaceTimestamp(value);
}

/**
 * The facts of `block` into `facts`, read by the block's own readers; `lines` gets its field
 * lines (readFieldLines), for the caller's look-ups while it reports.
 */
export function readBlockFacts(view: MarkdownView, block: QuestionBlock, lines: FieldLines, facts: BlockFacts): void {
  readFieldLines(view, block, lines);
  const value = (key: string) => {
    const index = lines.first(key);
    return index === undefined ? undefined : fieldValueAt(view, index, key);
  };
  facts.id = idFormOf(block.id);
  facts.statusLine = lines.first("status") ?? -1;
  facts.status = statusCode(statusFrom(value("status")));
  facts.gateLine = lines.first("gate") ?? -1;
  facts.gate = gateCode(gateFrom(value("gate"), block.headingRest));
  facts.routeSet = (value("route") ?? "") !== "";
  facts.raisedAtBad = badTimestamp(value("raised_at"));
  const answeredAt = value("answered_at");
  facts.answeredAtBad = badTimestamp(answeredAt);
  facts.answeredAtSet = (answeredAt ?? "") !== "";
  facts.answered = hasWrittenAnswer(block);
  facts.unread = unreadAnswer(view, block);
  facts.misread.length = 0;
  for (let i = block.heading + 1; i < block.end; i++) if (!view.isFenced(i) && misreadKey(view.lineText(i))) facts.misread.push(i);
  facts.repeats.length = 0;
  for (const index of lines.repeats) facts.repeats.push(index);
  facts.question = lines.first("question") ?? -1;
}

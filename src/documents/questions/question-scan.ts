// One pass over every question block's field lines, read through the block grammar and
// compared in the text itself (no slices, no map, no field objects), that decides the usual
// block: its status, gate and `question:` line, and that its reading is certain and clean.
// `status` and the lint read a decided block from here; every reader of any other block asks
// the block itself.

import { isWorkspaceTimestamp } from "../timestamp.js";
import { continuesField, fieldColon, span, valueSpan } from "./block-grammar.js";
import { meantKey } from "./meant-keys.js";
import { fieldValue, gateOf, statusOf, type QuestionsDoc } from "./parse-questions.js";
import { fieldValueAt } from "./question-block.js";

/** A decided block's status: the index of its value here (0 = undecided). */
export const SCAN_STATUSES = ["", "open", "answered", "dropped"] as const;
/** A decided block's gate: the index of its value here (a decided block always has one). */
export const SCAN_GATES = ["", "advisory", "validating", "blocking", "escalating"] as const;

export interface QuestionScan {
  /**
   * Per block (doc.blocks order): 0 when the block is undecided, else its status (statusOf)
   * as an index into SCAN_STATUSES. A decided block is clean: an id of the engine's shape, no
   * key twice, status and gate known words as written, a route when escalating, timestamps
   * empty or valid, an answer exactly when the status says so (none written below an open
   * block's `answer:` either), answered_at on a closed block,
   * nothing but field lines, their indented lines and blank lines, no key a slip of a known one
   * (lintQuestions' per-block rules find nothing in it).
   */
  readonly status: Uint8Array;
  /** Per decided block: gateOf as an index into SCAN_GATES. */
  readonly gate: Uint8Array;
  /** Per decided block: the line of its first `question:` field, -1 when it has none. */
  readonly question: Int32Array;
}

// The keys a usual block has, told apart by a bit (a repeated one is a warning). Any other
// key is compared with the block's other keys in place.
const STATUS = 1 << 0;
const GATE = 1 << 1;
const ROUTE = 1 << 2;
const RAISED_AT = 1 << 3;
const ANSWERED_AT = 1 << 4;
const ANSWER = 1 << 5;
const SLICE = 1 << 6;
const QUESTION = 1 << 7;
const OPTIONS = 1 << 8;
const PROPOSED = 1 << 9;

const OPEN = 1;
const ANSWERED = 2;
const ESCALATING = 4;

/** True when text[from, from + word.length) is `word`. */
function wordAt(text: string, from: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) if (text.charCodeAt(from + k) !== word.charCodeAt(k)) return false;
  return true;
}

/** The bit of the known key of `len` characters at `start` (its first character `c0`), or 0. */
function knownKey(text: string, start: number, c0: number, len: number): number {
  switch (len) {
    case 4:
      return c0 === 103 && wordAt(text, start, "gate") ? GATE : 0;
    case 5:
      return c0 === 115 ? (wordAt(text, start, "slice") ? SLICE : 0) : c0 === 114 && wordAt(text, start, "route") ? ROUTE : 0;
    case 6:
      return c0 === 115 ? (wordAt(text, start, "status") ? STATUS : 0) : c0 === 97 && wordAt(text, start, "answer") ? ANSWER : 0;
    case 7:
      return c0 === 111 && wordAt(text, start, "options") ? OPTIONS : 0;
    case 8:
      return c0 === 113 ? (wordAt(text, start, "question") ? QUESTION : 0) : c0 === 112 && wordAt(text, start, "proposed") ? PROPOSED : 0;
    case 9:
      return c0 === 114 && wordAt(text, start, "raised_at") ? RAISED_AT : 0;
    case 11:
      return c0 === 97 && wordAt(text, start, "answered_at") ? ANSWERED_AT : 0;
    default:
      return 0;
  }
}

/** The index in `words` (from 1) of text[a, b) exactly, or 0. */
function wordIndex(text: string, a: number, b: number, words: readonly string[]): number {
  for (let k = 1; k < words.length; k++) if (words[k]!.length === b - a && wordAt(text, a, words[k]!)) return k;
  return 0;
}

/** True for an id of the engine's shape, q-YYYY-MM-DD-NNN (lintQuestions has nothing to say about it). */
function isEngineId(id: string): boolean {
  if (id.length < 16 || id.charCodeAt(0) !== 113 || id.charCodeAt(1) !== 45) return false;
  for (let i = 2; i < id.length; i++) {
    const c = id.charCodeAt(i);
    if (i === 6 || i === 9 || i === 12 ? c !== 45 : c < 48 || c > 57) return false;
  }
  return true;
}

/** True when the key of `len` characters at `start` is one of the block's `count` other keys so far. */
function repeatsOther(text: string, start: number, len: number, starts: number[], lengths: number[], count: number): boolean {
  for (let o = 0; o < count; o++) {
    if (lengths[o] !== len) continue;
    let k = 0;
    while (k < len && text.charCodeAt(start + k) === text.charCodeAt(starts[o]! + k)) k++;
    if (k === len) return true;
  }
  return false;
}

const LF = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;

const SCANS = new WeakMap<QuestionsDoc, QuestionScan>();

/**
 * The scan of `doc`, made on first use (status, the lint and the workspace rules read one).
 * One loop over every block's lines, the view's arrays read directly: it runs once per process
 * over half a million lines, mostly before V8 has optimised anything, so per line it calls
 * only the grammar's key rule (fieldColon). A block is decided when each of its field lines
 * — the first unfenced `key:` line of each key, its value trimmed as fieldValueAt trims it —
 * is certain and clean (QuestionScan.status); anything else leaves the block undecided.
 */
export function scanQuestions(doc: QuestionsDoc): QuestionScan {
  let scan = SCANS.get(doc);
  if (scan) return scan;
  const { view, blocks } = doc;
  const { text, lineStarts: starts, fenceFlags: fenced } = view;
  const n = blocks.length;
  scan = { status: new Uint8Array(n), gate: new Uint8Array(n), question: new Int32Array(n) };
  const otherStarts: number[] = [];
  const otherLengths: number[] = [];
  for (let k = 0; k < n; k++) {
    const b = blocks[k]!;
    if (!isEngineId(b.id)) continue;
    const end = b.end;
    let seen = 0;
    let others = 0;
    let statusLine = -1;
    let gateLine = -1;
    let routeLine = -1;
    let raisedLine = -1;
    let answeredAtLine = -1;
    let answerLine = -1;
    let questionLine = -1;
    let i = b.heading + 1;
    let afterBlank = false;
    for (; i < end; i++) {
      if (fenced[i] === 1) {
        afterBlank = false;
        continue;
      }
      const start = starts[i]!;
      const len = fieldColon(text, start);
      if (len <= 0) {
        // A decided block holds fields, their indented lines and blank lines only. Any other
        // line — prose, a key written so that it is no field (`Answer:`), text below `answer:`
        // that is not indented, indented text after a blank line — is read rule by rule.
        // (Read here, not through continuesField and isBlank: a call per line costs this cold loop.)
        const c = text.charCodeAt(start);
        if (c === SPACE || c === TAB) {
          // Indented: blank when only spaces and tabs follow.
          let j = start + 1;
          let cj = text.charCodeAt(j);
          while (cj === SPACE || cj === TAB) cj = text.charCodeAt(++j);
          if (cj === LF || cj === CR || j >= text.length) afterBlank = true;
          else if (afterBlank) break;
        } else if (c === LF || c === CR) afterBlank = true;
        else break;
        continue;
      }
      afterBlank = false;
      const key = knownKey(text, start, text.charCodeAt(start), len);
      if (key === 0) {
        // A key a letter or two from a known one (`anwser:`) is a person's slip the lint names.
        if (meantKey(text.slice(start, start + len)) !== undefined) break;
        if (repeatsOther(text, start, len, otherStarts, otherLengths, others)) break;
        otherStarts[others] = start;
        otherLengths[others] = len;
        others++;
        continue;
      }
      // A repeated field is a warning: the block is left undecided.
      if ((seen & key) !== 0) break;
      seen |= key;
      if (key === STATUS) statusLine = i;
      else if (key === GATE) gateLine = i;
      else if (key === ROUTE) routeLine = i;
      else if (key === RAISED_AT) raisedLine = i;
      else if (key === ANSWERED_AT) answeredAtLine = i;
      else if (key === ANSWER) answerLine = i;
      else if (key === QUESTION) questionLine = i;
    }
    if (i < end || statusLine < 0 || gateLine < 0) continue;
    // Each value as fieldValueAt reads it, found in place (valueSpan); one not bordered by
    // printable ASCII is not a known word or a timestamp, so it leaves the block undecided.
    // status: one of the three, as written (lowercase letters: statusFrom returns it as it is).
    valueSpan(text, starts[statusLine]!, "status".length, view.lineStart(statusLine + 1));
    const status = wordIndex(text, span.start, span.end, SCAN_STATUSES);
    if (status === 0) continue;
    // gate: one of the four, as written (a gate value wins over the heading's words).
    valueSpan(text, starts[gateLine]!, "gate".length, view.lineStart(gateLine + 1));
    const gate = wordIndex(text, span.start, span.end, SCAN_GATES);
    if (gate === 0) continue;
    // An escalating question names a route: a value read in place, and not empty.
    if (gate === ESCALATING && (routeLine < 0 || !valueSpan(text, starts[routeLine]!, "route".length, view.lineStart(routeLine + 1)) || span.start === span.end)) continue;
    // Timestamps: empty, or exactly one.
    if (raisedLine >= 0) {
      valueSpan(text, starts[raisedLine]!, "raised_at".length, view.lineStart(raisedLine + 1));
      if (span.start < span.end && !isWorkspaceTimestamp(text, span.start, span.end)) continue;
    }
    let answeredAtSet = false;
    if (answeredAtLine >= 0) {
      valueSpan(text, starts[answeredAtLine]!, "answered_at".length, view.lineStart(answeredAtLine + 1));
      if (span.start < span.end && !isWorkspaceTimestamp(text, span.start, span.end)) continue;
      answeredAtSet = span.start < span.end;
    }
    // The answer: empty (nothing but blanks), or set (read in place, and not empty).
    let answerEmpty = true;
    let answerSet = false;
    if (answerLine >= 0) {
      const exact = valueSpan(text, starts[answerLine]!, "answer".length, view.lineStart(answerLine + 1));
      answerEmpty = span.start === span.end;
      answerSet = exact && !answerEmpty;
      // `answer: |` (or `>`) announces indented lines: the rules read the block.
      const c = text.charCodeAt(span.start);
      if (!answerEmpty && (c === 124 || c === 62)) continue;
    }
    if (status === OPEN) {
      if (!answerEmpty) continue;
      // Lines below an empty `answer:` that continue it (a space or tab first) are a written
      // answer: the rules name it and the readers commit it.
      const next = answerLine + 1;
      if (answerLine >= 0 && next < end && fenced[next] !== 1 && continuesField(text.charCodeAt(starts[next]!))) continue;
    } else {
      if (!answeredAtSet) continue;
      if (status === ANSWERED && !answerSet) continue;
    }
    scan.status[k] = status;
    scan.gate[k] = gate;
    scan.question[k] = questionLine;
  }
  SCANS.set(doc, scan);
  return scan;
}

/** fieldValue(block k, "question"), from the scan when it decided the block. */
export function questionText(doc: QuestionsDoc, scan: QuestionScan, k: number): string | undefined {
  if (scan.status[k] === 0) return fieldValue(doc.blocks[k]!, "question");
  const line = scan.question[k]!;
  return line < 0 ? undefined : fieldValueAt(doc.view, line, "question");
}

/** Block k's statusOf: from the scan when it decided the block, else read from the block. */
export function statusAt(doc: QuestionsDoc, scan: QuestionScan, k: number): string | undefined {
  return scan.status[k] !== 0 ? SCAN_STATUSES[scan.status[k]!] : statusOf(doc.blocks[k]!);
}

/** Block k's gateOf: from the scan when it decided the block, else read from the block. */
export function gateAt(doc: QuestionsDoc, scan: QuestionScan, k: number): string {
  return scan.status[k] !== 0 ? SCAN_GATES[scan.gate[k]!]! : gateOf(doc.blocks[k]!);
}

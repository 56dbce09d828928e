// A question block's facts (block-facts.ts) read in place, for the scan (question-scan.ts):
// one loop over the block's lines, read through the block grammar and compared in the text
// itself (no slices, no map, no field objects) — the first unfenced `key:` line of each key,
// its value trimmed as fieldValueAt trims it. It reads the usual block; a block holding a line
// or a value it does not read so is left to the block's own readers (readBlockFacts).

import { isWorkspaceTimestamp } from "../timestamp.js";
import { hasWrittenAnswer, unreadAnswer } from "./answer-field.js";
import { GATE_CODES, STATUS_CODES, badTimestamp, gateCode, idFormOf, type BlockFacts } from "./block-facts.js";
import { continuesField, fieldColon, span, valueSpan } from "./block-grammar.js";
import { meantKey } from "./meant-keys.js";
import { gateFrom, type QuestionsDoc } from "./parse-questions.js";
import { fieldValueAt } from "./question-block.js";

// The keys a usual block has, told apart by a bit (a repeated one is a repeat the facts list). Any other
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

// The keys of the block being read that the bits above do not name: where each starts and its length.
const otherStarts: number[] = [];
const otherLengths: number[] = [];

/**
 * Block `k`'s facts read in place into `f`: true when they are read so, and then they are
 * readBlockFacts' own. False for a block holding a line they are not read from in place (prose,
 * a key written so that it is no field, indented text after a blank line) or a status or gate
 * not written as one of their words. It runs per block of files of tens of thousands of them,
 * mostly before V8 has optimised anything: per line it calls only fieldColon.
 */
export function readFactsInPlace(doc: QuestionsDoc, k: number, f: BlockFacts): boolean {
  const { view } = doc;
  const { text, lineStarts: starts, fenceFlags: fenced } = view;
  const b = doc.blocks[k]!;
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
  // (Emptied only when not empty: setting an array's length is a runtime call.)
  if (f.misread.length !== 0) f.misread.length = 0;
  if (f.repeats.length !== 0) f.repeats.length = 0;
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
      // Read in place: fields, their indented lines and blank lines. Any other line —
      // prose, a key written so that it is no field (`Answer:`), text below `answer:` that
      // is not indented, indented text after a blank line — may be answer text that is not
      // read or a misread key: the block is left to its readers.
      // (Read here, not through continuesField and isBlank: a call per line costs this cold loop.)
      // A line ends at its LF or the CR of a CRLF: a lone CR is text (lines.ts).
      const c = text.charCodeAt(start);
      if (c === SPACE || c === TAB) {
        // Indented: blank when only spaces and tabs follow.
        let j = start + 1;
        let cj = text.charCodeAt(j);
        while (cj === SPACE || cj === TAB) cj = text.charCodeAt(++j);
        if (cj === LF || (cj === CR && text.charCodeAt(j + 1) === LF) || j >= text.length) afterBlank = true;
        else if (afterBlank) break;
      } else if (c === LF || (c === CR && text.charCodeAt(start + 1) === LF)) afterBlank = true;
      else break;
      continue;
    }
    afterBlank = false;
    const key = knownKey(text, start, text.charCodeAt(start), len);
    if (key === 0) {
      // A key a letter or two from a known one (`anwser:`): misreadKey names it (a known
      // key the bits above do not tell apart, `impact:`, means itself).
      const written = text.slice(start, start + len);
      const meant = meantKey(written);
      if (meant !== undefined && meant !== written) f.misread.push(i);
      if (repeatsOther(text, start, len, otherStarts, otherLengths, others)) f.repeats.push(i);
      else {
        otherStarts[others] = start;
        otherLengths[others] = len;
        others++;
      }
      continue;
    }
    if ((seen & key) !== 0) {
      f.repeats.push(i);
      continue;
    }
    seen |= key;
    if (key === STATUS) statusLine = i;
    else if (key === GATE) gateLine = i;
    else if (key === ROUTE) routeLine = i;
    else if (key === RAISED_AT) raisedLine = i;
    else if (key === ANSWERED_AT) answeredAtLine = i;
    else if (key === ANSWER) answerLine = i;
    else if (key === QUESTION) questionLine = i;
  }
  if (i < end) return false;
  f.id = idFormOf(b.id);
  f.statusLine = statusLine;
  f.gateLine = gateLine;
  // Each value as fieldValueAt reads it, found in place (valueSpan); one not bordered by
  // printable ASCII is read by fieldValueAt itself.
  // A status and a gate as written, one of their words: any other value (statusFrom and
  // gateFrom lowercase it; an empty gate reads the heading) is left to the block's readers.
  f.status = 0;
  if (statusLine >= 0) {
    valueSpan(text, starts[statusLine]!, "status".length, view.lineStart(statusLine + 1));
    f.status = wordIndex(text, span.start, span.end, STATUS_CODES);
    if (f.status === 0) return false;
  }
  if (gateLine >= 0) {
    valueSpan(text, starts[gateLine]!, "gate".length, view.lineStart(gateLine + 1));
    f.gate = wordIndex(text, span.start, span.end, GATE_CODES);
    if (f.gate === 0) return false;
  } else f.gate = gateCode(gateFrom(undefined, b.headingRest));
  f.routeSet = routeLine >= 0 && (valueSpan(text, starts[routeLine]!, "route".length, view.lineStart(routeLine + 1)) ? span.start < span.end : fieldValueAt(view, routeLine, "route") !== "");
  // Timestamps: none, empty, or one; read by fieldValueAt when there is more to trim.
  f.raisedAtBad = false;
  if (raisedLine >= 0) {
    if (valueSpan(text, starts[raisedLine]!, "raised_at".length, view.lineStart(raisedLine + 1))) f.raisedAtBad = span.start < span.end && !isWorkspaceTimestamp(text, span.start, span.end);
    else f.raisedAtBad = badTimestamp(fieldValueAt(view, raisedLine, "raised_at"));
  }
  f.answeredAtSet = false;
  f.answeredAtBad = false;
  if (answeredAtLine >= 0) {
    if (valueSpan(text, starts[answeredAtLine]!, "answered_at".length, view.lineStart(answeredAtLine + 1))) {
      f.answeredAtSet = span.start < span.end;
      f.answeredAtBad = f.answeredAtSet && !isWorkspaceTimestamp(text, span.start, span.end);
    } else {
      const value = fieldValueAt(view, answeredAtLine, "answered_at");
      f.answeredAtSet = value !== "";
      f.answeredAtBad = badTimestamp(value);
    }
  }
  // The answer: its value read in place; indented lines under it (which may hold a known
  // field, unread answer text), a `|` or `>` that announces them, or a value to trim are read
  // through the block, as is the unread answer under a misread key.
  f.answered = false;
  f.unread = undefined;
  if (answerLine >= 0) {
    const exact = valueSpan(text, starts[answerLine]!, "answer".length, view.lineStart(answerLine + 1));
    const c = text.charCodeAt(span.start);
    const next = answerLine + 1;
    const continued = next < end && fenced[next] !== 1 && continuesField(text.charCodeAt(starts[next]!));
    if (continued || !exact || (span.start < span.end && (c === 124 || c === 62))) f.answered = hasWrittenAnswer(b);
    else f.answered = span.start < span.end;
    if (continued) f.unread = unreadAnswer(view, b);
  }
  if (f.misread.length > 0) f.unread = unreadAnswer(view, b);
  f.question = questionLine;
  return true;
}

// The block grammar of questions.md (formats.md, "questions.md"), the one place its rules are
// written: what starts and ends a block, which lines are fields, a field's key, value and
// continuation lines. Every reader of a block — the parser and its one-key lookups, the
// field-line pass, the scan, the byte finder — reads through these functions and keeps no
// copy of a rule. The line rules every markdown file shares (where a line ends, the
// byte-order mark, where a line's markdown starts) are lines.ts's, fences are fences.ts's and
// ATX headings markdown-view.ts's: each written once there, and re-exported here for the readers.
//
// One view per purpose; ASCII, all that decides this grammar, reads the same in each:
// - a whole file read and not edited (`status`, `questions` and `questions show`, `check`, the
//   budget commands, `state resolve --filled`'s reading, completions): a view of its bytes
//   (parseQuestionsBytes): a string of one character per byte, offsets that count bytes; what
//   is taken out of it is decoded as UTF-8;
// - a file or block that is edited (`state resolve`, `question add`): the decoded text, whose
//   offsets are the edits' own;
// - the few blocks one resolve edits in a large file: the bytes, searched natively
//   (find-block.ts); only the lines found there are decoded, and each block is then read as text.

import { keptByTrim } from "../lines.js";
import type { MarkdownView } from "../markdown-view.js";

export { bomLength, isBlank, lineFeedAfter, lineStartOf, lineTextEnd, markdownStart } from "../lines.js";
export { FENCE_MARKS, fenceBlocksAmong } from "../fences.js";
export { parseHeading } from "../markdown-view.js";

const TAB = 9;
const LF = 10;
const CR = 13;
const SPACE = 32;
const HYPHEN = 45;
const COLON = 58;

// --- Blocks ---------------------------------------------------------------------------------

/** A block starts at a heading of this level whose first word is a question id. */
export const BLOCK_LEVEL = 2;

/** True when a heading of `level` ends the block (or the register section) it follows: level 1 or 2. */
export function endsBlock(level: number): boolean {
  return level <= BLOCK_LEVEL;
}

/** headingKind: a heading that opens no block (or one questionIdOf names: `## q-1 blocking`). */
export const OTHER_HEADING = 0;
/** headingKind: a question id alone of printable ASCII (`## q-2026-09-02-003`), the usual block heading. */
export const ID_HEADING = 1;
/** headingKind: the released `## Question register` table (any case). */
export const REGISTER_HEADING = 2;

/**
 * What a level-2 heading's text opens, told by its characters (no regex, no copy, one call per
 * heading of a 40,000-question file): ID_HEADING, REGISTER_HEADING, or OTHER_HEADING — then
 * questionIdOf decides whether its first word is an id.
 */
export function headingKind(headingText: string): number {
  const t = headingText;
  if (t.length === 17 && /^Question register$/i.test(t)) return REGISTER_HEADING;
  if ((t.charCodeAt(0) !== 113 && t.charCodeAt(0) !== 81) || t.charCodeAt(1) !== HYPHEN) return OTHER_HEADING;
  for (let i = 2; i < t.length; i++) if (!keptByTrim(t.charCodeAt(i))) return OTHER_HEADING;
  return ID_HEADING;
}

/**
 * The first word of a level-2 heading's text when it is a question id (`q-…` / `Q-…`), and
 * the rest of the text after whitespace (`## q-1 blocking`), trimmed.
 */
export function questionIdOf(headingText: string): { id: string; rest: string } | undefined {
  const c0 = headingText.charCodeAt(0);
  if ((c0 !== 113 && c0 !== 81) || headingText.charCodeAt(1) !== HYPHEN) return undefined;
  // The id alone: no match array and no copy of it.
  if (!/\s/.test(headingText)) return { id: headingText, rest: "" };
  const m = /^([qQ]-\S*)(?:[ \t]+(.*))?$/.exec(headingText);
  if (!m) return undefined;
  return { id: m[1] as string, rest: (m[2] ?? "").trim() };
}

/**
 * The grammar of a question id (`q-`/`Q-`, then a letter or digit, then letters, digits, `.`,
 * `_`, `-`). A heading may name a block with any first word after `q-`; `check` reports one
 * outside this grammar (question-bad-id), and completion never offers it.
 */
export function isWellFormedQuestionId(id: string): boolean {
  return /^[qQ]-[A-Za-z0-9][A-Za-z0-9._-]*$/.test(id);
}

// --- Field lines ----------------------------------------------------------------------------

/**
 * Where the colon of a field line is — a key `[a-z][a-z0-9_-]*` from column 0, then `:` — or
 * -1. The line starts at offset `from` of `text` and the result counts from it: the key stops
 * at the line's LF or CR (neither is a key character), so the line need not be sliced out. A
 * scan, not a regex: every line of a 40,000-question file is read here.
 */
export function fieldColon(text: string, from = 0): number {
  const c0 = text.charCodeAt(from);
  if (!(c0 >= 97 && c0 <= 122)) return -1;
  for (let i = from + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === COLON) return i - from;
    if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === HYPHEN)) return -1;
  }
  return -1;
}

/** True when `key` is a field key (`[a-z][a-z0-9_-]*`). */
export function isFieldKey(key: string): boolean {
  return key !== "" && fieldColon(`${key}:`) === key.length;
}

const SEARCHES = new Map<string, RegExp | null>();

/**
 * The native search for the lines that open the field `key`: `^key:` as a global multiline
 * regex (run with `test` and `lastIndex`, no match arrays), or null when `key` is not a field
 * key. `^` also matches after a lone CR or U+2028, which do not start a line: a hit counts
 * only where a line starts.
 */
export function fieldSearch(key: string): RegExp | null {
  let re = SEARCHES.get(key);
  if (re === undefined) {
    // A valid key has no regex syntax in it.
    re = isFieldKey(key) ? new RegExp(`^${key}:`, "gm") : null;
    SEARCHES.set(key, re);
  }
  return re;
}

/**
 * How many of a block's lines nextFieldLine tests in place before its native search: a
 * generated block's `question:` is its fifth line, `answer:` its eleventh or so.
 */
const PROBE_LINES = 8;

/** What nextFieldLine reads of a block: its lines, and its text after the heading (cut on first need and kept). */
export interface SearchedBlock {
  readonly heading: number;
  readonly end: number;
  searchText(): string;
}

/**
 * The first line at or after line `from` of `block` that opens the field `key`, or -1 (always
 * -1 when `key` is not a field key). The block's first lines are tested in place — the first
 * character, the colon after the key, the key: for a field key, the lines where fieldColon is
 * key.length — then the rest of its text is searched natively (fieldSearch), a hit counted
 * where a line starts; fenced lines never count. For a reader that wants a few keys of a
 * block, where looking at every line was a large share of a batch (docs/performance.md).
 */
export function nextFieldLine(view: MarkdownView, block: SearchedBlock, key: string, from: number): number {
  const re = fieldSearch(key);
  const { end } = block;
  if (!re || from >= end) return -1;
  const { text } = view;
  // The usual block lists its fields first: its first lines are tested in place (no slice of
  // the block, no regex call); the search below starts after the lines probed.
  const probed = Math.min(end, from + PROBE_LINES);
  const k0 = key.charCodeAt(0);
  for (let i = from; i < probed; i++) {
    const at = view.lineStart(i);
    if (text.charCodeAt(at) === k0 && text.charCodeAt(at + key.length) === COLON && text.startsWith(key, at) && !view.isFenced(i)) return i;
  }
  if (probed >= end) return -1;
  const base = view.lineStart(block.heading + 1);
  const region = block.searchText();
  re.lastIndex = view.lineStart(probed) - base;
  while (re.test(region)) {
    const at = base + re.lastIndex - key.length - 1;
    const i = view.lineAt(at, from, end);
    if (view.lineStart(i) === at && !view.isFenced(i)) return i;
  }
  return -1;
}

/**
 * True when a line whose first character is `c` may continue the field above it: a space or
 * a tab. It does when it is also not blank (isBlank) and not fenced. A field line starts with
 * a letter, so no field line hides among continuation lines.
 */
export function continuesField(c: number): boolean {
  return c === SPACE || c === TAB;
}

// --- Values -------------------------------------------------------------------------------

/**
 * Where valueSpan found a field's value: text[start, end). One object, reused: the value of
 * every field a pass reads is found without a new object or string per value.
 */
export const span = { start: 0, end: 0 };

/**
 * Find the value of the field line starting at `lineStart` whose key is `keyLength` long —
 * the rest of the line after the colon, trimmed — into `span`; `next` is where the next line
 * starts (the text's length after the last), so the line's LF or CRLF is trimmed with the
 * spaces and tabs and the line's end is never looked up. True when `span` is the value
 * trimmed, as `String.prototype.trim` leaves it: it is empty, or starts and ends with
 * printable ASCII. False when other space (NBSP, U+3000, a byte of one in a view of bytes…) or
 * a control character borders it: the value is then text[lineStart + keyLength + 1, next),
 * decoded and trimmed by `trim` itself.
 */
export function valueSpan(text: string, lineStart: number, keyLength: number, next: number): boolean {
  let a = lineStart + keyLength + 1;
  let b = next;
  // Space, tab, CR and LF: characters `trim` removes, removed here in place.
  while (a < b) {
    const c = text.charCodeAt(a);
    if (c !== SPACE && c !== TAB && c !== CR && c !== LF) break;
    a++;
  }
  while (b > a) {
    const c = text.charCodeAt(b - 1);
    if (c !== SPACE && c !== TAB && c !== CR && c !== LF) break;
    b--;
  }
  span.start = a;
  span.end = b;
  return a === b || (keptByTrim(text.charCodeAt(a)) && keptByTrim(text.charCodeAt(b - 1)));
}

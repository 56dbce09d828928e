// The block grammar of questions.md (formats.md, "questions.md"), the one place its rules are
// written: what starts and ends a block, which lines are fields, a field's key, value and
// continuation lines. Every reader of a block — the parser and its one-key lookups, the
// field-line pass, the scan, the byte finder — reads through these functions and keeps no
// copy of a rule. The line rules every markdown file shares (where a line ends, the
// byte-order mark, where a line's markdown starts) are lines.ts's, fences are fences.ts's and
// ATX headings markdown-view.ts's: each written once there, and re-exported here for the readers.
//
// One view per purpose; ASCII, all that decides this grammar, reads the same in each:
// - a whole file read, not edited (`status`, `questions`, `check`): a view of its bytes
//   (viewOfBytes): a string of one character per byte, offsets that count bytes; what is taken
//   out of it is decoded as UTF-8;
// - a file or block that is edited (`state resolve`, `question add`): the decoded text, whose
//   offsets are the edits' own;
// - the few blocks one resolve edits in a large file: the bytes, searched natively
//   (find-block.ts); only the lines found there are decoded, and each block is then read as text.

import { keptByTrim } from "../lines.js";

export { bomLength, isBlank, keptByTrim, lineFeedAfter, lineStartOf, lineTextEnd, markdownStart } from "../lines.js";
export { FENCE_MARKS, fenceBlocksAmong } from "../fences.js";
export { parseHeading } from "../markdown-view.js";

const TAB = 9;
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

/**
 * True when the heading text is a question id alone of printable ASCII other than space
 * (`q-2026-09-02-003`): the usual heading, named without a regex or a copy of it.
 */
export function isIdOnly(headingText: string): boolean {
  const t = headingText;
  if ((t.charCodeAt(0) !== 113 && t.charCodeAt(0) !== 81) || t.charCodeAt(1) !== HYPHEN) return false;
  for (let i = 2; i < t.length; i++) if (!keptByTrim(t.charCodeAt(i))) return false;
  return true;
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

/** True for the heading of the released `## Question register` table (any case). */
export function isRegisterHeading(headingText: string): boolean {
  return headingText.length === 17 && /^Question register$/i.test(headingText);
}

// --- Field lines ----------------------------------------------------------------------------

/** True for a character a field key may start with: a lowercase ASCII letter. */
export function isKeyStart(c: number): boolean {
  return c >= 97 && c <= 122;
}

/**
 * Where the colon of a field line is — a key `[a-z][a-z0-9_-]*` from column 0, then `:` — or
 * -1. The line starts at offset `from` of `text` and the result counts from it: the key stops
 * at the line's LF or CR (neither is a key character), so the line need not be sliced out. A
 * scan, not a regex: every line of a 40,000-question file is read here.
 */
export function fieldColon(text: string, from = 0): number {
  if (!isKeyStart(text.charCodeAt(from))) return -1;
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

/** True when the line starting at `at` opens the field `key` (a valid key: isFieldKey), without reading the rest of the line. */
export function opensField(text: string, at: number, key: string): boolean {
  return text.charCodeAt(at + key.length) === COLON && text.startsWith(key, at);
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
 * True when a line whose first character is `c` may continue the field above it: a space or
 * a tab. It does when it is also not blank (isBlank) and not fenced. A field line starts with
 * a letter, so no field line hides among continuation lines.
 */
export function continuesField(c: number): boolean {
  return c === SPACE || c === TAB;
}

// --- Values ---------------------------------------------------------------------------------

/** Where a field's value starts: after `from` (just past the colon), spaces and tabs skipped, up to the line's end. */
export function valueStart(text: string, from: number, end: number): number {
  let a = from;
  while (a < end && (text.charCodeAt(a) === SPACE || text.charCodeAt(a) === TAB)) a++;
  return a;
}

/** Where that value ends: before the spaces and tabs that end the line at `end` (never before `a`). */
export function valueEnd(text: string, a: number, end: number): number {
  let b = end;
  while (b > a && (text.charCodeAt(b - 1) === SPACE || text.charCodeAt(b - 1) === TAB)) b--;
  return b;
}

/**
 * True when text[a, b) (valueStart to valueEnd) is the value trimmed — what `String.prototype.trim`
 * leaves of the line's rest: it is empty, or starts and ends with printable ASCII. Otherwise
 * other space (NBSP, U+3000, a byte of one in a view of bytes…) borders it, and the value is
 * the rest of the line decoded and trimmed by `trim` itself.
 */
export function trimmedInPlace(text: string, a: number, b: number): boolean {
  return a === b || (keptByTrim(text.charCodeAt(a)) && keptByTrim(text.charCodeAt(b - 1)));
}

// A text split into lines with their offsets and terminators, so parsers can point at
// positions and edits can splice whole lines without touching their neighbours. The line
// rules every markdown file shares (formats.md) are written here once — where a line ends, the
// byte-order mark, where a line's markdown starts — over a string or the file's bytes alike.

import type { Bytes } from "./bytes.js";
import type { TextEdit } from "./text-edit.js";

/**
 * What a reader reads a file as: a string — the decoded text, or the bytes one character per
 * byte (a view of bytes) — or the bytes themselves. ASCII, all that decides a line, reads the
 * same in each.
 */
export type Units = string | Bytes;

const LF = 10;
const CR = 13;
const SPACE = 32;

function codeAt(units: Units, i: number): number {
  return typeof units === "string" ? units.charCodeAt(i) : (units[i] ?? -1);
}

/** Where the line holding offset `at` starts: after the LF before it, or at 0. */
export function lineStartOf(units: Units, at: number): number {
  if (at <= 0) return 0;
  return (typeof units === "string" ? units.lastIndexOf("\n", at - 1) : units.lastIndexOf(LF, at - 1)) + 1;
}

/** Where the LF ending the line that starts at `start` is, or -1 when the line runs to the end. */
export function lineFeedAfter(units: Units, start: number): number {
  return typeof units === "string" ? units.indexOf("\n", start) : units.indexOf(LF, start);
}

/**
 * Where the text of the line starting at `start` ends: before its LF, or before the CR of a
 * CRLF (a lone CR is an ordinary character); `lf` is lineFeedAfter(units, start).
 */
export function lineTextEnd(units: Units, start: number, lf: number): number {
  if (lf <= start) return lf < 0 ? units.length : lf;
  return (typeof units === "string" ? units.charCodeAt(lf - 1) : units[lf - 1]) === CR ? lf - 1 : lf;
}

/**
 * How many units the file's byte-order mark takes at its start: U+FEFF in the decoded text,
 * its three bytes EF BB BF in the bytes or their one-byte reading (`byteUnits`); 0 without one.
 * It is not part of the first line's markdown (CommonMark skips it too).
 */
export function bomLength(units: Units, byteUnits = typeof units !== "string"): number {
  if (!byteUnits) return codeAt(units, 0) === 0xfeff ? 1 : 0;
  return codeAt(units, 0) === 0xef && codeAt(units, 1) === 0xbb && codeAt(units, 2) === 0xbf ? 3 : 0;
}

/** How many spaces may come before a line's markdown (CommonMark: a heading or fence indented at most three). */
export const LEAD_SPACES = 3;

/**
 * Where the markdown of the line starting at `start` begins: after the byte-order mark on the
 * first line (`bom`: bomLength) and up to three spaces. A `#` there may open a heading, three
 * backticks or tildes a fence.
 */
export function markdownStart(units: Units, start: number, bom: number): number {
  let at = start === 0 ? bom : start;
  if (typeof units === "string") for (let k = 0; k < LEAD_SPACES && units.charCodeAt(at) === SPACE; k++) at++;
  else for (let k = 0; k < LEAD_SPACES && units[at] === SPACE; k++) at++;
  return at;
}

/** One line: `text` excludes its terminator; `end` is where the terminator starts. */
export interface Line {
  /** 1-based line number. */
  number: number;
  start: number;
  end: number;
  /** Offset just past the terminator (equals `end` on an unterminated last line). */
  next: number;
  text: string;
  eol: "" | "\n" | "\r\n";
}

/** The line that starts at offset `start` (0 ≤ start < text length): the one place a Line is made. */
export function lineStartingAt(text: string, start: number, number: number): Line {
  const nl = lineFeedAfter(text, start);
  const end = lineTextEnd(text, start, nl);
  return { number, start, end, next: nl < 0 ? text.length : nl + 1, text: text.slice(start, end), eol: nl < 0 ? "" : end < nl ? "\r\n" : "\n" };
}

/** Split `text` into lines. A final terminator does not start another (empty) line. */
export function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  for (let start = 0; start < text.length; ) {
    const line = lineStartingAt(text, start, lines.length + 1);
    lines.push(line);
    start = line.next;
  }
  return lines;
}

/** The file's own line ending: CRLF when its first terminated line ends in CRLF. */
export function detectEol(units: Units): "\n" | "\r\n" {
  const nl = lineFeedAfter(units, 0);
  return nl > 0 && lineTextEnd(units, 0, nl) < nl ? "\r\n" : "\n";
}

/** Printable ASCII other than space: a character that `String.prototype.trim` keeps. */
export function keptByTrim(c: number): boolean {
  return c > 32 && c < 127;
}

/** True for a line with nothing but spaces and tabs. */
export function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

/** A markdown table's separator cell, trimmed: dashes with an optional colon at either end (`:-`, `---`, `-:`). */
export function isSeparatorCell(cell: string): boolean {
  const from = cell.charCodeAt(0) === 58 ? 1 : 0;
  const to = cell.length > from && cell.charCodeAt(cell.length - 1) === 58 ? cell.length - 1 : cell.length;
  if (to <= from) return false;
  for (let i = from; i < to; i++) if (cell.charCodeAt(i) !== 45) return false;
  return true;
}

/** Render inserted lines after `line`, keeping a missing final newline missing. */
export function insertLinesAfter(line: Line, newLines: readonly string[], eol: string): { start: number; end: number; insert: string } {
  // After an unterminated last line the insertion starts with the file's line ending instead.
  if (line.eol === "") return { start: line.end, end: line.end, insert: newLines.map((l) => eol + l).join("") };
  return { start: line.next, end: line.next, insert: newLines.map((l) => l + eol).join("") };
}

/**
 * The edit appending `blockLines` (without terminators) at the end of `text`, one blank line
 * after what is there: none in an empty file or after a blank last line, a terminator first
 * after an unterminated one. Every "add a block at the end" (a question, a DEC entry, a new
 * `## Awaiting human` section) goes through here, so they agree on the spacing.
 */
export function appendBlockEdit(text: string, blockLines: readonly string[]): TextEdit {
  const eol = detectEol(text);
  const at = text.length;
  let lead = "";
  if (at > 0 && !text.endsWith("\n")) lead = eol + eol;
  else if (at > 0) {
    // The last line, without its "\n": only the tail is read, however long the file.
    const start = at >= 2 ? text.lastIndexOf("\n", at - 2) + 1 : 0;
    if (!/^[ \t]*\r?$/.test(text.slice(start, at - 1))) lead = eol;
  }
  return { start: at, end: at, insert: lead + blockLines.map((l) => l + eol).join("") };
}

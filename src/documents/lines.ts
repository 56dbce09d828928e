// A text split into lines with their offsets and terminators, so parsers can point at
// positions and edits can splice whole lines without touching their neighbours.

import type { TextEdit } from "./text-edit.js";

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
  const nl = text.indexOf("\n", start);
  const crlf = nl > start && text.charCodeAt(nl - 1) === 13;
  const end = nl < 0 ? text.length : crlf ? nl - 1 : nl;
  return { number, start, end, next: nl < 0 ? text.length : nl + 1, text: text.slice(start, end), eol: nl < 0 ? "" : crlf ? "\r\n" : "\n" };
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
export function detectEol(text: string): "\n" | "\r\n" {
  const nl = text.indexOf("\n");
  return nl > 0 && text.charCodeAt(nl - 1) === 13 ? "\r\n" : "\n";
}

/** Printable ASCII other than space: a character that `String.prototype.trim` keeps. */
export function keptByTrim(c: number): boolean {
  return c > 32 && c < 127;
}

/** True for a line with nothing but spaces and tabs. */
export function isBlank(text: string): boolean {
  return /^[ \t]*$/.test(text);
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

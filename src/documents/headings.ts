// ATX headings outside code fences, and the sections they open. Every markdown file of
// the workspace is read through this view, so "a heading" means the same thing everywhere.
// The view indexes line starts and materialises a Line only when asked: a 10,000-question
// file has 137,000 lines, and allocating them all is most of what a resolve would cost.

import { fenceBlocksOf, maskOf, type FenceBlock } from "./fences.js";
import type { Line } from "./lines.js";

export interface Heading {
  /** Index into the document's lines. */
  index: number;
  level: number;
  /** Heading text, trimmed, closing `#` sequence removed. */
  text: string;
}

/** A document's lines with the fence mask and the headings outside fences. */
export interface MarkdownView {
  text: string;
  /** Number of lines (a final terminator does not start another line). */
  lineCount: number;
  /** Line `i` (0-based), materialised on first use. */
  line(i: number): Line;
  /** The text of line `i` without its terminator, without materialising a Line. */
  lineText(i: number): string;
  /** True when line `i` is a fence delimiter or inside a fenced code block. */
  isFenced(i: number): boolean;
  /** Every line (materialises them all: for small files and cold paths). */
  readonly lines: Line[];
  /** The fence mask as an array (materialised on first use). */
  readonly fenced: boolean[];
  fences: FenceBlock[];
  headings: Heading[];
}

// `s`: U+2028/U+2029 are ordinary characters inside a line, not ends of it.
const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/s;

/** Parse an ATX heading line; undefined when the line is not one. */
export function parseHeading(text: string): { level: number; text: string } | undefined {
  const m = ATX.exec(text);
  if (!m) return undefined;
  let body = m[2] ?? "";
  // A closing sequence of #s preceded by a space is not part of the text.
  body = body.replace(/(^|[ \t]+)#+$/, "").trim();
  return { level: (m[1] as string).length, text: body };
}

const NL = 10;
const CR = 13;
const SPACE = 32;
const HASH = 35;
const BACKTICK = 96;
const TILDE = 126;

/** Offsets where each line starts; a final terminator does not start another line. */
function lineStarts(text: string): Int32Array {
  let count = 0;
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) count++;
  const n = text.length === 0 ? 0 : text.charCodeAt(text.length - 1) === NL ? count : count + 1;
  const starts = new Int32Array(n);
  let at = 0;
  for (let i = 0; i < n; i++) {
    starts[i] = at;
    const nl = text.indexOf("\n", at);
    at = nl < 0 ? text.length : nl + 1;
  }
  return starts;
}

/** Build the structural view of a markdown document. */
export function viewOf(text: string): MarkdownView {
  const starts = lineStarts(text);
  const count = starts.length;
  const cache: (Line | undefined)[] = [];
  const line = (i: number): Line => {
    const hit = cache[i];
    if (hit) return hit;
    const start = starts[i] as number;
    const nl = text.indexOf("\n", start);
    const next = nl < 0 ? text.length : nl + 1;
    const crlf = nl > start && text.charCodeAt(nl - 1) === CR;
    const end = nl < 0 ? text.length : crlf ? nl - 1 : nl;
    const made: Line = { number: i + 1, start, end, next, text: text.slice(start, end), eol: nl < 0 ? "" : crlf ? "\r\n" : "\n" };
    cache[i] = made;
    return made;
  };
  // The first character after at most three spaces decides whether a line can be a fence
  // (a backtick or a tilde) or a heading (#); only those lines are materialised.
  // A byte-order mark is not part of the first line's markdown (CommonMark skips it too).
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const markdown = (i: number): string => (i === 0 && bom ? line(0).text.slice(1) : line(i).text);
  const lead = (i: number): number => {
    let at = (starts[i] as number) + (i === 0 ? bom : 0);
    for (let k = 0; k < 3 && text.charCodeAt(at) === SPACE; k++) at++;
    return text.charCodeAt(at);
  };
  const fences = fenceBlocksOf(count, (i) => {
    const c = lead(i);
    return c === BACKTICK || c === TILDE ? markdown(i) : "";
  });
  const mask = new Uint8Array(count);
  for (const b of fences) mask.fill(1, b.open, (b.close ?? count - 1) + 1);
  const headings: Heading[] = [];
  for (let i = 0; i < count; i++) {
    if (mask[i] || lead(i) !== HASH) continue;
    const h = parseHeading(markdown(i));
    if (h) headings.push({ index: i, ...h });
  }
  const lineText = (i: number): string => {
    const hit = cache[i];
    if (hit) return hit.text;
    const start = starts[i] as number;
    const nl = text.indexOf("\n", start);
    const end = nl < 0 ? text.length : nl > start && text.charCodeAt(nl - 1) === CR ? nl - 1 : nl;
    return text.slice(start, end);
  };
  let all: Line[] | undefined;
  let fencedArray: boolean[] | undefined;
  return {
    text,
    lineCount: count,
    line,
    lineText,
    isFenced: (i) => mask[i] === 1,
    get lines() {
      all ??= Array.from({ length: count }, (_, i) => line(i));
      return all;
    },
    get fenced() {
      fencedArray ??= maskOf(count, fences);
      return fencedArray;
    },
    fences,
    headings,
  };
}

/**
 * The line index where the section opened by the heading at `index` ends (exclusive):
 * the next heading of level ≤ `maxLevel`, or the end of the document.
 */
export function sectionEnd(view: MarkdownView, index: number, maxLevel = 2): number {
  for (const h of view.headings) {
    if (h.index > index && h.level <= maxLevel) return h.index;
  }
  return view.lineCount;
}

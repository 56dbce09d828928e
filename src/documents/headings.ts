// ATX headings outside code fences, and the sections they open. Every markdown file of
// the workspace is read through this view, so "a heading" means the same thing everywhere.

import { fenceBlocks, fenceMask, type FenceBlock } from "./fences.js";
import { splitLines, type Line } from "./lines.js";

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
  lines: Line[];
  fenced: boolean[];
  fences: FenceBlock[];
  headings: Heading[];
}

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/;

/** Parse an ATX heading line; undefined when the line is not one. */
export function parseHeading(text: string): { level: number; text: string } | undefined {
  const m = ATX.exec(text);
  if (!m) return undefined;
  let body = m[2] ?? "";
  // A closing sequence of #s preceded by a space is not part of the text.
  body = body.replace(/(^|[ \t]+)#+$/, "").trim();
  return { level: (m[1] as string).length, text: body };
}

/** Build the structural view of a markdown document. */
export function viewOf(text: string): MarkdownView {
  const lines = splitLines(text);
  const fences = fenceBlocks(lines);
  const fenced = fenceMask(lines, fences);
  const headings: Heading[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (fenced[i]) continue;
    const t = (lines[i] as Line).text;
    if (t.length === 0 || (t[0] !== "#" && t[0] !== " ")) continue;
    const h = parseHeading(t);
    if (h) headings.push({ index: i, ...h });
  }
  return { text, lines, fenced, fences, headings };
}

/**
 * The line index where the section opened by the heading at `index` ends (exclusive):
 * the next heading of level ≤ `maxLevel`, or the end of the document.
 */
export function sectionEnd(view: MarkdownView, index: number, maxLevel = 2): number {
  for (const h of view.headings) {
    if (h.index > index && h.level <= maxLevel) return h.index;
  }
  return view.lines.length;
}

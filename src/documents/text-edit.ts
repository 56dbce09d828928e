// Edits as splices against the original text: every byte outside an edit's range is kept.
// Builders return TextEdit[]; applyEdits is the only place that turns them into new text.

import type { FileRange } from "./bytes.js";

/**
 * A file's new content: a string, or pieces written in order (untouched bytes never decoded):
 * bytes, or ranges of a file still on disk (bytes.ts), copied from it as they are written.
 */
export type FileContent = string | readonly ContentPiece[];
export type ContentPiece = Uint8Array | FileRange;

/** Replace `text[start, end)` with `insert`. A pure insertion has start === end. */
export interface TextEdit {
  start: number;
  end: number;
  insert: string;
}

/**
 * Apply non-overlapping edits to `text`. `applyEdits(text, [])` returns `text` unchanged.
 * Insertions at the same offset keep the order they were given in.
 * @throws Error when two edits overlap (a bug in an edit builder, never user input).
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  if (edits.length === 0) return text;
  // Array.prototype.sort is stable (ES2019): same-offset insertions keep their given order.
  let inOrder = true;
  for (let k = 1; k < edits.length && inOrder; k++) {
    const a = edits[k - 1]!;
    const b = edits[k]!;
    inOrder = a.start < b.start || (a.start === b.start && a.end <= b.end);
  }
  const sorted = inOrder ? edits : [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const parts: string[] = [];
  let at = 0;
  for (const e of sorted) {
    if (e.start < at || e.end < e.start || e.end > text.length) {
      throw new Error(`overlapping or out-of-range edit [${e.start}, ${e.end}) at ${at}`);
    }
    parts.push(text.slice(at, e.start), e.insert);
    at = e.end;
  }
  parts.push(text.slice(at));
  return parts.join("");
}

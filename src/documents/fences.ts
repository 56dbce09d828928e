// CommonMark code-fence masking: lines inside a fence (and the fence lines themselves)
// are never read as fields, headings or sections by any parser of the engine.

import type { Line } from "./lines.js";

/** Every fence line holds one of these where its markdown starts (a search for candidates finds them). */
export const FENCE_MARKS = ["```", "~~~"] as const;

const FENCE_OPEN = /^( {0,3})(`{3,}|~{3,})(.*)$/s;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

/** A fenced code block: its opening line and its closing line (undefined: runs to end of file). */
export interface FenceBlock {
  open: number;
  close: number | undefined;
}

/**
 * The fenced code blocks of a document of `count` lines, in order. `lineText(i)` may return
 * "" for a line that cannot open or close a fence (one not starting with a space, `` ` `` or
 * `~`): that is how the view scans a large file without slicing every line.
 */
function fenceBlocksOf(count: number, lineText: (i: number) => string): FenceBlock[] {
  const blocks: FenceBlock[] = [];
  let current: FenceBlock | undefined;
  let fenceChar = "";
  let fenceLen = 0;
  for (let i = 0; i < count; i++) {
    const text = lineText(i);
    if (text.length < 3) continue;
    if (!current) {
      const m = FENCE_OPEN.exec(text);
      if (!m) continue;
      const run = m[2] as string;
      // A backtick fence's info string may not contain a backtick (CommonMark 4.5).
      if (run[0] === "`" && (m[3] as string).includes("`")) continue;
      fenceChar = run[0] as string;
      fenceLen = run.length;
      current = { open: i, close: undefined };
      blocks.push(current);
    } else {
      const m = FENCE_CLOSE.exec(text);
      if (m && (m[1] as string)[0] === fenceChar && (m[1] as string).length >= fenceLen) {
        current.close = i;
        current = undefined;
      }
    }
  }
  return blocks;
}

/**
 * The fenced code blocks among a document's candidate lines — every line that can open or
 * close a fence, named by any key in document order (a line index, a byte offset) — with
 * `open` and `close` given as those keys. Other lines cannot open or close a fence, so
 * deciding on the candidates alone gives the same blocks as reading every line.
 */
export function fenceBlocksAmong(candidates: readonly number[], lineText: (key: number) => string): FenceBlock[] {
  return fenceBlocksOf(candidates.length, (k) => lineText(candidates[k]!)).map((b) => ({
    open: candidates[b.open]!,
    close: b.close === undefined ? undefined : candidates[b.close]!,
  }));
}

/** The fenced code blocks of a document, in order. */
function fenceBlocks(lines: readonly Line[]): FenceBlock[] {
  return fenceBlocksOf(lines.length, (i) => (lines[i] as Line).text);
}

/** Per line, true when it is a fence delimiter or inside a fenced code block. */
export function fenceMask(lines: readonly Line[], blocks: readonly FenceBlock[] = fenceBlocks(lines)): boolean[] {
  return maskOf(lines.length, blocks);
}

/** The fence mask of `count` lines from their blocks. */
export function maskOf(count: number, blocks: readonly FenceBlock[]): boolean[] {
  const mask = new Array<boolean>(count).fill(false);
  for (const b of blocks) {
    const end = b.close ?? count - 1;
    for (let i = b.open; i <= end; i++) mask[i] = true;
  }
  return mask;
}

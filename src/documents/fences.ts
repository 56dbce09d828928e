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
 * The fence rules read one line at a time in document order: what each line that can open or
 * close a fence does to the fence state. Every reader of fences goes through it, the ones that
 * see a whole document (fenceBlocksOf) and the one that reads a file window by window.
 */
export class FenceTracker {
  #char = "";
  #len = 0;
  /** True while a fence is open: the lines that follow are inside it until one closes it. */
  open = false;

  /** Read the next line (in document order); "open" or "close" when it opens or closes a fence. */
  step(text: string): "open" | "close" | undefined {
    if (text.length < 3) return undefined;
    if (!this.open) {
      const m = FENCE_OPEN.exec(text);
      if (!m) return undefined;
      const run = m[2] as string;
      // A backtick fence's info string may not contain a backtick (CommonMark 4.5).
      if (run[0] === "`" && (m[3] as string).includes("`")) return undefined;
      this.#char = run[0] as string;
      this.#len = run.length;
      this.open = true;
      return "open";
    }
    const m = FENCE_CLOSE.exec(text);
    if (m && (m[1] as string)[0] === this.#char && (m[1] as string).length >= this.#len) {
      this.open = false;
      return "close";
    }
    return undefined;
  }
}

/**
 * The fenced code blocks of a document of `count` lines, in order. `lineText(i)` may return
 * "" for a line that cannot open or close a fence (one not starting with a space, `` ` `` or
 * `~`): that is how the view scans a large file without slicing every line.
 */
function fenceBlocksOf(count: number, lineText: (i: number) => string): FenceBlock[] {
  const blocks: FenceBlock[] = [];
  const fence = new FenceTracker();
  let current: FenceBlock | undefined;
  for (let i = 0; i < count; i++) {
    const step = fence.step(lineText(i));
    if (step === "open") blocks.push((current = { open: i, close: undefined }));
    else if (step === "close") current!.close = i;
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

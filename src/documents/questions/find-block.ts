// Find a few questions' blocks in the bytes of questions.md without decoding the file. A
// resolve in a large file edits one block: decoding the whole file into a string, indexing
// every line and encoding it all again cost more than the rest of the command together, and
// on the bench machine even holding the whole file in memory does (docs/performance.md), so
// the bytes may come as a run of windows read through one reused buffer.
// The answer is parseQuestions' answer (test/property/find-block.test.ts keeps it so): the
// native Buffer.indexOf finds the fence candidates and the mentions of the ids, and only
// those lines are decoded; every rule is the block grammar's (block-grammar.ts), read here
// over the bytes: line end, BOM, markdown start, headings, fences, where a block ends.

import { FenceTracker } from "../fences.js";
import { detectEol } from "../lines.js";
import {
  BLOCK_LEVEL, FENCE_MARKS, bomLength, endsBlock, lineFeedAfter, lineStartOf, lineTextEnd, markdownStart, parseHeading, questionIdOf,
} from "./block-grammar.js";
import type { Bytes } from "../bytes.js";

/** A block's byte range: its heading line's start up to the next level-1/2 heading (or the end). */
export interface ByteSpan {
  start: number;
  end: number;
}

const HASH = 35;
const LF = 10;
const NONE = Number.MAX_SAFE_INTEGER;

/** Push to `out` the start of each line of `w` holding `needle` where `keep(lineStart, at)` says so, once per line. */
function linesWith(w: Bytes, needle: string, out: number[], keep: (lineStart: number, at: number) => boolean): void {
  for (let at = w.indexOf(needle); at >= 0; at = w.indexOf(needle, at + 1)) {
    const start = lineStartOf(w, at);
    if (!keep(start, at)) continue;
    out.push(start);
    // The rest of the line cannot add another start.
    const lf = lineFeedAfter(w, at);
    if (lf < 0) break;
    at = lf;
  }
}

/** Sorted, without repeats (in place). */
function sortedUnique(xs: number[]): number[] {
  xs.sort((a, b) => a - b);
  let n = 0;
  for (const x of xs) if (n === 0 || xs[n - 1] !== x) xs[n++] = x;
  xs.length = n;
  return xs;
}

/**
 * The blocks of the `wanted` ids, found in questions.md read as windows in file order. Each
 * window holds whole lines: it ends after an LF, or at the end of the file (a file in one piece
 * is one window). Lines are read only where the grammar needs them — fence candidates, the
 * lines mentioning a wanted id, and while a wanted block is open the `#` lines that may end it —
 * and always in file order, so the fence state at each is known.
 */
export class BlockScan {
  readonly #wanted: ReadonlySet<string>;
  readonly #spans = new Map<string, ByteSpan[]>();
  readonly #fence = new FenceTracker();
  /** The wanted block whose end is not found yet: its id and start. */
  #open: { id: string; start: number } | undefined;
  #bom = 0;
  #size = 0;
  #eol: "\n" | "\r\n" = "\n";
  #ended = false;

  constructor(wanted: Iterable<string>) {
    const ids = new Set<string>();
    for (const id of wanted) if (id !== "") ids.add(id);
    this.#wanted = ids;
    for (const id of ids) this.#spans.set(id, []);
  }

  /** Read the next window (whole lines; the previous window ended after an LF). */
  feed(w: Bytes): void {
    if (this.#ended) throw new Error("a window after the end of the file (a window must end after an LF unless it is the last)");
    const base = this.#size;
    if (base === 0) {
      this.#bom = bomLength(w);
      this.#eol = detectEol(w);
    }
    this.#size += w.length;
    if (w.length === 0 || w[w.length - 1] !== LF) this.#ended = true;
    if (w.length === 0 || this.#wanted.size === 0) return;
    const bom = base === 0 ? this.#bom : 0;
    const leadOf = (start: number) => markdownStart(w, start, bom);
    const textOf = (start: number) => w.toString("utf8", start === 0 ? bom : start, lineTextEnd(w, start, lineFeedAfter(w, start)));
    const nextOf = (start: number) => {
      const lf = lineFeedAfter(w, start);
      return lf < 0 ? w.length : lf + 1;
    };
    // Every fence line holds three backticks or tildes where its markdown starts.
    const fences: number[] = [];
    for (const run of FENCE_MARKS) linesWith(w, run, fences, (start, at) => leadOf(start) === at);
    sortedUnique(fences);
    const mentions: number[] = [];
    for (const id of this.#wanted) linesWith(w, id, mentions, () => true);
    sortedUnique(mentions);
    /** The next line at or after `from` whose markdown starts with `#` (NONE when there is none). */
    const hashLine = (from: number): number => {
      for (let at = w.indexOf(HASH, from); at >= 0; ) {
        const start = lineStartOf(w, at);
        if (leadOf(start) === at) return start;
        const next = nextOf(start);
        if (next >= w.length) break;
        at = w.indexOf(HASH, next);
      }
      return NONE;
    };
    let f = 0;
    let m = 0;
    let from = 0;
    let hash = -1;
    for (;;) {
      // Only while a wanted block is open do `#` lines matter (one of them ends it).
      if (this.#open !== undefined && hash < from) hash = hashLine(from);
      const fence = fences[f] ?? NONE;
      const mention = mentions[m] ?? NONE;
      const line = Math.min(fence, mention, this.#open !== undefined ? hash : NONE);
      if (line === NONE) break;
      if (fence === line) f++;
      if (mention === line) m++;
      from = nextOf(line);
      if (fence === line) {
        // A fence line is never a heading (its markdown starts with a backtick or tilde).
        this.#fence.step(textOf(line));
        continue;
      }
      if (this.#fence.open || w[leadOf(line)] !== HASH) continue;
      const h = parseHeading(textOf(line));
      if (h === undefined) continue;
      if (this.#open !== undefined && endsBlock(h.level)) this.#close(base + line);
      if (mention !== line || h.level !== BLOCK_LEVEL) continue;
      const id = questionIdOf(h.text)?.id;
      if (id !== undefined && this.#wanted.has(id)) this.#open = { id, start: base + line };
    }
  }

  #close(end: number): void {
    const open = this.#open!;
    this.#spans.get(open.id)!.push({ start: open.start, end });
    this.#open = undefined;
  }

  /** The file's own line ending (from its first line). */
  get eol(): "\n" | "\r\n" {
    return this.#eol;
  }

  /** After the last window: the spans of each wanted id, in file order (none, one, or duplicates). */
  end(): ReadonlyMap<string, ByteSpan[]> {
    if (this.#open !== undefined) this.#close(this.#size);
    this.#ended = true;
    return this.#spans;
  }
}

/**
 * The byte spans of every `## <qid>` block of questions.md, in file order (none when the id
 * names no block; more than one when it is duplicated). `bytes` must be valid UTF-8.
 */
export function questionBlockSpans(bytes: Bytes, qid: string): ByteSpan[] {
  const scan = new BlockScan([qid]);
  scan.feed(bytes);
  return scan.end().get(qid) ?? [];
}

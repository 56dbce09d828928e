// Find one question's blocks in the bytes of questions.md without decoding the file. A
// resolve in a large file edits one block: decoding the whole file into a string, indexing
// every line and encoding it all again cost more than the rest of the command together.
// The answer is parseQuestions' answer (test/property/find-block.test.ts keeps it so): the
// native Buffer.indexOf finds the fence candidates and the mentions of the id, and only
// those lines are decoded; every rule is the block grammar's (block-grammar.ts), read here
// over the bytes: line end, BOM, markdown start, headings, fences, where a block ends.

import {
  BLOCK_LEVEL, FENCE_MARKS, bomLength, endsBlock, fenceBlocksAmong, lineFeedAfter, lineStartOf, lineTextEnd, markdownStart, parseHeading, questionIdOf,
} from "./block-grammar.js";
import type { Bytes } from "../bytes.js";

/** A block's byte range: its heading line's start up to the next level-1/2 heading (or the end). */
export interface ByteSpan {
  start: number;
  end: number;
}

const HASH = 35;

/** The lines of `bytes` read for structure (by the block grammar's line rules), with where each starts and its text. */
class ByteLines {
  private readonly bom: number;

  constructor(readonly bytes: Bytes) {
    this.bom = bomLength(bytes);
  }

  /** Where the line holding byte `at` starts. */
  startOf(at: number): number {
    return lineStartOf(this.bytes, at);
  }

  /** Where the line after the one starting at `start` starts (the length at the end). */
  nextOf(start: number): number {
    const nl = lineFeedAfter(this.bytes, start);
    return nl < 0 ? this.bytes.length : nl + 1;
  }

  /** Where the markdown of a line starts (markdownStart). */
  leadOf(start: number): number {
    return markdownStart(this.bytes, start, this.bom);
  }

  /** The line's markdown text: without its terminator and without a BOM. */
  textOf(start: number): string {
    const end = lineTextEnd(this.bytes, start, lineFeedAfter(this.bytes, start));
    return this.bytes.toString("utf8", start === 0 ? this.bom : start, end);
  }
}

/**
 * The fenced regions of the file as byte ranges [start, end): a fence's opening line up to
 * past its closing line, or to the end of the file when it is never closed.
 */
function fencedRanges(lines: ByteLines): ByteSpan[] {
  const { bytes } = lines;
  // Every fence line holds three backticks or tildes where its markdown starts.
  const starts = new Set<number>();
  for (const run of FENCE_MARKS) {
    for (let at = bytes.indexOf(run); at >= 0; at = bytes.indexOf(run, at + 1)) {
      const start = lines.startOf(at);
      if (lines.leadOf(start) === at) {
        starts.add(start);
        at = lines.nextOf(start) - 1;
      }
    }
  }
  if (starts.size === 0) return [];
  const candidates = [...starts].sort((a, b) => a - b);
  return fenceBlocksAmong(candidates, (start) => lines.textOf(start)).map((b) => ({
    start: b.open,
    end: b.close === undefined ? bytes.length : lines.nextOf(b.close),
  }));
}

/** True when the line starting at `start` lies in one of the sorted, disjoint `ranges`. */
function inRanges(ranges: readonly ByteSpan[], start: number): boolean {
  let lo = 0;
  let hi = ranges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const r = ranges[mid]!;
    if (start < r.start) hi = mid;
    else if (start >= r.end) lo = mid + 1;
    else return true;
  }
  return false;
}

/**
 * The byte spans of every `## <qid>` block of questions.md, in file order (none when the id
 * names no block; more than one when it is duplicated). `bytes` must be valid UTF-8.
 */
export function questionBlockSpans(bytes: Bytes, qid: string): ByteSpan[] {
  return blockFinder(bytes)(qid);
}

/**
 * questionBlockSpans for many ids of one file: the fences are found once, on the first call
 * (a resolve of many questions would otherwise scan the whole file for fence lines once each).
 */
export function blockFinder(bytes: Bytes): (qid: string) => ByteSpan[] {
  const lines = new ByteLines(bytes);
  let fenced: ByteSpan[] | undefined;
  const heading = (start: number) => {
    fenced ??= fencedRanges(lines);
    if (inRanges(fenced, start) || bytes[lines.leadOf(start)] !== HASH) return undefined;
    return parseHeading(lines.textOf(start));
  };
  return (qid) => {
    const spans: ByteSpan[] = [];
    if (qid === "" || bytes.length === 0) return spans;
    let lastLine = -1;
    for (let at = bytes.indexOf(qid); at >= 0; at = bytes.indexOf(qid, at + 1)) {
      const start = lines.startOf(at);
      if (start === lastLine) continue;
      lastLine = start;
      const h = heading(start);
      if (h?.level !== BLOCK_LEVEL || questionIdOf(h.text)?.id !== qid) continue;
      // The block runs to the next heading of level 1 or 2 outside a fence.
      let end = bytes.length;
      for (let next = lines.nextOf(start); next < bytes.length; ) {
        const hash = bytes.indexOf(HASH, next);
        if (hash < 0) break;
        const line = lines.startOf(hash);
        if (lines.leadOf(line) === hash) {
          const level = heading(line)?.level;
          if (level !== undefined && endsBlock(level)) {
            end = line;
            break;
          }
        }
        next = lines.nextOf(hash);
      }
      spans.push({ start, end });
    }
    return spans;
  };
}

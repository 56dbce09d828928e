// Find one question's blocks in the bytes of questions.md without decoding the file. A
// resolve in a 10,000-question file edits one block: decoding 3 MB into a string, indexing
// 137,000 lines and encoding it all again cost more than the rest of the command together.
// The answer is parseQuestions' answer (test/property/find-block.test.ts keeps it so): the
// native Buffer.indexOf finds the fence candidates and the mentions of the id, and only
// those lines are decoded and read by the same heading and fence rules the view uses.

import { fenceBlocksAmong } from "../fences.js";
import { parseHeading } from "../markdown-view.js";
import { questionIdOf } from "./parse-questions.js";
import type { Bytes } from "../bytes.js";

/** A block's byte range: its heading line's start up to the next level-1/2 heading (or the end). */
export interface ByteSpan {
  start: number;
  end: number;
}

const NL = 10;
const CR = 13;
const SPACE = 32;
const HASH = 35;
const BOM = [0xef, 0xbb, 0xbf];

/** The lines of `bytes` read for structure, with where each starts and its text. */
class ByteLines {
  private readonly bom: number;

  constructor(readonly bytes: Bytes) {
    this.bom = bytes[0] === BOM[0] && bytes[1] === BOM[1] && bytes[2] === BOM[2] ? 3 : 0;
  }

  /** Where the line holding byte `at` starts. */
  startOf(at: number): number {
    return at <= 0 ? 0 : this.bytes.lastIndexOf(NL, at - 1) + 1;
  }

  /** Where the line after the one starting at `start` starts (the length at the end). */
  nextOf(start: number): number {
    const nl = this.bytes.indexOf(NL, start);
    return nl < 0 ? this.bytes.length : nl + 1;
  }

  /** Where the markdown of a line starts: after a BOM on the first line and up to three spaces. */
  leadOf(start: number): number {
    let at = start + (start === 0 ? this.bom : 0);
    for (let k = 0; k < 3 && this.bytes[at] === SPACE; k++) at++;
    return at;
  }

  /** The line's markdown text: without its terminator (`\n` or `\r\n`) and without a BOM. */
  textOf(start: number): string {
    const nl = this.bytes.indexOf(NL, start);
    let end = nl < 0 ? this.bytes.length : nl;
    if (nl > start && this.bytes[nl - 1] === CR) end--;
    return this.bytes.toString("utf8", start + (start === 0 ? this.bom : 0), end);
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
  for (const run of ["```", "~~~"]) {
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
 * (a resolve of 15 questions would otherwise scan 3 MB for fence lines 15 times).
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
      if (h?.level !== 2 || questionIdOf(h.text)?.id !== qid) continue;
      // The block runs to the next heading of level 1 or 2 outside a fence.
      let end = bytes.length;
      for (let next = lines.nextOf(start); next < bytes.length; ) {
        const hash = bytes.indexOf(HASH, next);
        if (hash < 0) break;
        const line = lines.startOf(hash);
        if (lines.leadOf(line) === hash) {
          const level = heading(line)?.level;
          if (level !== undefined && level <= 2) {
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

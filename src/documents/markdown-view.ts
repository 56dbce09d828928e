// The markdown view every parser reads through: ATX headings outside code fences, and the
// sections they open, so "a heading" means the same thing in every workspace file.
// The view indexes line starts and materialises a Line only when asked: a 10,000-question
// file has 137,000 lines, and allocating them all is most of what a resolve would cost.

import { fenceBlocksAmong, maskOf, type FenceBlock } from "./fences.js";
import { LEAD_SPACES, bomLength, keptByTrim, lineStartingAt, lineFeedAfter, lineTextEnd, markdownStart, type Line } from "./lines.js";
import type { Bytes } from "./bytes.js";

export interface Heading {
  /** Index into the document's lines. */
  index: number;
  level: number;
  /** Heading text, trimmed, closing `#` sequence removed. */
  text: string;
}

/**
 * A document's lines with the fence mask and the headings outside fences. A view made from a
 * file's bytes (viewOfBytes) reads its structure in a one-byte copy of them: `text` then holds
 * one character per byte (Latin-1), every offset is a byte offset, and ASCII — all that decides
 * a line, a fence, a heading or a key — reads the same as in the decoded text. Strings taken out
 * of such a view come from slice(), lineText() and line(), which decode UTF-8; `text` itself
 * is for comparing ASCII in place and is never shown.
 */
export interface MarkdownView {
  text: string;
  /** The document's text between two offsets (decoded from the bytes in a view of bytes). */
  slice(from: number, to: number): string;
  /** True for a view of bytes (viewOfBytes): `text` is their Latin-1 reading, offsets count bytes. */
  readonly fromBytes: boolean;
  /** A view of bytes' UTF-8 file (undefined for a view of text): for a search that reads bytes, never to be changed. */
  readonly bytes?: Bytes;
  /** Number of lines (a final terminator does not start another line). */
  lineCount: number;
  /** Line `i` (0-based), made on demand. */
  line(i: number): Line;
  /** Where line `i` starts (the text's length for `i` = lineCount), without materialising a Line. */
  lineStart(i: number): number;
  /**
   * The index of the line holding offset `offset` (0 ≤ offset < text length); a caller that
   * knows it is among lines [from, to) narrows the search to them.
   */
  lineAt(offset: number, from?: number, to?: number): number;
  /** The text of line `i` without its terminator, without materialising a Line. */
  lineText(i: number): string;
  /** Where the text of line `i` ends (before its LF or CRLF): `text.slice(lineStart(i), lineEnd(i))` is lineText(i). */
  lineEnd(i: number): number;
  /** True when line `i` is a fence delimiter or inside a fenced code block. */
  isFenced(i: number): boolean;
  /**
   * Where each line starts (lineCount entries) and, per line, 1 when it is fenced: the view's
   * own arrays, for a pass over every line of a large file without a call per line. Read only.
   */
  readonly lineStarts: Int32Array;
  readonly fenceFlags: Uint8Array;
  /** Every line (materialises them all: for small files and cold paths). */
  readonly lines: Line[];
  /** The fence mask as an array (materialised on first use). */
  readonly fenced: boolean[];
  fences: FenceBlock[];
  headings: Heading[];
}

// `s`: U+2028/U+2029 are ordinary characters inside a line, not ends of it. The text is taken
// whole and its trailing spaces and tabs cut by a loop: a lazy group before `[ \t]*$` would
// backtrack quadratically over a long run of spaces inside the heading.
const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*))?$/s;

const isBlank = (c: number) => c === 32 || c === 9;

/** Parse an ATX heading line; undefined when the line is not one. */
export function parseHeading(text: string): { level: number; text: string } | undefined {
  const m = ATX.exec(text);
  if (!m) return undefined;
  const raw = m[2] ?? "";
  let end = raw.length;
  while (end > 0 && isBlank(raw.charCodeAt(end - 1))) end--;
  // A closing sequence of #s is not part of the text when it is all of it or follows a space or tab.
  let hashes = end;
  while (hashes > 0 && raw.charCodeAt(hashes - 1) === 35) hashes--;
  if (hashes < end && (hashes === 0 || isBlank(raw.charCodeAt(hashes - 1)))) {
    end = hashes;
    while (end > 0 && isBlank(raw.charCodeAt(end - 1))) end--;
  }
  return { level: (m[1] as string).length, text: raw.slice(0, end).trim() };
}

const SPACE = 32;
const HASH = 35;
const BACKTICK = 96;
const TILDE = 126;

/**
 * One pass over the lines: where each starts (a final terminator does not start another
 * line), and which lines can be fences (a backtick or tilde first, after a BOM on the first
 * line and at most three spaces) or headings (a `#` first). Only those are read again.
 */
function scanLines(text: string, bom: number): { starts: Int32Array; fenceLines: number[]; headingLines: number[] } {
  // Room for a line per 16 characters: a questions.md line averages about 23, so no growth.
  let starts = new Int32Array(Math.max(16, text.length >> 4));
  const fenceLines: number[] = [];
  const headingLines: number[] = [];
  let n = 0;
  for (let at = 0; at < text.length; ) {
    if (n === starts.length) {
      const grown = new Int32Array(starts.length * 2);
      grown.set(starts);
      starts = grown;
    }
    starts[n] = at;
    // A line's markdown starts at its first character unless the line is the first (the BOM)
    // or starts with a space; then markdownStart is asked only when a `#`, backtick or tilde is
    // among the LEAD_SPACES characters after it (a call for each indented line costs the pass).
    let c = text.charCodeAt(at);
    if (n === 0) c = text.charCodeAt(markdownStart(text, at, bom));
    else if (c === SPACE) {
      for (let k = 1; k <= LEAD_SPACES; k++) {
        const d = text.charCodeAt(at + k);
        if (d === HASH || d === BACKTICK || d === TILDE) {
          c = text.charCodeAt(markdownStart(text, at, bom));
          break;
        }
      }
    }
    if (c === HASH) headingLines.push(n);
    else if (c === BACKTICK || c === TILDE) fenceLines.push(n);
    n++;
    const nl = text.indexOf("\n", at);
    at = nl < 0 ? text.length : nl + 1;
  }
  return { starts: starts.subarray(0, n), fenceLines, headingLines };
}

/**
 * The view as a class: a command may build a thousand of them (one per question block of a
 * batch), and methods on a prototype cost nothing per view where closures would.
 */
class TextView implements MarkdownView {
  readonly lineCount: number;
  readonly fences: FenceBlock[];
  readonly headings: Heading[] = [];
  private readonly starts: Int32Array;
  private readonly bom: number;
  private readonly mask: Uint8Array;
  readonly lineStarts: Int32Array;
  readonly fenceFlags: Uint8Array;
  private all: Line[] | undefined;
  private fencedArray: boolean[] | undefined;
  readonly fromBytes: boolean;

  /**
   * `bytes`: the UTF-8 file that `text` is the Latin-1 reading of (viewOfBytes), or undefined
   * when `text` is the decoded document.
   */
  constructor(
    readonly text: string,
    readonly bytes?: Bytes,
  ) {
    // A byte-order mark is not part of the first line's markdown (CommonMark skips it too):
    // U+FEFF, three bytes in a view of bytes.
    this.fromBytes = bytes !== undefined;
    this.bom = bomLength(bytes ?? text);
    const { starts, fenceLines, headingLines } = scanLines(text, this.bom);
    const count = starts.length;
    this.starts = starts;
    this.lineCount = count;
    this.fences = fenceBlocksAmong(fenceLines, (i) => this.markdown(i));
    const mask = new Uint8Array(count);
    for (const b of this.fences) mask.fill(1, b.open, (b.close ?? count - 1) + 1);
    this.mask = mask;
    this.lineStarts = starts;
    this.fenceFlags = mask;
    for (const i of headingLines) {
      if (mask[i]) continue;
      const plain = this.plainHeading(i);
      if (plain) {
        this.headings.push(plain);
        continue;
      }
      const h = parseHeading(this.markdown(i));
      if (h) this.headings.push({ index: i, level: h.level, text: h.text });
    }
  }

  /**
   * Line `i` as a heading when it is the usual one — one to six `#` from column 0, one space,
   * and text that starts and ends with a printable ASCII character other than `#` — read in
   * place: parseHeading's reading of it, without its regex, match array and trim, and made
   * as the Heading itself (40,000 headings: each object made is one more for the young
   * generation to copy). Undefined for any other line, which parseHeading then reads.
   */
  private plainHeading(i: number): Heading | undefined {
    const { text } = this;
    const a = this.starts[i]! + (i === 0 ? this.bom : 0);
    const b = this.lineEnd(i);
    let j = a;
    while (j < b && j - a < 7 && text.charCodeAt(j) === HASH) j++;
    const level = j - a;
    if (level < 1 || level > 6 || text.charCodeAt(j) !== SPACE || j + 1 >= b) return undefined;
    const first = text.charCodeAt(j + 1);
    const last = text.charCodeAt(b - 1);
    if (!keptByTrim(first) || !keptByTrim(last) || last === HASH) return undefined;
    return { index: i, level, text: this.slice(j + 1, b) };
  }

  private markdown(i: number): string {
    const t = this.lineText(i);
    // The decoded first line starts with the one character U+FEFF in either kind of view.
    return i === 0 && this.bom ? t.slice(1) : t;
  }

  slice(from: number, to: number): string {
    const { text, bytes } = this;
    if (bytes) {
      // ASCII is its own decoding: only a range with a byte above 0x7f is decoded.
      for (let k = from; k < to; k++) if (text.charCodeAt(k) > 0x7f) return bytes.toString("utf8", from, to);
    }
    return text.slice(from, to);
  }

  /** Line `i`, made on each call unless every line is materialised (no sparse cache: a 43,000-line view would turn it into a dictionary). */
  line(i: number): Line {
    const hit = this.all?.[i];
    if (hit) return hit;
    const line = lineStartingAt(this.text, this.starts[i]!, i + 1);
    if (this.bytes) line.text = this.slice(line.start, line.end);
    return line;
  }

  lineStart(i: number): number {
    return i < this.lineCount ? this.starts[i]! : this.text.length;
  }

  lineAt(offset: number, from = 0, to = this.lineCount): number {
    const { starts } = this;
    let lo = from;
    let hi = to - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  lineText(i: number): string {
    const hit = this.all?.[i];
    if (hit) return hit.text;
    return this.slice(this.starts[i]!, this.lineEnd(i));
  }

  lineEnd(i: number): number {
    const start = this.starts[i]!;
    // The next line starts right after this one's LF: no search (but for the last line).
    return lineTextEnd(this.text, start, i + 1 < this.lineCount ? this.starts[i + 1]! - 1 : lineFeedAfter(this.text, start));
  }

  isFenced(i: number): boolean {
    return this.mask[i] === 1;
  }

  get lines(): Line[] {
    return (this.all ??= Array.from({ length: this.lineCount }, (_, i) => this.line(i)));
  }

  get fenced(): boolean[] {
    return (this.fencedArray ??= maskOf(this.lineCount, this.fences));
  }
}

/** Build the structural view of a markdown document. */
export function viewOf(text: string): MarkdownView {
  return new TextView(text);
}

/**
 * The view of a UTF-8 file read from its bytes, without decoding the whole of it: the same
 * lines, fences and headings as viewOf(bytes.toString("utf8")), and the same strings from
 * slice, lineText and line, but offsets count bytes. For read-only listings of large files:
 * decoding a file with some non-ASCII in it makes a two-byte string twice its size, slower than
 * the one-byte copy (docs/performance.md, Reading a large file). `bytes` must be valid UTF-8
 * (the workspace's reads check it).
 */
export function viewOfBytes(bytes: Bytes): MarkdownView {
  return new TextView(latin1Of(bytes), bytes);
}

/** Below Node's size for a decoded string kept outside V8's heap (an external string). */
export const LATIN1_PIECE = 960 * 1024;

/**
 * `bytes.toString("latin1")` as an ordinary (sequential) string. Node makes a larger decoded
 * string external, and every `charCodeAt` of an external string costs V8 several times the
 * instructions of one on an ordinary string (and so does every string sliced from it); pieces
 * below that size are ordinary strings, and joining them copies them into one
 * (docs/performance.md, Reading a large file).
 */
function latin1Of(bytes: Bytes): string {
  if (bytes.length <= LATIN1_PIECE) return bytes.toString("latin1");
  const pieces: string[] = [];
  for (let at = 0; at < bytes.length; at += LATIN1_PIECE) pieces.push(bytes.toString("latin1", at, Math.min(bytes.length, at + LATIN1_PIECE)));
  return pieces.join("");
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

// questions.md seen block by block: a command that edits a few question blocks finds them,
// cuts their text out, edits each as a document of its own, and splices the new text back.
// Every byte outside the edited blocks is kept as it was, and a file given as bytes is
// never decoded or re-encoded as a whole when only a few blocks are wanted.

import { detectEol } from "../lines.js";
import { applyEdits, type ContentPiece, type TextEdit } from "../text-edit.js";
import { BlockScan, type ByteSpan } from "./find-block.js";
import { parseQuestions, type QuestionBlock, type QuestionsDoc } from "./parse-questions.js";
import type { Bytes, FileBytes } from "../bytes.js";

/** A block's range in the source: UTF-16 offsets for a string, byte offsets for bytes. */
export type BlockSpan = ByteSpan;


/** One block of the file with a parsed document to build its edits on. */
export interface OpenBlock {
  span: BlockSpan;
  /** The span's text. */
  text: string;
  /** The document `block` is read from and its edits are built on: the whole file, or the block alone. */
  doc: QuestionsDoc;
  block: QuestionBlock;
}

export interface QuestionsSource {
  /** The file's own line ending, for inserted lines. */
  readonly eol: "\n" | "\r\n";
  /** The spans of the blocks named `qid`, in file order (none, one, or duplicates). */
  spans(qid: string): BlockSpan[];
  /** The block at `span` (one of `spans(qid)`), parsed. */
  open(qid: string, span: BlockSpan): OpenBlock;
  /** The whole file parsed: for messages that list other questions or line numbers. */
  whole(): QuestionsDoc;
  /** The file with every opened block's edits applied (each block opened once). */
  apply(edited: readonly BlockEdits[]): EditedQuestions;
}

/** One opened block and the edits built on its `doc` (in `doc`'s offsets, as the edit builders return them). */
export interface BlockEdits {
  open: OpenBlock;
  edits: readonly TextEdit[];
}

/**
 * The edited file and what its read-back parses: the whole new text (a source over text), or
 * each edited block's new text in the order given, with the file as byte pieces (over bytes).
 */
export type EditedQuestions = { content: string; blocks?: undefined } | { content: readonly ContentPiece[]; blocks: string[] };

/** Fewer wanted blocks than this are found in the bytes; more, and the file is parsed once. */
const FIND_LIMIT = 16;

/** Whether questionsSource() finds `wanted` blocks in the bytes instead of parsing the whole file. */
export function searchesBytes(wanted: number): boolean {
  return wanted < FIND_LIMIT;
}

/**
 * The file with each (disjoint) span replaced by its new text, as pieces to write in order:
 * the untouched stretches as `file.keep` gives them (slices of the bytes, or ranges of a file on disk).
 */
function splicedPieces(file: ByteAccess, replacements: readonly { span: BlockSpan; text: string }[]): ContentPiece[] {
  const sorted = [...replacements].sort((a, b) => a.span.start - b.span.start);
  const parts: ContentPiece[] = [];
  let at = 0;
  for (const r of sorted) {
    if (r.span.start < at) throw new Error(`overlapping block replacement at ${r.span.start}`);
    parts.push(file.keep(at, r.span.start), Buffer.from(r.text, "utf8"));
    at = r.span.end;
  }
  parts.push(file.keep(at, file.size));
  return parts;
}

function textSource(text: string): QuestionsSource {
  const doc = parseQuestions(text);
  const startOf = (line: number) => doc.view.lineStart(line);
  return {
    eol: detectEol(text),
    spans: (qid) => (doc.byId.get(qid) ?? []).map((b) => ({ start: startOf(b.heading), end: startOf(b.end) })),
    // The whole file is parsed already: its own block, edited in the whole text's offsets.
    open: (qid, span) => {
      const block = doc.byId.get(qid)?.find((b) => startOf(b.heading) === span.start);
      if (!block) throw new Error(`no block ${qid} at ${span.start}`);
      return { span, text: text.slice(span.start, span.end), doc, block };
    },
    whole: () => doc,
    // Every block's edits are already in the whole text's offsets: one pass builds the new
    // file (a batch of a thousand blocks cut, edited and joined again cost a copy of each).
    apply: (edited) => {
      const edits: TextEdit[] = [];
      for (const e of edited) for (const edit of e.edits) edits.push(edit);
      return { content: applyEdits(text, edits) };
    },
  };
}

/** What a source over bytes reads them through: the spans found, a range's bytes, the whole file, the untouched stretches. */
interface ByteAccess {
  size: number;
  spans: ReadonlyMap<string, ByteSpan[]>;
  eol: "\n" | "\r\n";
  slice(start: number, end: number): Bytes;
  keep(start: number, end: number): ContentPiece;
}

function byteSource(file: ByteAccess): QuestionsSource {
  let doc: QuestionsDoc | undefined;
  return {
    eol: file.eol,
    spans: (qid) => {
      const found = file.spans.get(qid);
      if (found === undefined) throw new Error(`${qid} was not among the ids the source was opened for`);
      return found;
    },
    // Only this block is decoded, and parsed as a document of its own.
    open: (qid, span) => {
      const text = file.slice(span.start, span.end).toString("utf8");
      const own = parseQuestions(text);
      const block = own.blocks[0];
      if (own.blocks.length !== 1 || block?.id !== qid) throw new Error(`the block of ${qid} does not read on its own`);
      return { span, text, doc: own, block };
    },
    // Messages that list other questions or line numbers (a refusal): the whole file, once.
    whole: () => (doc ??= parseQuestions(file.slice(0, file.size).toString("utf8"))),
    // Each block was parsed on its own: its edits apply to its text.
    apply: (edited) => {
      const replacements = edited.map((e) => ({ span: e.open.span, text: applyEdits(e.open.text, e.edits) }));
      return { content: splicedPieces(file, replacements), blocks: replacements.map((r) => r.text) };
    },
  };
}

function isFileBytes(content: Bytes | FileBytes): content is FileBytes {
  return typeof (content as FileBytes).windows === "function";
}

/** Scan bytes, or a file window by window, for the blocks of `wanted` (reading every window now: a file that is not UTF-8 is refused before any block is). */
function scanned(content: Bytes | FileBytes, wanted: readonly string[]): BlockScan {
  const scan = new BlockScan(wanted);
  if (isFileBytes(content)) content.windows((w) => scan.feed(w));
  else scan.feed(content);
  return scan;
}

/**
 * questions.md as a source of blocks. Bytes (valid UTF-8), or a file read window by window
 * (FileBytes), stay bytes when at most a few blocks are `wanted` (the ids each entry names):
 * their blocks are found with Buffer.indexOf and only they are decoded. Otherwise the file
 * is decoded and parsed whole.
 */
export function questionsSource(content: string | Bytes | FileBytes, wanted: readonly string[] = []): QuestionsSource {
  if (typeof content === "string") return textSource(content);
  if (!searchesBytes(wanted.length)) return textSource((isFileBytes(content) ? content.slice(0, content.size) : content).toString("utf8"));
  const scan = scanned(content, wanted);
  const spans = scan.end();
  if (isFileBytes(content)) {
    return byteSource({ size: content.size, spans, eol: scan.eol, slice: (s, e) => content.slice(s, e), keep: (s, e) => content.range(s, e) });
  }
  return byteSource({ size: content.length, spans, eol: scan.eol, slice: (s, e) => content.subarray(s, e), keep: (s, e) => content.subarray(s, e) });
}

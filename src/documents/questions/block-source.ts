// questions.md seen block by block: a command that edits a few question blocks finds them,
// cuts their text out, edits each as a document of its own, and splices the new text back.
// Every byte outside the edited blocks is kept as it was, and a file given as bytes is
// never decoded or re-encoded as a whole when only a few blocks are wanted.

import { detectEol } from "../lines.js";
import type { FileContent } from "../text-edit.js";
import { blockFinder, type ByteSpan } from "./find-block.js";
import { parseQuestions, type QuestionBlock, type QuestionsDoc } from "./parse-questions.js";

/** A block's range in the source: UTF-16 offsets for a string, byte offsets for bytes. */
export type BlockSpan = ByteSpan;

export interface BlockReplacement {
  span: BlockSpan;
  text: string;
}

/** One block of the file with a parsed document to build its edits on. */
export interface OpenBlock {
  span: BlockSpan;
  /** The span's text: what the edits, shifted by `base`, apply to. */
  text: string;
  doc: QuestionsDoc;
  block: QuestionBlock;
  /** Where the span starts in `doc`'s text: an edit built on `doc` applies to `text` at offset − base. */
  base: number;
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
  /** The file with each (disjoint) span replaced by its new text. */
  splice(replacements: readonly BlockReplacement[]): FileContent;
}

/** Fewer wanted blocks than this are found in the bytes; more, and the file is parsed once. */
const FIND_LIMIT = 16;

function spliced<P>(replacements: readonly BlockReplacement[], piece: (from: number, to: number) => P, insert: (text: string) => P, end: number): P[] {
  const sorted = [...replacements].sort((a, b) => a.span.start - b.span.start);
  const parts: P[] = [];
  let at = 0;
  for (const r of sorted) {
    if (r.span.start < at) throw new Error(`overlapping block replacement at ${r.span.start}`);
    parts.push(piece(at, r.span.start), insert(r.text));
    at = r.span.end;
  }
  parts.push(piece(at, end));
  return parts;
}

function textSource(text: string): QuestionsSource {
  const doc = parseQuestions(text);
  const startOf = (line: number) => doc.view.lineStart(line);
  return {
    eol: detectEol(text),
    spans: (qid) => (doc.byId.get(qid) ?? []).map((b) => ({ start: startOf(b.heading), end: startOf(b.end) })),
    // The whole file is parsed already: its own block, with edits shifted to the span.
    open: (qid, span) => {
      const block = doc.byId.get(qid)?.find((b) => startOf(b.heading) === span.start);
      if (!block) throw new Error(`no block ${qid} at ${span.start}`);
      return { span, text: text.slice(span.start, span.end), doc, block, base: span.start };
    },
    whole: () => doc,
    splice: (replacements) =>
      spliced(replacements, (from, to) => text.slice(from, to), (t) => t, text.length).join(""),
  };
}

function byteSource(bytes: Buffer): QuestionsSource {
  let doc: QuestionsDoc | undefined;
  const nl = bytes.indexOf(10);
  const find = blockFinder(bytes);
  return {
    eol: nl > 0 && bytes[nl - 1] === 13 ? "\r\n" : "\n",
    spans: find,
    // Only this block is decoded, and parsed as a document of its own.
    open: (qid, span) => {
      const text = bytes.toString("utf8", span.start, span.end);
      const own = parseQuestions(text);
      const block = own.blocks[0];
      if (own.blocks.length !== 1 || block?.id !== qid) throw new Error(`the block of ${qid} does not read on its own`);
      return { span, text, doc: own, block, base: 0 };
    },
    whole: () => (doc ??= parseQuestions(bytes.toString("utf8"))),
    splice: (replacements) =>
      spliced(replacements, (from, to) => bytes.subarray(from, to), (t) => Buffer.from(t, "utf8"), bytes.length),
  };
}

/**
 * questions.md as a source of blocks. Bytes (valid UTF-8) stay bytes when at most a few
 * blocks are `wanted`: each is found with Buffer.indexOf and only it is decoded.
 */
export function questionsSource(content: string | Buffer, wanted = 1): QuestionsSource {
  if (typeof content === "string") return textSource(content);
  return wanted < FIND_LIMIT ? byteSource(content) : textSource(content.toString("utf8"));
}

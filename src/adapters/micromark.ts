// Adapter over micromark, the CommonMark tokenizer under remark-parse: the reference reading of a
// markdown text, reduced to the headings and code blocks `check` compares with the engine's own
// scanner. Loaded lazily by `check` only; imports nothing else from src/.

import { parse, preprocess } from "micromark";
import { subtokenize } from "micromark-util-subtokenize";

interface Outline {
  /** ATX headings at any depth (1-based line, level). */
  headings: { line: number; level: number }[];
  /** Fenced code blocks at any depth (1-based first and last line). */
  fences: { start: number; end: number }[];
}

type Events = Parameters<typeof subtokenize>[0];
type Token = Events[number][1];

// One parser for every call: `parse()` combines micromark's constructs each time it is called,
// which cost more than tokenizing a small section. Its only per-document state is the lines read
// lazily and the definitions seen, reset before each text (what a fresh `parse()` starts with).
const parser = parse();

/**
 * The block structure of `text` as micromark reads it: its events with the document's flow and
 * paragraph content expanded, but not the inline content of paragraphs and headings (`text` and
 * `string` chunks). Inline parsing never changes where a block starts or ends, and it was most of
 * the cost: remark-parse ran it, then built an mdast tree, for two token types.
 */
function blockEvents(text: string): Events {
  parser.defined = [];
  parser.lazy = {};
  const events = parser.document().write(preprocess()(text, undefined, true));
  while (!subtokenize(events)) {
    for (const [kind, token] of events) if (kind === "enter" && (token.type === "chunkText" || token.type === "chunkString")) token.contentType = undefined;
  }
  return events;
}

/**
 * List the ATX headings and fenced code of `text` as remark-parse's mdast tree holds them: each
 * `heading` and `code` node (at the token's start, in document order) whose source starts with `#`,
 * or with a backtick or tilde fence, after white space (test/domain/check/crosscheck-oracle.test.ts
 * compares this with the mdast walk it replaced).
 */
export function markdownOutline(text: string): Outline {
  const headings: Outline["headings"] = [];
  const fences: Outline["fences"] = [];
  // micromark drops a leading BOM and counts offsets from after it; remark-parse's node offsets
  // were the same, and the source test below reads at them (as it did on the mdast tree).
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const source = (token: Token) => text.slice(token.start.offset, token.start.offset + 8);
  let heading: { line: number; level: number } | undefined;
  for (const [kind, token] of blockEvents(text)) {
    const type = token.type;
    if (kind === "enter") {
      if (type === "atxHeading" || type === "setextHeading") heading = /^\s*#/.test(source(token)) ? { line: token.start.line, level: 0 } : undefined;
      else if (type === "codeFenced" || type === "codeIndented") {
        if (/^\s*(```|~~~)/.test(source(token))) fences.push({ start: token.start.line, end: token.start.line });
      }
    } else if (type === "atxHeadingSequence") {
      // The opening sequence gives the level; a closing one (`## a ##`) does not change it.
      if (heading && heading.level === 0) heading.level = token.end.offset - token.start.offset;
    } else if (type === "setextHeadingLineSequence") {
      if (heading) heading.level = text.charCodeAt(token.start.offset + bom) === 61 /* = */ ? 1 : 2;
    } else if (type === "atxHeading" || type === "setextHeading") {
      if (heading) headings.push(heading);
      heading = undefined;
    } else if (type === "codeFenced" || type === "codeIndented") {
      const open = fences[fences.length - 1];
      if (open && open.start === token.start.line) open.end = token.end.line;
    }
  }
  return { headings, fences };
}

// The cross-check's reference reading is micromark's block events (src/adapters/micromark.ts) and
// its sections are parsed in runs (src/domain/check/crosscheck.ts); the mdast walk over
// remark-parse and the one-parse-per-section loop they replaced are kept here as oracles.

import { unified } from "unified";
import remarkParse from "remark-parse";
import { describe, expect, it } from "vitest";
import { markdownOutline } from "../../../src/adapters/micromark.js";
import { viewOf, type MarkdownView } from "../../../src/documents/markdown-view.js";
import { crossCheck } from "../../../src/domain/check/crosscheck.js";
import type { Diagnostic } from "../../../src/domain/check/diagnostic.js";
import { caseCount } from "../../helpers/counts.js";
import { makeRng, markdownDocument, mutate, questionsFile, suiteSeed } from "../../helpers/generate.js";

/** Generated documents for the outline oracle, and generated files for the runs oracle (the full counts under DEVRITES_FULL=1). */
const DOCUMENTS = caseCount("DEVRITES_CROSSCHECK_DOCUMENTS", 150, 600);
const FILES = caseCount("DEVRITES_CROSSCHECK_FILES", 100, 300);

type Outline = ReturnType<typeof markdownOutline>;

interface MdNode {
  type: string;
  depth?: number;
  position?: { start: { line: number; offset?: number }; end: { line: number } };
  children?: MdNode[];
}

const processor = unified().use(remarkParse);

/** The outline as the adapter computed it before: a walk over remark-parse's mdast tree. */
function mdastOutline(text: string): Outline {
  const tree = processor.parse(text) as unknown as MdNode;
  const headings: Outline["headings"] = [];
  const fences: Outline["fences"] = [];
  const walk = (node: MdNode) => {
    const pos = node.position;
    if (pos && node.type === "heading") {
      const src = text.slice(pos.start.offset ?? 0, (pos.start.offset ?? 0) + 8);
      if (/^\s*#/.test(src)) headings.push({ line: pos.start.line, level: node.depth ?? 0 });
    } else if (pos && node.type === "code") {
      const src = text.slice(pos.start.offset ?? 0, (pos.start.offset ?? 0) + 8);
      if (/^\s*(```|~~~)/.test(src)) fences.push({ start: pos.start.line, end: pos.end.line });
    }
    for (const c of node.children ?? []) walk(c);
  };
  walk(tree);
  return { headings, fences };
}

/**
 * The cross-check before runs: each section parsed alone with the previous one as context (or,
 * with `wholeFileContext`, with everything above it: the reading of the whole file).
 */
function perSectionCrossCheck(view: MarkdownView, file: string, outline: (text: string) => Outline, maxBytes: number, maxSectionBytes: number, wholeFileContext = false) {
  const starts = [0, ...view.headings.filter((h) => h.level <= 2 && h.index > 0).map((h) => h.index)];
  const diagnostics: Diagnostic[] = [];
  const warn = (line: number, message: string): Diagnostic => ({ file, line, col: 1, severity: "warning", rule: "markdown-crosscheck", message });
  let budget = maxBytes;
  let checked = 0;
  let skippedLarge = 0;
  let empty = 0;
  for (let s = 0; s < starts.length; s++) {
    const from = starts[s]!;
    const to = s + 1 < starts.length ? starts[s + 1]! : view.lineCount;
    if (from >= to) {
      empty++;
      continue;
    }
    const startOffset = view.lineStart(from);
    const endOffset = to < view.lineCount ? view.lineStart(to) : view.text.length;
    if (endOffset - startOffset > maxSectionBytes) {
      skippedLarge++;
      continue;
    }
    const prevFrom = s > 0 ? starts[s - 1]! : from;
    const ctxFrom = wholeFileContext ? 0 : startOffset - view.lineStart(prevFrom) <= maxSectionBytes ? prevFrom : from;
    const windowStart = view.lineStart(ctxFrom);
    if (endOffset - windowStart > budget) break;
    budget -= endOffset - windowStart;
    checked++;
    const ref = outline(view.text.slice(windowStart, endOffset));
    const inSection = (line: number) => line >= from + 1;
    const engineHeadings = new Map(view.headings.filter((h) => h.index >= from && h.index < to).map((h) => [h.index + 1, h.level] as const));
    const refHeadings = new Map(ref.headings.map((h) => [h.line + ctxFrom, h.level] as const).filter(([line]) => inSection(line)));
    for (const [line, level] of engineHeadings) {
      const other = refHeadings.get(line);
      if (other === undefined) diagnostics.push(warn(line, `the engine reads a level-${level} heading here but CommonMark (remark) does not (inside a list, quote or HTML?)`));
      else if (other !== level) diagnostics.push(warn(line, `the engine reads a level-${level} heading here, CommonMark a level-${other} one`));
    }
    for (const [line, level] of refHeadings) if (!engineHeadings.has(line)) diagnostics.push(warn(line, `CommonMark (remark) reads a level-${level} heading here but the engine does not (inside a fence?)`));
    const engineFences = new Set(view.fences.filter((f) => f.open >= from && f.open < to).map((f) => f.open + 1));
    const refFences = new Set(ref.fences.map((f) => f.start + ctxFrom).filter(inSection));
    for (const line of engineFences) if (!refFences.has(line)) diagnostics.push(warn(line, "the engine opens a code fence here but CommonMark (remark) does not"));
    for (const line of refFences) if (!engineFences.has(line)) diagnostics.push(warn(line, "CommonMark (remark) opens a code fence here but the engine does not"));
  }
  const total = starts.length - empty;
  const note =
    checked < total
      ? `${file}: too large to cross-check in full: ${checked} of ${total} sections compared with CommonMark (limits: ${maxBytes / 1024} KiB per file, ${maxSectionBytes / 1024} KiB per section${skippedLarge > 0 ? `; ${skippedLarge} larger section(s) skipped` : ""})`
      : undefined;
  return { diagnostics, sectionsChecked: checked, sectionsTotal: total, note };
}

/** Hand-picked edges of block structure, each also tried with CRLF line ends and a BOM. */
const EDGES: [string, string][] = [
  ["ATX headings at every level, closing sequences", "# a\n## b ##\n###### c #\n####### not\n#no\n"],
  ["headings indented 1–4 spaces and after a tab", "   # three\n    # four\n\t# tab\n #\n"],
  ["setext headings, one starting with #", "Title\n===\n\nSub\n---\n#foo\n===\n####### seven\n---\n"],
  ["a setext heading after a link definition", "[a]: /b\n#x\n===\n"],
  ["headings inside lists, quotes and nested containers", "- # in list\n  ## in item\n> # quoted\n> - ## deep\n1. ### ordered\n"],
  ["headings inside HTML blocks and comments", "<div>\n# inside\n</div>\n\n<!--\n## commented\n-->\n<!-- # inline -->\n"],
  ["a comment opened above a question block", "# Q\n\n<!--\n## q-1\nstatus: open\n\n## q-2\nstatus: open\n-->\n## q-3\n"],
  ["fenced code: backticks, tildes, info strings, nesting", "```js\n# not heading\n```\n~~~~\n```\n~~~~\n````md\n```\n````\n"],
  ["unclosed fences", "```\n# hidden\n\n## also hidden\n"],
  ["fences in lists and quotes, indented fences", "- ```\n  code\n  ```\n> ~~~\n> x\n> ~~~\n   ```\n   y\n   ```\n    ```\n    indented code\n"],
  ["indented code that starts with a fence", "    ```x\n     ```\n\n      ``` six\n\t```tab\n"],
  ["a lazy continuation line inside a list", "- item\nlazy\n# heading\n- item\n  ```\n```\n"],
  ["list items with paragraphs continued lazily (the question block shape)", "## q-1\nstatus: open\noptions: |\n  1. Yes\n  2. No\nproposed: Yes\nanswer:\n\n## q-2\ngate: blocking\n"],
  ["tabs and blank lines inside containers", "-\t# tab item\n>\t```\n>\tcode\n\n\t\t# deep\n"],
  ["non-ASCII text, NUL and lone CR", "# Ünïcödé 日本語 🙂\n\u0000\n## after nul\rsame line?\n"],
  ["thematic breaks and tables beside headings", "***\n# a\n---\n| a | b |\n| - | - |\n## c\n"],
]
  .flatMap(([name, text]): [string, string][] => [
    [name!, text!],
    [`${name} (CRLF)`, text!.replace(/\n/g, "\r\n")],
    [`${name} (BOM)`, `\uFEFF${text!}`],
  ]);

describe("the micromark outline is the mdast outline it replaced", () => {
  it.each(EDGES)("headings and fences agree on %s", (_name, text) => {
    expect(markdownOutline(text)).toEqual(mdastOutline(text));
  });

  it(`headings and fences agree on ${DOCUMENTS} generated documents (headings, fences, lists, quotes, HTML; CRLF, BOM, tabs mutated in)`, () => {
    const rng = makeRng(suiteSeed(0x5eed14));
    for (let i = 0; i < DOCUMENTS; i++) {
      const { text, applied } = mutate(rng, markdownDocument(rng, rng.int(1, 24)), 3);
      expect(markdownOutline(text), `document ${i} (${applied.join(", ")}):\n${JSON.stringify(text)}`).toEqual(mdastOutline(text));
    }
  });
});

describe("sections parsed in runs give the per-section cross-check's results", () => {
  it("diagnostics and note agree on a generated questions file larger than the budget (with markdown noise between blocks)", () => {
    const rng = makeRng(suiteSeed(0xc4ec));
    const text = questionsFile(rng, { count: 400, noise: 0.4 }).text;
    const view = viewOf(text);
    const now = crossCheck(view, "questions.md", markdownOutline);
    expect(now.note).toMatch(/too large to cross-check in full/);
    expect(now).toEqual(perSectionCrossCheck(view, "questions.md", mdastOutline, 64 * 1024, 32 * 1024));
  });

  it(`diagnostics and note agree on ${FILES} generated files under small limits (runs split by the section bound; CRLF, BOM, fences mutated in)`, () => {
    const rng = makeRng(suiteSeed(0x7a11));
    const limits = { maxBytes: 4096, maxSectionBytes: 512 };
    let lonelyCr = 0;
    let differing = 0;
    for (let i = 0; i < FILES; i++) {
      const base = rng.chance(0.5) ? questionsFile(rng, { count: rng.int(1, 30), noise: 0.5 }).text : markdownDocument(rng, rng.int(1, 40));
      const { text, applied } = mutate(rng, base, 2);
      const view = viewOf(text);
      const context = `file ${i} (${applied.join(", ")}):\n${JSON.stringify(text)}`;
      const now = crossCheck(view, "questions.md", markdownOutline, limits);
      const before = perSectionCrossCheck(view, "questions.md", mdastOutline, limits.maxBytes, limits.maxSectionBytes);
      expect({ ...now, diagnostics: undefined }, context).toEqual({ ...before, diagnostics: undefined });
      // A lone CR ends a line for CommonMark, not for the engine: past one, the two line numbers
      // drift apart by the lone CRs in the parsed text, which starts elsewhere in a run.
      if (/\r(?!\n)/.test(text)) {
        lonelyCr++;
        continue;
      }
      // A run gives a section more context than the one section before it. Where that changes a
      // diagnostic (a fence, comment or HTML block opened two or more sections up runs on), the
      // run's diagnostics on that line are the whole file's reading.
      const key = (d: Diagnostic) => `${d.line} ${d.message}`;
      const was = new Set(before.diagnostics.map(key));
      const is = new Set(now.diagnostics.map(key));
      const changed = new Set([...now.diagnostics.filter((d) => !was.has(key(d))), ...before.diagnostics.filter((d) => !is.has(key(d)))].map((d) => d.line));
      if (changed.size === 0) {
        expect(now.diagnostics, context).toEqual(before.diagnostics);
        continue;
      }
      differing++;
      const whole = perSectionCrossCheck(view, "questions.md", mdastOutline, Infinity, limits.maxSectionBytes, true);
      const at = (list: Diagnostic[]) => list.filter((d) => changed.has(d.line)).map(key).sort();
      expect(at(now.diagnostics), context).toEqual(at(whole.diagnostics));
    }
    // Most files reach the comparisons: lone CRs in under a fifth, a changed diagnostic in under a tenth.
    expect(lonelyCr, JSON.stringify({ lonelyCr, differing })).toBeLessThan(FILES / 5);
    expect(differing, JSON.stringify({ lonelyCr, differing })).toBeLessThan(FILES / 10);
  });
});

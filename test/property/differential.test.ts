// Differential test: the engine's structural view of markdown (src/documents/markdown-view.ts viewOf:
// ATX headings outside fences, the fence mask) against the reference parser, remark-parse, on
// every fixture, template and conformance document and on generated and mutated documents.
//
// Compared: top-level (document-child) ATX headings — line, level, text — and top-level fenced
// code blocks — the lines they cover. Deliberate differences, counted and never silently dropped:
// - setext headings (`Title` + `===`): the engine reads only ATX headings (formats.md);
// - container blocks (lists, block quotes, HTML blocks): the engine is line-based and does not model
//   them, so a `#` line or fence *inside* one is compared by neither side's top-level view;
// - a lone CR: formats.md defines LF and CRLF line endings only; CommonMark also ends lines at CR.
// Any other disagreement fails the test with a minimal description.

import fs from "node:fs";
import path from "node:path";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { viewOf } from "../../src/documents/markdown-view.js";
import { MUTATIONS, makeRng, markdownDocument, suiteSeed, validDocument, DOCUMENT_KINDS, type Rng } from "../helpers/generate.js";
import { REPO_DIR } from "../helpers/project.js";
import { caseCount } from "../helpers/counts.js";

/** 500 in `npm test`, 1,500 in `npm run test:full`; DEVRITES_DIFFERENTIAL_CASES sets any count. */
const GENERATED = caseCount("DEVRITES_DIFFERENTIAL_CASES", 500, 1500);
const SEED = suiteSeed(0xd1ff);

interface MdNode {
  type: string;
  depth?: number;
  children?: MdNode[];
  position?: { start: { line: number; offset?: number }; end: { line: number; offset?: number } };
}

const CONTAINERS = new Set(["list", "blockquote", "html"]);

/**
 * Disagreements found by this test and reported to the lead (issue 7), not deliberate: each has a
 * minimal example below as an expected failure, which turns red once the engine is fixed — then
 * delete the entry here and the exemption it grants.
 */
const KNOWN = {
  fenceEscapesContainer: "KNOWN: a fence opened inside a list item or HTML block stays open after it (reported)",
} as const;
const parser = unified().use(remarkParse);

interface Comparison {
  disagreements: string[];
  /** Deliberate differences seen, by kind. */
  deliberate: Record<string, number>;
  headings: number;
  fences: number;
}

/** Compare the engine's view and remark's tree of one document. */
function compare(text: string): Comparison {
  const out: Comparison = { disagreements: [], deliberate: {}, headings: 0, fences: 0 };
  const note = (kind: string) => (out.deliberate[kind] = (out.deliberate[kind] ?? 0) + 1);
  if (/\r(?!\n)/.test(text)) {
    note("lone CR line ending");
    return out;
  }
  const view = viewOf(text);
  const tree = parser.parse(text) as unknown as MdNode;
  const lineText = (i: number) => view.lines[i]?.text ?? "";
  const n = view.lines.length;

  // Remark's top-level view, per line: heading, fenced code, container, or plain.
  const remarkFenced = new Array<boolean>(n).fill(false);
  const inContainer = new Array<boolean>(n).fill(false);
  /** Which top-level container node (by index) a line belongs to. */
  const containerOf = new Array<number | undefined>(n).fill(undefined);
  const remarkHeadings = new Map<number, { level: number; text: string }>();
  const codeStarts = new Set<number>();
  for (const [k, node] of (tree.children ?? []).entries()) {
    const pos = node.position!;
    const first = pos.start.line - 1;
    const last = Math.min(n - 1, pos.end.line - 1);
    if (CONTAINERS.has(node.type)) {
      for (let i = first; i <= last; i++) {
        inContainer[i] = true;
        containerOf[i] = k;
      }
    } else if (node.type === "heading") {
      // An ATX heading is one line; a setext heading is its text lines plus the underline.
      if (pos.end.line > pos.start.line) {
        note("setext heading");
        continue;
      }
      const kids = node.children ?? [];
      // remark drops a leading BOM, so its offsets are one short of the text's.
      const bom = text.startsWith("\ufeff") ? 1 : 0;
      const body = kids.length === 0 ? "" : text.slice(kids[0]!.position!.start.offset! + bom, kids[kids.length - 1]!.position!.end.offset! + bom).trim();
      remarkHeadings.set(first, { level: node.depth!, text: body });
    } else if (node.type === "code" && /^ {0,3}(`{3,}|~{3,})/.test(lineText(first))) {
      // A fenced block covers its opening line through its closing line (an unclosed one: the end).
      for (let i = first; i <= last; i++) remarkFenced[i] = true;
      codeStarts.add(first);
      out.fences++;
    }
  }

  // A fence the engine sees opening inside a container but still open after the container ends:
  // CommonMark closes it with the container. Everything after that point is reported as one
  // known disagreement (see KNOWN below), not line by line.
  const escape = escapingFence(view, containerOf);
  const report = (i: number, msg: string) => {
    if (escape !== undefined && i > escape.containerEnd) note(KNOWN.fenceEscapesContainer);
    else out.disagreements.push(msg);
  };

  // Headings: every top-level remark ATX heading is an engine heading with the same level and text.
  const engine = new Map(view.headings.map((h) => [h.index, h]));
  for (const [i, rh] of remarkHeadings) {
    out.headings++;
    const eh = engine.get(i);
    if (!eh) report(i, `line ${i + 1} ${JSON.stringify(lineText(i))}: remark reads a level-${rh.level} heading, the engine none`);
    else if (eh.level !== rh.level || eh.text !== rh.text) {
      report(i, `line ${i + 1} ${JSON.stringify(lineText(i))}: remark reads level ${rh.level} ${JSON.stringify(rh.text)}, the engine level ${eh.level} ${JSON.stringify(eh.text)}`);
    }
  }
  for (const eh of view.headings) {
    if (remarkHeadings.has(eh.index)) continue;
    if (inContainer[eh.index]) note("heading line inside a list, block quote or HTML block");
    else report(eh.index, `line ${eh.index + 1} ${JSON.stringify(lineText(eh.index))}: the engine reads a level-${eh.level} heading, remark none at top level`);
  }

  // Fences: the mask agrees with remark's top-level fenced code on every line outside containers.
  for (let i = 0; i < n; i++) {
    if (view.fenced[i] === remarkFenced[i]) continue;
    if (inContainer[i]) {
      note("fence line inside a list, block quote or HTML block");
      continue;
    }
    report(i, `line ${i + 1} ${JSON.stringify(lineText(i))}: ${view.fenced[i] ? "the engine masks it as fenced code, remark does not" : "remark reads it as fenced code, the engine does not"}`);
  }
  return out;
}

/**
 * The first fence the engine opens on a line remark places inside a container (list, block quote,
 * HTML block) and still considers open — content or closing line — on a line outside that
 * container: from there on the two views of the document part ways.
 */
function escapingFence(view: ReturnType<typeof viewOf>, containerOf: (number | undefined)[]): { opener: number; containerEnd: number } | undefined {
  let open: { line: number; ch: string; len: number } | undefined;
  const lines = view.lines;
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!.text;
    if (!open) {
      const m = /^ {0,3}(`{3,}|~{3,})(.*)$/s.exec(t);
      if (m && view.fenced[i] && !(m[1]![0] === "`" && m[2]!.includes("`"))) open = { line: i, ch: m[1]![0]!, len: m[1]!.length };
      continue;
    }
    if (containerOf[open.line] !== undefined && containerOf[i] !== containerOf[open.line]) return { opener: open.line, containerEnd: i - 1 };
    const c = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(t);
    if (c && c[1]![0] === open.ch && c[1]!.length >= open.len) open = undefined;
  }
  return undefined;
}

/** Every markdown document the project ships or the conformance suite uses. */
async function corpus(): Promise<{ name: string; text: string }[]> {
  const docs: { name: string; text: string }[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith(".md")) docs.push({ name: path.relative(REPO_DIR, full), text: fs.readFileSync(full, "utf8") });
    }
  };
  walk(path.join(REPO_DIR, "fixtures"));
  walk(path.join(REPO_DIR, "templates"));
  const cases = path.resolve(REPO_DIR, "../shared/conformance/cases-public.mjs");
  if (fs.existsSync(cases)) {
    const mod = (await import(cases)) as { default: { name: string; files?: Record<string, string> }[] };
    for (const c of mod.default) {
      for (const [file, text] of Object.entries(c.files ?? {})) if (file.endsWith(".md")) docs.push({ name: `conformance "${c.name}" ${file}`, text });
    }
  }
  return docs;
}

/** Generated documents: markdown probing heading/fence rules, and every workspace kind, mutated. */
function generated(rng: Rng): string {
  const base = rng.chance(0.6) ? markdownDocument(rng) : validDocument(rng, rng.pick(DOCUMENT_KINDS));
  let text = base;
  const names = ["truncateLine", "crlfMix", "crlfAll", "openFence", "closeFenceWrong", "duplicateHeading", "unicode", "deleteLine", "swapLines", "indentHeading", "tabs", "dropFinalNewline", "hugeLine"];
  for (let k = rng.int(0, 3); k > 0; k--) {
    const name = rng.pick(names);
    if (name === "hugeLine" && !rng.chance(0.1)) continue;
    text = MUTATIONS[name]!(rng, text);
  }
  return text;
}

function summary(totals: Comparison[]): string {
  const deliberate: Record<string, number> = {};
  for (const c of totals) for (const [k, v] of Object.entries(c.deliberate)) deliberate[k] = (deliberate[k] ?? 0) + v;
  const headings = totals.reduce((a, c) => a + c.headings, 0);
  const fences = totals.reduce((a, c) => a + c.fences, 0);
  const clean = totals.filter((c) => !Object.keys(c.deliberate).some((k) => k.startsWith("KNOWN"))).length;
  return `${totals.length} documents (${clean} with no reported disagreement to exempt), ${headings} top-level headings and ${fences} fenced blocks compared; differences by kind (lines): ${JSON.stringify(deliberate)}`;
}

describe("the engine's heading/fence view agrees with remark-parse", () => {
  // Minimal examples of the reported disagreements: expected failures until the engine changes.
  it.fails("(reported) a fence opened in a list item ends with the item: `## Log` after it is a heading", () => {
    expect(viewOf("- item\n  ```\n## Log\n").headings.map((h) => h.text)).toEqual(["Log"]);
  });
  it.fails("(reported) a fence line inside an HTML block is not a fence: `## Log` after the block is a heading", () => {
    expect(viewOf("<div>\n```\n</div>\n\n## Log\n").headings.map((h) => h.text)).toEqual(["Log"]);
  });
  it("a heading containing U+2028 is still a heading (it is not a line ending)", () => {
    expect(viewOf("# foo\u2028bar\n").headings).toHaveLength(1);
  });
  it("a heading on the first line after a byte-order mark is a heading", () => {
    expect(viewOf("\ufeff# Questions: feat\n").headings).toHaveLength(1);
  });
  it("a fence whose info string contains U+2028 is still a fence", () => {
    expect(viewOf("```js\u2028x\n# not a heading\n```\n").headings).toEqual([]);
  });

  it("on every fixture, template and conformance document", async () => {
    const docs = await corpus();
    expect(docs.length).toBeGreaterThan(0);
    const results = docs.map((d) => ({ d, c: compare(d.text) }));
    const bad = results.filter((r) => r.c.disagreements.length > 0).map((r) => `${r.d.name}: ${r.c.disagreements.join("; ")}`);
    console.log(`differential (corpus): ${summary(results.map((r) => r.c))}`);
    expect(bad).toEqual([]);
  });

  it(`on ${GENERATED} generated and mutated documents (seed ${SEED})`, () => {
    const rng = makeRng(SEED);
    const results: Comparison[] = [];
    const bad: string[] = [];
    for (let k = 0; k < GENERATED; k++) {
      const text = generated(rng.fork());
      const c = compare(text);
      results.push(c);
      if (c.disagreements.length > 0 && bad.length < 8) bad.push(`document ${k} (DEVRITES_PROPERTY_SEED=${SEED}) ${JSON.stringify(text.length > 400 ? text.slice(0, 400) + "…" : text)}: ${c.disagreements.slice(0, 3).join("; ")}`);
    }
    console.log(`differential (generated): ${summary(results)}`);
    expect(bad).toEqual([]);
  }, 120_000);
});

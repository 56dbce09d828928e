// Adapter over unified + remark-parse: the reference CommonMark reading of a markdown text,
// reduced to the ATX headings and fenced code blocks `check` compares with the engine's own
// scanner. Loaded lazily by `check` only; imports nothing else from src/.

import { unified } from "unified";
import remarkParse from "remark-parse";

interface Outline {
  /** ATX headings at any depth (1-based line, level). */
  headings: { line: number; level: number }[];
  /** Fenced code blocks at any depth (1-based first and last line). */
  fences: { start: number; end: number }[];
}

interface MdNode {
  type: string;
  depth?: number;
  position?: { start: { line: number; offset?: number }; end: { line: number } };
  children?: MdNode[];
}

const processor = unified().use(remarkParse);

/** Parse `text` with remark-parse and list its ATX headings and fenced code. */
export function markdownOutline(text: string): Outline {
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

// tasks.md as the DevRites pack writes it: one `## SLICE-<n> <title>` section per slice with a
// `Dependencies:` line (and its `depends_on: [...]` mirror). The slice graph orient reports,
// the section `observe slice` prints, and the problems readiness and `check task-graph` block on.
// Read through the markdown view, so a heading or field inside a code fence is never a slice.

import { sectionEnd, viewOf, type MarkdownView } from "../documents/markdown-view.js";

const SLICE_HEADING = /^(SLICE-\d+)(?![\w-])/;
export const SLICE_ID = /^SLICE-\d+$/;

export interface TaskSlice {
  id: string;
  dependsOn: string[];
}

export interface TaskGraph {
  slices: TaskSlice[];
  /** The first dependency cycle found, first slice repeated at the end; empty when acyclic. */
  cycle: string[];
  unknown: string[];
  /** Every reason the graph blocks, one sentence each. */
  problems: string[];
}

interface SliceSection {
  id: string;
  /** Heading line index and the exclusive end of the section. */
  start: number;
  end: number;
}

/** The `## SLICE-…` sections of tasks.md, in file order (duplicates included). */
function sliceSections(view: MarkdownView): SliceSection[] {
  const out: SliceSection[] = [];
  for (const h of view.headings) {
    if (h.level !== 2) continue;
    const m = SLICE_HEADING.exec(h.text);
    if (m) out.push({ id: m[1]!, start: h.index, end: sectionEnd(view, h.index, 2) });
  }
  return out;
}

/** The value of the first unfenced `key:` line in lines [from, to) (a leading `- ` allowed), or undefined. */
function lineValue(view: MarkdownView, from: number, to: number, key: string): string | undefined {
  const re = new RegExp(`^\\s*(?:[-*+]\\s+)?${key}:\\s*(.*?)\\s*$`);
  for (let i = from; i < to; i++) {
    if (view.isFenced(i)) continue;
    const m = re.exec(view.lineText(i));
    if (m) return m[1]!;
  }
  return undefined;
}

/** `SLICE-001, SLICE-002`, `[SLICE-001]`, `none`: the ids (deduplicated) and the tokens that are not ids. */
function idList(raw: string): { ids: string[]; malformed: string[] } {
  const body = raw.trim().replace(/^\[/, "").replace(/\]$/, "").trim();
  if (body === "" || body.toLowerCase() === "none") return { ids: [], malformed: [] };
  const ids: string[] = [];
  const malformed: string[] = [];
  for (const part of body.split(/[,;\s]+/)) {
    const id = part.replace(/^[`'"(){}]+|[`'"(){}]+$/g, "");
    if (id === "") continue;
    if (!SLICE_ID.test(id)) malformed.push(id);
    else if (!ids.includes(id)) ids.push(id);
  }
  return { ids, malformed };
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** The first cycle a depth-first walk in slice order meets, as `A, B, A`. */
function findCycle(slices: readonly TaskSlice[]): string[] {
  const deps = new Map(slices.map((s) => [s.id, s.dependsOn]));
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const visit = (id: string): string[] | undefined => {
    if (state.get(id) === 2) return undefined;
    if (state.get(id) === 1) return [...stack.slice(stack.indexOf(id)), id];
    state.set(id, 1);
    stack.push(id);
    for (const d of deps.get(id) ?? []) {
      const c = visit(d);
      if (c) return c;
    }
    stack.pop();
    state.set(id, 2);
    return undefined;
  };
  for (const s of slices) {
    const c = visit(s.id);
    if (c) return c;
  }
  return [];
}

/** Parse tasks.md's slice graph. Pure; never throws. */
export function parseTaskGraph(text: string): TaskGraph {
  const graph: TaskGraph = { slices: [], cycle: [], unknown: [], problems: [] };
  if (text.trim() === "") {
    graph.problems.push("tasks.md is empty");
    return graph;
  }
  const view = viewOf(text);
  const sections = sliceSections(view);
  if (sections.length === 0) {
    graph.problems.push("no ## SLICE-… sections found in tasks.md");
    return graph;
  }
  const known = new Set<string>();
  for (const s of sections) {
    if (known.has(s.id)) {
      graph.problems.push(`duplicate slice id ${s.id}`);
      continue;
    }
    known.add(s.id);
    const depsLine = lineValue(view, s.start + 1, s.end, "Dependencies");
    const mirrorLine = lineValue(view, s.start + 1, s.end, "depends_on");
    const deps = idList(depsLine ?? "");
    const mirror = idList(mirrorLine ?? "");
    for (const t of deps.malformed) graph.problems.push(`${s.id} has malformed dependency ${JSON.stringify(t)}`);
    for (const t of mirror.malformed) graph.problems.push(`${s.id} has malformed depends_on ${JSON.stringify(t)}`);
    if (depsLine !== undefined && mirrorLine !== undefined && !sameSet(deps.ids, mirror.ids)) graph.problems.push(`${s.id} Dependencies and depends_on sets differ`);
    if (depsLine === undefined && mirrorLine === undefined) graph.problems.push(`${s.id} is missing its Dependencies line`);
    graph.slices.push({ id: s.id, dependsOn: depsLine !== undefined ? deps.ids : mirror.ids });
  }
  for (const s of graph.slices) {
    for (const d of s.dependsOn) {
      if (known.has(d)) continue;
      graph.unknown.push(d);
      graph.problems.push(`${s.id} depends on unknown slice ${d}`);
    }
  }
  graph.cycle = findCycle(graph.slices);
  if (graph.cycle.length > 0) graph.problems.push(`dependency cycle: ${graph.cycle.join(" -> ")}`);
  return graph;
}

/**
 * One slice's section of tasks.md, from its heading to the next heading of level 1 or 2
 * (its `###` subsections included), trailing blank lines dropped; undefined when absent.
 */
export function sliceSection(text: string, id: string): { lines: string[]; ids: string[] } | { lines: undefined; ids: string[] } {
  const view = viewOf(text);
  const sections = sliceSections(view);
  const s = sections.find((x) => x.id === id);
  const ids = [...new Set(sections.map((x) => x.id))];
  if (!s) return { lines: undefined, ids };
  let end = s.end;
  while (end > s.start + 1 && view.lineText(end - 1).trim() === "") end--;
  const lines: string[] = [];
  for (let i = s.start; i < end; i++) lines.push(view.lineText(i).replace(/\r$/, ""));
  return { lines, ids };
}

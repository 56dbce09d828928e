// tasks.md as the DevRites pack writes it: one `## SLICE-<n> <title>` section per slice with a
// `Dependencies:` line (and its `depends_on: [...]` mirror). The slice graph orient reports,
// the section `observe slice` prints, and the problems readiness and `check task-graph` block on.
// Read through the markdown view, so a heading or field inside a code fence is never a slice.

import { viewOf, type MarkdownView } from "../documents/markdown-view.js";
import { ARTIFACT_READ_CAP } from "./phase-policy.js";

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

/**
 * The `## SLICE-…` sections of tasks.md, in file order (duplicates included). Each ends at the
 * next heading of level 1 or 2, found in one backward pass over the headings rather than a
 * search from every heading (a file of many headings would make that quadratic).
 */
function sliceSections(view: MarkdownView): SliceSection[] {
  const headings = view.headings;
  const ends = new Array<number>(headings.length);
  let end = view.lineCount;
  for (let k = headings.length - 1; k >= 0; k--) {
    ends[k] = end;
    if (headings[k]!.level <= 2) end = headings[k]!.index;
  }
  const out: SliceSection[] = [];
  for (let k = 0; k < headings.length; k++) {
    const h = headings[k]!;
    if (h.level !== 2) continue;
    const m = SLICE_HEADING.exec(h.text);
    if (m) out.push({ id: m[1]!, start: h.index, end: ends[k]! });
  }
  return out;
}

/** A field line's start: `key:` after optional indentation and a `- ` bullet. The key is a literal, so this has one match and never backtracks far. */
const FIELD_START = {
  Dependencies: /^\s*(?:[-*+]\s+)?Dependencies:/,
  depends_on: /^\s*(?:[-*+]\s+)?depends_on:/,
} as const;
/** What `.` does not match: a value holding one of these (past its trimmed ends) is not a field line. */
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

/**
 * The value of the first unfenced `key:` line in lines [from, to) (a leading `- ` allowed), or
 * undefined: the reading of `^\s*(?:[-*+]\s+)?key:\s*(.*?)\s*$`, without that pattern's lazy
 * group, which backtracks quadratically over a long run of spaces inside a value.
 */
function lineValue(view: MarkdownView, from: number, to: number, key: keyof typeof FIELD_START): string | undefined {
  const start = FIELD_START[key];
  for (let i = from; i < to; i++) {
    if (view.isFenced(i)) continue;
    const text = view.lineText(i);
    const m = start.exec(text);
    if (!m) continue;
    // trim() removes exactly what \s matches; a terminator left inside is where `(.*?)` stops.
    const value = text.slice(m[0].length).trim();
    if (!LINE_TERMINATOR.test(value)) return value;
  }
  return undefined;
}

/** The quoting and brackets an id may be wrapped in. */
const WRAPPERS = new Set(["`", "'", '"', "(", ")", "{", "}"]);

/** `part` without its leading and trailing wrapper characters (a loop: the equivalent regex backtracks over a long run of them). */
function unwrap(part: string): string {
  let a = 0;
  let b = part.length;
  while (a < b && WRAPPERS.has(part[a]!)) a++;
  while (b > a && WRAPPERS.has(part[b - 1]!)) b--;
  return part.slice(a, b);
}

/** `SLICE-001, SLICE-002`, `[SLICE-001]`, `none`: the ids (deduplicated, first spelling kept) and the tokens that are not ids. */
function idList(raw: string): { ids: string[]; malformed: string[] } {
  const body = raw.trim().replace(/^\[/, "").replace(/\]$/, "").trim();
  if (body === "" || body.toLowerCase() === "none") return { ids: [], malformed: [] };
  const seen = new Set<string>();
  const ids: string[] = [];
  const malformed: string[] = [];
  for (const part of body.split(/[,;\s]+/)) {
    const id = unwrap(part);
    if (id === "") continue;
    if (!SLICE_ID.test(id)) malformed.push(id);
    else if (!seen.has(id)) {
      seen.add(id);
      ids.push(id);
    }
  }
  return { ids, malformed };
}

/** Two deduplicated lists hold the same ids. */
function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const inB = new Set(b);
  return a.every((x) => inB.has(x));
}

/**
 * The first cycle a depth-first walk in slice order meets, as `A, B, A`. The walk keeps its own
 * stack (each slice on the current path with the index of its next dependency), so a chain of
 * any length is walked without recursion; each slice and each edge is visited once.
 */
function findCycle(slices: readonly TaskSlice[]): string[] {
  const deps = new Map(slices.map((s) => [s.id, s.dependsOn]));
  const state = new Map<string, 1 | 2>();
  const path: string[] = [];
  const nextDep: number[] = [];
  for (const s of slices) {
    if (state.has(s.id)) continue;
    state.set(s.id, 1);
    path.push(s.id);
    nextDep.push(0);
    while (path.length > 0) {
      const top = path.length - 1;
      const id = path[top]!;
      const ds = deps.get(id) ?? [];
      const i = nextDep[top]!++;
      if (i >= ds.length) {
        path.pop();
        nextDep.pop();
        state.set(id, 2);
        continue;
      }
      const d = ds[i]!;
      const seen = state.get(d);
      if (seen === 2) continue;
      if (seen === 1) return [...path.slice(path.indexOf(d)), d];
      state.set(d, 1);
      path.push(d);
      nextDep.push(0);
    }
  }
  return [];
}

/** Why a tasks.md of `bytes` is not read (it is over ARTIFACT_READ_CAP), for a refusal or a gate line. */
export function taskGraphTooLarge(bytes: number): string {
  return `too large to read its slice graph (${bytes} bytes, the limit is ${ARTIFACT_READ_CAP}, as orient reads it)`;
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

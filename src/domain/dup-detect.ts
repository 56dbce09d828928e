// `check dup`'s matcher (Go: dupDetect, dupAnchorSegments, dupDistanceBoost, dupClusterUnits and
// dupUnitHash in engine/internal/lib/dup.go): every run of three normalized lines is a shingle;
// two places sharing a shingle are an anchor; anchors that advance together on both sides chain
// into a segment pair; a pair's ranges merge per file into units; units joined by pairs form
// clusters, ranked by their strongest pair, boosted by distance. Each cluster's hash is a digest
// of its units' content, so a cluster dismissed in the ignore file stays dismissed until its
// code changes. Pure: the SHA-256 is the caller's (`sha256Hex`), so node:crypto stays out.

import type { DupLine } from "./dup-normalize.js";

export const SHINGLE_LINES = 3;
/** A shingle found in more places than this is boilerplate (brace runs): no anchors from it. */
const MAX_POSTINGS = 32;
/** Anchors kept per file pair. */
const MAX_PAIR_ANCHORS = 8192;
/** Anchors chain into one segment while both sides advance by at most this many lines. */
const MERGE_GAP = 4;
export const HASH_LENGTH = 12;
const CROSS_DIR_MAX_HOPS = 8;
const CROSS_DIR_BOOST = 0.15;
const SAME_FILE_MAX_STEP = 8;
const SAME_FILE_BOOST = 0.1;
const SAME_FILE_STEP_LINES = 250;

export interface DupFile {
  /** The repository path, slash separated. */
  path: string;
  lines: DupLine[];
}

/** Two similar line ranges (0-based, inclusive) of files `aFile` and `bFile` (indexes into the files). */
export interface DupSegment {
  aFile: number;
  bFile: number;
  aStart: number;
  aEnd: number;
  bStart: number;
  bEnd: number;
  anchors: number;
  score: number;
  boosted: number;
}

/** A merged range of one file (0-based, inclusive) and the digest of its content. */
export interface DupUnit {
  file: number;
  start: number;
  end: number;
  contentHash: string;
}

export interface DupCluster {
  /** Indexes into the units, ascending. */
  units: number[];
  /** The strongest boosted pair inside the cluster. */
  score: number;
  hash: string;
}

type Sha256Hex = (text: string) => string;

/** Byte order of the UTF-8 encodings (Go's string order), not UTF-16's. */
export function byteOrder(a: string, b: string): number {
  return a === b ? 0 : Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}

/** Go's math.Log2 for a whole number from 1 (frexp, then the natural log of the fraction). */
function log2(n: number): number {
  const exp = Math.floor(Math.log2(n)) + 1;
  const frac = n / 2 ** exp;
  return frac === 0.5 ? exp - 1 : Math.log(frac) * (1 / Math.LN2) + exp;
}

/** Where a file lies, as its directory's components (`.` for the top). */
const dirParts = (p: string) => (p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : ".").split("/");

/**
 * How much farther-apart twins rank: within a file, in 250-line steps between the two ranges;
 * across files, in directory hops from their deepest common directory. Both log-scaled and capped.
 */
export function dupDistanceBoost(pathA: string, pathB: string, seg: Pick<DupSegment, "aEnd" | "bStart">): number {
  if (pathA === pathB) {
    const steps = Math.min(Math.floor(Math.max(0, seg.bStart - seg.aEnd) / SAME_FILE_STEP_LINES), SAME_FILE_MAX_STEP);
    return steps <= 0 ? 0 : (log2(1 + steps) / log2(1 + SAME_FILE_MAX_STEP)) * SAME_FILE_BOOST;
  }
  const da = dirParts(pathA);
  const db = dirParts(pathB);
  let common = 0;
  while (common < da.length && common < db.length && da[common] === db[common]) common++;
  const hops = Math.min(da.length - common + (db.length - common), CROSS_DIR_MAX_HOPS);
  return hops <= 0 ? 0 : (log2(1 + hops) / log2(1 + CROSS_DIR_MAX_HOPS)) * CROSS_DIR_BOOST;
}

/** The segments one file pair's anchors chain into, those at least `minLines` long and `threshold` similar. */
function anchorSegments(aFile: number, bFile: number, anchors: [number, number][], files: readonly DupFile[], minLines: number, threshold: number): DupSegment[] {
  anchors.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const out: DupSegment[] = [];
  let start = 0;
  for (let i = 1; i <= anchors.length; i++) {
    if (i < anchors.length && anchors[i]![0] - anchors[i - 1]![0] <= MERGE_GAP && Math.abs(anchors[i]![1] - anchors[i - 1]![1]) <= MERGE_GAP) continue;
    const first = anchors[start]!;
    const last = anchors[i - 1]!;
    const count = i - start;
    start = i;
    const seg = { aFile, bFile, aStart: first[0], aEnd: last[0] + SHINGLE_LINES - 1, bStart: first[1], bEnd: last[1] + SHINGLE_LINES - 1, anchors: count, score: 0, boosted: 0 };
    const spanA = seg.aEnd - seg.aStart + 1;
    const spanB = seg.bEnd - seg.bStart + 1;
    if (spanA < minLines || spanB < minLines) continue;
    // Overlapping windows of one file are one region, not a pair.
    if (aFile === bFile && seg.aEnd >= seg.bStart) continue;
    seg.score = Math.min(count / (Math.max(spanA, spanB) - SHINGLE_LINES + 1), 1);
    if (seg.score < threshold) continue;
    seg.boosted = seg.score * (1 + dupDistanceBoost(files[aFile]!.path, files[bFile]!.path, seg));
    out.push(seg);
  }
  return out;
}

/** The digest of a unit's lines: trivial lines and file headers (package, module) carry no identity. */
function unitHash(lines: readonly DupLine[], sha256Hex: Sha256Hex): string {
  let text = "";
  for (const l of lines) if (!l.trivial && !isHeaderLine(l.tokens)) text += `${l.tokens}\n`;
  return sha256Hex(text).slice(0, 16);
}

/** A file-scope declaration (`package x`, `module x`, `namespace x`): file context, not copied code. */
function isHeaderLine(tokens: string): boolean {
  const fields = tokens.split(" ").filter((f) => f !== "");
  return fields.length >= 1 && fields.length <= 2 && ["package", "module", "namespace"].includes(fields[0]!);
}

/**
 * Merge each file's segment ranges into units (ranges within two lines of each other join),
 * union the units each segment joins into clusters, and order the clusters by their strongest
 * boosted pair, then hash. Every step is linear in the segments (a sort per file aside).
 */
export function dupClusterUnits(segs: readonly DupSegment[], files: readonly DupFile[], sha256Hex: Sha256Hex): { clusters: DupCluster[]; units: DupUnit[]; edges: number } {
  const perFile = new Map<number, [number, number][]>();
  const add = (f: number, s: number, e: number) => {
    const list = perFile.get(f);
    if (list) list.push([s, e]);
    else perFile.set(f, [[s, e]]);
  };
  for (const s of segs) {
    add(s.aFile, s.aStart, s.aEnd);
    add(s.bFile, s.bStart, s.bEnd);
  }
  const units: DupUnit[] = [];
  /** Per file, its units' indexes in line order (disjoint ranges). */
  const fileUnits = new Map<number, number[]>();
  for (const f of [...perFile.keys()].sort((x, y) => x - y)) {
    const list = perFile.get(f)!.sort((x, y) => x[0] - y[0]);
    const merged: [number, number][] = [];
    for (const [s, e] of list) {
      const prev = merged[merged.length - 1];
      if (prev !== undefined && s <= prev[1] + 2) prev[1] = Math.max(prev[1], e);
      else merged.push([s, e]);
    }
    const ids: number[] = [];
    for (const [s, e] of merged) {
      ids.push(units.length);
      units.push({ file: f, start: s, end: e, contentHash: unitHash(files[f]!.lines.slice(s, e + 1), sha256Hex) });
    }
    fileUnits.set(f, ids);
  }
  // The unit holding a range: every range lies inside exactly one merged unit of its file.
  const unitOf = (file: number, start: number): number => {
    const ids = fileUnits.get(file)!;
    let lo = 0;
    let hi = ids.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (units[ids[mid]!]!.start <= start) lo = mid;
      else hi = mid - 1;
    }
    return ids[lo]!;
  };
  const parent = units.map((_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]!]!;
      x = parent[x]!;
    }
    return x;
  };
  const edges: [number, number, number][] = [];
  for (const s of segs) {
    const ua = unitOf(s.aFile, s.aStart);
    const ub = unitOf(s.bFile, s.bStart);
    if (ua === ub) continue;
    edges.push([ua, ub, s.boosted]);
    const ra = find(ua);
    const rb = find(ub);
    if (ra !== rb) parent[rb] = ra;
  }
  const members = new Map<number, Set<number>>();
  const best = new Map<number, number>();
  for (const [a, b, boosted] of edges) {
    const r = find(a);
    const set = members.get(r) ?? new Set<number>();
    set.add(a).add(b);
    members.set(r, set);
    best.set(r, Math.max(best.get(r) ?? 0, boosted));
  }
  const clusters: DupCluster[] = [];
  for (const [r, set] of members) {
    const ids = [...set].sort((x, y) => x - y);
    const keyed = ids.map((u) => `${files[units[u]!.file]!.path}\0${units[u]!.contentHash}`).sort(byteOrder);
    clusters.push({ units: ids, score: best.get(r)!, hash: sha256Hex(keyed.map((k) => `${k}\n`).join("")).slice(0, HASH_LENGTH) });
  }
  clusters.sort((x, y) => y.score - x.score || (x.hash < y.hash ? -1 : x.hash > y.hash ? 1 : 0));
  return { clusters, units, edges: edges.length };
}

/** The options the matcher takes. */
interface DupMatchOptions {
  /** The shortest range a pair may have, in lines (at least SHINGLE_LINES). */
  minLines: number;
  /** The lowest similarity a pair may have, in (0, 1]. */
  threshold: number;
}

/** The clusters and units of `files`: shingles → anchors per file pair → segments → clusters. */
export function dupDetect(files: readonly DupFile[], opts: DupMatchOptions, sha256Hex: Sha256Hex): { clusters: DupCluster[]; units: DupUnit[] } {
  // Lines are interned, so a shingle's key is three small numbers, not three lines of text.
  const lineIds = new Map<string, number>();
  const postings = new Map<string, [number, number][]>();
  for (let fi = 0; fi < files.length; fi++) {
    const lines = files[fi]!.lines;
    const ids = lines.map((l) => {
      let id = lineIds.get(l.tokens);
      if (id === undefined) lineIds.set(l.tokens, (id = lineIds.size));
      return id;
    });
    for (let i = 0; i + SHINGLE_LINES <= lines.length; i++) {
      // A run of padding anchors everywhere and says nothing.
      if (lines[i]!.trivial && lines[i + 1]!.trivial && lines[i + 2]!.trivial) continue;
      const key = `${ids[i]},${ids[i + 1]},${ids[i + 2]}`;
      const list = postings.get(key);
      if (list === undefined) postings.set(key, [[fi, i]]);
      // One past the cap is enough to know the shingle is boilerplate.
      else if (list.length <= MAX_POSTINGS) list.push([fi, i]);
    }
  }
  const anchorMap = new Map<number, { a: number; b: number; anchors: [number, number][] }>();
  for (const list of postings.values()) {
    if (list.length > MAX_POSTINGS) continue;
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        let a = list[i]!;
        let b = list[j]!;
        if (a[0] > b[0] || (a[0] === b[0] && a[1] > b[1])) [a, b] = [b, a];
        // Overlapping windows of one file match trivially.
        if (a[0] === b[0] && b[1] - a[1] < SHINGLE_LINES) continue;
        const key = a[0] * files.length + b[0];
        let pair = anchorMap.get(key);
        if (pair === undefined) anchorMap.set(key, (pair = { a: a[0], b: b[0], anchors: [] }));
        if (pair.anchors.length < MAX_PAIR_ANCHORS) pair.anchors.push([a[1], b[1]]);
      }
    }
  }
  const segs: DupSegment[] = [];
  for (const { a, b, anchors } of anchorMap.values()) segs.push(...anchorSegments(a, b, anchors, files, opts.minLines, opts.threshold));
  const { clusters, units } = dupClusterUnits(segs, files, sha256Hex);
  return { clusters, units };
}

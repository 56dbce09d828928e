// What `check dup` prints (Go: RunCheckDup, dupChangedRanges and dupLoadIgnore in
// engine/internal/lib/dup.go): the clusters of a scan, in a diff mode only those with a unit on
// a changed line (marked `*`), less those the ignore file dismisses, as the Go engine's lines:
// `dup: scanned …`, then `dup: ok (…)` or `dup: <n> cluster(s)` and each cluster with its units.
// Pure: the scan's results, the diff's ranges and the ignore file's text in; lines out.

import { byteOrder, type DupCluster, type DupFile, type DupUnit } from "./dup-detect.js";
import { unquoteGitPath } from "./windows.js";

/** 1-based inclusive line ranges on the new side of a diff, by path. */
export type ChangedRanges = Map<string, [number, number][]>;

/** The added-line ranges of a `git diff -U0` (a deleted file adds none; a pure deletion hunk marks the line it sits at). */
export function dupChangedRanges(diff: string): ChangedRanges {
  const ranges: ChangedRanges = new Map();
  let cur = "";
  for (const line of diff.split("\n")) {
    if (line.startsWith("+++ ")) {
      const p = unquoteGitPath(line.slice(4).trim());
      cur = p === "/dev/null" ? "" : p.startsWith("b/") ? p.slice(2) : p;
    } else if (line.startsWith("@@") && cur !== "") {
      const m = /\+(\d+)(?:,(\d+))?/.exec(line);
      if (m === null) continue;
      const start = Number(m[1]);
      const count = m[2] === undefined ? 1 : Number(m[2]);
      const list = ranges.get(cur) ?? [];
      list.push([start, count === 0 ? start : start + count - 1]);
      ranges.set(cur, list);
    }
  }
  return ranges;
}

/** The cluster hashes an ignore file dismisses: one a line, `#` starts a comment. */
export function parseDupIgnore(text: string): Set<string> {
  const out = new Set<string>();
  for (const raw of text.split("\n")) {
    const hash = (raw.includes("#") ? raw.slice(0, raw.indexOf("#")) : raw).trim();
    if (hash !== "") out.add(hash);
  }
  return out;
}

export type DupMode = "all" | "worktree" | "staged" | "base";

/** One cluster as reported: its units in print order (changed first, then path, then line). */
interface ReportedCluster {
  hash: string;
  score: number;
  units: { path: string; start: number; end: number; changed: boolean }[];
}

interface DupReportInput {
  mode: DupMode;
  files: readonly DupFile[];
  /** Files left out as generated. */
  skipped: number;
  /** Eligible files that could not be read whole (an incomplete scan). */
  failed: number;
  units: readonly DupUnit[];
  clusters: readonly DupCluster[];
  /** Every unit counts as changed (work tree mode before a first commit). */
  allChanged: boolean;
  changed: ChangedRanges;
  ignored: ReadonlySet<string>;
  /** The ignore file as the header names it (project-relative). */
  ignoreFile: string;
  limit: number;
}

interface DupReport {
  lines: string[];
  /** ok: nothing to review; clusters: leads printed; incomplete: the scan missed eligible files. */
  result: "ok" | "clusters" | "incomplete";
  /** The clusters not dismissed (before --limit). */
  shown: ReportedCluster[];
  /** Those printed (after --limit). */
  printed: ReportedCluster[];
  ignoredCount: number;
  /** Clusters the scan found before the diff filter. */
  total: number;
}

/**
 * `x` with two decimals as Go's `%.2f` prints it: rounded from its exact binary value, an exact
 * tie to even (0.625 → 0.62, where toFixed gives 0.63). `x` is not negative.
 */
export function fixed2(x: number): string {
  const [whole, frac] = x.toFixed(100).split(".") as [string, string];
  const rest = frac.slice(2);
  const tie = /^50*$/.test(rest);
  const above = !tie && rest[0]! >= "5";
  let n = Number(whole) * 100 + Number(frac.slice(0, 2));
  if (above || (tie && n % 2 === 1)) n++;
  return `${Math.floor(n / 100)}.${String(n % 100).padStart(2, "0")}`;
}

const overlaps = (u: DupUnit, r: [number, number]) => u.start + 1 <= r[1] && r[0] <= u.end + 1;

/** The report of a scan: the Go engine's lines, in its order. */
export function dupReport(input: DupReportInput): DupReport {
  const { files, units } = input;
  const changed = units.map((u) => input.allChanged || (input.changed.get(files[u.file]!.path) ?? []).some((r) => overlaps(u, r)));
  const kept = input.mode === "all" ? input.clusters : input.clusters.filter((c) => c.units.some((u) => changed[u]));
  const notIgnored = kept.filter((c) => !input.ignored.has(c.hash));
  const ignoredCount = kept.length - notIgnored.length;
  const shown: ReportedCluster[] = notIgnored.map((c) => ({
    hash: c.hash,
    score: c.score,
    units: [...c.units]
      .sort((a, b) => Number(changed[b]) - Number(changed[a]) || byteOrder(files[units[a]!.file]!.path, files[units[b]!.file]!.path) || units[a]!.start - units[b]!.start)
      .map((u) => ({ path: files[units[u]!.file]!.path, start: units[u]!.start + 1, end: units[u]!.end + 1, changed: changed[u]! })),
  }));
  const lines = [`dup: scanned ${files.length} files (${input.skipped} skipped), ${units.length} units; ignore-file ${input.ignoreFile}`];
  const incomplete = input.failed > 0;
  if (shown.length === 0) {
    if (!incomplete) {
      if (ignoredCount > 0) lines.push(`dup: ok (all ${ignoredCount} cluster(s) ignored via ${input.ignoreFile})`);
      else if (input.mode !== "all" && input.clusters.length > 0) lines.push("dup: ok (no clusters touch the diff)");
      else lines.push("dup: ok (no similar regions)");
    }
    return { lines, result: incomplete ? "incomplete" : "ok", shown, printed: [], ignoredCount, total: input.clusters.length };
  }
  lines.push(`dup: ${shown.length} cluster(s)${ignoredCount > 0 ? ` (${ignoredCount} ignored)` : ""}`);
  const printed = shown.slice(0, input.limit);
  if (shown.length > input.limit) lines.push(`dup: truncated to ${input.limit} clusters (--limit)`);
  printed.forEach((c, i) => {
    lines.push(`cluster ${i + 1} (${c.hash}) score ${fixed2(c.score)}:`);
    for (const u of c.units) lines.push(`  ${u.changed ? "* " : "  "}${u.path}:${u.start}-${u.end}`);
  });
  return { lines, result: incomplete ? "incomplete" : "clusters", shown, printed, ignoredCount, total: input.clusters.length };
}

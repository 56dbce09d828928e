// `parallel select`'s rule (Go: SelectGreedy in engine/internal/parallel/select.go): from the
// ready slices, already dependency-satisfied and in plan order, the largest plan-order prefix-
// greedy subset of at most `cap` slices whose path sets are pairwise disjoint. A slice that
// overlaps one already chosen is skipped (it builds in a later, serial round), never fatal.
// A cap of 1 is a legal one-slice round. Pure: the command reads the JSON and the tree.

import { validateSlicePaths, type SlicePaths } from "./path-disjoint.js";

/** The pack's upper bound on a batch (`rite-build/reference/parallel-batch.md`: 2≤N≤10). */
export const MAX_PARALLEL_SLICES = 10;

/** The Go engine's slice id (lease.go's sliceRE), also its worktree and branch segment. */
export const PARALLEL_SLICE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export type SelectMode = "none" | "serial" | "parallel";

export interface Selection {
  selected: SlicePaths[];
  mode: SelectMode;
}

/** Go: selectMode. */
export function selectMode(n: number): SelectMode {
  return n <= 0 ? "none" : n === 1 ? "serial" : "parallel";
}

export function selectGreedy(cap: number, ready: readonly SlicePaths[], symlinkAt?: (path: string) => boolean): Selection | { problem: string } {
  if (!Number.isInteger(cap) || cap < 1 || cap > MAX_PARALLEL_SLICES) return { problem: `cap must be 1-${MAX_PARALLEL_SLICES} (got ${cap})` };
  const normalized: SlicePaths[] = [];
  const seen = new Set<string>();
  for (const [i, item] of ready.entries()) {
    if (item.id === "") return { problem: `slice ${i}: missing id` };
    if (!PARALLEL_SLICE_ID.test(item.id)) return { problem: `slice ${i}: invalid slice id ${JSON.stringify(item.id)}` };
    if (seen.has(item.id)) return { problem: `duplicate slice id ${JSON.stringify(item.id)}` };
    seen.add(item.id);
    const paths = validateSlicePaths(item.paths, `slice ${JSON.stringify(item.id)}`, symlinkAt);
    if ("problem" in paths) return paths;
    normalized.push({ id: item.id, paths: paths.paths });
  }
  const selected: SlicePaths[] = [];
  const taken = new Set<string>();
  for (const cand of normalized) {
    if (selected.length >= cap) break;
    if (cand.paths.some((p) => taken.has(p))) continue;
    selected.push(cand);
    for (const p of cand.paths) taken.add(p);
  }
  return { selected, mode: selectMode(selected.length) };
}

/** Go: formatSelect — `select: n_eff=<n> mode=<mode> slices=<a,b>`. */
export function formatSelection(s: Selection): string {
  return `select: n_eff=${s.selected.length} mode=${s.mode} slices=${s.selected.map((x) => x.id).join(",")}`;
}

// "Did you mean …": the nearest known word to a typo (a command, a subcommand or an option),
// by edit distance with adjacent transpositions. Only runs on the way to an exit 2 or 5.

/** Edit distance where swapping two adjacent characters counts as one edit (`stauts` → `status`). */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The candidates close enough to `typed` to be what was meant, nearest first: within a third
 * of the word's length (at least 1, at most 3 edits), or a candidate the typed word begins.
 */
export function closest(typed: string, candidates: readonly string[]): string[] {
  const t = typed.toLowerCase();
  const limit = Math.min(3, Math.max(1, Math.floor(t.length / 3)));
  const scored = [...new Set(candidates)]
    .map((c) => ({ c, d: c.startsWith(t) && t.length >= 2 ? 0.5 : editDistance(t, c.toLowerCase()) }))
    .filter((x) => x.d <= limit && x.c !== typed);
  scored.sort((x, y) => x.d - y.d);
  const best = scored[0]?.d;
  return scored.filter((x) => x.d === best).map((x) => x.c);
}

// The keys of a question block formats.md names, and the known key a person most likely meant
// when a line is not read as it (`anwser:`, `Answer:`, `answer :`): the block grammar's reading
// of a person's slips, for check's warnings and the answer text that is not read.

import { fieldColon } from "./block-grammar.js";

/**
 * The keys formats.md names for a question block. Any other key is kept as written; one a
 * letter or two away from these (`anwser:`), or one of these written so that it is no field
 * (`Answer:`, `answer :`), is most likely a person's slip, and the value under it is never read.
 */
export const QUESTION_KEYS = [
  "status", "gate", "slice", "question", "options", "proposed", "raised_at", "answered_at", "answer", "answered_by", "impact", "supersedes", "route",
] as const;

/**
 * The edit distance of `a` and `b` counting a swap of two neighbours as one edit (optimal
 * string alignment), or `max + 1` once it is sure to exceed `max`.
 */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The known key that `key` (a key as written, any case) most likely means: the key itself
 * lowercased when that is a known key, else the known key within one edit (two for keys of
 * more than five characters), the closest first; undefined when none is that close. A swap
 * of two neighbours is one edit (`anwser` → `answer`).
 */
export function meantKey(key: string): string | undefined {
  const k = key.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const known of QUESTION_KEYS) {
    if (known === k) return known;
    const max = known.length > 5 ? 2 : 1;
    const d = editDistance(k, known, max);
    if (d <= max && d < bestDistance) {
      best = known;
      bestDistance = d;
    }
  }
  return best;
}

/** `Key:` or `key :` at column 0: a word of letters, digits, `_` and `-`, spaces, then a colon. */
const KEY_LIKE = /^([A-Za-z][A-Za-z0-9_-]*)[ \t]*:/;

/**
 * A line at column 0 that a person most likely wrote as a known field but the grammar does not
 * read as it: a field line whose key is not known but near one (`anwser: …`), or a line that
 * is no field line (`Answer: …`, `answer : …`) whose word is a known key in another case or
 * near one. `written` is the key as written, `meant` the known key; undefined for anything
 * else (a known field line, prose, an unknown key near no known one).
 */
export function misreadKey(lineText: string): { written: string; meant: string } | undefined {
  const m = KEY_LIKE.exec(lineText);
  if (!m) return undefined;
  const written = m[1]!;
  const isField = fieldColon(lineText) === written.length;
  if (isField && (QUESTION_KEYS as readonly string[]).includes(written)) return undefined;
  const meant = meantKey(written);
  return meant === undefined ? undefined : { written, meant };
}

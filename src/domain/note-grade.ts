// An anchored note's grade (Go: engine/internal/notes/notes.go, GradeNote): exact while its
// subject file still holds the quote; else moved (the quote is in exactly one other file),
// ambiguous (more than one), stale (the subject is there, the quote nowhere) or lost (neither).
// Whitespace is collapsed on both sides, so re-wrapping and re-indenting keep a note exact. Pure:
// the files come in as text, the repository search as its answer.

export const GRADES = ["exact", "moved", "stale", "ambiguous", "lost"] as const;
export type Grade = (typeof GRADES)[number];

/** Go's normalizeWS: runs of whitespace become one space, none at either end. */
export function normalizeWs(s: string): string {
  return s.split(/[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/).filter((p) => p !== "").join(" ");
}

export interface Graded {
  grade: Grade;
  /** With moved: the repository-relative file that holds the quote now. */
  movedTo: string | undefined;
}

/**
 * @param subjectText the subject file's text, undefined when it is not a readable text file
 * @param elsewhere the other files holding the quote (the search may stop at two), asked only when needed
 */
export function gradeNote(quote: string, subjectText: string | undefined, elsewhere: () => readonly string[]): Graded {
  const q = normalizeWs(quote);
  if (subjectText !== undefined && normalizeWs(subjectText).includes(q)) return { grade: "exact", movedTo: undefined };
  const found = elsewhere();
  if (found.length === 1) return { grade: "moved", movedTo: found[0] };
  if (found.length > 1) return { grade: "ambiguous", movedTo: undefined };
  return { grade: subjectText !== undefined ? "stale" : "lost", movedTo: undefined };
}

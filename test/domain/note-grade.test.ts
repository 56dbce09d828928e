// An anchored note's grade (domain/note-grade.ts; Go: GradeNote, normalizeWS in
// engine/internal/notes/notes.go): a table of subject text × files elsewhere.

import { describe, expect, it } from "vitest";
import { gradeNote, normalizeWs } from "../../src/domain/note-grade.js";

describe("gradeNote (Go: GradeNote)", () => {
  it.each<[string, string, string | undefined, string[], string, string | undefined]>([
    ["the subject holds the quote", "maxConns = 4", "const maxConns = 4\n", [], "exact", undefined],
    ["TestGradeNormalizesWhitespace: re-indented and re-spaced", "var anchor = 1", "package src\n\n\tvar   anchor\t=\t1\n", [], "exact", undefined],
    ["gone from the subject, in one other file", "maxConns = 4", "const maxConns = 8\n", ["src/config/limits.go"], "moved", "src/config/limits.go"],
    ["in two other files", "maxConns = 4", "const maxConns = 8\n", ["a.go", "b.go"], "ambiguous", undefined],
    ["the subject there, the quote nowhere", "maxConns = 4", "const maxConns = 8\n", [], "stale", undefined],
    ["no subject, the quote nowhere", "maxConns = 4", undefined, [], "lost", undefined],
    ["no subject, the quote in one file", "maxConns = 4", undefined, ["x.go"], "moved", "x.go"],
  ])("%s: %s", (_name, quote, subject, elsewhere, grade, movedTo) => {
    expect(gradeNote(quote, subject, () => elsewhere)).toEqual({ grade, movedTo });
  });

  it("the repository is searched only when the subject lost the quote", () => {
    let asked = 0;
    gradeNote("a", "a b", () => (asked++, []));
    expect(asked).toBe(0);
  });

  it.each<[string, string]>([
    ["  a \t b\n\nc  ", "a b c"],
    ["a\u00a0b\u3000c", "a b c"],
    ["", ""],
  ])("normalizeWs(%j) = %j (Go: strings.Fields)", (s, want) => {
    expect(normalizeWs(s)).toBe(want);
  });
});

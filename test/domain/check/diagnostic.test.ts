// The diagnostic line format check prints and its sort order (file, line, column, rule).

import { describe, expect, it } from "vitest";
import { formatDiagnostic, sortDiagnostics, type Diagnostic } from "../../../src/domain/check/diagnostic.js";

const d = (file: string, line: number, col: number, rule = "r", severity: Diagnostic["severity"] = "error"): Diagnostic => ({ file, line, col, severity, rule, message: "m" });

describe("diagnostic", () => {
  it.each([
    [d("state.md", 3, 12, "state-schema"), undefined, "state.md:3:12 error state-schema m"],
    [d("AFK", 2, 13, "afk-count", "warning"), ".devrites/AFK", ".devrites/AFK:2:13 warning afk-count m"],
  ])("formats as <file>:<line>:<col> <severity> <rule> <message> (%#)", (diag, label, want) => {
    expect(formatDiagnostic(diag, label)).toBe(want);
  });

  it("sorts by file, then line, then column, then rule, without mutating its input", () => {
    const input = [d("state.md", 2, 1), d("questions.md", 9, 1), d("state.md", 1, 5, "b"), d("state.md", 1, 5, "a"), d("state.md", 1, 2)];
    const copy = [...input];
    expect(sortDiagnostics(input).map((x) => `${x.file}:${x.line}:${x.col}:${x.rule}`)).toEqual([
      "questions.md:9:1:r", "state.md:1:2:r", "state.md:1:5:a", "state.md:1:5:b", "state.md:2:1:r",
    ]);
    expect(input).toEqual(copy);
  });
});

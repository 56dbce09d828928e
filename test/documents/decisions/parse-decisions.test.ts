// decisions.md read for appending: the next DEC number ignores fenced look-alikes and
// ids inside other words; ids are zero-padded to three digits.

import { describe, expect, it } from "vitest";
import { decisionId, parseDecisions } from "../../../src/documents/decisions/parse-decisions.js";

describe("parseDecisions", () => {
  it.each([
    ["", 0],
    ["# Decisions\n", 0],
    ["### DEC-001 — a\n### DEC-007 — b\n### DEC-003 — c\n", 7],
    ["| DEC-012 | accepted |\n- Related: DEC-020\n", 20],
    ["### DEC-002 — a\n```\n### DEC-999 — template\n```\n~~~\n| DEC-998 |\n", 2],
    ["### DEC-1000 — wide\n", 1000],
    ["XDEC-050 and DEC-05a do not count\n### DEC-004 — a\n", 4],
  ])("the highest DEC number outside fences in %j is %i", (text, highest) => {
    expect(parseDecisions(text).highest).toBe(highest);
  });

  it.each([
    [1, "DEC-001"],
    [42, "DEC-042"],
    [1000, "DEC-1000"],
  ])("decisionId(%i) is %s", (n, id) => {
    expect(decisionId(n)).toBe(id);
  });
});

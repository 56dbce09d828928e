// tasks.md's slice graph as the DevRites pack writes it: each rule of the graph (ids, the
// Dependencies / depends_on lines, unknown and malformed ids, cycles) and the one-slice section
// `observe slice` prints, as tables over the pure parser.

import { describe, expect, it } from "vitest";
import { parseTaskGraph, sliceSection } from "../../src/domain/task-graph.js";

const TASKS = `# Tasks

Current checkpoint: intro text.

## SLICE-001 First
Goal: one
Dependencies: none
depends_on: []

### Notes
nested heading stays inside the slice

## SLICE-002 Second
Goal: two
Dependencies: SLICE-001
depends_on: [SLICE-001]

## Trailing section
not a slice
`;

const slice = (id: string, deps: string, mirror = `[${deps === "none" ? "" : deps}]`) => `## ${id} x\nDependencies: ${deps}\ndepends_on: ${mirror}\n\n`;

describe("parseTaskGraph", () => {
  it("reads each slice with its dependencies, in file order", () => {
    expect(parseTaskGraph(TASKS)).toEqual({
      slices: [
        { id: "SLICE-001", dependsOn: [] },
        { id: "SLICE-002", dependsOn: ["SLICE-001"] },
      ],
      cycle: [],
      unknown: [],
      problems: [],
    });
  });

  it.each([
    ["an empty file", "", ["tasks.md is empty"]],
    ["no slice sections", "# Tasks\n\n## Notes\n", ["no ## SLICE-… sections found in tasks.md"]],
    ["an unknown dependency", slice("SLICE-001", "SLICE-009"), ["SLICE-001 depends on unknown slice SLICE-009"]],
    ["a malformed dependency", slice("SLICE-001", "slice-1", "[]"), ['SLICE-001 has malformed dependency "slice-1"']],
    ["a missing Dependencies line", "## SLICE-001 x\nGoal: one\n", ["SLICE-001 is missing its Dependencies line"]],
    ["Dependencies and depends_on disagreeing", slice("SLICE-001", "none") + slice("SLICE-002", "SLICE-001", "[]"), ["SLICE-002 Dependencies and depends_on sets differ"]],
    ["a duplicate slice id", slice("SLICE-001", "none") + slice("SLICE-001", "none"), ["duplicate slice id SLICE-001"]],
    ["a cycle", slice("SLICE-001", "SLICE-002") + slice("SLICE-002", "SLICE-001"), ["dependency cycle: SLICE-001 -> SLICE-002 -> SLICE-001"]],
  ])("%s is a problem that blocks", (_name, text, problems) => {
    expect(parseTaskGraph(text).problems).toEqual(problems);
  });

  it("takes depends_on alone when there is no Dependencies line, in any list spelling", () => {
    expect(parseTaskGraph("## SLICE-002 x\ndepends_on: [`SLICE-001`; SLICE-003]\n## SLICE-001 y\nDependencies: none\n## SLICE-003 z\n- Dependencies: none\n").slices).toEqual([
      { id: "SLICE-002", dependsOn: ["SLICE-001", "SLICE-003"] },
      { id: "SLICE-001", dependsOn: [] },
      { id: "SLICE-003", dependsOn: [] },
    ]);
  });

  it("never reads a heading or a field inside a code fence", () => {
    const text = "## SLICE-001 x\nDependencies: none\n```\n## SLICE-002 example\nDependencies: SLICE-404\n```\n";
    expect(parseTaskGraph(text)).toMatchObject({ slices: [{ id: "SLICE-001", dependsOn: [] }], problems: [] });
  });
});

describe("sliceSection", () => {
  it("is the slice from its heading to the next level-1 or -2 heading, its ### subsections kept", () => {
    expect(sliceSection(TASKS, "SLICE-001").lines).toEqual(["## SLICE-001 First", "Goal: one", "Dependencies: none", "depends_on: []", "", "### Notes", "nested heading stays inside the slice"]);
    expect(sliceSection(TASKS, "SLICE-002").lines).toEqual(["## SLICE-002 Second", "Goal: two", "Dependencies: SLICE-001", "depends_on: [SLICE-001]"]);
  });

  it("keeps CRLF files' text without the CR", () => {
    expect(sliceSection(TASKS.replace(/\n/g, "\r\n"), "SLICE-002").lines?.[0]).toBe("## SLICE-002 Second");
  });

  it("is undefined for a slice that is not there, with the ids that are", () => {
    expect(sliceSection(TASKS, "SLICE-003")).toEqual({ lines: undefined, ids: ["SLICE-001", "SLICE-002"] });
    expect(sliceSection(TASKS, "SLICE-00").lines).toBeUndefined();
  });
});

/** `n` slices, each depending on the next; the last on none, or (cycle) on the first. */
function chain(n: number, cycle = false): string {
  const parts: string[] = [];
  for (let i = 1; i <= n; i++) {
    const dep = i < n ? `SLICE-${i + 1}` : cycle ? "SLICE-1" : "none";
    parts.push(`## SLICE-${i} s\nDependencies: ${dep}\n`);
  }
  return parts.join("\n");
}

describe("parseTaskGraph on long graphs (issue 40: the walk once recursed once per slice)", () => {
  it("reads a chain of 12,000 slices, each depending on the next, with no problem and no cycle", () => {
    const g = parseTaskGraph(chain(12_000));
    expect(g.problems).toEqual([]);
    expect(g.slices).toHaveLength(12_000);
    expect(g.slices[11_998]).toEqual({ id: "SLICE-11999", dependsOn: ["SLICE-12000"] });
  });

  it("finds a cycle through 12,000 slices and names it from the first slice round to it again", () => {
    const g = parseTaskGraph(chain(12_000, true));
    expect(g.cycle).toHaveLength(12_001);
    expect(g.cycle.slice(0, 2)).toEqual(["SLICE-1", "SLICE-2"]);
    expect(g.cycle.slice(-2)).toEqual(["SLICE-12000", "SLICE-1"]);
    expect(g.problems).toHaveLength(1);
  });

  it("names the first cycle the depth-first walk in slice order meets, as the recursive walk did", () => {
    // SLICE-1 reaches the SLICE-3/SLICE-4 loop through SLICE-2; the SLICE-5 self-loop comes later.
    const text = ["## SLICE-1\nDependencies: SLICE-2, SLICE-5", "## SLICE-2\nDependencies: SLICE-3", "## SLICE-3\nDependencies: SLICE-4", "## SLICE-4\nDependencies: SLICE-3", "## SLICE-5\nDependencies: SLICE-5"].join("\n");
    expect(parseTaskGraph(text).cycle).toEqual(["SLICE-3", "SLICE-4", "SLICE-3"]);
    expect(parseTaskGraph(text.replace("SLICE-2, SLICE-5", "SLICE-5, SLICE-2")).cycle).toEqual(["SLICE-5", "SLICE-5"]);
  });
});

describe("parseTaskGraph's reading of a Dependencies line", () => {
  it.each([
    ["ids with spaces and tabs between and around", "Dependencies: \t SLICE-2 \t ,  SLICE-3 \t ", ["SLICE-2", "SLICE-3"]],
    ["a repeated id, kept once where it first appears", "Dependencies: SLICE-3, SLICE-2, SLICE-3", ["SLICE-3", "SLICE-2"]],
    ["quoted and bracketed ids", "- Dependencies: [(`SLICE-2`), {'SLICE-3'}]", ["SLICE-2", "SLICE-3"]],
    ["a trailing line separator, which is whitespace", "Dependencies: SLICE-2\u2028", ["SLICE-2"]],
  ])("%s", (_name, line, ids) => {
    const text = `## SLICE-1\n${line}\n## SLICE-2\nDependencies: none\n## SLICE-3\nDependencies: none\n`;
    expect(parseTaskGraph(text).slices[0]).toEqual({ id: "SLICE-1", dependsOn: ids });
  });

  it("a line separator inside the value is not a Dependencies line (the line's pattern stops at one)", () => {
    expect(parseTaskGraph("## SLICE-1\nDependencies: SLICE-2\u2028SLICE-3\n").problems).toEqual(["SLICE-1 is missing its Dependencies line"]);
  });

  it("a token of quotes and brackets alone is no id, and one wrapped around a bad id names the bad id", () => {
    expect(parseTaskGraph("## SLICE-1\nDependencies: ((``)) ((slice-9))\n").problems).toEqual(['SLICE-1 has malformed dependency "slice-9"']);
  });

  it("Dependencies and depends_on agree as sets, whatever their order", () => {
    const text = "## SLICE-1\nDependencies: SLICE-2, SLICE-3\ndepends_on: [SLICE-3, SLICE-2]\n## SLICE-2\nDependencies: none\n## SLICE-3\nDependencies: none\n";
    expect(parseTaskGraph(text).problems).toEqual([]);
    expect(parseTaskGraph(text.replace("[SLICE-3, SLICE-2]", "[SLICE-3, SLICE-3]")).problems).toEqual(["SLICE-1 Dependencies and depends_on sets differ"]);
  });
});

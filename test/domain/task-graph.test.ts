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

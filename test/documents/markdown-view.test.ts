// "A heading" means an ATX heading outside a fence, everywhere in the engine; sections run
// to the next heading of level 1 or 2.

import { describe, expect, it } from "vitest";
import { parseHeading, sectionEnd, viewOf } from "../../src/documents/markdown-view.js";

describe("parseHeading", () => {
  it.each([
    ["# Title", { level: 1, text: "Title" }],
    ["## Awaiting human", { level: 2, text: "Awaiting human" }],
    ["###### six", { level: 6, text: "six" }],
    ["   ## indented three", { level: 2, text: "indented three" }],
    ["## trailing spaces   ", { level: 2, text: "trailing spaces" }],
    ["## closing hashes ##", { level: 2, text: "closing hashes" }],
    ["## text#notclosing", { level: 2, text: "text#notclosing" }],
    ["##", { level: 2, text: "" }],
    ["## ", { level: 2, text: "" }],
    ["##\tTab", { level: 2, text: "Tab" }],
    ["## q-1 blocking", { level: 2, text: "q-1 blocking" }],
  ])("%j is a heading %j", (line, want) => {
    expect(parseHeading(line)).toEqual(want);
  });

  it.each(["#hashtag", "####### seven", "    ## four spaces", "text ## not at start", "", "-## bullet", "\\## escaped"])(
    "%j is not a heading",
    (line) => {
      expect(parseHeading(line)).toBeUndefined();
    },
  );
});

describe("viewOf and sectionEnd", () => {
  it("headings inside fences are not headings", () => {
    const view = viewOf("# T\n```\n## inside\n```\n## outside\n~~~\n# also inside\n");
    expect(view.headings.map((h) => h.text)).toEqual(["T", "outside"]);
  });

  it.each([
    ["# A\n## B\nx\n### C\ny\n## D\n", 1, 5],
    ["# A\n## B\nx\n### C\ny\n# D\n", 1, 5],
    ["# A\n## B\nx\n### C\ny\n", 1, 5],
    ["## B\n```\n## not\n```\n## C\n", 0, 4],
    ["### C\nx\n### D\n", 0, 2],
  ])("in %j the section at line %i ends (exclusive) at line %i: the next level-1/2 heading or EOF", (text, at, end) => {
    const view = viewOf(text);
    const maxLevel = view.headings.find((h) => h.index === at)!.level === 3 ? 3 : 2;
    expect(sectionEnd(view, at, maxLevel)).toBe(end);
  });
});

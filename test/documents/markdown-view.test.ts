// "A heading" means an ATX heading outside a fence, everywhere in the engine; sections run
// to the next heading of level 1 or 2.

import { describe, expect, it } from "vitest";
import { LATIN1_PIECE, parseHeading, sectionEnd, viewOf, viewOfBytes } from "../../src/documents/markdown-view.js";
import { makeRng } from "../helpers/generate.js";

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
    ["## C#", { level: 2, text: "C#" }],
    ["## a #\t", { level: 2, text: "a" }],
    ["## a \t## \t", { level: 2, text: "a" }],
    ["## ###", { level: 2, text: "" }],
    ["## #a#", { level: 2, text: "#a#" }],
    ["## a\u00a0#", { level: 2, text: "a\u00a0#" }],
    ["# a\u2028b  ", { level: 1, text: "a\u2028b" }],
  ])("%j is a heading %j", (line, want) => {
    expect(parseHeading(line)).toEqual(want);
  });

  it("keeps runs of spaces and tabs inside a heading's text, and cuts them at its end with a closing sequence", () => {
    const run = " \t".repeat(50);
    expect(parseHeading(`# a${run}b${run}`)).toEqual({ level: 1, text: `a${run}b` });
    expect(parseHeading(`# a${run}#x#${run}`)).toEqual({ level: 1, text: `a${run}#x#` });
    expect(parseHeading(`## a${run}##${run}`)).toEqual({ level: 2, text: "a" });
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

describe("the view reads every heading line as parseHeading does", () => {
  // The view reads the usual heading (`## text`) in place and hands any other line to
  // parseHeading: over lines built from the characters that decide a heading, in every
  // position of a file (first line with and without a BOM, CRLF), the two must agree.
  const pieces = ["#", "##", "######", "#######", " ", "  ", "\t", "x", "q-1", "#x", "x#", " #", "\u00a0", "\u3000", "—", "é", "`", "\u2028"];
  const rng = makeRng(7);
  const lines: string[] = [];
  for (let n = 0; n < 3000; n++) {
    let line = rng.pick(["#", "##", "###", " ##", "######", "#######"]);
    const parts = rng.int(0, 4);
    for (let k = 0; k < parts; k++) line += rng.pick(pieces);
    lines.push(line);
  }
  it.each([
    ["LF", "", "\n"],
    ["CRLF", "", "\r\n"],
    ["BOM", "\ufeff", "\n"],
  ])("%s", (_name, bom, eol) => {
    for (const line of lines) {
      for (const text of [bom + line + eol + "after" + eol, "before" + eol + line + eol, "before" + eol + line]) {
        const view = viewOf(text);
        const index = text.startsWith("before") ? 1 : 0;
        const expected = parseHeading(line);
        const got = view.headings.find((h) => h.index === index);
        expect(got && { level: got.level, text: got.text }, JSON.stringify(text)).toEqual(expected);
      }
    }
  });
});

describe("a view of bytes reads the bytes' Latin-1 text, whole, at any size", () => {
  // The text is made of pieces for a large file: every byte value, across each piece boundary.
  it.each([0, 1, 255, LATIN1_PIECE - 1, LATIN1_PIECE, LATIN1_PIECE + 1, 2 * LATIN1_PIECE + 7])("%i bytes", (size) => {
    const bytes = Buffer.alloc(size);
    for (let k = 0; k < size; k++) bytes[k] = (k * 7 + (k >> 8)) & 0xff;
    const view = viewOfBytes(bytes);
    expect(view.text.length).toBe(size);
    expect(view.text === bytes.toString("latin1")).toBe(true);
  });
});

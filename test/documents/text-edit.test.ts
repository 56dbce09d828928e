// applyEdits is the only place edits become text: it must keep every byte outside the
// edits, be the identity with no edits, and refuse overlaps (a builder bug, never data).

import { describe, expect, it } from "vitest";
import { applyEdits, type TextEdit } from "../../src/documents/text-edit.js";

describe("applyEdits", () => {
  it.each(["", "a", "a\r\nb\n", "no final newline", "tabs\tand  spaces  \n\n\n", "é✓\u2028"])(
    "applyEdits(%j, []) is the identity",
    (text) => {
      expect(applyEdits(text, [])).toBe(text);
    },
  );

  it.each<[string, TextEdit[], string]>([
    ["abcdef", [{ start: 1, end: 3, insert: "X" }], "aXdef"],
    ["abcdef", [{ start: 4, end: 5, insert: "Y" }, { start: 0, end: 1, insert: "X" }], "XbcdYf"],
    ["abc", [{ start: 1, end: 1, insert: "1" }, { start: 1, end: 1, insert: "2" }], "a12bc"],
    ["abc", [{ start: 1, end: 2, insert: "" }, { start: 2, end: 2, insert: "Z" }], "aZc"],
    ["abc", [{ start: 3, end: 3, insert: "!" }], "abc!"],
    ["abc", [{ start: 0, end: 3, insert: "" }], ""],
    ["a\nb", [{ start: 0, end: 1, insert: "x" }, { start: 1, end: 2, insert: "\r\n" }], "x\r\nb"],
  ])("splices %j with %j into %j, same-offset insertions in the given order", (text, edits, want) => {
    expect(applyEdits(text, edits)).toBe(want);
  });

  it.each<[string, TextEdit[]]>([
    ["overlapping replacements", [{ start: 0, end: 3, insert: "x" }, { start: 2, end: 4, insert: "y" }]],
    ["an insertion inside a replaced range", [{ start: 0, end: 3, insert: "x" }, { start: 1, end: 1, insert: "y" }]],
    ["a range ending before it starts", [{ start: 3, end: 2, insert: "x" }]],
    ["a range past the end of the text", [{ start: 4, end: 9, insert: "x" }]],
  ])("throws on %s", (_name, edits) => {
    expect(() => applyEdits("abcdef", edits)).toThrow(/overlapping or out-of-range/);
  });

  it("does not mutate the edits array it was given", () => {
    const edits: TextEdit[] = [{ start: 2, end: 2, insert: "b" }, { start: 0, end: 0, insert: "a" }];
    const copy = JSON.parse(JSON.stringify(edits)) as TextEdit[];
    applyEdits("xyz", edits);
    expect(edits).toEqual(copy);
  });
});

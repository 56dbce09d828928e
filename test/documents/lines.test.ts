// Line splitting is the base of every position the parsers report: offsets, terminators
// and the "no final newline" case must be exact or splices would shift bytes.

import { describe, expect, it } from "vitest";
import { appendBlockEdit, detectEol, insertLinesAfter, isBlank, isSeparatorCell, splitLines } from "../../src/documents/lines.js";
import { applyEdits } from "../../src/documents/text-edit.js";
import { stringsOver } from "../helpers/generate.js";

describe("splitLines", () => {
  it.each([
    ["", []],
    ["a", [["a", ""]]],
    ["a\n", [["a", "\n"]]],
    ["a\nb", [["a", "\n"], ["b", ""]]],
    ["a\r\nb\r\n", [["a", "\r\n"], ["b", "\r\n"]]],
    ["a\r\nb\nc", [["a", "\r\n"], ["b", "\n"], ["c", ""]]],
    ["\n\n", [["", "\n"], ["", "\n"]]],
    ["a\rb\n", [["a\rb", "\n"]]],
    ["\r\n", [["", "\r\n"]]],
  ])("%j splits into exact line texts and terminators (a final terminator opens no extra line)", (text, want) => {
    const lines = splitLines(text);
    expect(lines.map((l) => [l.text, l.eol])).toEqual(want);
  });

  it.each(["", "x", "a\nb", "a\r\nb\r\n", "one\n\ntwo\r\nthree", "\n\r\n\n", "é\n✓\r\n"])(
    "%j: the lines' text and terminators concatenate back to the input, and offsets point at them",
    (text) => {
      const lines = splitLines(text);
      expect(lines.map((l) => l.text + l.eol).join("")).toBe(text);
      lines.forEach((l, i) => {
        expect(l.number).toBe(i + 1);
        expect(text.slice(l.start, l.end)).toBe(l.text);
        expect(l.next).toBe(l.end + l.eol.length);
        if (i > 0) expect(l.start).toBe(lines[i - 1]!.next);
      });
    },
  );
});

describe("detectEol", () => {
  it.each([
    ["a\r\nb\n", "\r\n"],
    ["a\nb\r\n", "\n"],
    ["no newline", "\n"],
    ["", "\n"],
    ["\r\n", "\r\n"],
    ["x\r\n", "\r\n"],
  ])("%j uses the ending of its first terminated line: %j", (text, eol) => {
    expect(detectEol(text)).toBe(eol);
  });
});

describe("isBlank", () => {
  it.each([
    ["", true],
    ["   ", true],
    ["\t \t", true],
    [" x ", false],
    ["\u00a0", false],
    ["\n", false],
    [" \r", false],
  ])("%j is blank: %s", (text, want) => {
    expect(isBlank(text)).toBe(want);
  });

  it("reads every string of spaces, tabs and a few others as the pattern /^[ \\t]*$/ does", () => {
    for (const s of stringsOver([" ", "\t", "x", "\r", "\u00a0"], 4)) expect(isBlank(s), JSON.stringify(s)).toBe(/^[ \t]*$/.test(s));
  });
});

describe("isSeparatorCell", () => {
  it.each([
    ["-", true],
    ["---", true],
    [":-", true],
    ["-:", true],
    [":---:", true],
    ["", false],
    [":", false],
    ["::", false],
    [":-:-", false],
    ["- -", false],
    ["--x", false],
    ["=", false],
  ])("%j: %s", (cell, want) => {
    expect(isSeparatorCell(cell)).toBe(want);
  });

  it("agrees with /^:?-+:?$/ on every string of up to five of ':', '-', ' ' and 'x'", () => {
    for (const s of stringsOver([":", "-", " ", "x"], 5)) expect(isSeparatorCell(s), JSON.stringify(s)).toBe(/^:?-+:?$/.test(s));
  });
});

describe("insertLinesAfter", () => {
  it.each([
    ["a\nb\n", 0, ["x"], "\n", "a\nx\nb\n"],
    ["a\nb\n", 1, ["x", "y"], "\n", "a\nb\nx\ny\n"],
    ["a\r\nb\r\n", 0, ["x"], "\r\n", "a\r\nx\r\nb\r\n"],
    ["a\nb", 1, ["x"], "\n", "a\nb\nx"],
    ["a\r\nb", 1, ["x", "y"], "\r\n", "a\r\nb\r\nx\r\ny"],
  ])("inserting after a line of %j keeps the file's ending and a missing final newline missing", (text, at, lines, eol, want) => {
    const line = splitLines(text)[at]!;
    expect(applyEdits(text, [insertLinesAfter(line, lines, eol)])).toBe(want);
  });
});

describe("appendBlockEdit (a question, a DEC entry, a new Log or Awaiting section)", () => {
  it.each([
    ["a file ending in one newline gets a blank line first", "# Q\n", "# Q\n\n## q-1\nstatus: open\n"],
    ["a file ending in a blank line gets none", "# Q\n\n", "# Q\n\n## q-1\nstatus: open\n"],
    ["a last line of spaces counts as blank", "# Q\n  \t\n", "# Q\n  \t\n## q-1\nstatus: open\n"],
    ["a CRLF blank last line counts as blank", "# Q\r\n\r\n", "# Q\r\n\r\n## q-1\r\nstatus: open\r\n"],
    ["a file of one blank line gets none", "\n", "\n## q-1\nstatus: open\n"],
    ["a file without a final newline is terminated first", "# Q", "# Q\n\n## q-1\nstatus: open\n"],
    ["a one-character file without a newline too", "x", "x\n\n## q-1\nstatus: open\n"],
    ["an empty file starts with the block", "", "## q-1\nstatus: open\n"],
    ["a CRLF file gets CRLF lines", "# Q\r\n", "# Q\r\n\r\n## q-1\r\nstatus: open\r\n"],
  ])("%s", (_name, text, want) => {
    expect(applyEdits(text, [appendBlockEdit(text, ["## q-1", "status: open"])])).toBe(want);
  });
});

// Text formatting for the read commands (src/commands/format.ts): word wrap to a width with
// first/rest prefixes, and ANSI styles that exist only when colour is on.

import { describe, expect, it } from "vitest";
import { makeStyle, terminalText, wrap } from "../../src/commands/format.js";

const ESC = "\u001b[";

describe("wrap", () => {
  it.each([
    ["short text stays on one line", "one two three", 80, "> ", undefined, ["> one two three"]],
    ["breaks between words at the width", "aaa bbb ccc ddd", 9, "", undefined, ["aaa bbb", "ccc ddd"]],
    ["a line may be exactly the width", "aaaa bbbb", 9, "", undefined, ["aaaa bbbb"]],
    ["continuation lines indent as wide as the first prefix", "aaa bbb ccc", 10, "Next: ", undefined, ["Next: aaa", "      bbb", "      ccc"]],
    ["an explicit rest prefix is used instead", "1) aaa bbb ccc", 10, "  ", "     ", ["  1) aaa", "     bbb", "     ccc"]],
    ["whitespace runs and newlines collapse to one space", "a \n\t b   c", 80, "", undefined, ["a b c"]],
    ["a word longer than the width is not split", "x supercalifragilistic y", 10, "", undefined, ["x", "supercalifragilistic", "y"]],
    ["empty text gives the prefix alone", "   ", 80, "Next: ", undefined, ["Next: "]],
  ])("%s", (_name, text, width, first, rest, want) => {
    expect(wrap(text, width, first, rest)).toEqual(want);
  });

  it("an ANSI-styled prefix counts only its visible width", () => {
    const bold = makeStyle(true).bold("Next:");
    const out = wrap("aaaa bbbb", 11, `${bold} `);
    expect(out).toEqual([`${bold} aaaa`, "      bbbb"]);
  });

  it.each([20, 40, 80])("no wrapped line is wider than %i columns when every word fits", (width) => {
    const text = Array.from({ length: 60 }, (_, i) => "w".repeat((i % 9) + 1)).join(" ");
    for (const line of wrap(text, width, "  ")) expect(line.length).toBeLessThanOrEqual(width);
  });
});

describe("makeStyle", () => {
  it("with colour off every style returns its text unchanged (no escape codes)", () => {
    const s = makeStyle(false);
    for (const f of [s.bold, s.dim, s.yellow, s.red]) {
      expect(f("Waiting on q-1")).toBe("Waiting on q-1");
      expect(f("x")).not.toContain(ESC);
    }
  });

  it.each([
    ["bold", "\u001b[1mx\u001b[22m"],
    ["dim", "\u001b[2mx\u001b[22m"],
    ["yellow", "\u001b[33mx\u001b[39m"],
    ["red", "\u001b[31mx\u001b[39m"],
  ] as const)("with colour on %s wraps the text in its SGR open and close codes", (name, want) => {
    expect(terminalText(makeStyle(true)[name]("x"))).toBe(want);
  });
});

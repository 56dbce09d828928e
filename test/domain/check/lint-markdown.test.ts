// check rules over every markdown file (src/domain/check/lint-markdown.ts): each rule fires at its exact
// position on a minimal input and stays silent on a near-identical valid one.

import { describe, expect, it } from "vitest";
import { lintControlChars } from "../../../src/domain/check/lint-markdown.js";
import { expectSilent, expectTriggers } from "./assert-rule.js";
import { MARKDOWN_CASES } from "./rule-cases.js";

describe("lint-markdown", () => {
  it.each(MARKDOWN_CASES.map((c) => [c.rule, c.name, c] as const))("%s fires at its file:line:col — %s", (_rule, _name, c) => expectTriggers(c));
  it.each(MARKDOWN_CASES.map((c) => [c.rule, c.name, c] as const))("%s stays silent on the near-identical valid input — %s", (_rule, _name, c) => expectSilent(c));
});

describe("lintControlChars finds the same characters whether or not the text holds a CR (two regexes, one rule)", () => {
  // The rule as one regex: any match in the text, then the first per line, a line being a
  // "\n"-split row without the CR of its CRLF ending.
  // eslint-disable-next-line no-control-regex
  const ONE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/;
  const expected = (text: string) =>
    !ONE.test(text) ? [] : text.split("\n").flatMap((raw, i, rows) => {
      const row = i < rows.length - 1 && raw.endsWith("\r") ? raw.slice(0, -1) : raw;
      const m = ONE.exec(row);
      return m ? [{ line: i + 1, col: m.index + 1, code: row.charCodeAt(m.index) }] : [];
    });
  const chars = Array.from({ length: 0xa2 }, (_, c) => String.fromCharCode(c));
  it.each(chars.flatMap((ch) => [["no CR", ch, `a\nb${ch}c\nd`], ["CRLF elsewhere", ch, `a\r\nb${ch}c\r\nd`], ["lone CR elsewhere", ch, `a\rz\nb${ch}c\n`]]))("%s, U+%s", (_kind, _ch, text) => {
    const got = lintControlChars(text, "x.md").map((d) => ({ line: d.line, col: d.col, code: Number.parseInt(/U\+([0-9A-F]{4})/.exec(d.message)![1]!, 16) }));
    expect(got).toEqual(expected(text));
  });
});

describe("lintControlChars in a CRLF file", () => {
  it("one control character is one warning: the CR of each CRLF ending is not reported", () => {
    const got = lintControlChars("# T\r\nplain\r\nan \u001b[31m escape\r\nmore\r\n", "x.md");
    expect(got.map((d) => [d.line, d.col])).toEqual([[3, 4]]);
  });

  it("a lone CR at the very end of the file is still one", () => {
    expect(lintControlChars("a\r\nb\r", "x.md").map((d) => [d.line, d.col])).toEqual([[2, 2]]);
  });
});

import { describe, expect, it } from "vitest";
import { cleanPath, compareBytes, foldCase, pathProblem, utf8Length } from "../../../src/documents/manifest/paths.js";
import { PATH_RULE_CASES as RULES } from "./path-cases.js";

describe("manifest path rules", () => {
  it.each(RULES)("%s refuses %j and accepts %j", (rule, refused, accepted) => {
    expect(pathProblem(refused)?.rule).toBe(rule);
    expect(pathProblem(accepted)).toBeUndefined();
  });

  it.each([["src/a.ts"], ["README.md"], ["docs/release-notes.md"], ["a b/c d.txt"], ["ünïcödé/файл.md"], ["x/.hidden/y"]])(
    "an ordinary relative path %j breaks no rule",
    (p) => expect(pathProblem(p)).toBeUndefined(),
  );

  it("every refusal names the path so the reader can find the row", () => {
    for (const [, refused] of RULES) {
      if (pathProblem(refused)!.rule === "path-empty" || pathProblem(refused)!.rule === "path-too-long") continue;
      expect(pathProblem(refused)!.message).toContain(JSON.stringify(refused));
    }
  });
});

describe("byte order, case folding, lengths", () => {
  it.each([
    ["a", "b", -1],
    ["B", "a", -1],
    ["src/a.ts", "src/a.ts", 0],
    ["src", "src/a", -1],
    ["src-x", "src/x", -1],
    ["\uffff", "\u{1f600}", -1],
    ["\u{1f600}", "\ue000", 1],
  ] as const)("compareBytes(%j, %j) has the sign of UTF-8 byte order (%d)", (a, b, sign) => {
    expect(Math.sign(compareBytes(a, b))).toBe(sign);
    expect(Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b)))).toBe(sign);
  });

  it.each([
    ["src/A.ts", "src/a.ts"],
    ["K", "\u212a"],
    ["ſ", "s"],
    ["ẞ", "ß"],
  ])("%j and %j fold equal", (a, b) => expect(foldCase(a)).toBe(foldCase(b)));

  it.each([["ß", "ss"], ["a", "b"]])("%j and %j stay distinct under simple folding", (a, b) => expect(foldCase(a)).not.toBe(foldCase(b)));

  it("an ASCII path folds to its lower case, as folding each code point does", () => {
    const byCodePoint = (s: string) => [...s].map((ch) => { const upper = ch.toUpperCase(); if ([...upper].length !== 1) return ch.toLowerCase(); const lower = upper.toLowerCase(); return [...lower].length === 1 ? lower : upper; }).join("");
    let ascii = "";
    for (let c = 0; c < 0x80; c++) ascii += String.fromCharCode(c);
    for (const s of [ascii, "SRC/Auth/Rotate.TS", "", "a", "A_b-C.d/E~f"]) expect(foldCase(s)).toBe(byCodePoint(s));
    for (const s of ["Src/\u212a.ts", "src/ÉTÉ.md", "İ/x", "\u{1F600}A"]) expect(foldCase(s)).toBe(byCodePoint(s));
  });

  it.each(["", "abc", "é", "€", "\u{1f600}", "a\u{1f600}é€"])("utf8Length(%j) equals Buffer.byteLength", (s) => {
    expect(utf8Length(s)).toBe(Buffer.byteLength(s));
  });

  it.each([
    ["a//b", "a/b"],
    ["./a", "a"],
    ["a/", "a"],
    ["a/../..", ".."],
    ["a/..", "."],
    ["a/b/../c", "a/c"],
  ])("cleanPath(%j) is %j (Go's path.Clean)", (p, clean) => expect(cleanPath(p)).toBe(clean));
});

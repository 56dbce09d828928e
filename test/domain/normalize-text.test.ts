// How stored texts are normalized: whitespace runs collapse, ends are trimmed, control
// characters and over-long texts are refused (exit 5).

import { describe, expect, it } from "vitest";
import { makeRng } from "../helpers/generate.js";
import { BadInputError } from "../../src/errors.js";
import { normalizeText } from "../../src/domain/normalize-text.js";

describe("normalizeText", () => {
  it.each([
    [["Keep", "one", "release"], "Keep one release"],
    [["  spaced\n\nout\t "], "spaced out"],
    [["a\r\nb"], "a b"],
    [["a\u2028b\u00a0c"], "a b c"],
    [["--help"], "--help"],
    [[], ""],
    [["   "], ""],
    [["x".repeat(10_000)], "x".repeat(10_000)],
  ])("%j becomes %j", (words, want) => {
    expect(normalizeText(words, "answer")).toBe(want);
  });

  it("equals collapsing every whitespace run and trimming, on 3,000 generated word lists", () => {
    const rng = makeRng(0x7e47);
    const pieces = ["a", "bc", " ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u2003", "\ufeff", "é", "—", "x y", ""];
    for (let n = 0; n < 3000; n++) {
      const words = Array.from({ length: rng.int(0, 4) }, () => Array.from({ length: rng.int(0, 5) }, () => rng.pick(pieces)).join(""));
      const want = words.join(" ").replace(/\s+/g, " ").trim();
      expect(normalizeText(words, "answer"), JSON.stringify(words)).toBe(want);
    }
  });

  it("builds its label only for a refusal", () => {
    let built = 0;
    const label = () => (built++, "answer for q-1 (answers.txt:3)");
    expect(normalizeText(["fine"], label)).toBe("fine");
    expect(built).toBe(0);
    expect(() => normalizeText(["bad\u0000"], label)).toThrow("answer for q-1 (answers.txt:3) contains control characters");
    expect(built).toBe(1);
  });

  it.each([
    ["a NUL", "a\u0000b"],
    ["an escape", "a\u001b[31mb"],
    ["a DEL", "a\u007fb"],
    ["a C1 control", "a\u0085b"],
    ["10,001 characters", "x".repeat(10_001)],
  ])("%s is refused with exit 5", (_name, text) => {
    expect(() => normalizeText([text], "answer")).toThrow(BadInputError);
  });

  it("the limit is the caller's", () => {
    expect(() => normalizeText(["abcdef"], "title", 5)).toThrow(/at most 5/);
  });
});

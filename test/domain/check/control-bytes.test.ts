// The control-character rule's byte search (src/domain/check/control-bytes.ts) reads a view of
// bytes four bytes at a time. It must find what the one-class regex finds in the bytes' Latin-1
// reading at every byte value and every position in a word, and on valid UTF-8 it must say
// what lintControlChars says of the decoded text: a character reported there iff a byte found here.

import { describe, expect, it } from "vitest";
import { controlByteAt } from "../../../src/domain/check/control-bytes.js";
import { lintControlChars, lintControlCharsIn } from "../../../src/domain/check/lint-markdown.js";
import { viewOfBytes } from "../../../src/documents/markdown-view.js";
import { caseCount } from "../../helpers/counts.js";
import { makeRng, suiteSeed } from "../../helpers/generate.js";

/** The byte class as one regex over the Latin-1 reading (the search this replaced). */
// eslint-disable-next-line no-control-regex
const BYTE_CLASS = /[\u0000-\u0008\u000b-\u001f\u007f]|\u00c2[\u0080-\u009f]|\u00e2\u0080[\u00aa-\u00ae]|\u00e2\u0081[\u00a6-\u00a9]/;
const oracle = (bytes: Buffer) => BYTE_CLASS.exec(bytes.toString("latin1"))?.index ?? -1;

/** `bytes` at offset `shift` of a larger buffer, so that its words start at every alignment. */
function shifted(bytes: Buffer, shift: number): Buffer {
  const big = Buffer.alloc(bytes.length + shift + 8, 0x61);
  bytes.copy(big, shift);
  return big.subarray(shift, shift + bytes.length);
}

describe("controlByteAt finds the first match of the rule's byte class", () => {
  // Every byte value, the byte pairs after C2 and the triples after E2 80 / E2 81, placed at
  // each position of the words of a filler that holds tabs, LFs and an em dash elsewhere.
  const needles: number[][] = [
    ...Array.from({ length: 256 }, (_, b) => [b]),
    ...Array.from({ length: 256 }, (_, b) => [0xc2, b]),
    ...Array.from({ length: 256 }, (_, b) => [0xe2, 0x80, b]),
    ...Array.from({ length: 256 }, (_, b) => [0xe2, 0x81, b]),
    [0xe2, 0x82, 0x80],
  ];
  it(`at every position and alignment (${needles.length} byte sequences)`, () => {
    for (const needle of needles) {
      for (let at = 0; at < 9; at++) {
        for (const shift of [0, 1, 2, 3]) {
          const bytes = shifted(Buffer.concat([Buffer.from("ab\tc\nd".repeat(3).slice(0, at)), Buffer.from(needle), Buffer.from("ef—\ngh\t", "utf8")]), shift);
          expect(controlByteAt(bytes), `${needle.map((b) => b.toString(16)).join(" ")} at ${at}, shift ${shift}`).toBe(oracle(bytes));
        }
      }
    }
  });

  it("a sequence cut by the end of the bytes is not a match (C2, E2 80, E2 81 last)", () => {
    for (const tail of [[0xc2], [0xe2], [0xe2, 0x80], [0xe2, 0x81]]) {
      for (let len = 0; len < 9; len++) {
        const bytes = Buffer.concat([Buffer.alloc(len, 0x61), Buffer.from(tail)]);
        expect(controlByteAt(bytes)).toBe(-1);
        expect(controlByteAt(bytes)).toBe(oracle(bytes));
      }
    }
  });

  it("empty and all-ASCII bytes hold none", () => {
    expect(controlByteAt(Buffer.alloc(0))).toBe(-1);
    expect(controlByteAt(Buffer.from("status: open\n\tquestion: x?\n".repeat(50)))).toBe(-1);
  });
});

const CASES = caseCount("DEVRITES_PROPERTY_CASES", 400, 3000);
const SEED = suiteSeed(0xc7b17e5);
/** Characters around the class's edges: C0, DEL, C1, the bidi controls and their neighbours, CR, and multi-byte characters whose bytes look like the class's. */
const POOL = [
  "a", "b", " ", "\t", "\n", "\n", "\r\n", "\r", "\u0000", "\u0008", "\u000b", "\u001b", "\u001f", "\u007f", "\u0080", "\u0085", "\u009f",
  "\u00a0", "\u00c2", "\u00e2", "é", "—", "\u2028", "\u2029", "\u2029", "\u202a", "\u202e", "\u202f", "\u2065", "\u2066", "\u2069", "\u206a",
  "\u2080", "\u20ac", "日本", "😀", "\ufeff",
];

describe("on valid UTF-8 the byte search agrees with lintControlChars of the decoded text", () => {
  it(`${CASES} generated texts (seed ${SEED})`, () => {
    const rng = makeRng(SEED);
    for (let n = 0; n < CASES; n++) {
      const plain = rng.chance(0.3);
      const length = rng.int(0, 80);
      let text = "";
      for (let i = 0; i < length; i++) text += plain && rng.chance(0.9) ? rng.pick(["x", " ", "\n", "\t", "—", "é"]) : rng.pick(POOL);
      const bytes = shifted(Buffer.from(text, "utf8"), rng.int(0, 3));
      const want = lintControlChars(text, "x.md");
      const at = controlByteAt(bytes);
      expect(at, JSON.stringify(text)).toBe(oracle(bytes));
      // Without a CR the search decides the rule alone; with one the decoded text is linted.
      if (!text.includes("\r")) expect(at >= 0, JSON.stringify(text)).toBe(want.length > 0);
      expect(lintControlCharsIn(viewOfBytes(bytes), "x.md"), JSON.stringify(text)).toEqual(want);
    }
  });
});

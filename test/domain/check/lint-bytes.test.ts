// `status` and `check` lint questions.md from its bytes (lintAll with a Buffer, read through a view of
// bytes) and takes each block's status, gate and question from the scan over that view. Both
// must say exactly what they say over the decoded text: the same diagnostics (lines, columns,
// messages with the values in them) and the same per-block readings. Compared on generated
// hostile files with multi-byte text and control characters (C0, DEL and the two-byte C1).

import { describe, expect, it } from "vitest";
import { parseQuestions, parseQuestionsBytes } from "../../../src/documents/questions/parse-questions.js";
import { parseState } from "../../../src/documents/state/parse-state.js";
import { lintAll } from "../../../src/domain/check/lint-all.js";
import { lintControlChars, lintControlCharsIn } from "../../../src/domain/check/lint-markdown.js";
import { gateAt, questionText, scanQuestions, statusAt } from "../../../src/documents/questions/question-scan.js";
import { hasWrittenAnswer } from "../../../src/domain/written-answers.js";
import { viewOf, viewOfBytes } from "../../../src/documents/markdown-view.js";
import { markdownOutline } from "../../../src/adapters/micromark.js";
import { crossCheck } from "../../../src/domain/check/crosscheck.js";
import { REASON_CODES } from "../../../src/domain/pause-reasons.js";
import { caseCount } from "../../helpers/counts.js";
import { makeRng, stateFile, suiteSeed } from "../../helpers/generate.js";
import { generated } from "../../helpers/hostile-questions.js";

const CASES = caseCount("DEVRITES_PROPERTY_CASES", 300, 2000);
const SEED = suiteSeed(0x1b7e5);
const SPICE = ["é", "—", "日本", "😀", "\u00a0", "\u0085", "\u009b", "\u001b", "\u007f", "\u0000", "\r", "\u2028", "\ufeff"];

/** A generated questions.md with multi-byte and control characters sprinkled into its words. */
function spiced(rng: ReturnType<typeof makeRng>): { text: string; why: string } {
  const g = generated(rng);
  if (!rng.chance(0.7)) return g;
  return { text: g.text.replace(/[aeo]/g, (c) => (rng.chance(0.02) ? rng.pick(SPICE) : c)), why: `${g.why}, spiced` };
}

describe("status's readings of questions.md from its bytes", () => {
  it(`lintAll and the scan agree with the decoded text on ${CASES} generated files (seed ${SEED})`, () => {
    const rng = makeRng(SEED);
    for (let n = 0; n < CASES; n++) {
      const g = spiced(rng);
      const bytes = Buffer.from(g.text, "utf8");
      const text = bytes.toString("utf8");
      const fromText = parseQuestions(text);
      const fromBytes = parseQuestionsBytes(bytes);
      const awaiting = fromText.blocks.length > 0 && rng.chance(0.5) ? rng.pick(fromText.blocks).id : undefined;
      const stateText = stateFile(rng, { awaiting });
      const lint = (questions: string | Buffer, doc: typeof fromText) =>
        lintAll({ state: stateText, questions, decisions: undefined, touched: undefined, events: undefined }, { sentinel: undefined, reasonCodes: REASON_CODES, parsed: { state: parseState(stateText), questions: doc } });
      const why = `case ${n}: ${g.why}`;
      expect(lint(bytes, fromBytes), why).toEqual(lint(text, fromText));
      // Without `parsed`, lintAll parses the bytes itself.
      expect(lintAll({ state: stateText, questions: bytes, decisions: undefined, touched: undefined, events: undefined }, { sentinel: undefined, reasonCodes: REASON_CODES }), why).toEqual(lint(text, fromText));
      const textScan = scanQuestions(fromText);
      const bytesScan = scanQuestions(fromBytes);
      for (let k = 0; k < fromText.blocks.length; k++) {
        const reading = (doc: typeof fromText, scan: typeof textScan) => [statusAt(doc, scan, k), gateAt(doc, scan, k), questionText(doc, scan, k), hasWrittenAnswer(doc.blocks[k]!)];
        expect(reading(fromBytes, bytesScan), `${why}, block ${k}`).toEqual(reading(fromText, textScan));
      }
    }
  });

  it("the control-character rule finds each kind in a view of bytes, at its column", () => {
    for (const c of ["\u0000", "\u0008", "\u000b", "\u001b", "\u007f", "\u0080", "\u0085", "\u009f", "\r"]) {
      const text = `# T\nplain é — 日本\nx é${c}y\nend\n`;
      const got = lintControlCharsIn(viewOfBytes(Buffer.from(text, "utf8")), "q.md");
      expect(got, JSON.stringify(c)).toEqual(lintControlChars(text, "q.md"));
      expect(got.length, JSON.stringify(c)).toBe(1);
    }
    // Characters whose UTF-8 holds bytes 80–9F after a lead other than C2 are not controls.
    for (const text of ["— dash", "€ euro", "Ā macron", "🎉", "\u00a0nbsp", "\u00c2\u0080"]) {
      expect(lintControlCharsIn(viewOfBytes(Buffer.from(text, "utf8")), "q.md"), text).toEqual(lintControlChars(text, "q.md"));
    }
  });

  it("the cross-check of a view of bytes finds what the text's finds, and its limits count bytes", () => {
    const rng = makeRng(SEED + 1);
    const roomy = { maxBytes: 1 << 20, maxSectionBytes: 1 << 20 };
    for (let n = 0; n < 40; n++) {
      const g = spiced(rng);
      const bytes = Buffer.from(g.text, "utf8");
      const text = bytes.toString("utf8");
      expect(crossCheck(viewOfBytes(bytes), "q.md", markdownOutline, roomy), `case ${n}: ${g.why}`).toEqual(crossCheck(viewOf(text), "q.md", markdownOutline, roomy));
    }
    // Two sections of 41 characters, 107 bytes each: a section bound of 100 skips both in bytes.
    const wide = `## q-1\n${"—".repeat(33)}\n## q-2\n${"—".repeat(33)}\n`;
    const tight = { maxBytes: 1 << 20, maxSectionBytes: 100 };
    expect(crossCheck(viewOf(wide), "q.md", markdownOutline, tight).sectionsChecked).toBe(2);
    expect(crossCheck(viewOfBytes(Buffer.from(wide, "utf8")), "q.md", markdownOutline, tight).sectionsChecked).toBe(0);
  });
});

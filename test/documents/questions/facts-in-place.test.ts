// The scan reads a block's facts in place (src/documents/questions/facts-in-place.ts) and the
// lint reads them through the block (block-facts.ts, readBlockFacts); both ask the same rules
// of them (question-rules.ts). So wherever the scan reads a block in place, its facts must be
// the block's own, field by field: on generated hostile files, and on every clean kind of block
// with one field changed, repeated, fenced, continued or followed by what a person writes.

import { describe, expect, it } from "vitest";
import { GATES } from "../../../src/documents/gates.js";
import { blockFacts, readBlockFacts } from "../../../src/documents/questions/block-facts.js";
import { readFactsInPlace } from "../../../src/documents/questions/facts-in-place.js";
import { FieldLines } from "../../../src/documents/questions/field-lines.js";
import { QUESTION_STATUSES, parseQuestions, parseQuestionsBytes } from "../../../src/documents/questions/parse-questions.js";
import { caseCount } from "../../helpers/counts.js";
import { makeRng, suiteSeed } from "../../helpers/generate.js";
import { cleanBlock, generated, oneFieldChanged } from "../../helpers/hostile-questions.js";

const CASES = caseCount("DEVRITES_PROPERTY_CASES", 400, 2500);
const SEED = suiteSeed(0xfac7);

/** Per block of `text` (read as text and as bytes): the facts read in place equal the block's; how many were read in place and how many not. */
function compare(text: string, where: string): { inPlace: number; not: number } {
  let inPlace = 0;
  let not = 0;
  for (const doc of [parseQuestions(text), parseQuestionsBytes(Buffer.from(text, "utf8"))]) {
    const lines = new FieldLines();
    doc.blocks.forEach((b, k) => {
      const fast = blockFacts();
      if (!readFactsInPlace(doc, k, fast)) return void not++;
      const own = blockFacts();
      readBlockFacts(doc.view, b, lines, own);
      expect(fast, `${where}, block ${k} (${b.id})`).toEqual(own);
      inPlace++;
    });
  }
  return { inPlace, not };
}

describe("a block's facts read in place are the block's own", () => {
  it(`${CASES} generated files, as text and as bytes: both kinds of block met`, () => {
    const rng = makeRng(SEED);
    let inPlace = 0;
    let not = 0;
    for (let n = 0; n < CASES; n++) {
      const { text, why } = generated(rng.fork());
      const c = compare(text, `case ${n} (${why}; DEVRITES_PROPERTY_SEED=${SEED})`);
      inPlace += c.inPlace;
      not += c.not;
    }
    expect(inPlace).toBeGreaterThan(CASES);
    expect(not).toBeGreaterThan(CASES);
  });

  it("every field of every clean kind of block changed, repeated, fenced or continued, and what a person writes below", () => {
    let inPlace = 0;
    for (const status of QUESTION_STATUSES) for (const gate of GATES) {
      const block = cleanBlock(status, gate);
      const { clean } = block;
      const variants: string[][] = [clean, [...clean, "impact: high", "supersedes: q-1"], [...clean, "anwser: x", "qestion: y"]];
      for (const below of [["  answered_by: agent"], ["  more", "  impact: high"], ["  ", "  after a blank"], ["anwser: yes"], ["answer: twice"]]) variants.push([...clean, ...below]);
      variants.push(...oneFieldChanged(block, ["  more", "\tmore", "  \u00a0", "  answered_by: agent"]));
      for (const lines of variants) {
        for (const heading of ["q-2026-01-01-001", "q-7 blocking", "q-2026-1-1"]) {
          const text = ["# Questions: feat", "", `## ${heading}`, ...lines, ""].join("\n");
          for (const t of [text, text.replace(/\n/g, "\r\n")]) inPlace += compare(t, JSON.stringify(t)).inPlace;
        }
      }
    }
    expect(inPlace).toBeGreaterThan(3000);
  });
});

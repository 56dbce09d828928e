// A resolve reads a block's fields one key at a time (QuestionBlock.field / fieldsNamed scan
// for `key:` lines) instead of parsing them all. On generated and mutated questions files both
// readings must agree for every block and every key, present or not; and so must the one-pass
// reading of field lines that check uses (readFieldLines: each key's first line, the repeats).

import { describe, expect, it } from "vitest";
import { FieldLines, readFieldLines } from "../../src/documents/questions/field-lines.js";
import { parseQuestions } from "../../src/documents/questions/parse-questions.js";
import { fieldValueAt } from "../../src/documents/questions/question-block.js";
import { makeRng, mutate, questionsFile, suiteSeed, words } from "../helpers/generate.js";
import { caseCount } from "../helpers/counts.js";

/** Half of DEVRITES_PROPERTY_CASES: 200 in `npm test`, 1,250 in `npm run test:full`. */
const CASES = Math.floor(caseCount("DEVRITES_PROPERTY_CASES", 400, 2500) / 2);
const SEED = suiteSeed(0xf1e1d);
const KEYS = ["status", "answer", "answered_at", "answered_by", "options", "proposed", "gate", "question", "slice", "route", "raised_at", "Status", "answer_", "x-y", "not a key", "", "q"];

describe("QuestionBlock.field, value and fieldsNamed agree with the full field parse", () => {
  it(`${CASES} generated and mutated files, every block, ${KEYS.length} keys`, () => {
    const rng = makeRng(SEED);
    let compared = 0;
    for (let n = 0; n < CASES; n++) {
      const r = rng.fork();
      const { text: valid } = questionsFile(r, { count: r.int(1, 8), noise: r.pick([0, 0.5]), title: words(r, 1, 2, 0) });
      const { text, applied } = r.chance(0.2) ? { text: valid, applied: [] as string[] } : mutate(r, valid, 4, 1);
      const full = parseQuestions(text);
      const lazy = parseQuestions(text);
      full.blocks.forEach((b, k) => {
        const l = lazy.blocks[k]!;
        for (const key of KEYS) {
          const why = `case ${n} (${applied.join(", ") || "valid"}; DEVRITES_PROPERTY_SEED=${SEED}) block ${b.id} key ${JSON.stringify(key)}`;
          // A fresh block per reading: field() must not lean on a full parse done earlier.
          expect(parseQuestions(text).blocks[k]!.field(key), why).toEqual(b.byKey.get(key));
          expect(l.fieldsNamed(key), why).toEqual(b.fields.filter((f) => f.key === key));
          expect(parseQuestions(text).blocks[k]!.value(key), why).toBe(b.byKey.get(key)?.value);
          compared++;
        }
      });
    }
    expect(compared).toBeGreaterThan(CASES * KEYS.length);
  });
});

describe("readFieldLines names the same first line per key, the same repeated lines and the same values as the full field parse", () => {
  it(`${CASES} generated and mutated files, every block`, () => {
    const rng = makeRng(SEED ^ 0x5eed);
    // One FieldLines for every file and block, as lintQuestions uses it; each block is read twice.
    const lines = new FieldLines();
    let compared = 0;
    for (let n = 0; n < CASES; n++) {
      const r = rng.fork();
      const { text: valid } = questionsFile(r, { count: r.int(1, 8), noise: r.pick([0, 0.5]), title: words(r, 1, 2, 0) });
      const { text, applied } = r.chance(0.2) ? { text: valid, applied: [] as string[] } : mutate(r, valid, 4, 1);
      const doc = parseQuestions(text);
      for (const b of doc.blocks) {
        const why = `case ${n} (${applied.join(", ") || "valid"}; DEVRITES_PROPERTY_SEED=${SEED}) block ${b.id}`;
        for (const reading of [1, 2]) {
          readFieldLines(doc.view, b, lines);
          const first = lines.firstLines();
          expect(Object.fromEntries(first), `${why} reading ${reading}`).toEqual(Object.fromEntries([...b.byKey].map(([k, f]) => [k, f.index])));
          for (const key of KEYS) expect(lines.first(key), `${why} reading ${reading} key ${key}`).toBe(b.byKey.get(key)?.index);
          const seen = new Set<string>();
          expect(lines.repeats, `${why} reading ${reading}`).toEqual(b.fields.filter((f) => seen.has(f.key) || (seen.add(f.key), false)).map((f) => f.index));
          for (const [key, index] of first) expect(fieldValueAt(doc.view, index, key), why).toBe(b.byKey.get(key)!.value);
        }
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(CASES);
  });
});

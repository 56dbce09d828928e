// The committed long-questions fixture is exactly what its deterministic generator makes,
// so nobody hand-edits a generated file and the bench can regenerate any size.

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LONG_SLUG, generateQuestions, generateState } from "../../fixtures/generate-long-questions.mjs";
import { makeRng, questionId } from "../../fixtures/seeded.mjs";
import { parseQuestions, statusOf } from "../../src/documents/questions/parse-questions.js";
import { FIXTURES_DIR } from "../helpers/project.js";

const dir = path.join(FIXTURES_DIR, "long-questions", ".devrites", "work", LONG_SLUG);

describe("generate-long-questions", () => {
  it("regenerating gives the committed questions.md and state.md byte for byte", () => {
    const { text, awaited } = generateQuestions();
    expect(fs.readFileSync(path.join(dir, "questions.md"), "utf8")).toBe(text);
    expect(fs.readFileSync(path.join(dir, "state.md"), "utf8")).toBe(generateState({ awaited }));
  });

  it("the same seed gives the same file; another seed another one", () => {
    expect(generateQuestions({ count: 50, seed: 1 }).text).toBe(generateQuestions({ count: 50, seed: 1 }).text);
    expect(generateQuestions({ count: 50, seed: 1 }).text).not.toBe(generateQuestions({ count: 50, seed: 2 }).text);
  });

  it.each([1, 41, 1000])("%i blocks parse into that many unique ids, the open ones open and the last one blocking", (count) => {
    const { text, ids, open, awaited } = generateQuestions({ count });
    const doc = parseQuestions(text);
    expect(doc.blocks.map((b) => b.id)).toEqual(ids);
    expect(doc.byId.size).toBe(count);
    expect(doc.blocks.filter((b) => statusOf(b) === "open").map((b) => b.id)).toEqual(open);
    expect(awaited).toBe(ids[count - 1]);
  });
});

describe("fixtures/seeded.mjs (the PRNG of the fixture, the bench and the test generators)", () => {
  it("is mulberry32: seed 20260720 gives the pinned first draws (changing them changes every generated file)", () => {
    const rng = makeRng(20260720);
    expect([rng.next(), rng.next(), rng.int(1, 100), rng.pick(["a", "b", "c"])]).toEqual([0.937925250036642, 0.8310530125163496, 6, "c"]);
  });

  it.each([[0, "q-2026-01-01-001"], [998, "q-2026-01-01-999"], [999, "q-2026-01-02-001"], [999 * 28, "q-2026-02-01-001"]])(
    "questionId(%i) is %s (999 ids a day, 28 days a month)",
    (n, id) => {
      expect(questionId(n)).toBe(id);
    },
  );
});

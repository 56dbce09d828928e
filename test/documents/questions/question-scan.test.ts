// The scan (src/documents/questions/question-scan.ts) decides the usual block in one pass over
// its lines, and the lint (src/domain/check/lint-questions.ts) reads only the blocks it left
// undecided, rule by rule; `status` takes a decided block's status, gate, question and written
// answer from the scan. So a decided block must draw no per-block diagnostic and read as the
// block reads: the lint with the scan must say exactly what the lint says with a scan that
// decides nothing (every block then read rule by rule), on generated hostile files and on
// every clean kind of block with one field changed at a time.

import { describe, expect, it } from "vitest";
import { GATES } from "../../../src/documents/gates.js";
import { QUESTION_STATUSES, fieldValue, gateOf, parseQuestions, statusOf, type QuestionsDoc } from "../../../src/documents/questions/parse-questions.js";
import { SCAN_GATES, SCAN_STATUSES, questionText, scanQuestions, type QuestionScan } from "../../../src/documents/questions/question-scan.js";
import { lintQuestions } from "../../../src/domain/check/lint-questions.js";
import { hasWrittenAnswer, unreadAnswer } from "../../../src/documents/questions/answer-field.js";
import { caseCount } from "../../helpers/counts.js";
import { makeRng, suiteSeed } from "../../helpers/generate.js";
import { cleanBlock, generated, oneFieldChanged } from "../../helpers/hostile-questions.js";

const CASES = caseCount("DEVRITES_PROPERTY_CASES", 400, 2500);
const SEED = suiteSeed(0x11e7);

/** A scan of `doc` that decides no block: the lint then reads every block rule by rule. */
function undecided(doc: QuestionsDoc): QuestionScan {
  const n = doc.blocks.length;
  return { status: new Uint8Array(n), gate: new Uint8Array(n), question: new Int32Array(n) };
}

/** Every block read rule by rule. */
const ruleByRule = (doc: QuestionsDoc) => lintQuestions(doc, undecided(doc));

describe("lintQuestions with the scan equals the rule-by-rule reading", () => {
  it(`${CASES} generated files: the same diagnostics in the same order; both kinds of block met`, () => {
    const rng = makeRng(SEED);
    let decided = 0;
    let undecided = 0;
    let diagnostics = 0;
    for (let n = 0; n < CASES; n++) {
      const { text, why } = generated(rng.fork());
      const want = ruleByRule(parseQuestions(text));
      const doc = parseQuestions(text);
      expect(lintQuestions(doc), `case ${n} (${why}; DEVRITES_PROPERTY_SEED=${SEED})`).toEqual(want);
      const scan = scanQuestions(doc);
      for (const s of scan.status) s === 0 ? undecided++ : decided++;
      diagnostics += want.length;
    }
    expect(decided).toBeGreaterThan(CASES);
    expect(undecided).toBeGreaterThan(CASES);
    expect(diagnostics).toBeGreaterThan(CASES);
  });

  it("a decided block has the status, gate, question and written answer that reading the block gives", () => {
    const rng = makeRng(SEED ^ 0xbeef);
    let compared = 0;
    for (let n = 0; n < CASES; n++) {
      const { text, why } = generated(rng.fork());
      const doc = parseQuestions(text);
      const scan = scanQuestions(doc);
      const fresh = parseQuestions(text);
      doc.blocks.forEach((_, k) => {
        const b = fresh.blocks[k]!;
        const where = `case ${n} (${why}; DEVRITES_PROPERTY_SEED=${SEED}) block ${b.id}`;
        expect(questionText(doc, scan, k), where).toBe(fieldValue(b, "question"));
        if (scan.status[k] === 0) return;
        expect(SCAN_STATUSES[scan.status[k]!], where).toBe(statusOf(b));
        expect(SCAN_GATES[scan.gate[k]!], where).toBe(gateOf(b));
        // A decided open block has no answer written, read or unread.
        if (statusOf(b) === "open") expect([hasWrittenAnswer(b), unreadAnswer(fresh.view, b)], where).toEqual([false, undefined]);
        compared++;
      });
    }
    expect(compared).toBeGreaterThan(CASES);
  });

  it("every field of every clean kind of block, set to each odd value, padded, repeated, fenced or continued", () => {
    let cases = 0;
    for (const status of QUESTION_STATUSES) for (const gate of GATES) {
      const block = cleanBlock(status, gate);
      const { clean } = block;
      const variants: string[][] = [clean, [...clean, "context: a", "context: b"], [...clean, "context: a", "contexts: b"], ["   ```", ...clean]];
      // What a person writes where the grammar does not read it (answer-field.ts, misreadKey).
      for (const slip of [["Keep it."], ["", "  Keep it."], ["anwser: x"], ["Answer: x"], ["answer : x"], ["", "Prose further down."], ["ticket: PR-1"], ["---"]]) variants.push([...clean, ...slip]);
      variants.push(...oneFieldChanged(block, ["  more", "\tmore", "  \u00a0", "   ```"]));
      for (const lines of variants) {
        const text = ["# Questions: feat", "", "## q-2026-01-01-001", ...lines, "", "## q-2026-01-01-002", ...clean, ""].join("\n");
        for (const t of [text, text.replace(/\n/g, "\r\n"), "\ufeff" + text]) {
          expect(lintQuestions(parseQuestions(t)), JSON.stringify(t)).toEqual(ruleByRule(parseQuestions(t)));
          const doc = parseQuestions(t);
          const scan = scanQuestions(doc);
          doc.blocks.forEach((b, k) => {
            if (scan.status[k] === 0) return;
            expect([SCAN_STATUSES[scan.status[k]!], SCAN_GATES[scan.gate[k]!]], JSON.stringify(t)).toEqual([statusOf(b), gateOf(b)]);
            if (statusOf(b) === "open") expect([hasWrittenAnswer(b), unreadAnswer(doc.view, b)], JSON.stringify(t)).toEqual([false, undefined]);
          });
          cases++;
        }
      }
    }
    expect(cases).toBeGreaterThan(3000);
  });

  it("the scan decides the usual block and leaves each kind of finding to the rules", () => {
    const block = (...fields: string[]) => parseQuestions(["# Questions: feat", "", "## q-2026-01-01-001", ...fields, ""].join("\n"));
    const usual = ["status: open", "gate: blocking", "question: why?", "raised_at: 2026-07-19T10:00:00Z", "answered_at:", "answer:"];
    expect([...scanQuestions(block(...usual)).status]).toEqual([1]);
    for (const [i, line] of [[0, "status: Open"], [1, "gate: later"], [3, "raised_at: 2026-07-19"], [5, "answer: yes"], [2, "question: again\nquestion: twice"]] as const) {
      const fields = [...usual];
      fields[i] = line;
      expect([...scanQuestions(block(...fields)).status], line).toEqual([0]);
    }
  });
});

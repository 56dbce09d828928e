// The lint path's fast readings against the code they replaced, kept here frozen as oracles:
// lintQuestions reads the usual block through one in-place scan (src/domain/check/question-scan.ts)
// and `status` takes each block's status, gate, question and written answer from the same scan.
// On generated hostile questions files both must say exactly what the old reading said.

import { describe, expect, it } from "vitest";
import { GATES, isGate } from "../../../src/documents/gates.js";
import { FieldLines, QUESTION_STATUSES, fieldColon, fieldValue, fieldValueAt, gateFrom, gateOf, parseQuestions, readFieldLines, statusFrom, statusOf, type QuestionBlock, type QuestionsDoc } from "../../../src/documents/questions/parse-questions.js";
import { isWorkspaceTimestamp } from "../../../src/domain/clock.js";
import type { Diagnostic } from "../../../src/domain/check/diagnostic.js";
import { lintQuestions } from "../../../src/domain/check/lint-questions.js";
import { SCAN_GATES, SCAN_STATUSES, questionText, scanQuestions } from "../../../src/domain/check/question-scan.js";
import { hasWrittenAnswer } from "../../../src/domain/written-answers.js";
import { caseCount } from "../../helpers/counts.js";
import { makeRng, suiteSeed } from "../../helpers/generate.js";
import { ODD, generated } from "../../helpers/hostile-questions.js";

const CASES = caseCount("DEVRITES_PROPERTY_CASES", 400, 2500);
const SEED = suiteSeed(0x11e7);

const FILE = "questions.md";
const ENGINE_ID = /^q-\d{4}-\d{2}-\d{2}-\d{3,}$/;
const ANY_ID = /^[qQ]-[A-Za-z0-9][A-Za-z0-9._-]*$/;
const TIMESTAMP_KEYS = ["raised_at", "answered_at"];

/** lintQuestions before the scan (frozen): every block read rule by rule. */
function oracleLintQuestions(doc: QuestionsDoc): Diagnostic[] {
  const out: Diagnostic[] = [];
  // Line numbers and texts without materialising every Line: a 40,000-question file has 520,000.
  const lineOf = (index: number) => index + 1;
  // An agent's message is the person's without --human (issue 25); the oracle derives it from the text.
  const push = (index: number, col: number, severity: Diagnostic["severity"], rule: string, message: string) =>
    out.push({ file: FILE, line: lineOf(index), col, severity, rule, message, ...(message.includes(" --human") ? { agentMessage: message.replaceAll(" --human", "") } : {}) });
  const pushAt = (at: { index: number; col: number }, severity: Diagnostic["severity"], rule: string, message: string) =>
    push(at.index, at.col, severity, rule, message);
  // Every block's field lines are read once into this (reused): a 40,000-question file
  // would otherwise build 360,000 field objects only to look at a few keys of each.
  const lines = new FieldLines();
  const value = (key: string) => {
    const index = lines.first(key);
    return index === undefined ? undefined : fieldValueAt(doc.view, index, key);
  };
  // Point at the value as written (`status:pending`, `status:   pending`); an empty value
  // points at its key, as the sentinel's diagnostics do.
  const fieldCol = (b: QuestionBlock, key: string) => {
    const index = lines.first(key);
    if (index === undefined) return { index: b.heading, col: 1 };
    const after = doc.view.lineText(index).slice(key.length + 1);
    const lead = after.length - after.trimStart().length;
    return { index, col: after.trim() === "" ? 1 : key.length + 2 + lead };
  };

  for (const [id, blocks] of doc.byId) {
    if (blocks.length > 1) {
      for (const b of blocks.slice(1)) {
        push(b.heading, 4, "error", "question-duplicate-id", `duplicate question id ${id} (first at line ${lineOf(blocks[0]!.heading)}); the engine refuses to write it until one block is renamed or merged into the other`);
      }
    }
  }
  for (const b of doc.blocks) {
    readFieldLines(doc.view, b, lines);
    if (!ANY_ID.test(b.id)) push(b.heading, 4, "error", "question-bad-id", `malformed question id ${JSON.stringify(b.id)}; rename the heading to ## q-<id> (letters, digits, '.', '_', '-')`);
    else if (!ENGINE_ID.test(b.id) && b.id.startsWith("q-")) {
      // Hand-written ids like q-7 are legal; only flag look-alikes of engine ids.
      if (/^q-\d{4}-/.test(b.id)) push(b.heading, 4, "warning", "question-id-format", `${b.id} looks like an engine id but is not q-YYYY-MM-DD-NNN`);
    }
    // Where the status and gate values are written is found only for a diagnostic (two
    // copies of each line per block otherwise, 160,000 on a 40,000-question file).
    const statusValue = value("status");
    const status = statusFrom(statusValue);
    if (statusValue === undefined) push(b.heading, 1, "error", "question-no-status", `${b.id} has no status: field; add status: open (or answered / dropped)`);
    else if (!(QUESTION_STATUSES as readonly string[]).includes(status)) {
      pushAt(fieldCol(b, "status"), "error", "question-unknown-status", `${b.id}: unknown status ${JSON.stringify(statusValue)}; set it to open (or answered / dropped)`);
    }
    const gateValue = value("gate");
    const gate = gateFrom(gateValue, b.headingRest);
    if (gate === "") {
      if (gateValue !== undefined) pushAt(fieldCol(b, "gate"), "error", "question-unknown-gate", `${b.id}: empty gate; set it to one of ${GATES.join(" | ")}`);
      else push(b.heading, 1, "warning", "question-no-gate", `${b.id} has no gate: field; add gate: ${GATES.join(" | ")}`);
    } else if (!isGate(gate)) {
      pushAt(fieldCol(b, "gate"), "error", "question-unknown-gate", `${b.id}: unknown gate ${JSON.stringify(gateValue)}; set it to one of ${GATES.join(" | ")}`);
    }
    if (gate === "escalating" && !(value("route") ?? "")) {
      pushAt(fieldCol(b, "gate"), "warning", "question-escalating-route", `${b.id} is escalating but has no route: field; add route: <role> (who should answer)`);
    }
    for (const key of TIMESTAMP_KEYS) {
      const v = value(key);
      if (v !== undefined && v !== "" && !isWorkspaceTimestamp(v)) {
        const c = fieldCol(b, key);
        push(c.index, c.col, "error", "question-bad-timestamp", `${b.id}: ${key} ${JSON.stringify(v)} is not a UTC timestamp (YYYY-MM-DDTHH:MM:SSZ)`);
      }
    }
    if (status === "answered" || status === "dropped") {
      if ((value("answer") ?? "") === "" && status === "answered") pushAt(fieldCol(b, "status"), "error", "question-answered-without-answer", `${b.id} is answered but its answer: is empty; write the answer after answer: (or set status: open and answer it with devrites-engine state resolve ${b.id} "<answer>" --human)`);
      if ((value("answered_at") ?? "") === "") pushAt(fieldCol(b, "status"), "warning", "question-no-answered-at", `${b.id} is ${status} but has no answered_at; add answered_at: <YYYY-MM-DDTHH:MM:SSZ>`);
    }
    if (status === "open" && (value("answer") ?? "") !== "") {
      const c = fieldCol(b, "answer");
      push(c.index, c.col, "warning", "question-open-with-answer", `${b.id} is open but already has an answer; make it count with devrites-engine state resolve ${b.id} --human`);
    }
    for (const index of lines.repeats) {
      const line = doc.view.lineText(index);
      const key = line.slice(0, fieldColon(line));
      push(index, 1, "warning", "question-duplicate-field", `${b.id}: ${key} appears twice; only the first is read, delete the other`);
    }
  }
  for (const r of doc.register) {
    const status = r.status.toLowerCase();
    if (status !== "" && !(QUESTION_STATUSES as readonly string[]).includes(status)) {
      push(r.index, 1, "error", "register-unknown-status", `register row ${r.id}: unknown status ${JSON.stringify(r.status)}; set it to open, answered or dropped`);
    }
    const gate = r.gate.toLowerCase();
    if (gate !== "" && !isGate(gate)) {
      push(r.index, 1, "error", "register-unknown-gate", `register row ${r.id}: unknown gate ${JSON.stringify(r.gate)}; set it to one of ${GATES.join(", ")}`);
    }
  }
  return out;
}

describe("lintQuestions with the scan equals the rule-by-rule reading", () => {
  it(`${CASES} generated files: the same diagnostics in the same order; both kinds of block met`, () => {
    const rng = makeRng(SEED);
    let decided = 0;
    let undecided = 0;
    let diagnostics = 0;
    for (let n = 0; n < CASES; n++) {
      const { text, why } = generated(rng.fork());
      const want = oracleLintQuestions(parseQuestions(text));
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
        if (statusOf(b) === "open" && scan.maybeWritten[k] === 0) expect(hasWrittenAnswer(b), where).toBe(false);
        compared++;
      });
    }
    expect(compared).toBeGreaterThan(CASES);
  });

  it("every field of every clean kind of block, set to each odd value, padded, repeated, fenced or continued", () => {
    let cases = 0;
    for (const status of QUESTION_STATUSES) for (const gate of GATES) {
      const fields: [string, string][] = [["status", status], ["gate", gate]];
      if (gate === "escalating") fields.push(["route", "security"]);
      fields.push(["question", "why?"], ["raised_at", "2026-07-19T10:00:00Z"], ["answered_at", status === "open" ? "" : "2026-07-19T11:00:00Z"], ["answer", status === "open" ? "" : "yes"]);
      const clean = fields.map(([k, v]) => `${k}:${v === "" ? "" : " " + v}`);
      const variants: string[][] = [clean, [...clean, "context: a", "context: b"], [...clean, "context: a", "contexts: b"], ["   ```", ...clean]];
      fields.forEach(([key, v], i) => {
        for (const odd of ODD) variants.push(clean.map((l, j) => (j === i ? `${key}: ${odd}` : l)));
        for (const pad of ["\t", "  ", "\u00a0", "\u3000"]) variants.push(clean.map((l, j) => (j === i ? `${key}:${pad}${v}${pad}` : l)));
        variants.push(clean.filter((_, j) => j !== i));
        variants.push([...clean, clean[i]!]);
        variants.push(clean.flatMap((l, j) => (j === i ? ["```", l, "```"] : [l])));
        for (const more of ["  more", "\tmore", "  \u00a0", "   ```"]) variants.push(clean.flatMap((l, j) => (j === i ? [l, more] : [l])));
      });
      for (const lines of variants) {
        const text = ["# Questions: feat", "", "## q-2026-01-01-001", ...lines, "", "## q-2026-01-01-002", ...clean, ""].join("\n");
        for (const t of [text, text.replace(/\n/g, "\r\n"), "\ufeff" + text]) {
          expect(lintQuestions(parseQuestions(t)), JSON.stringify(t)).toEqual(oracleLintQuestions(parseQuestions(t)));
          const doc = parseQuestions(t);
          const scan = scanQuestions(doc);
          doc.blocks.forEach((b, k) => {
            if (scan.status[k] === 0) return;
            expect([SCAN_STATUSES[scan.status[k]!], SCAN_GATES[scan.gate[k]!]], JSON.stringify(t)).toEqual([statusOf(b), gateOf(b)]);
            if (statusOf(b) === "open" && scan.maybeWritten[k] === 0) expect(hasWrittenAnswer(b), JSON.stringify(t)).toBe(false);
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

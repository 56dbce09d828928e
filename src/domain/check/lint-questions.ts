// `check` rules for questions.md alone: ids, duplicate ids, status and gate values,
// timestamps, answered blocks without answers, escalations without a route, register rows.

import { GATES, isGate } from "../../documents/gates.js";
import { hasWrittenAnswer, unreadAnswer, unreadAnswerAdvice } from "../../documents/questions/answer-field.js";
import { fieldColon, isWellFormedQuestionId } from "../../documents/questions/block-grammar.js";
import { misreadKey } from "../../documents/questions/meant-keys.js";
import { FieldLines, readFieldLines } from "../../documents/questions/field-lines.js";
import { QUESTION_STATUSES, gateFrom, statusFrom, type QuestionBlock, type QuestionsDoc } from "../../documents/questions/parse-questions.js";
import { fieldValueAt } from "../../documents/questions/question-block.js";
import { isWorkspaceTimestamp } from "../../documents/timestamp.js";
import { forReaders, type ForReaders } from "../../for-readers.js";
import { adviceFor, type Diagnostic } from "./diagnostic.js";
import { scanQuestions, type QuestionScan } from "../../documents/questions/question-scan.js";
import { shellWord } from "../../shell-word.js";

const FILE = "questions.md";
const ENGINE_ID = /^q-\d{4}-\d{2}-\d{2}-\d{3,}$/;
const TIMESTAMP_KEYS = ["raised_at", "answered_at"];

/**
 * Lint questions.md on its own. A block `scan` decided (scanQuestions) is clean and is not read
 * rule by rule; a scan that decides nothing makes every block read so (what its tests compare).
 */
export function lintQuestions(doc: QuestionsDoc, scan: QuestionScan = scanQuestions(doc)): Diagnostic[] {
  const out: Diagnostic[] = [];
  // Line numbers and texts without materialising every Line: a 40,000-question file has 520,000.
  const lineOf = (index: number) => index + 1;
  // A plain message stays one object literal: a large file may report tens of thousands.
  const push = (index: number, col: number, severity: Diagnostic["severity"], rule: string, message: string | ForReaders) =>
    out.push(typeof message === "string" ? { file: FILE, line: lineOf(index), col, severity, rule, message } : { file: FILE, line: lineOf(index), col, severity, rule, ...adviceFor(message) });
  const pushAt = (at: { index: number; col: number }, severity: Diagnostic["severity"], rule: string, message: string | ForReaders) =>
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

  // Every id once: no block is a duplicate (a 40,000-entry map not walked for nothing).
  if (doc.byId.size < doc.blocks.length) for (const [id, blocks] of doc.byId) {
    if (blocks.length > 1) {
      for (const b of blocks.slice(1)) {
        push(b.heading, 4, "error", "question-duplicate-id", `duplicate question id ${id} (first at line ${lineOf(blocks[0]!.heading)}); the engine refuses to write it until one block is renamed or merged into the other`);
      }
    }
  }
  // The usual block is decided by the scan, reading its keys and values in place: no rule
  // below fires on it. The rest are read here, rule by rule.
  for (let k = 0; k < doc.blocks.length; k++) {
    if (scan.status[k] !== 0) continue;
    const b = doc.blocks[k]!;
    readFieldLines(doc.view, b, lines);
    if (!isWellFormedQuestionId(b.id)) push(b.heading, 4, "error", "question-bad-id", `malformed question id ${JSON.stringify(b.id)}; rename the heading to ## q-<id> (letters, digits, '.', '_', '-')`);
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
    // Text a person wrote as a field or as the answer that the grammar does not read.
    for (let i = b.heading + 1; i < b.end; i++) {
      if (doc.view.isFenced(i)) continue;
      const slip = misreadKey(doc.view.lineText(i));
      if (slip) push(i, 1, "warning", "question-unknown-key", `${b.id}: ${misreadKeyProblem(slip.written, slip.meant)} (until then the line is kept as written and not read)`);
    }
    const unread = unreadAnswer(doc.view, b);
    if (unread && unread.reason !== "misspelled-key") {
      const { problem, fix } = unreadAnswerAdvice(unread);
      push(unread.index, 1, "warning", "question-answer-not-read", status === "open" ? forReaders((h) => `${b.id}: ${problem}; ${fix}, then run devrites-engine state resolve ${shellWord(b.id)}${h}`) : `${b.id}: ${problem}; ${fix}`);
    }
    if (status === "answered" || status === "dropped") {
      if (status === "answered" && !hasWrittenAnswer(b)) pushAt(fieldCol(b, "status"), "error", "question-answered-without-answer", forReaders((h) => `${b.id} is answered but its answer: is empty; write the answer after answer: (or set status: open and answer it with devrites-engine state resolve ${shellWord(b.id)} "<answer>"${h})`));
      if ((value("answered_at") ?? "") === "") pushAt(fieldCol(b, "status"), "warning", "question-no-answered-at", `${b.id} is ${status} but has no answered_at; add answered_at: <YYYY-MM-DDTHH:MM:SSZ>`);
    }
    if (status === "open" && !unread && hasWrittenAnswer(b)) {
      const c = fieldCol(b, "answer");
      push(c.index, c.col, "warning", "question-open-with-answer", forReaders((h) => `${b.id} is open but already has an answer; make it count with devrites-engine state resolve ${shellWord(b.id)}${h}`));
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

/** Why a line that looks like the field `meant` is not read as it (misreadKey), and the edit. */
function misreadKeyProblem(written: string, meant: string): string {
  if (written === meant) return `"${meant} :" is not read as the ${meant} field (no space may come before the colon); write it as ${meant}:`;
  if (written.toLowerCase() === meant) return `${written}: is not read as the ${meant} field (keys are lowercase); write it as ${meant}:`;
  return `the key ${written} is not one the engine reads; if you meant ${meant}, rename it to ${meant}:`;
}

// The rules of a question block are stated once (src/documents/questions/question-rules.ts):
// the lint reports each rule that fails on a block's facts, and the scan decides a block only
// when every rule holds on the facts it read in place. Each rule, failing alone, is the one
// finding the lint makes and keeps the scan from deciding the block; the readings the scan
// now decides (a hand-written id, a gate from the heading) are the block's own. Two blocks the
// scan decided while a rule failed on them (it restated each rule) are named now.

import { describe, expect, it } from "vitest";
import { gateOf, parseQuestions, statusOf } from "../../../src/documents/questions/parse-questions.js";
import { QUESTION_RULES } from "../../../src/documents/questions/question-rules.js";
import { gateAt, scanQuestions, statusAt } from "../../../src/documents/questions/question-scan.js";
import { lintQuestions } from "../../../src/domain/check/lint-questions.js";

const CLEAN = ["status: open", "gate: blocking", "question: why?", "raised_at: 2026-07-19T10:00:00Z", "answered_at:", "answer:"];
const set = (key: string, line: string | undefined) => CLEAN.flatMap((l) => (l.startsWith(`${key}:`) ? (line === undefined ? [] : [line]) : [l]));

/** questions.md with the block under test first and a clean block after it. */
const file = (heading: string, lines: string[]) => ["# Questions: feat", "", `## ${heading}`, ...lines, "", "## q-2026-01-01-002", ...CLEAN, ""].join("\n");

/** Per rule: a block on which it alone fails. */
const FAILING: Record<string, [heading: string, lines: string[]]> = {
  "question-bad-id": ["q-!bad", CLEAN],
  "question-id-format": ["q-2026-7-1", CLEAN],
  "question-no-status": ["q-2026-01-01-001", set("status", undefined)],
  "question-unknown-status": ["q-2026-01-01-001", set("status", "status: pending")],
  "question-unknown-gate": ["q-2026-01-01-001", set("gate", "gate: later")],
  "question-no-gate": ["q-2026-01-01-001", set("gate", undefined)],
  "question-escalating-route": ["q-2026-01-01-001", set("gate", "gate: escalating")],
  "question-bad-timestamp": ["q-2026-01-01-001", set("raised_at", "raised_at: 2026-07-19")],
  "question-unknown-key": ["q-2026-01-01-001", [...CLEAN, "qestion: again"]],
  "question-answer-not-read": ["q-2026-01-01-001", [...CLEAN, "Keep the old tokens."]],
  "question-answered-without-answer": ["q-2026-01-01-001", [...set("status", "status: answered").map((l) => (l === "answered_at:" ? "answered_at: 2026-07-19T11:00:00Z" : l))]],
  "question-no-answered-at": ["q-2026-01-01-001", set("status", "status: dropped")],
  "question-open-with-answer": ["q-2026-01-01-001", set("answer", "answer: yes")],
  "question-duplicate-field": ["q-2026-01-01-001", [...CLEAN, "question: twice?"]],
};

describe("each rule of question-rules.ts, stated once, is what both the lint and the scan apply", () => {
  it("every rule has a block on which it alone fails", () => {
    expect(Object.keys(FAILING).sort()).toEqual(QUESTION_RULES.map((r) => r.rule).sort());
  });

  for (const r of QUESTION_RULES) {
    it(`${r.rule} failing alone: the lint's one finding (a ${r.severity}), and the scan leaves that block undecided`, () => {
      const [heading, lines] = FAILING[r.rule]!;
      const doc = parseQuestions(file(heading, lines));
      expect(lintQuestions(doc).map((d) => [d.rule, d.severity])).toEqual([[r.rule, r.severity]]);
      expect([...scanQuestions(doc).status]).toEqual([0, 1]);
    });
  }

  it("a known field indented under answer: is unread answer text, named whether the scan reads the block or not", () => {
    const lines = set("status", "status: answered").map((l) => (l === "answered_at:" ? "answered_at: 2026-07-19T11:00:00Z" : l === "answer:" ? "answer: yes" : l));
    const text = file("q-2026-01-01-001", [...lines, "  answered_by: agent"]);
    const undecided = (n: number) => ({ status: new Uint8Array(n), gate: new Uint8Array(n), question: new Int32Array(n) });
    const want = lintQuestions(parseQuestions(text), undecided(2));
    expect(want.map((d) => [d.line, d.rule])).toEqual([[10, "question-answer-not-read"]]);
    expect(lintQuestions(parseQuestions(text))).toEqual(want);
    expect([...scanQuestions(parseQuestions(text)).status]).toEqual([0, 1]);
  });

  it("a line that starts with a lone CR is text, not a blank line: text right below answer: is named as not read", () => {
    const lines = set("status", "status: answered").map((l) => (l === "answered_at:" ? "answered_at: 2026-07-19T11:00:00Z" : l === "answer:" ? "answer: yes" : l));
    const text = file("q-2026-01-01-001", [...lines, "\rKeep the old tokens."]);
    const undecided = (n: number) => ({ status: new Uint8Array(n), gate: new Uint8Array(n), question: new Int32Array(n) });
    const want = lintQuestions(parseQuestions(text), undecided(2));
    expect(want.map((d) => [d.line, d.rule])).toEqual([[10, "question-answer-not-read"]]);
    expect(lintQuestions(parseQuestions(text))).toEqual(want);
  });

  it("a clean block with a hand-written id, or its gate in the heading, is decided and reads as the block reads", () => {
    for (const [heading, lines] of [["q-7", CLEAN], ["q-2026-01-01-001 escalating", [...set("gate", undefined), "route: security"]], ["Q-retry_1", CLEAN]] as const) {
      const doc = parseQuestions(file(heading, [...lines]));
      const scan = scanQuestions(doc);
      expect([...scan.status], heading).toEqual([1, 1]);
      expect(lintQuestions(doc), heading).toEqual([]);
      const b = doc.blocks[0]!;
      expect([statusAt(doc, scan, 0), gateAt(doc, scan, 0)], heading).toEqual([statusOf(b), gateOf(b)]);
    }
  });
});

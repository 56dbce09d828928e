// Answers written in questions.md by a person (commands.md, state resolve, "Answers written
// in the file"): how a block's answer: reads as one answer, which blocks --filled takes, and
// what planResolve does with a file-sourced entry — pure functions, as tables.

import { describe, expect, it } from "vitest";
import { answeredAtEdits } from "../../src/documents/questions/edit-questions.js";
import { parseQuestions } from "../../src/documents/questions/parse-questions.js";
import { applyEdits } from "../../src/documents/text-edit.js";
import { planResolve } from "../../src/domain/resolve-question.js";
import { answerRequired, filledEntries, unreadAnswerError, writtenAnswer } from "../../src/domain/written-answers.js";
import { BadInputError } from "../../src/errors.js";
import { thrown } from "../helpers/thrown.js";

const T = "2026-07-20T10:00:00Z";
const block = (...lines: string[]) => parseQuestions(["## q-1", "status: open", ...lines, ""].join("\n")).blocks[0]!;
const STATE = "# State\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n| status | running |\n";

describe("writtenAnswer: the block's answer: as one answer", () => {
  it.each([
    ["a one-line answer", ["answer: Keep it"], "Keep it"],
    ["an empty answer:", ["answer:"], ""],
    ["no answer: line", ["question: Ship?"], ""],
    ["a `|` block, lines joined with one space", ["answer: |", "  Keep one release,", "    drop   in follow-up"], "Keep one release, drop in follow-up"],
    ["a `>-` block", ["answer: >-", "  Keep", "  it"], "Keep it"],
    ["a value with indented continuation lines", ["answer: Keep", "  it"], "Keep it"],
    ["an option's number stays literal", ["answer: 2"], "2"],
    ["a lone `|` with nothing under it", ["answer: |"], ""],
    ["a blank line ends the answer", ["answer: |", "  Keep", "", "  notes"], "Keep"],
  ])("%s", (_name, lines, want) => {
    expect(writtenAnswer(block(...lines))).toBe(want);
  });

  it("a control character in the written answer is exit 5", () => {
    expect(() => writtenAnswer(block("answer: Keep\u0007"))).toThrow(expect.objectContaining({ exitCode: 5 }));
  });
});

describe("filledEntries: the open blocks with a written answer, in file order", () => {
  it.each([
    ["open with an answer", "## q-1\nstatus: open\nanswer: Yes\n", [["q-1", 3]]],
    ["open without one", "## q-1\nstatus: open\nanswer:\n", []],
    ["answered already", "## q-1\nstatus: answered\nanswer: Yes\n", []],
    ["status compared trimmed, any case", "## q-1\nstatus: Open \nanswer: Yes\n", [["q-1", 3]]],
    ["a duplicated id once (so resolving it reports the duplicate)", "## q-1\nstatus: open\nanswer: A\n\n## q-1\nstatus: open\nanswer: B\n", [["q-1", 3]]],
    ["file order, the answer's line", "## q-2\nstatus: open\nquestion: x\nanswer: B\n\n## q-1\nstatus: open\nanswer: A\n", [["q-2", 4], ["q-1", 8]]],
  ])("%s", (_name, text, want) => {
    expect(filledEntries(text).map((e) => [e.qid, e.where!.line])).toEqual(want);
    expect(filledEntries(Buffer.from(text)).map((e) => [e.qid, e.where!.line])).toEqual(want);
  });
});

describe("filledEntries refuses, whole, when any open block holds answer text it does not read", () => {
  // What a person wrote and the engine would not read, one per reason answer-field.ts names.
  const UNREAD = [
    ["not indented", ["answer: |", "Keep it"], 5, "not-indented", "indent each answer line by two spaces under answer:"],
    ["after a blank line", ["answer: |", "  Keep", "", "  and this"], 7, "after-blank", "remove the blank line inside the answer"],
    ["a field indented under answer:", ["answer: |", "  Keep", "  route: security"], 6, "indented-field", "remove the indentation before route:"],
    ["a misspelled key", ["anwser: Keep it"], 4, "misspelled-key", "rename anwser: to answer:"],
  ] as const;
  const fileWith = (lines: readonly string[]) => ["## q-1", "status: open", "question: Ship?", ...lines, "", "## q-2", "status: open", "answer: Yes", ""].join("\n");

  it.each(UNREAD)("%s: exit 5 naming the line and the edit, and no entry for the block that is read (q-2)", (_name, lines, line, reason, fix) => {
    for (const input of [fileWith(lines), Buffer.from(fileWith(lines))]) {
      const e = thrown(() => filledEntries(input));
      expect(e).toBeInstanceOf(BadInputError);
      expect(e.exitCode).toBe(5);
      expect(e.text.split("\n")).toEqual(["an answer written in questions.md is not read, nothing written:", expect.stringMatching(new RegExp(`^  questions\\.md:${line}: q-1: .+`))]);
      expect(e.data).toEqual({ failures: [{ qid: "q-1", line, problem: reason }] });
      expect(e.hint).toBe(`${e.hint!.split("; then")[0]}; then run devrites-engine state resolve --filled --human again`);
      expect(e.hint).toContain(fix);
      // The agent's hint names the same command without the person's flag.
      expect(e.agentHint).toBe(e.hint!.replace(" --human", ""));
    }
  });

  it("two unread answers: both listed in file order, the count in the message, one fix said once", () => {
    const text = ["## q-1", "status: open", "answer: |", "Keep", "", "## q-2", "status: answered", "answer: |", "Done", "", "## q-3", "status: open", "answer: |", "Drop", ""].join("\n");
    const e = thrown(() => filledEntries(text));
    expect(e.text.split("\n")[0]).toBe("2 answers written in questions.md are not read, nothing written:");
    expect(e.data).toEqual({ failures: [{ qid: "q-1", line: 4, problem: "not-indented" }, { qid: "q-3", line: 14, problem: "not-indented" }] });
    expect(e.hint!.split("indent each answer line")).toHaveLength(2);
  });

  it("an answered or dropped block's text is not the command's business: no refusal", () => {
    const text = ["## q-1", "status: dropped", "answer: |", "Keep", "", "## q-2", "status: open", "answer: Yes", ""].join("\n");
    expect(filledEntries(text).map((x) => x.qid)).toEqual(["q-2"]);
  });
});

describe("the refusals of `state resolve <qid>` without an answer", () => {
  it("answerRequired: exit 5, and both ways to give the answer in the hint", () => {
    const e = answerRequired("q-1");
    expect(e.exitCode).toBe(5);
    expect(e.text).toBe("Answer text required for q-1");
    expect(e.hint).toBe('type it: devrites-engine state resolve q-1 "<answer>" --human (or --option N, --proposed), or write it after answer: in questions.md and run devrites-engine state resolve q-1 --human');
    expect(e.agentHint).not.toContain("--human");
  });

  it("unreadAnswerError: the problem and the line in the message, the edit then the command in the hint, the reason as data", () => {
    const e = unreadAnswerError("q-1", 9, { index: 8, reason: "after-blank" });
    expect(e.exitCode).toBe(5);
    expect(e.text).toBe("q-1: a blank line ends the answer, so the indented lines after it are not read (questions.md:9); nothing was written");
    expect(e.hint).toBe('remove the blank line inside the answer, then run devrites-engine state resolve q-1 --human; or type the answer: devrites-engine state resolve q-1 "<answer>" --human');
    expect(e.agentHint).toBe(e.hint!.replaceAll(" --human", ""));
    expect(e.data).toEqual({ qid: "q-1", line: 9, problem: "after-blank" });
  });
});

describe("answeredAtEdits: answered_at for a block closed by hand, nothing else", () => {
  it.each([
    ["missing: inserted after the last non-blank line", "## q-1\nstatus: answered\nanswer: Yes\n\n", `## q-1\nstatus: answered\nanswer: Yes\nanswered_at: ${T}\n\n`],
    ["empty: set in place", "## q-1\nstatus: Answered\nanswered_at:\nanswer: Yes\n", `## q-1\nstatus: Answered\nanswered_at: ${T}\nanswer: Yes\n`],
    ["present: no edit", "## q-1\nstatus: answered\nanswered_at: 2026-01-01T00:00:00Z\nanswer: Yes\n", "## q-1\nstatus: answered\nanswered_at: 2026-01-01T00:00:00Z\nanswer: Yes\n"],
    ["CRLF kept", "## q-1\r\nstatus: dropped\r\nanswer: x\r\n", `## q-1\r\nstatus: dropped\r\nanswer: x\r\nanswered_at: ${T}\r\n`],
  ])("%s", (_name, text, want) => {
    const doc = parseQuestions(text);
    expect(applyEdits(text, answeredAtEdits(doc, doc.blocks[0]!, T))).toBe(want);
  });
});

describe("planResolve with the answer from the file", () => {
  const plan = (questions: string, state = STATE) =>
    planResolve({ slug: "feat", questions, state, decisions: undefined }, { entries: [{ qid: "q-1", kind: "answer", source: { kind: "file" } }], human: false, recordDecision: false, now: new Date(T) });

  it.each([
    ["an open block: status and answered_at set, the answer lines kept byte for byte", "## q-1\nstatus: open\nanswered_at:\nanswer: |\n  Keep  it\n", `## q-1\nstatus: answered\nanswered_at: ${T}\nanswer: |\n  Keep  it\n`, "Keep it", false],
    ["closed by hand without answered_at: only answered_at added", "## q-1\nstatus: answered\nanswer: Yes\n", `## q-1\nstatus: answered\nanswer: Yes\nanswered_at: ${T}\n`, "Yes", false],
    ["closed by hand and complete, state.md not waiting: already resolved", `## q-1\nstatus: answered\nanswered_at: ${T}\nanswer: Yes\n`, undefined, "Yes", true],
    ["dropped by hand with no reason: the reason reads `dropped`", "## q-1\nstatus: dropped\nanswer:\n", `## q-1\nstatus: dropped\nanswer:\nanswered_at: ${T}\n`, "dropped", false],
  ])("%s", (_name, questions, want, text, already) => {
    const p = plan(questions);
    expect(p.questions).toBe(want);
    expect(p.outcomes).toMatchObject([{ qid: "q-1", text, already }]);
    expect(p.events).toHaveLength(already ? 0 : 1);
  });

  it.each([
    ["an open block with an empty answer:", "## q-1\nstatus: open\nanswer:\n", 5],
    ["a block answered by hand with an empty answer:", "## q-1\nstatus: answered\nanswer:\n", 5],
    ["an unknown status", "## q-1\nstatus: pending\nanswer: Yes\n", 4],
    ["a duplicated id", "## q-1\nstatus: open\nanswer: A\n\n## q-1\nstatus: open\nanswer: A\n", 6],
  ])("%s is refused with exit %i", (_name, questions, exit) => {
    expect(() => plan(questions)).toThrow(expect.objectContaining({ exitCode: exit }));
  });
});

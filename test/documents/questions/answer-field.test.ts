// The answer field as the grammar reads it and the answer text it does not read
// (src/documents/questions/answer-field.ts), and the key a person most likely meant
// (meantKey, misreadKey in block-grammar.ts): tables over one block.

import { describe, expect, it } from "vitest";
import { answerAsRead, hasWrittenAnswer, unreadAnswer } from "../../../src/documents/questions/answer-field.js";
import { meantKey, misreadKey } from "../../../src/documents/questions/meant-keys.js";
import { parseQuestions } from "../../../src/documents/questions/parse-questions.js";

/** One open block whose lines after `question:` are `tail`; its heading is line index 1. */
function block(...tail: string[]) {
  const doc = parseQuestions(["# Questions", "## q-1", "status: open", "gate: advisory", "question: Ship?", ...tail, ""].join("\n"));
  return { doc, b: doc.blocks[0]! };
}

describe("unreadAnswer: text written as the answer that the grammar does not read", () => {
  it.each([
    ["the answer on the answer: line", ["answer: Ship it"], undefined, "Ship it"],
    ["indented lines under answer: |", ["answer: |", "  Ship", "  it"], undefined, "Ship it"],
    ["indented lines under an empty answer:", ["answer:", "  Ship it"], undefined, "Ship it"],
    ["a field after the answer", ["answer: Ship", "answered_by: human"], undefined, "Ship"],
    ["prose after a blank line below an empty answer:", ["answer:", "", "See the thread."], undefined, ""],
    ["a heading, a rule or a comment right below", ["answer:", "### Notes"], undefined, ""],
    ["a thematic break right below", ["answer:", "---"], undefined, ""],
    ["an HTML comment right below", ["answer:", "<!-- hidden -->"], undefined, ""],
    ["a fenced block right below", ["answer:", "```", "code", "```"], undefined, ""],
    ["text right below an empty answer:", ["answer:", "Ship it"], { index: 6, reason: "not-indented" }, ""],
    ["text right below a filled answer: (the rest of it)", ["answer: Ship", "it now"], { index: 6, reason: "not-indented" }, "Ship"],
    ["text under answer: | after blank lines", ["answer: |", "", "Ship it"], { index: 7, reason: "not-indented" }, ""],
    ["indented lines after a blank line", ["answer: |", "  Ship", "", "  it"], { index: 8, reason: "after-blank" }, "Ship"],
    ["a misspelled key holding the answer", ["anwser: Ship it"], { index: 5, reason: "misspelled-key", key: "anwser" }, ""],
    ["a capitalised key holding the answer, next to an empty answer:", ["answer:", "", "Answer: Ship it"], { index: 7, reason: "misspelled-key", key: "Answer" }, ""],
    ["a misspelled key with a | block", ["awnser: |", "  Ship it"], { index: 5, reason: "misspelled-key", key: "awnser" }, ""],
    ["a known field indented under answer:", ["answer:", "  answered_by: agent"], { index: 6, reason: "indented-field", key: "answered_by" }, "answered_by: agent"],
  ] as const)("%s", (_name, tail, unread, asRead) => {
    const { doc, b } = block(...tail);
    expect(unreadAnswer(doc.view, b)).toEqual(unread);
    expect(answerAsRead(b)).toBe(asRead);
    expect(hasWrittenAnswer(b)).toBe(asRead !== "");
  });

  it("a misspelled key is not an unread answer when the answer: field holds one", () => {
    const { doc, b } = block("answer: Ship", "answered_by: human", "anwser: other");
    expect(unreadAnswer(doc.view, b)).toBeUndefined();
  });
});

describe("meantKey and misreadKey: the known key a person most likely meant", () => {
  it.each([
    ["answer", "answer"], ["Answer", "answer"], ["ANSWER", "answer"], ["anwser", "answer"], ["awnser", "answer"], ["answr", "answer"],
    ["answered-by", "answered_by"], ["answeredby", "answered_by"], ["statsu", "status"], ["gat", "gate"], ["option", "options"], ["questoin", "question"],
    ["ticket", undefined], ["owner", undefined], ["notes", undefined], ["note", undefined], ["context", undefined], ["x", undefined],
  ] as const)("%s → %s", (key, meant) => {
    expect(meantKey(key)).toBe(meant);
  });

  it.each([
    ["anwser: Ship", { written: "anwser", meant: "answer" }],
    ["Answer: Ship", { written: "Answer", meant: "answer" }],
    ["answer : Ship", { written: "answer", meant: "answer" }],
    ["Status:open", { written: "Status", meant: "status" }],
    ["answer: Ship", undefined],
    ["ticket: PR-1", undefined],
    ["  anwser: indented lines continue a field", undefined],
    ["See: the thread", undefined],
    ["Ship it", undefined],
  ] as const)("%j", (line, slip) => {
    expect(misreadKey(line)).toEqual(slip);
  });
});

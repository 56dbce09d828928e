// The resolve read-back (src/domain/read-back-questions.ts): the edited questions.md is parsed
// again before anything is written, and an edit that does not read as intended — a wrong value,
// or a change to the file's headings, fences or blocks that every value survives — is an
// InternalError of kind read-back (exit 1). The edits here are the real builder's, with a chosen
// mistake added, on both paths: the whole text, and blocks cut from bytes.

import { describe, expect, it } from "vitest";
import { InternalError } from "../../src/errors.js";
import { questionsSource, type BlockEdits } from "../../src/documents/questions/block-source.js";
import { closeBlockEdits } from "../../src/documents/questions/edit-questions.js";
import type { TextEdit } from "../../src/documents/text-edit.js";
import { verifyQuestions, type BlockCheck } from "../../src/domain/read-back-questions.js";

const TS = "2026-07-20T10:00:00Z";
const many = `# Questions: feat\n\n${Array.from({ length: 40 }, (_, i) => `## q-${i + 1}\nstatus: open\ngate: advisory\nquestion: Q ${i}?\nanswered_at:\nanswer:\n\n`).join("")}`;

type Mistake = "none" | "wrong-status" | "wrong-time" | "adds-heading" | "adds-fence";

/** Close q-1..q-n with answers through the real source and edit builder, `mistake` added to each block's edits, then read back. */
function readBack(content: string | Buffer, n: number, mistake: Mistake): void {
  const src = questionsSource(content, Array.from({ length: n }, (_, i) => `q-${i + 1}`));
  const edited: (BlockEdits & BlockCheck)[] = [];
  for (let i = 1; i <= n; i++) {
    const qid = `q-${i}`;
    const [span] = src.spans(qid);
    const open = src.open(qid, span!);
    let edits: TextEdit[] = closeBlockEdits(open.doc, open.block, { status: "answered", answeredAt: TS, answer: `a ${i}`, answeredBy: undefined }, src.eol);
    const after = open.doc.view.lineStart(open.block.heading + 1);
    if (mistake === "wrong-status") edits = edits.map((e) => ({ ...e, insert: e.insert.replace(/^status: answered/m, "status: open") }));
    if (mistake === "wrong-time") edits = edits.map((e) => ({ ...e, insert: e.insert.replace(TS, "2026-07-20T10:00:01Z") }));
    // Just after the heading, lines that leave every value readable: only the structure changes.
    if (mistake === "adds-heading") edits = [...edits, { start: after, end: after, insert: "### Notes\n" }];
    if (mistake === "adds-fence") edits = [...edits, { start: after, end: after, insert: "```\n```\n" }];
    edited.push({ open, edits, outcome: { qid, kind: "answer", text: `a ${i}`, already: false }, written: `a ${i}`, human: false });
  }
  verifyQuestions(src.apply(edited), edited, TS);
}

const paths = [
  ["the whole text (30 blocks)", () => many, 30],
  ["the text, one block", () => many, 1],
  ["one block cut from bytes", () => Buffer.from(many), 1],
  ["three blocks cut from bytes", () => Buffer.from(many), 3],
] as const;

describe("the resolve read-back", () => {
  it.each(paths)("the builder's own edits read back (%s): the control", (_name, content, n) => {
    expect(() => readBack(content(), n, "none")).not.toThrow();
  });

  const mistakes = ["wrong-status", "wrong-time", "adds-heading", "adds-fence"] as const;
  it.each(paths.flatMap(([name, content, n]) => mistakes.map((m) => [m, name, content, n] as const)))("%s is refused as read-back (%s)", (m, _name, content, n) => {
    let caught: unknown;
    try {
      readBack(content(), n, m);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(InternalError);
    expect((caught as InternalError).kind).toBe("read-back");
    expect((caught as InternalError).exitCode).toBe(1);
    expect((caught as Error).message).toMatch(/^questions\.md did not read back for q-\d+/);
  });
});

// Closing a question block in place (commands.md, state resolve): status/answered_at/answer
// set in their own lines, missing ones inserted in order after the block's last non-blank
// line, and answered_by rewritten so no caller can claim to be a human without --human.

import { describe, expect, it } from "vitest";
import { closeBlockEdits, type CloseBlock } from "../../../src/documents/questions/edit-questions.js";
import { fieldValue, parseQuestions, statusOf } from "../../../src/documents/questions/parse-questions.js";
import { applyEdits } from "../../../src/documents/text-edit.js";

const T = "2026-07-20T10:00:00Z";
const answer = (answeredBy?: string): CloseBlock => ({ status: "answered", answeredAt: T, answer: "Yes", answeredBy });

function close(text: string, id: string, how: CloseBlock): string {
  const doc = parseQuestions(text);
  return applyEdits(text, closeBlockEdits(doc, doc.byId.get(id)![0]!, how));
}

describe("closeBlockEdits: fields in place and inserted", () => {
  it("sets existing status, answered_at and answer lines in place and touches nothing else", () => {
    const text = "# Q\n\n## q-1\nstatus: open\nquestion: Ship?\nanswered_at:\nanswer:\n\n## q-2\nstatus: open\nanswer:\n";
    expect(close(text, "q-1", answer())).toBe(
      "# Q\n\n## q-1\nstatus: answered\nquestion: Ship?\nanswered_at: 2026-07-20T10:00:00Z\nanswer: Yes\n\n## q-2\nstatus: open\nanswer:\n",
    );
  });

  it.each([
    ["every field missing", "## q-1\nquestion: Ship?\n", "## q-1\nquestion: Ship?\nstatus: answered\nanswered_at: 2026-07-20T10:00:00Z\nanswer: Yes\nanswered_by: human\n"],
    ["answered_at and answer missing", "## q-1\nstatus: open\nquestion: Ship?\n", "## q-1\nstatus: answered\nquestion: Ship?\nanswered_at: 2026-07-20T10:00:00Z\nanswer: Yes\nanswered_by: human\n"],
    ["status missing only", "## q-1\nanswered_at:\nanswer:\n", "## q-1\nanswered_at: 2026-07-20T10:00:00Z\nanswer: Yes\nstatus: answered\nanswered_by: human\n"],
  ])("inserts missing fields in the order status, answered_at, answer, answered_by (%s)", (_name, text, want) => {
    expect(close(text, "q-1", answer("human"))).toBe(want);
  });

  it("inserts after the block's last non-blank line, before the blank lines that end it", () => {
    const text = "## q-1\nstatus: open\n### Discussion\n- dana: yes\n\n\n## q-2\n";
    expect(close(text, "q-1", answer())).toBe(
      "## q-1\nstatus: answered\n### Discussion\n- dana: yes\nanswered_at: 2026-07-20T10:00:00Z\nanswer: Yes\n\n\n## q-2\n",
    );
  });

  it("inserts after the heading of a block with no other lines", () => {
    expect(close("## q-1\n\n## q-2\n", "q-1", answer())).toBe("## q-1\nstatus: answered\nanswered_at: 2026-07-20T10:00:00Z\nanswer: Yes\n\n## q-2\n");
  });

  it("inserted lines use CRLF in a CRLF file", () => {
    expect(close("## q-1\r\nstatus: open\r\n", "q-1", answer("human"))).toBe(
      "## q-1\r\nstatus: answered\r\nanswered_at: 2026-07-20T10:00:00Z\r\nanswer: Yes\r\nanswered_by: human\r\n",
    );
  });

  it("a block at the end of a file without a final newline keeps it missing", () => {
    expect(close("## q-1\nstatus: open", "q-1", answer())).toBe("## q-1\nstatus: answered\nanswered_at: 2026-07-20T10:00:00Z\nanswer: Yes");
  });

  it("a hand-edited `status: Open  ` is replaced by the canonical line", () => {
    expect(close("## q-1\nstatus: Open  \nanswered_at:\nanswer:\n", "q-1", answer())).toBe(
      "## q-1\nstatus: answered\nanswered_at: 2026-07-20T10:00:00Z\nanswer: Yes\n",
    );
  });

  it("a drop writes status dropped and the reason as the answer", () => {
    const out = close("## q-1\nstatus: open\nanswered_at:\nanswer:\n", "q-1", { status: "dropped", answeredAt: T, answer: "superseded", answeredBy: undefined });
    expect(out).toBe("## q-1\nstatus: dropped\nanswered_at: 2026-07-20T10:00:00Z\nanswer: superseded\n");
  });

  it("fields are never inserted inside a fence that is still open at the end of the block", () => {
    const text = "## q-1\nstatus: open\nquestion: Ship?\n\n```\n## q-9\nstatus: open\n";
    const out = close(text, "q-1", answer("human"));
    const b = parseQuestions(out).byId.get("q-1")![0]!;
    expect(statusOf(b)).toBe("answered");
    expect(fieldValue(b, "answer")).toBe("Yes");
    expect(fieldValue(b, "answered_by")).toBe("human");
    expect(out.endsWith("```\n## q-9\nstatus: open\n")).toBe(true);
  });

  it("fields may go right after a fence that closes inside the block", () => {
    const text = "## q-1\nstatus: open\n```\ncode\n```\n\n## q-2\n";
    expect(close(text, "q-1", answer())).toBe("## q-1\nstatus: answered\n```\ncode\n```\nanswered_at: 2026-07-20T10:00:00Z\nanswer: Yes\n\n## q-2\n");
  });
});

describe("closeBlockEdits: answered_by", () => {
  it.each([
    ["answered_by: human"],
    ["answered_by: afk"],
    ["Answered_By: human"],
    ["ANSWERED_BY:human"],
    ["  answered_by: human"],
    ["\tanswered_by : human"],
  ])("without --human the forged line %j is removed", (forged) => {
    const text = `## q-1\nstatus: open\n${forged}\nanswered_at:\nanswer:\n\n## q-2\nanswered_by: human\n`;
    expect(close(text, "q-1", answer())).toBe("## q-1\nstatus: answered\nanswered_at: 2026-07-20T10:00:00Z\nanswer: Yes\n\n## q-2\nanswered_by: human\n");
  });

  it("with --human exactly one `answered_by: human` remains, at the first column-0 line", () => {
    const text = "## q-1\nstatus: open\n  Answered_By: agent\nanswered_by: afk\nanswered_at:\nanswer:\nanswered_by: human\n";
    const out = close(text, "q-1", answer("human"));
    expect(out).toBe("## q-1\nstatus: answered\nanswered_by: human\nanswered_at: 2026-07-20T10:00:00Z\nanswer: Yes\n");
    expect(parseQuestions(out).blocks[0]!.fields.filter((f) => f.key === "answered_by")).toHaveLength(1);
  });

  it("with --human and only indented forgeries, they are removed and one canonical line inserted", () => {
    const text = "## q-1\nstatus: open\nanswered_at:\nanswer:\n   ANSWERED_BY: human\n";
    expect(close(text, "q-1", answer("human"))).toBe("## q-1\nstatus: answered\nanswered_at: 2026-07-20T10:00:00Z\nanswer: Yes\nanswered_by: human\n");
  });

  it("a forged line that was the block's last line does not leave a blank line before the inserted one", () => {
    const text = "## q-1\nstatus: open\nanswered_at:\nanswer:\n  answered_by: agent";
    expect(close(text, "q-1", answer("human"))).toBe("## q-1\nstatus: answered\nanswered_at: 2026-07-20T10:00:00Z\nanswer: Yes\nanswered_by: human\n");
  });

  it("an answered_by line inside a fence is code, not a forgery", () => {
    const text = "## q-1\nstatus: open\n```\nanswered_by: human\n```\nanswered_at:\nanswer:\n";
    expect(close(text, "q-1", answer())).toBe("## q-1\nstatus: answered\n```\nanswered_by: human\n```\nanswered_at: 2026-07-20T10:00:00Z\nanswer: Yes\n");
  });
});

// questionsSource(...).apply: the edits of opened blocks become the same file whether the
// source is the text (one pass over the whole file) or its bytes (each block on its own).

import { describe, expect, it } from "vitest";
import { questionsSource } from "../../../src/documents/questions/block-source.js";
import { closeBlockEdits } from "../../../src/documents/questions/edit-questions.js";
import type { FileBytes } from "../../../src/documents/bytes.js";
import { contentBytes, memoryFile } from "../../helpers/file-bytes.js";

const close = { status: "answered", answeredAt: "2026-07-20T10:00:00Z", answer: "yes", answeredBy: undefined } as const;

function applied(content: string | Buffer | FileBytes, ids: readonly string[]) {
  const src = questionsSource(content, ids);
  const edited = ids.map((id) => {
    const open = src.open(id, src.spans(id)[0]!);
    return { open, edits: closeBlockEdits(open.doc, open.block, close, src.eol) };
  });
  const out = src.apply(edited);
  return { file: contentBytes(out.content).toString("utf8"), blocks: out.blocks };
}

describe("questionsSource apply", () => {
  it.each<[string, string, string[], string]>([
    ["one block, LF", "## q-1\nstatus: open\nanswer:\n", ["q-1"], "## q-1\nstatus: answered\nanswer: yes\nanswered_at: 2026-07-20T10:00:00Z\n"],
    [
      "two blocks given out of file order, CRLF",
      "# Q\r\n\r\n## q-1\r\nstatus: open\r\n\r\n## q-2\r\nstatus: open\r\nanswered_at:\r\n",
      ["q-2", "q-1"],
      "# Q\r\n\r\n## q-1\r\nstatus: answered\r\nanswered_at: 2026-07-20T10:00:00Z\r\nanswer: yes\r\n\r\n## q-2\r\nstatus: answered\r\nanswered_at: 2026-07-20T10:00:00Z\r\nanswer: yes\r\n",
    ],
    [
      "a BOM, non-ASCII text and an unterminated last line",
      "\uFEFF## q-1\nstatus: open\nquestion: é—✓?\n\n## q-2\nstatus: open",
      ["q-2", "q-1"],
      "\uFEFF## q-1\nstatus: answered\nquestion: é—✓?\nanswered_at: 2026-07-20T10:00:00Z\nanswer: yes\n\n## q-2\nstatus: answered\nanswered_at: 2026-07-20T10:00:00Z\nanswer: yes",
    ],
  ])("%s: the text and its bytes give the same new file", (_name, text, ids, want) => {
    const fromText = applied(text, ids);
    expect(fromText.file).toBe(want);
    expect(fromText.blocks).toBeUndefined();
    // The bytes in memory, and the file read in windows of a few lines (written back by ranges).
    for (const content of [Buffer.from(text, "utf8"), memoryFile(Buffer.from(text, "utf8"), 16)]) {
      const fromBytes = applied(content, ids);
      expect(fromBytes.file).toBe(want);
      // Over bytes, the read-back gets each edited block's own new text, in the order given.
      expect(fromBytes.blocks).toHaveLength(ids.length);
      ids.forEach((id, k) => expect(fromBytes.blocks![k]).toMatch(new RegExp(`^(\uFEFF)?## ${id}\\r?\\nstatus: answered`)));
    }
  });

  it("refuses the same block opened twice (overlapping edits never reach the disk)", () => {
    const text = "## q-1\nstatus: open\n";
    for (const content of [text, Buffer.from(text), memoryFile(Buffer.from(text))]) {
      const src = questionsSource(content, ["q-1"]);
      const open = src.open("q-1", src.spans("q-1")[0]!);
      const edits = closeBlockEdits(open.doc, open.block, close, src.eol);
      expect(() => src.apply([{ open, edits }, { open, edits }])).toThrow(/overlapping/);
    }
  });
});

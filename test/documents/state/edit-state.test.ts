// state.md edit rules (formats.md, "Writing a field"): every builder splices only the bytes
// it must change, in the cursor's own form, spelling and line ending.

import { describe, expect, it } from "vitest";
import { BadInputError } from "../../../src/errors.js";
import {
  appendLogEdit, assertWritableValue, deleteFieldEdits, removeAwaitingEdits, setFieldEdit, upsertFieldEdit,
} from "../../../src/documents/state/edit-state.js";
import { cursorValue, normalizeKey, parseState } from "../../../src/documents/state/parse-state.js";
import { applyEdits } from "../../../src/documents/text-edit.js";

const set = (text: string, key: string, value: string) => {
  const doc = parseState(text);
  return applyEdits(text, [setFieldEdit(doc, doc.cursor.get(normalizeKey(key))!, value)]);
};
const upsert = (text: string, key: string, value: string) => applyEdits(text, [upsertFieldEdit(parseState(text), key, value)]);
const del = (text: string, key: string) => applyEdits(text, deleteFieldEdits(parseState(text), key));
const removeAwaiting = (text: string) => applyEdits(text, removeAwaitingEdits(parseState(text)));
const appendLog = (text: string, lines: string[]) => applyEdits(text, [appendLogEdit(parseState(text), lines)]);

describe("setFieldEdit", () => {
  it.each([
    ["| status | awaiting_human |\n", "| status | running |\n"],
    ["|  status  |   awaiting_human   |  note  |\n", "|  status  |   running   |  note  |\n"],
    ["|status|awaiting_human|\n", "|status| running |\n"],
    ["| status |  |\n", "| status | running |\n"],
    ["| status ||\n", "| status | running |\n"],
    ["   | status | x | y | z |  \n", "   | status | running | y | z |  \n"],
    ["| status | x |\r\n| phase | build |\r\n", "| status | running |\r\n| phase | build |\r\n"],
    ["| status | x |", "| status | running |"],
  ])("a table row %j keeps its spacing, other cells and indentation: %j", (text, want) => {
    expect(set(text, "status", "running")).toBe(want);
  });

  it.each([
    ["- Status: awaiting_human\n", "- Status: running\n"],
    ["* STATUS:awaiting_human\n", "* STATUS: running\n"],
    ["  -   Status   :   x   \n", "  -   Status   : running\n"],
    ["- Next step: /rite-resolve q-1 \"<answer>\"\n", "- Next step: running\n"],
    ["- Status:\n", "- Status: running\n"],
    ["Status: x\r\n", "Status: running\r\n"],
    ["- Status: x", "- Status: running"],
  ])("a bullet %j keeps everything up to its first ':' (key spelling included): %j", (text, want) => {
    const key = /next/i.test(text) ? "next_action" : "status";
    expect(set(text, key, "running")).toBe(want);
  });

  it("a bullet value with ':' in it is replaced whole, the key's colon kept", () => {
    expect(set("- Next step: /rite-resolve q-1 \"a: b\"\n", "next_action", "x: y")).toBe("- Next step: x: y\n");
  });
});

describe("assertWritableValue (every edit must read back)", () => {
  it.each([
    ["a | b", "table", true],
    ["a | b", "bullet", false],
    ["two\nlines", "bullet", true],
    ["two\r\nlines", "table", true],
    [" padded", "table", true],
    ["fine value: with colon", "table", false],
  ] as const)("%j in a %s field is refused: %s", (value, form, refused) => {
    const run = () => assertWritableValue("detail", value, form);
    if (refused) {
      expect(run).toThrow(BadInputError);
      try {
        run();
      } catch (e) {
        expect((e as BadInputError).exitCode).toBe(5);
      }
    } else expect(run).not.toThrow();
  });

  it("a `|` into a table cell is refused by set and upsert before any text is produced", () => {
    const text = "| Key | Value |\n| --- | --- |\n| status | blocked |\n";
    expect(() => set(text, "status", "a|b")).toThrow(/cannot be stored in a state.md table cell/);
    expect(() => upsert(text, "pause_detail", "a|b")).toThrow(BadInputError);
  });
});

const TABLE = `# State: x

## Cursor
| Key | Value |
| --- | --- |
| schema | 4 |
| status | running |
| phase | build |

## Log
- 2026-07-20T08:00:00Z build: a
`;

describe("upsertFieldEdit", () => {
  it("sets an existing field in place (no second row)", () => {
    const out = upsert(TABLE, "Status", "blocked");
    expect(out).toBe(TABLE.replace("| status | running |", "| status | blocked |"));
  });

  it("inserts a missing table field after the cursor table's last row, with the known key spelling", () => {
    expect(upsert(TABLE, "AFK slices remaining", "3")).toBe(TABLE.replace("| phase | build |\n", "| phase | build |\n| afk_slices_remaining | 3 |\n"));
  });

  it("inserts in the file's own line ending (CRLF)", () => {
    const crlf = TABLE.replace(/\n/g, "\r\n");
    expect(upsert(crlf, "pause_reason", "usage_cap")).toBe(crlf.replace("| phase | build |\r\n", "| phase | build |\r\n| pause_reason | usage_cap |\r\n"));
  });

  it("inserts after a cursor table that ends the file without a final newline, keeping it missing", () => {
    const text = "| Key | Value |\n| --- | --- |\n| status | running |";
    expect(upsert(text, "risk", "low")).toBe(`${text}\n| risk | low |`);
  });

  it.each([
    ["afk_slices_remaining", "AFK slices remaining"],
    ["next_action", "Next step"],
    ["status", "Status"],
    ["schema", "Schema"],
    ["pause_reason", "pause_reason"],
  ])("inserts a missing bullet field %s with the released spelling %j after the leading bullet block", (key, spelled) => {
    const text = "# State: x\n\n- Phase: build\n- Active slice: SLICE-1\n\n## Notes\n- a: b\n";
    const withStatus = key === "status" ? text : text.replace("- Phase: build\n", "- Phase: build\n- Status: running\n");
    const out = upsert(withStatus, key, "v");
    expect(out).toBe(withStatus.replace("- Active slice: SLICE-1\n", `- Active slice: SLICE-1\n- ${spelled}: v\n`));
    expect(cursorValue(parseState(out), key)).toBe("v");
  });

  it("copies the neighbour's bullet marker and indentation", () => {
    const text = "  * Status: running\n  * Phase: build\n";
    expect(upsert(text, "risk", "high")).toBe(`${text}  * risk: high\n`);
  });
});

describe("deleteFieldEdits", () => {
  it.each([
    [TABLE, "phase", TABLE.replace("| phase | build |\n", "")],
    ["- Status: blocked\n- pause_reason: usage_cap\n- Phase: build\n", "pause_reason", "- Status: blocked\n- Phase: build\n"],
    ["- Pause reason: a\n- x: y\n- pause_reason: b\n", "pause_reason", "- x: y\n"],
    ["- a: 1\n- resumes_at: T", "resumes_at", "- a: 1\n"],
    ["- a: 1\n", "resumes_at", "- a: 1\n"],
  ])("removes every cursor line of the key and nothing else (%#)", (text, key, want) => {
    expect(del(text, key)).toBe(want);
  });

  it("does not remove a field of the same name inside the awaiting section or the Log", () => {
    const text = "- Status: x\n\n## Awaiting human\n- status: y\n\n## Log\n- status: z\n";
    expect(del(text, "status")).toBe("\n## Awaiting human\n- status: y\n\n## Log\n- status: z\n");
  });
});

describe("removeAwaitingEdits", () => {
  it("removes a middle section from its heading to the next level-1/2 heading", () => {
    const text = "- Status: x\n\n## Awaiting human\n- qid: q-1\n### sub\ntext\n\n## Log\n- a\n";
    expect(removeAwaiting(text)).toBe("- Status: x\n\n## Log\n- a\n");
  });

  it("removes a section at the end of the file together with the blank lines before it", () => {
    expect(removeAwaiting("- Status: x\n\n\n## Awaiting human\n- qid: q-1\n")).toBe("- Status: x\n");
  });

  it("removes a last section without a final newline and leaves the previous line's terminator", () => {
    expect(removeAwaiting("- Status: x\n\n## Awaiting human\n- qid: q-1")).toBe("- Status: x\n");
  });

  it("removes every awaiting section, also two in a row at the end of the file", () => {
    const text = "- Status: x\n\n## Awaiting human\n- qid: q-1\n\n## Awaiting human\n- qid: q-2\n";
    expect(removeAwaiting(text)).toBe("- Status: x\n");
  });

  it("removes two sections separated by another section, keeping that section", () => {
    const text = "- Status: x\n\n## Awaiting human\n- qid: q-1\n\n## Notes\nn\n\n## Awaiting human\n- qid: q-2\n\n## Log\n- a\n";
    expect(removeAwaiting(text)).toBe("- Status: x\n\n## Notes\nn\n\n## Log\n- a\n");
  });

  it("keeps CRLF around the removed section", () => {
    const text = "- Status: x\r\n\r\n## Awaiting human\r\n- qid: q-1\r\n\r\n## Log\r\n- a\r\n";
    expect(removeAwaiting(text)).toBe("- Status: x\r\n\r\n## Log\r\n- a\r\n");
  });

  it("a fenced `## Awaiting human` is left alone", () => {
    const text = "- Status: x\n\n```\n## Awaiting human\n- qid: q-1\n```\n";
    expect(removeAwaiting(text)).toBe(text);
  });
});

describe("appendLogEdit", () => {
  it.each([
    ["after the last line of a Log at the end of the file", "## Log\n- a\n", "## Log\n- a\n- new\n"],
    ["after the last non-blank line, before trailing blank lines", "## Log\n- a\n\n\n", "## Log\n- a\n- new\n\n\n"],
    ["after the last non-blank line when another section follows", "## Log\n- a\n\n## Notes\nx\n", "## Log\n- a\n- new\n\n## Notes\nx\n"],
    ["after an indented continuation line", "## Log\n- a\n  more\n\n## N\n", "## Log\n- a\n  more\n- new\n\n## N\n"],
    ["past a blank line inside the Log", "## Log\n- a\n\n- b\n\n## N\n", "## Log\n- a\n\n- b\n- new\n\n## N\n"],
    ["in CRLF", "## Log\r\n- a\r\n\r\n## N\r\n", "## Log\r\n- a\r\n- new\r\n\r\n## N\r\n"],
    ["keeping a missing final newline missing", "## Log\n- a", "## Log\n- a\n- new"],
    ["into an empty Log right after its heading", "## Log\n\n## N\n", "## Log\n- new\n\n## N\n"],
    ["into the real Log, not a fenced one", "```\n## Log\n```\n\n## Log\n- a\n", "```\n## Log\n```\n\n## Log\n- a\n- new\n"],
  ])("appends %s", (_name, text, want) => {
    expect(appendLog(text, ["- new"])).toBe(want);
  });

  it.each([
    ["a file ending in a newline", "- Status: x\n"],
    ["a file already ending in a blank line", "- Status: x\n\n"],
    ["a file without a final newline", "- Status: x"],
    ["an empty file", ""],
    ["a CRLF file", "- Status: x\r\n"],
    ["a file with only `## Logbook`", "## Logbook\n- a\n"],
    ["a file whose only `## Log` is inside a code fence", "- Status: x\n```\n## Log\n```\n"],
    ["the pack's 5.x cursor (no Log section)", "# State\n\n## Cursor\n| Key | Value |\n| --- | --- |\n| phase | spec |\n"],
  ])("never creates a `## Log`: %s is left byte for byte", (_name, text) => {
    expect(appendLog(text, ["- new"])).toBe(text);
  });

  it("appends several lines in order", () => {
    expect(appendLog("## Log\n- a\n", ["- b", "- c"])).toBe("## Log\n- a\n- b\n- c\n");
  });

  it("refuses a Log line with a newline in it (exit 5)", () => {
    expect(() => appendLog("## Log\n", ["- a\n- forged"])).toThrow(BadInputError);
  });
});

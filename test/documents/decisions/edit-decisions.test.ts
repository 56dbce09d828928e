// decisions.md: the entry shape follows the file (table when a `## Decision log` table
// exists, headings otherwise); table cells escape `|`; line endings follow the file.

import { describe, expect, it } from "vitest";
import { appendDecisionEdit, appendDecisionsEdit, type DecisionEntry } from "../../../src/documents/decisions/edit-decisions.js";
import { parseDecisions } from "../../../src/documents/decisions/parse-decisions.js";
import { applyEdits } from "../../../src/documents/text-edit.js";

const ENTRY: DecisionEntry = {
  title: "Keep one release",
  context: "q-1 (blocking) answered",
  options: "Keep one release / Drop now",
  decision: "Keep one release",
  consequences: "—",
  related: "q-1, SLICE-3",
};

const append = (text: string, entry: DecisionEntry = ENTRY) => {
  const { id, edit } = appendDecisionEdit(parseDecisions(text), entry);
  return { id, text: applyEdits(text, [edit]) };
};

const TABLE = `# Decisions: x

## Decision log
| Decision ID | Status | Context | Options | Decision | Consequences | Related IDs |
| --- | --- | --- | --- | --- | --- | --- |
| DEC-004 | accepted | c | a / b | a | none | q-0 |

## Notes
keep
`;

describe("appendDecisionEdit", () => {
  it("appends a table row after the Decision log's last row, not at the end of the file", () => {
    const { id, text } = append(TABLE);
    expect(id).toBe("DEC-005");
    expect(text).toBe(
      TABLE.replace(
        "| DEC-004 | accepted | c | a / b | a | none | q-0 |\n",
        "| DEC-004 | accepted | c | a / b | a | none | q-0 |\n| DEC-005 | accepted | q-1 (blocking) answered | Keep one release / Drop now | Keep one release | — | q-1, SLICE-3 |\n",
      ),
    );
  });

  it("escapes `|` and flattens whitespace in table cells", () => {
    const { text } = append(TABLE, { ...ENTRY, decision: "use a | b\n  or  c", options: "x|y" });
    expect(text).toContain("| DEC-005 | accepted | q-1 (blocking) answered | x\\|y | use a \\| b or c | — | q-1, SLICE-3 |\n");
  });

  it("a table row into a CRLF file without a final newline ends like the file", () => {
    const crlf = "## Decision log\r\n| Decision ID | Status |\r\n| --- | --- |\r\n| DEC-001 | accepted |";
    const { text } = append(crlf);
    expect(text.startsWith(`${crlf}\r\n| DEC-002 | accepted |`)).toBe(true);
    expect(text.endsWith("|")).toBe(true);
  });

  it.each([
    ["a file ending in a newline gets a blank line first", "# Decisions: x\n\n### DEC-001 — a\n- Status: accepted\n", "\n### DEC-002"],
    ["a file ending in a blank line gets none", "# Decisions: x\n\n", "\n\n### DEC-001"],
    ["a file without a final newline is terminated and separated", "# Decisions: x\n\n### DEC-003 — a\n- Related: q-0", "q-0\n\n### DEC-004"],
  ])("appends a heading entry when there is no Decision log table: %s", (_name, input, joint) => {
    const { text } = append(input);
    expect(text.startsWith(input)).toBe(true);
    expect(text).toContain(joint);
    expect(text.endsWith("- Related: q-1, SLICE-3\n")).toBe(true);
  });

  it("renders the heading shape exactly", () => {
    const { id, text } = append("# Decisions: x\n");
    expect(id).toBe("DEC-001");
    expect(text).toBe(
      "# Decisions: x\n\n### DEC-001 — Keep one release\n- Status: accepted\n- Context: q-1 (blocking) answered\n- Options: Keep one release / Drop now\n- Decision: Keep one release\n- Related: q-1, SLICE-3\n",
    );
  });

  it("heading entries in a CRLF file use CRLF", () => {
    const { text } = append("# Decisions: x\r\n");
    expect(text.slice("# Decisions: x\r\n".length).split("\r\n").slice(0, -1).every((l) => !l.includes("\n"))).toBe(true);
    expect(text.endsWith("- Related: q-1, SLICE-3\r\n")).toBe(true);
  });

  it("a Decision log heading with no table falls back to headings", () => {
    const { text } = append("## Decision log\nNothing yet.\n");
    expect(text).toContain("### DEC-001 — Keep one release\n");
  });

  it("a fenced DEC look-alike does not raise the next number", () => {
    expect(append("### DEC-002 — a\n\n~~~\n### DEC-999 — template\n~~~\n").id).toBe("DEC-003");
  });
});

describe("appendDecisionsEdit: many entries in one edit", () => {
  const entries = (n: number): DecisionEntry[] =>
    Array.from({ length: n }, (_, i) => ({ ...ENTRY, title: `answer ${i}`, decision: `answer ${i} | or not`, related: `q-${i}` }));

  it.each([
    ["a Decision log table", TABLE],
    ["a CRLF table without a final newline", "## Decision log\r\n| Decision ID | Status |\r\n| --- | --- |\r\n| DEC-001 | accepted |"],
    ["headings, ending in a newline", "# Decisions: x\n\n### DEC-001 — a\n- Status: accepted\n"],
    ["headings, ending in a blank line", "# Decisions: x\n\n"],
    ["headings, without a final newline", "# Decisions: x\n\n### DEC-003 — a\n- Related: q-0"],
    ["headings, CRLF", "# Decisions: x\r\n"],
    ["an empty file", ""],
  ])("in %s: the same bytes and ids as one appendDecisionEdit per entry", (_name, input) => {
    const list = entries(3);
    let sequential = input;
    const seqIds: string[] = [];
    for (const e of list) {
      const { id, text } = append(sequential, e);
      seqIds.push(id);
      sequential = text;
    }
    const { ids, edit } = appendDecisionsEdit(parseDecisions(input), list);
    expect(applyEdits(input, [edit])).toBe(sequential);
    expect(ids).toEqual(seqIds);
  });

  it("5,000 entries into a 5,000-entry table in one pass: the next ids in order, the file parsed once", () => {
    const table = applyEdits(TABLE, [appendDecisionsEdit(parseDecisions(TABLE), entries(5_000)).edit]);
    const t0 = performance.now();
    const { ids, edit } = appendDecisionsEdit(parseDecisions(table), entries(5_000));
    const text = applyEdits(table, [edit]);
    // One parse of a 10,000-row table and one splice; appending one at a time reparsed the whole file per entry.
    expect(performance.now() - t0).toBeLessThan(2_000);
    expect(ids[0]).toBe("DEC-5005");
    expect(ids.at(-1)).toBe("DEC-10004");
    expect(parseDecisions(text).highest).toBe(10_004);
  });
});

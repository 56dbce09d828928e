// state.md reading rules (formats.md, "Reading a field"): table and bullet fields, header
// and separator rows, key normalization and aliases, first match wins, and the places
// fields are never read from (fences, `## Awaiting human`, `## Log`).

import { describe, expect, it } from "vitest";
import { cursorValue, normalizeKey, parseState, readField, tableCells } from "../../../src/documents/state/parse-state.js";
import { splitLines } from "../../../src/documents/lines.js";

const field = (text: string, next?: string) => readField(splitLines(text)[0]!, 0, next);

describe("normalizeKey", () => {
  it.each([
    ["next_action", "nextaction"],
    ["Next step", "nextaction"],
    ["NEXT-ACTION", "nextaction"],
    ["nextstep", "nextaction"],
    ["qid", "questionid"],
    ["QID", "questionid"],
    ["question_id", "questionid"],
    ["AFK slices remaining", "afkslicesremaining"],
    ["afk_slices_remaining", "afkslicesremaining"],
    ["  Status  ", "status"],
    ["Schema", "schema"],
    ["pause reason", "pausereason"],
    ["Stat\u00fcs", "stats"],
    ["\u0130d", "id"],
    ["", ""],
  ])("%j normalizes to %j", (raw, want) => {
    expect(normalizeKey(raw)).toBe(want);
  });

  it("keeps exactly the ASCII letters and digits of the lower-cased key, as /[^a-z0-9]/g removal does", () => {
    for (const raw of ["Next Step!", "A\u00c9B", "x_1-2 3", "\u212a", "\u0130", "Straße", "  \t", "\u{1F600}qid"]) {
      const want = raw.toLowerCase().replace(/[^a-z0-9]/g, "");
      expect(normalizeKey(raw), JSON.stringify(raw)).toBe(({ nextstep: "nextaction", qid: "questionid" } as Record<string, string>)[want] ?? want);
    }
  });
});

describe("readField", () => {
  it.each([
    ["| status | running |", "status", "running", "table"],
    ["|status|running|", "status", "running", "table"],
    ["  | phase |  build  | extra |", "phase", "build", "table"],
    ["| next_action | /rite-resolve q-1 \"<answer>\" |", "nextaction", '/rite-resolve q-1 "<answer>"', "table"],
    ["| empty |  |", "empty", "", "table"],
    ["| note | a \\| b |", "note", "a \\| b", "table"],
    ["- Status: awaiting_human", "status", "awaiting_human", "bullet"],
    ["* Phase:   build  ", "phase", "build", "bullet"],
    ["+ Next step: /rite-build", "nextaction", "/rite-build", "bullet"],
    ["\t-  AFK slices remaining: 2", "afkslicesremaining", "2", "bullet"],
    ["Schema: 4", "schema", "4", "bullet"],
    ["- qid: q-2026-06-13-002", "questionid", "q-2026-06-13-002", "bullet"],
    ["- url: https://example.invalid/x", "url", "https://example.invalid/x", "bullet"],
    ["- Status:", "status", "", "bullet"],
  ])("%j is a %s field %s = %j", (line, key, value, form) => {
    const f = field(line);
    expect(f).toMatchObject({ key, value, form });
    expect(line.slice(f!.valueStart, f!.valueEnd)).toBe(value);
  });

  it.each([
    ["| --- | --- |", undefined, "a separator row"],
    ["|:---|---:|", undefined, "an aligned separator row"],
    ["| Key | Value |", "| --- | --- |", "a header row (followed by a separator)"],
    ["| only one cell |", undefined, "a one-cell row"],
    ["|  | value |", undefined, "a row with an empty key"],
    ["- no colon here", undefined, "a bullet without ':'"],
    ["- : no key", undefined, "a bullet with an empty key"],
    ["- ---: x", undefined, "a key with no letters or digits"],
    ["   ", undefined, "a blank line"],
  ])("%j is not a field: %s", (line, next, _why) => {
    expect(field(line, next)).toBeUndefined();
  });
});

describe("tableCells", () => {
  it("splits on unescaped pipes and keeps offsets relative to the line", () => {
    const line = "  | a | b \\| c | d |";
    const cells = tableCells(line)!;
    expect(cells.map((c) => c.text)).toEqual([" a ", " b \\| c ", " d "]);
    for (const c of cells) expect(line.slice(c.start, c.end)).toBe(c.text);
  });
});

const TABLE = `# State: x

## Cursor
| Key | Value |
| --- | --- |
| schema | 4 |
| phase | build |
| status | awaiting_human |
| next_action | /rite-resolve q-1 "<answer>" |

## Awaiting human
| Key | Value |
| --- | --- |
| question_id | q-1 |
| status | not-a-cursor-field |

## Log
- 2026-07-20T08:00:00Z build: status: done
`;

const BULLET = `- Schema: 4
- Phase: review
- Status: awaiting_human
- Next step: /rite-resolve q-2 "<answer>"
- AFK slices remaining: 1

## Awaiting human
- qid: q-2
- gate: validating

## Log
- 2026-07-20T08:00:00Z review: Phase: ship
`;

describe("parseState", () => {
  it.each([
    ["table", TABLE, { schema: "4", phase: "build", status: "awaiting_human", next_action: '/rite-resolve q-1 "<answer>"' }],
    ["bullet", BULLET, { schema: "4", phase: "review", status: "awaiting_human", next_action: '/rite-resolve q-2 "<answer>"', afk_slices_remaining: "1" }],
  ])("reads the %s cursor and its form", (form, text, want) => {
    const doc = parseState(text);
    expect(doc.form).toBe(form);
    for (const [k, v] of Object.entries(want)) expect(cursorValue(doc, k)).toBe(v);
  });

  it.each([
    ["table", TABLE, "q-1"],
    ["bullet", BULLET, "q-2"],
  ])("the %s awaiting section names its question (question_id / qid alias)", (_form, text, qid) => {
    const doc = parseState(text);
    expect(doc.awaiting).toHaveLength(1);
    expect(doc.awaiting[0]!.questionId).toBe(qid);
  });

  it("fields inside the Awaiting and Log sections are not cursor fields", () => {
    expect(cursorValue(parseState(TABLE), "status")).toBe("awaiting_human");
    expect(cursorValue(parseState(BULLET), "phase")).toBe("review");
    expect(parseState(BULLET).fields.map((f) => f.rawKey)).toEqual(["Schema", "Phase", "Status", "Next step", "AFK slices remaining"]);
  });

  it("the header row and the separator row are not fields", () => {
    expect(parseState(TABLE).fields.map((f) => f.key)).toEqual(["schema", "phase", "status", "nextaction"]);
  });

  it("the first match in file order wins; later duplicates are kept in fields", () => {
    const doc = parseState("- Status: running\n- Phase: build\n- status: done\n");
    expect(cursorValue(doc, "status")).toBe("running");
    expect(doc.fields.filter((f) => f.key === "status")).toHaveLength(2);
  });

  it.each([
    ["backtick fence", "```\n- Status: done\n```\n- Status: running\n"],
    ["tilde fence", "~~~\n| status | done |\n~~~\n- Status: running\n"],
    ["unclosed fence after the cursor", "- Status: running\n```\n- Status: done\n"],
  ])("fields inside a %s are ignored", (_name, text) => {
    expect(cursorValue(parseState(text), "status")).toBe("running");
  });

  it.each([
    ["a fenced `## Awaiting human` is not a section", "- Status: running\n```\n## Awaiting human\n- qid: q-1\n```\n", 0, false],
    ["a fenced `## Log` is not the Log", "- Status: running\n~~~\n## Log\n~~~\n", 0, false],
    ["`## Awaiting human   ` with trailing spaces is a section", "- Status: x\n\n## Awaiting human   \n- qid: q-1\n", 1, false],
    ["the pack template's `## Awaiting human   (only when Status == awaiting_human)` is a section", "- Status: x\n\n## Awaiting human   (only when Status == awaiting_human)\n- qid: q-1\n", 1, false],
    ["`## Awaiting human (note)  ` with trailing spaces after the note is a section", "- Status: x\n\n## Awaiting human (note)  \n- qid: q-1\n", 1, false],
    ["`## Awaiting human (a) (b)` (two notes) is not a section", "- Status: x\n\n## Awaiting human (a) (b)\n- qid: q-1\n", 0, false],
    ["`## Awaiting human later` (other text) is not a section", "- Status: x\n\n## Awaiting human later\n- qid: q-1\n", 0, false],
    ["`## Awaiting Human` (other case) is not a section", "- Status: x\n\n## Awaiting Human\n- qid: q-1\n", 0, false],
    ["`### Awaiting human` (level 3) is not a section", "- Status: x\n\n### Awaiting human\n- qid: q-1\n", 0, false],
    ["`## Logbook` is not the Log", "- Status: x\n\n## Logbook\n- a\n", 0, false],
    ["`## Log` is the Log", "- Status: x\n\n## Log\n- a\n", 0, true],
  ])("%s", (_name, text, awaiting, hasLog) => {
    const doc = parseState(text);
    expect(doc.awaiting).toHaveLength(awaiting);
    expect(doc.log !== undefined).toBe(hasLog);
  });

  it("an awaiting section ends at the next level-1/2 heading, not at a level-3 one", () => {
    const doc = parseState("- Status: x\n\n## Awaiting human\n- qid: q-1\n### Detail\n- gate: blocking\n## Log\n- a\n");
    const s = doc.awaiting[0]!;
    expect(s.fields.map((f) => f.key)).toEqual(["questionid", "gate"]);
    expect(s.end).toBe(doc.log!.heading);
  });

  it("every awaiting section is found (a hand-edited file may hold two)", () => {
    const doc = parseState("- Status: x\n## Awaiting human\n- qid: q-1\n## Awaiting human\n- qid: q-2\n");
    expect(doc.awaiting.map((s) => s.questionId)).toEqual(["q-1", "q-2"]);
  });

  it("a file without any field reads no cursor and defaults to the table form", () => {
    const doc = parseState("# State\n\nNothing here.\n");
    expect(doc.cursor.size).toBe(0);
    expect(doc.form).toBe("table");
  });
});

// questions.md reading rules (formats.md): where a block starts and ends, literal ids,
// which lines are fields, continuation lines, status/gate comparison, the register table.

import { describe, expect, it } from "vitest";
import { questionIdOf } from "../../../src/documents/questions/block-grammar.js";
import { FieldLines, readFieldLines } from "../../../src/documents/questions/field-lines.js";
import { fieldValue, gateOf, optionsOf, parseQuestions, statusOf, type QuestionBlock } from "../../../src/documents/questions/parse-questions.js";
import { fieldValueAt } from "../../../src/documents/questions/question-block.js";

const ids = (text: string) => parseQuestions(text).blocks.map((b) => b.id);
const block = (text: string, id: string) => parseQuestions(text).byId.get(id)![0]!;

describe("questionIdOf", () => {
  it.each([
    ["q-2026-09-02-003", { id: "q-2026-09-02-003", rest: "" }],
    ["q-1 blocking", { id: "q-1", rest: "blocking" }],
    ["Q-1", { id: "Q-1", rest: "" }],
    ["q-1\t(validating)  ", { id: "q-1", rest: "(validating)" }],
    ["q-a.b+c*", { id: "q-a.b+c*", rest: "" }],
    ["q-", { id: "q-", rest: "" }],
  ])("%j names the question %j", (heading, want) => {
    expect(questionIdOf(heading)).toEqual(want);
  });

  it.each(["Questions", "question q-1", "x-1", "q1", " Awaiting human", "q-1\u00a0x", "q-1\u2028x", "q-1 a\u2028b"])("%j is not a question heading", (heading) => {
    expect(questionIdOf(heading)).toBeUndefined();
  });
});

describe("parseQuestions: blocks", () => {
  it("a block starts at a level-2 `## q-…` / `## Q-…` heading; other level-2 headings are not blocks", () => {
    expect(ids("# Questions\n\n## q-1\nstatus: open\n\n## Notes\n\n## Q-2 blocking\nstatus: open\n")).toEqual(["q-1", "Q-2"]);
  });

  it("level-1 and level-3 `q-` headings are not blocks", () => {
    expect(ids("# q-1\n### q-2\n#### q-3\n## q-4\n")).toEqual(["q-4"]);
  });

  it.each([
    ["the next level-2 heading", "## q-1\nstatus: open\n## Notes\nstatus: answered\n"],
    ["the next level-1 heading", "## q-1\nstatus: open\n# Archive\nstatus: answered\n"],
    ["the next question", "## q-1\nstatus: open\n## q-2\nstatus: answered\n"],
  ])("a block ends at %s", (_name, text) => {
    const b = block(text, "q-1");
    expect(b.end).toBe(2);
    expect(statusOf(b)).toBe("open");
    expect(b.fields.map((f) => f.key)).toEqual(["status"]);
  });

  it("a `###` heading inside a block stays in the block (fields after it are the block's)", () => {
    const b = block("## q-1\nstatus: open\n### Discussion\n- dana: yes\nanswer:\n## q-2\n", "q-1");
    expect(b.end).toBe(5);
    expect(b.fields.map((f) => f.key)).toEqual(["status", "answer"]);
  });

  it("a block runs to the end of the file", () => {
    expect(block("## q-1\nstatus: open\n\nanswer:", "q-1").end).toBe(4);
  });

  it("`## q-` headings inside code fences (``` and ~~~, unclosed) are not blocks", () => {
    const text = "## q-1\nstatus: open\n```\n## q-2\n```\n~~~\n## q-3\n~~~\n## q-4\n````\n## q-5\n";
    expect(ids(text)).toEqual(["q-1", "q-4"]);
  });

  it("ids are literal and case-sensitive: q-1, q-10 and Q-1 are three questions", () => {
    const doc = parseQuestions("## q-10\n## Q-1\n## q-1\n## q-1.\n");
    expect([...doc.byId.keys()]).toEqual(["q-10", "Q-1", "q-1", "q-1."]);
    expect(doc.byId.get("q-1")).toHaveLength(1);
  });

  it("two blocks with the same id are both kept under that id (the collision is the caller's to refuse)", () => {
    const doc = parseQuestions("## q-1\nstatus: open\n\n## q-1 again\nstatus: answered\n");
    expect(doc.byId.get("q-1")!.map((b) => statusOf(b))).toEqual(["open", "answered"]);
  });

  it("the heading text after the id is kept as headingRest", () => {
    expect(block("## q-1 blocking  extra\n", "q-1").headingRest).toBe("blocking  extra");
  });
});

describe("withId and uniqueIds say what byId says, with or without byId made first", () => {
  // Ids ascending (the engine's order, read by a binary search), out of order, repeated, with
  // ids that sort around each other in UTF-16 (Q- before q-, q-10 before q-2, non-ASCII).
  const files = [
    ["ascending", ["q-2026-01-01-001", "q-2026-01-01-002", "q-2026-01-02-001", "q-2026-02-01-010"]],
    ["one block", ["q-1"]],
    ["no block", []],
    ["out of order", ["q-2", "q-10", "q-1"]],
    ["a repeat next to itself", ["q-1", "q-2", "q-2", "q-3"]],
    ["a repeat apart", ["q-1", "q-2", "q-3", "q-1"]],
    ["case and digits", ["Q-1", "q-1", "q-10", "q-2", "q-é", "q-日"]],
    ["descending", ["q-3", "q-2", "q-1"]],
  ] as const;
  const probes = ["q-0", "q-1", "q-2", "q-3", "q-10", "Q-1", "q-é", "q-日", "q-2026-01-01-002", "q-2026-01-01-0015", "q-9", ""];
  const fileOf = (list: readonly string[]) => `# Questions\n${list.map((id, k) => `\n## ${id}\nstatus: open\nquestion: ${k}?\n`).join("")}`;
  it.each(files)("%s", (_name, list) => {
    const text = fileOf(list);
    const want = parseQuestions(text).byId;
    const headings = (blocks: readonly QuestionBlock[] | undefined) => blocks?.map((b) => [b.id, b.heading]);
    for (const id of [...list, ...probes]) {
      expect(headings(parseQuestions(text).withId(id)), id).toEqual(headings(want.get(id)));
      const indexed = parseQuestions(text);
      void indexed.byId;
      expect(headings(indexed.withId(id)), id).toEqual(headings(want.get(id)));
    }
    expect(parseQuestions(text).uniqueIds).toBe(want.size === list.length);
  });
});

describe("parseQuestions: fields", () => {
  it.each([
    ["status: open", "status", "open"],
    ["answered_at:", "answered_at", ""],
    ["answer:   Keep one release   ", "answer", "Keep one release"],
    ["x-ticket_2: OPS-1", "x-ticket_2", "OPS-1"],
    ["question: a: b: c", "question", "a: b: c"],
  ])("%j is the field %s = %j", (line, key, value) => {
    const b = block(`## q-1\n${line}\n`, "q-1");
    expect(b.fields).toHaveLength(1);
    expect(fieldValue(b, key)).toBe(value);
  });

  it.each([
    ["Status: open", "a capitalised key"],
    [" status: open", "an indented key (without a field before it)"],
    ["- status: open", "a bullet"],
    ["status : open", "a space before the colon"],
    ["1status: open", "a key starting with a digit"],
    ["status open", "no colon"],
  ])("%j is not a field: %s", (line) => {
    expect(block(`## q-1\n${line}\n`, "q-1").fields).toHaveLength(0);
  });

  it("indented lines after a field continue it; a blank or column-0 line ends it", () => {
    const b = block("## q-1\noptions: |\n  1. A (Recommended) — why\n\t2. B\n  \nproposed: A\n  stray\nnote\n  after note\n", "q-1");
    const options = b.byKey.get("options")!;
    expect(options.continuation).toEqual(["  1. A (Recommended) — why", "\t2. B"]);
    expect(options.end).toBe(4);
    expect(b.byKey.get("proposed")!.continuation).toEqual(["  stray"]);
    expect(b.fields.map((f) => f.key)).toEqual(["options", "proposed"]);
  });

  it("fields inside a fenced block are ignored and a fence ends a continuation", () => {
    const b = block("## q-1\nstatus: open\n```\nstatus: answered\nanswer: fake\n```\nanswer:\n", "q-1");
    expect(b.fields.map((f) => [f.key, f.value])).toEqual([["status", "open"], ["answer", ""]]);
  });

  it("the first field of a key wins (byKey); duplicates stay in fields", () => {
    const b = block("## q-1\nstatus: open\nstatus: answered\n", "q-1");
    expect(fieldValue(b, "status")).toBe("open");
    expect(b.fields).toHaveLength(2);
  });
});

describe("statusOf and gateOf", () => {
  it.each([
    ["status: open", "open"],
    ["status: Open  ", "open"],
    ["status:   ANSWERED   ", "answered"],
    ["status: dropped", "dropped"],
    ["", ""],
  ])("status line %j compares as %j (trimmed, case-insensitive)", (line, want) => {
    expect(statusOf(block(`## q-1\n${line}\n`, "q-1"))).toBe(want);
  });

  it.each([
    ["## q-1\ngate: Blocking\n", "blocking"],
    ["## q-1 blocking\n", "blocking"],
    ["## q-1 validating extra words\n", "validating"],
    ["## q-1 urgent\n", ""],
    ["## q-1 blocking\ngate: advisory\n", "advisory"],
    ["## q-1\n", ""],
  ])("the gate of %j is %j (a gate field wins over the heading suffix)", (text, want) => {
    expect(gateOf(block(text, "q-1"))).toBe(want);
  });
});

describe("optionsOf", () => {
  it("numbers the options and strips (Recommended) and the rationale after ' — '", () => {
    const b = block(
      "## q-1\noptions: |\n  1. Keep one release, drop in follow-up (Recommended) — risk: reversible · infra: expand→contract\n  2. Drop now — irreversible\n  3) Something else\n",
      "q-1",
    );
    expect(optionsOf(b).map((o) => [o.number, o.answer])).toEqual([
      [1, "Keep one release, drop in follow-up"],
      [2, "Drop now"],
      [3, "Something else"],
    ]);
  });

  it("a block without options has none", () => {
    expect(optionsOf(block("## q-1\nproposed: x\n", "q-1"))).toEqual([]);
  });
});

describe("the released `## Question register` table", () => {
  it("is read by column name, header and separator skipped, and its rows are not blocks", () => {
    const doc = parseQuestions(
      "# Questions\n\n## Question register\n| Question ID | Gate | Status | Question |\n| --- | --- | --- | --- |\n| q-7 | blocking | open | Ship? |\n| q-8 | advisory | answered | Log? |\n",
    );
    expect(doc.blocks).toHaveLength(0);
    expect(doc.register.map((r) => [r.id, r.gate, r.status])).toEqual([
      ["q-7", "blocking", "open"],
      ["q-8", "advisory", "answered"],
    ]);
  });
});

describe("fieldValueAt trims exactly as String.prototype.trim, in the text or by trim itself", () => {
  const values = ["open", " open ", "\topen\t", "   ", "", "\u00a0open", "open\u00a0", "\u3000", " \ufeffx", "x\u2028", "a b", " é ", "\u00a0", "—", "x\t \u2029 ", "0"];
  it.each(values.flatMap((v) => [[v, "\n"], [v, "\r\n"], [v, ""]]))("status:%j then %j", (v, eol) => {
    const doc = parseQuestions(`## q-1\ngate: advisory\nstatus:${v}${eol}`);
    const b = doc.blocks[0]!;
    const lines = new FieldLines();
    readFieldLines(doc.view, b, lines);
    expect(fieldValueAt(doc.view, lines.first("status")!, "status")).toBe(v.trim());
    expect(b.value("status")).toBe(v.trim());
  });
});

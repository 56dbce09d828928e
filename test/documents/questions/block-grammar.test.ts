// The block grammar of questions.md (src/documents/questions/block-grammar.ts and the line rules
// of src/documents/lines.ts), rule by rule, over each view a reader uses: the decoded text,
// its bytes one character per byte (a view of bytes), and the bytes themselves. Every reader
// of a block calls these functions, so each rule is pinned here once, on its edges: CRLF and
// lone CR, the BOM, trailing spaces and tabs, other Unicode space, uppercase and indented keys,
// keys with digits, `_` and `-`, empty values, NUL and other controls, fences and headings
// inside them, `## q-1 text` and `## Q-…`, and bytes that are not UTF-8.

import { describe, expect, it } from "vitest";
import { bomLength, detectEol, lineFeedAfter, lineStartOf, lineTextEnd, markdownStart, type Units } from "../../../src/documents/lines.js";
import { viewOf, viewOfBytes, type MarkdownView } from "../../../src/documents/markdown-view.js";
import {
  ID_HEADING, OTHER_HEADING, REGISTER_HEADING, continuesField, endsBlock, fieldColon, fieldSearch, headingKind, isFieldKey, nextFieldLine,
  questionIdOf, span, valueSpan,
} from "../../../src/documents/questions/block-grammar.js";
import { questionBlockSpans } from "../../../src/documents/questions/find-block.js";
import { parseQuestions, parseQuestionsBytes } from "../../../src/documents/questions/parse-questions.js";
import { fieldValueAt, type LazyBlock } from "../../../src/documents/questions/question-block.js";

/**
 * A text as each view of it a reader may hold — decoded, one character per byte, the bytes —
 * with the offset of a text offset in it, and the decoded text between two of its offsets.
 */
function views(text: string): { name: string; units: Units; bytes: boolean; at: (i: number) => number; decode: (a: number, b: number) => string }[] {
  const buf = Buffer.from(text, "utf8");
  const at = (i: number) => Buffer.byteLength(text.slice(0, i));
  const decode = (a: number, b: number) => buf.toString("utf8", a, b);
  return [
    { name: "text", units: text, bytes: false, at: (i) => i, decode: (a, b) => text.slice(a, b) },
    { name: "latin1", units: buf.toString("latin1"), bytes: true, at, decode },
    { name: "bytes", units: buf, bytes: true, at, decode },
  ];
}

describe("lines: where a line ends, its start, the BOM and where its markdown starts (every view)", () => {
  it.each([
    ["a\nb", 0, "a"],
    ["a\r\nb", 0, "a"],
    ["a\rb\n", 0, "a\rb"],
    ["a\r\r\n", 0, "a\r"],
    ["\r\n", 0, ""],
    ["\n", 0, ""],
    ["last", 0, "last"],
    ["x\nlast\r", 2, "last\r"],
    ["x\n\u2028y\n", 2, "\u2028y"],
    ["é\r\nü", 0, "é"],
  ])("%j: the line at %i is %j (it ends at its LF; a CR right before the LF is the terminator's)", (text, start, want) => {
    for (const v of views(text)) {
      const from = v.at(start);
      expect(v.decode(from, lineTextEnd(v.units, from, lineFeedAfter(v.units, from))), v.name).toBe(want);
    }
  });

  it("a line starts after the LF before it; detectEol reads the first line's ending", () => {
    for (const v of views("ab\r\ncd\nef")) {
      expect([0, 1, 3, 4, 5, 7, 8].map((at) => lineStartOf(v.units, at)), v.name).toEqual([0, 0, 0, 4, 4, 7, 7]);
      expect(detectEol(v.units), v.name).toBe("\r\n");
    }
    for (const v of views("ab\ncd\r\n")) expect(detectEol(v.units), v.name).toBe("\n");
    for (const v of views("")) expect(detectEol(v.units), v.name).toBe("\n");
  });

  it("the BOM is U+FEFF in the decoded text and its three bytes in the others; only at the start", () => {
    for (const v of views("\ufeff# T\n")) expect(bomLength(v.units, v.bytes), v.name).toBe(v.bytes ? 3 : 1);
    for (const v of views("# T\ufeff\n")) expect(bomLength(v.units, v.bytes), v.name).toBe(0);
    // The three characters ï»¿ in a decoded text are not a BOM.
    expect(bomLength("\u00ef\u00bb\u00bf# T", false)).toBe(0);
  });

  it.each([
    ["# x", 0],
    ["   # x", 3],
    ["    # x", 3],
    ["\t# x", 0],
    [" \u00a0# x", 1],
  ])("%j: markdown starts after at most three spaces (%i)", (line, lead) => {
    for (const v of views(`t\n${line}`)) expect(markdownStart(v.units, 2, 0) - 2, v.name).toBe(lead);
  });

  it("on the first line, markdown starts after the BOM, then the spaces", () => {
    for (const v of views("\ufeff  ## q-1\n")) {
      const bom = bomLength(v.units, v.bytes);
      expect(markdownStart(v.units, 0, bom), v.name).toBe(bom + 2);
    }
  });
});

describe("blocks: what a level-2 heading opens, and what ends a block", () => {
  it.each([
    ["q-2026-09-02-003", ID_HEADING, { id: "q-2026-09-02-003", rest: "" }],
    ["Q-1", ID_HEADING, { id: "Q-1", rest: "" }],
    ["q-", ID_HEADING, { id: "q-", rest: "" }],
    ["q-1 blocking", OTHER_HEADING, { id: "q-1", rest: "blocking" }],
    ["q-1\tvalidating  later", OTHER_HEADING, { id: "q-1", rest: "validating  later" }],
    ["q-é", OTHER_HEADING, { id: "q-é", rest: "" }],
    ["Question register", REGISTER_HEADING, undefined],
    ["question REGISTER", REGISTER_HEADING, undefined],
    ["Question registers", OTHER_HEADING, undefined],
    ["x-1", OTHER_HEADING, undefined],
    ["q1", OTHER_HEADING, undefined],
    ["q-1\u00a0x", OTHER_HEADING, undefined],
    ["q-1\u0000", OTHER_HEADING, { id: "q-1\u0000", rest: "" }],
  ] as const)("%j is kind %i, named %j", (text, kind, named) => {
    expect(headingKind(text)).toBe(kind);
    if (kind !== REGISTER_HEADING) expect(questionIdOf(text)).toEqual(named);
  });

  it("levels 1 and 2 end a block; 3 to 6 do not", () => {
    expect([1, 2, 3, 4, 5, 6].map(endsBlock)).toEqual([true, true, false, false, false, false]);
  });

  // Each file, read by the parser (text and bytes) and cut by the byte finder: the blocks and
  // where each ends must be the same in all three.
  it.each([
    ["a level-2 heading of another kind", "## q-1\nstatus: open\n## Notes\nx\n", ["q-1"], ["## q-1\nstatus: open\n"]],
    ["a level-1 heading", "## q-1\nstatus: open\n# Archive\n", ["q-1"], ["## q-1\nstatus: open\n"]],
    ["a level-3 heading stays in the block", "## q-1\n### Notes\nstatus: open\n", ["q-1"], ["## q-1\n### Notes\nstatus: open\n"]],
    ["a heading inside a fence", "## q-1\n```\n## q-2\n# x\n```\nstatus: open\n", ["q-1"], ["## q-1\n```\n## q-2\n# x\n```\nstatus: open\n"]],
    ["an unclosed fence to the end", "## q-1\n~~~\n## q-2\n", ["q-1"], ["## q-1\n~~~\n## q-2\n"]],
    ["text after the id", "## q-1 blocking extra\nstatus: open\n## q-2\n", ["q-1", "q-2"], ["## q-1 blocking extra\nstatus: open\n"]],
    ["an uppercase Q", "## Q-1\nstatus: open\n", ["Q-1"], []],
    ["CRLF and a BOM", "\ufeff## q-1\r\nstatus: open\r\n## q-2\r\n", ["q-1", "q-2"], ["\ufeff## q-1\r\nstatus: open\r\n"]],
    ["an indented heading (three spaces)", "   ## q-1\nstatus: open\n", ["q-1"], ["   ## q-1\nstatus: open\n"]],
    ["four spaces: not a heading", "    ## q-1\nstatus: open\n", [], []],
    ["no final newline", "## q-1\nstatus: open", ["q-1"], ["## q-1\nstatus: open"]],
    ["a lone CR does not end a heading line: its text holds it, and no id is its first word", "## q-1\r## q-2\n", [], []],
  ])("%s", (_name, text, ids, q1) => {
    expect(parseQuestions(text).blocks.map((b) => b.id)).toEqual(ids);
    const bytes = Buffer.from(text, "utf8");
    expect(parseQuestionsBytes(bytes).blocks.map((b) => b.id)).toEqual(ids);
    expect(questionBlockSpans(bytes, "q-1").map((s) => bytes.toString("utf8", s.start, s.end))).toEqual(q1);
  });
});

describe("field lines: a lowercase key from column 0, then a colon", () => {
  it.each([
    ["status: open", 6],
    ["answered_at:", 11],
    ["x-ticket_2: OPS-1", 10],
    ["a1_b-c9:x", 7],
    ["q:", 1],
    ["question: a: b: c", 8],
    ["Status: open", -1],
    ["sTATUS: open", -1],
    [" status: open", -1],
    ["\tstatus: open", -1],
    ["- status: open", -1],
    ["status : open", -1],
    ["status\t: open", -1],
    ["1status: open", -1],
    ["_status: open", -1],
    ["status open", -1],
    ["status", -1],
    [": open", -1],
    ["stat\u0000us: open", -1],
    ["statüs: open", -1],
    ["status\u2028: open", -1],
  ])("%j: the colon is at %i", (line, colon) => {
    for (const v of views(`x\n${line}\nnext: y`)) {
      if (typeof v.units !== "string") continue;
      expect(fieldColon(v.units, 2), v.name).toBe(colon);
    }
    expect(fieldColon(line)).toBe(colon);
  });

  it("the key stops at the line's end: LF and CR are not key characters", () => {
    expect(fieldColon("status\n: open")).toBe(-1);
    expect(fieldColon("status\r\n: open")).toBe(-1);
    expect(fieldColon("status\r: open")).toBe(-1);
  });

  it.each([
    ["status", true], ["answered_by", true], ["x-y", true], ["a1", true], ["q", true],
    ["", false], ["Status", false], ["a.b", false], ["a b", false], ["a:b", false], ["1a", false], ["a*", false], ["é", false],
  ])("%j is a field key: %s (and has a search exactly then)", (key, valid) => {
    expect(isFieldKey(key)).toBe(valid);
    expect(fieldSearch(key) !== null).toBe(valid);
  });

  it("a line that starts with a space or a tab may continue a field; nothing else does", () => {
    const starts = [" ", "\t", "a", "-", "1", "\u00a0", "\r", "\n", "#", "`"];
    expect(starts.map((c) => continuesField(c.charCodeAt(0)))).toEqual([true, true, false, false, false, false, false, false, false, false]);
  });
});

/** The first line of [from, end) the key rule opens for `key`, read line by line with fieldColon (the definition). */
function firstByFieldColon(view: MarkdownView, key: string, from: number, end: number): number {
  if (!isFieldKey(key)) return -1;
  for (let i = from; i < end; i++) {
    const at = view.lineStart(i);
    if (!view.isFenced(i) && fieldColon(view.text, at) === key.length && view.text.startsWith(key, at)) return i;
  }
  return -1;
}

describe("nextFieldLine finds the lines fieldColon opens: in place for the first lines, by its search after them", () => {
  // Lines that open a field, almost do, or fool a regex: tried at every position of a block
  // longer than the lines tested in place, so both ways of finding a line are met.
  const TRICKY = [
    "status: open", "Status: open", " status: nested", "status : x", "statuses: x", "stat: x", "x\rstatus: lone CR", "x\u2028status: U+2028",
    "```", "status: fenced", "```", "answer:", "answer: later", "gate:blocking", "  1. status: option", "answered_at:", "status:",
  ];
  const KEYS = ["status", "answer", "gate", "answered_at", "stat", "Status", "x", "", "a.b"];

  it.each([["\n"], ["\r\n"]])("every key, every start line (line ending %j), text and bytes", (eol) => {
    let compared = 0;
    for (let shift = 0; shift < TRICKY.length; shift++) {
      const lines = [...TRICKY.slice(shift), ...TRICKY.slice(0, shift)];
      const text = ["# Questions", "", "## q-1", ...lines, "## q-2", "status: next block"].join(eol);
      for (const doc of [parseQuestions(text), parseQuestionsBytes(Buffer.from(text, "utf8"))]) {
        const block = doc.blocks[0]!;
        for (const key of KEYS) {
          for (let from = block.heading + 1; from <= block.end; from++) {
            expect(nextFieldLine(doc.view, block as LazyBlock, key, from), `${JSON.stringify(key)} from line ${from}, shift ${shift}`).toBe(firstByFieldColon(doc.view, key, from, block.end));
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(5000);
  });
});

describe("values: the rest of the line after the colon, trimmed as String.prototype.trim trims it", () => {
  const VALUES = [
    "open", " open", "open ", "\topen\t", " \t open \t ", "", " ", "\t", "a b", "a\tb", "a: b", "0",
    "\u00a0open", "open\u00a0", "\u3000", " \ufeffx", "x\ufeff", "x\u2028", "\u2029x", "é", " é ", "—", "x\u0000", "\u0000x", "\u0001", "\u007f", "x\u0085",
    "x\r", "\rx", "a\rb",
  ];
  const ENDS = ["\n", "\r\n", ""];

  it.each(VALUES.flatMap((v) => ENDS.map((eol) => [v, eol])))("status:%j then %j: text and bytes read the trimmed value", (v, eol) => {
    // Without a terminator the value's line is the last.
    const text = `## q-1\nstatus:${v}${eol}${eol === "" ? "" : "gate: x\n"}`;
    const want = v.trim();
    // In place exactly when, without the blanks (space, tab, CR, LF) around it, the value is
    // empty or starts and ends with printable ASCII: what trim leaves of it then is that.
    const core = v.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, "");
    const printable = (c: number) => c > 32 && c < 127;
    const exact = core === "" || (printable(core.charCodeAt(0)) && printable(core.charCodeAt(core.length - 1)));
    // The decoded text.
    const tv = viewOf(text);
    const exactText = valueSpan(tv.text, tv.lineStart(1), 6, tv.lineStart(2));
    if (exactText) expect(tv.text.slice(span.start, span.end)).toBe(want);
    expect(fieldValueAt(tv, 1, "status")).toBe(want);
    // The bytes, one character per byte: a value bordered by any byte above 0x7f is decoded and trimmed.
    const bv = viewOfBytes(Buffer.from(text, "utf8"));
    const exactBytes = valueSpan(bv.text, bv.lineStart(1), 6, bv.lineStart(2));
    if (exactBytes) expect(bv.slice(span.start, span.end)).toBe(want);
    expect(fieldValueAt(bv, 1, "status")).toBe(want);
    expect(exactText, "in place, text").toBe(exact);
    expect(exactBytes, "in place, bytes").toBe(exact);
  });

  it("an empty value after the colon, with or without spaces, is the empty string (never undefined)", () => {
    const doc = parseQuestions("## q-1\nanswer:\nanswered_at:   \nslice:\t\n");
    expect(["answer", "answered_at", "slice", "proposed"].map((k) => doc.blocks[0]!.value(k))).toEqual(["", "", "", undefined]);
  });
});

describe("bytes that are not UTF-8, read through a view of bytes", () => {
  // The workspace refuses such a questions.md (exit 5, test/e2e/resolve-refusals.test.ts); the
  // grammar itself decides on ASCII alone, so a stray byte can neither make nor hide a line,
  // a key, a heading or a fence, and a value it borders is decoded (U+FFFD) and trimmed.
  const file = (junk: number[]) => Buffer.concat([
    Buffer.from("# Questions\n\n## q-1\nstatus: open"),
    Buffer.from(junk),
    Buffer.from("\nsta"),
    Buffer.from(junk),
    Buffer.from("tus: answered\n"),
    Buffer.from(junk),
    Buffer.from("gate: blocking\n```"),
    Buffer.from(junk),
    Buffer.from("\nquestion: fenced\n```\n## q-2"),
    Buffer.from(junk),
    Buffer.from("\nquestion: ok\n"),
  ]);

  it.each([[[0xff]], [[0xc3]], [[0xe2, 0x80]], [[0x80, 0x80]], [[0xc0, 0xaf]]])("junk %j: the same structure as with a valid two-byte character there", (junk) => {
    const bad = parseQuestionsBytes(file(junk));
    const good = parseQuestionsBytes(file([0xc3, 0xa9]));
    const shape = (doc: ReturnType<typeof parseQuestionsBytes>) => ({
      lines: doc.view.lineCount,
      fenced: Array.from({ length: doc.view.lineCount }, (_, i) => doc.view.isFenced(i)),
      headings: doc.view.headings.map((h) => [h.index, h.level]),
      blocks: doc.blocks.map((b) => [b.heading, b.end, b.fields.map((f) => [f.key, f.index])]),
    });
    expect(shape(bad)).toEqual(shape(good));
    expect(bad.blocks.map((b) => b.id.slice(0, 3))).toEqual(["q-1", "q-2"]);
    // The status value is bordered by the junk: decoded, not read in place.
    expect(bad.blocks[0]!.value("status")).toBe(`open${Buffer.from(junk).toString("utf8")}`.trim());
    expect(bad.blocks[1]!.value("question")).toBe("ok");
  });

  it("a key with a byte above 0x7f in it is no key; a heading with one is not an id-only heading", () => {
    const latin1 = Buffer.from([0x73, 0x74, 0xff, 0x3a, 0x20, 0x78]).toString("latin1");
    expect(fieldColon(latin1)).toBe(-1);
    expect(headingKind(Buffer.from([0x71, 0x2d, 0x31, 0xff]).toString("latin1"))).toBe(OTHER_HEADING);
  });
});

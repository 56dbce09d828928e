// parseQuestionsBytes reads questions.md from its bytes through a one-byte (Latin-1) copy, so a
// large file is never decoded whole (the `questions` listing uses it). It must read every file
// exactly as parseQuestions reads the decoded text: the same lines, fences, headings, blocks,
// fields, values, options and register rows — only the offsets differ (they count bytes).
// Compared on generated hostile files, and on files written around the bytes that matter: a
// BOM, multi-byte characters beside every delimiter, Unicode space where trim removes it.

import { describe, expect, it } from "vitest";
import { gateOf, optionsOf, parseQuestions, parseQuestionsBytes, statusOf, type QuestionsDoc } from "../../../src/documents/questions/parse-questions.js";
import { caseCount } from "../../helpers/counts.js";
import { makeRng, mutate, suiteSeed } from "../../helpers/generate.js";
import { generated } from "../../helpers/hostile-questions.js";

const CASES = caseCount("DEVRITES_PROPERTY_CASES", 400, 2500);
const SEED = suiteSeed(0xb17e);
const KEYS = ["status", "gate", "route", "question", "options", "proposed", "raised_at", "answered_at", "answer", "answered_by", "slice", "context"];

/** Everything a reader of the doc can see, but offsets. */
function reading(doc: QuestionsDoc) {
  const { view } = doc;
  const lines = [];
  for (let i = 0; i < view.lineCount; i++) {
    const line = view.line(i);
    lines.push([view.lineText(i), view.isFenced(i), line.text, line.number, line.eol]);
  }
  return {
    lineCount: view.lineCount,
    lines,
    headings: view.headings,
    fences: view.fences,
    blocks: doc.blocks.map((b) => ({
      id: b.id,
      heading: b.heading,
      end: b.end,
      rest: b.headingRest,
      status: statusOf(b),
      gate: gateOf(b),
      options: optionsOf(b),
      // Read one key at a time first (the lazy paths), then every field (the parsed path).
      values: KEYS.map((k) => [b.value(k), b.field(k), b.fieldsNamed(k)]),
      fields: b.fields,
    })),
    byId: [...doc.byId].map(([id, list]) => [id, list.length]),
    register: doc.register,
  };
}

function expectSameReading(text: string, why: string): void {
  const bytes = Buffer.from(text, "utf8");
  // The decoded bytes, not `text`: a generated cut may split a surrogate pair.
  const decoded = bytes.toString("utf8");
  expect(reading(parseQuestionsBytes(bytes)), why).toEqual(reading(parseQuestions(decoded)));
}

const BLOCK = (id: string, status: string, gate: string, question: string, extra = "") =>
  `## ${id}\nstatus: ${status}\ngate: ${gate}\nquestion: ${question}\noptions: |\n  1. ${question} (Recommended) — why\n  2. other\nproposed: ${question}\n${extra}answer:\n`;

const EDGES: [string, string][] = [
  ["BOM and a heading on the first line", `\ufeff${BLOCK("q-2026-01-01-001", "open", "blocking", "é?")}`],
  ["BOM before a title", `\ufeff# Questions: é\n\n${BLOCK("q-2026-01-01-001", "open", "advisory", "x")}`],
  ["multi-byte text everywhere", `# Questions — 質問\n\n${BLOCK("q-2026-01-01-001", "open", "validating", "naïve café — 日本語 🎉?")}\n${BLOCK("q-2026-01-01-002", "answered", "blocking", "😀😀", "answered_at: 2026-07-19T10:00:00Z\n")}`],
  ["multi-byte heading texts", `## q-é\nstatus: open\n\n## q-1 blocking — 🎉\nstatus: open\n\n## q-2 ## ü ##\nstatus: open\n\n## 質問 #\n\n### q-3 é\n`],
  ["Unicode space trimmed from values", BLOCK("q-2026-01-01-001", "\u00a0open\u3000", "\u2003blocking\u00a0", "\u00a0é\u3000")],
  ["NBSP-only and U+2028 lines", `## q-1\nstatus: open\nanswer:\n  \u00a0\n  a\u2028b\nquestion: x\u2029y\n`],
  ["CRLF with multi-byte ends", BLOCK("q-2026-01-01-001", "open", "blocking", "ends in é").replace(/\n/g, "\r\n")],
  ["fences with multi-byte info strings", "## q-1\n```é\nstatus: open\n```\nstatus: answered\n~~~ 日本\n## q-2\n~~~\n## q-3\nstatus: open\n"],
  ["register with multi-byte cells", "## Question register\n\n| Question ID | Status | Gate | Question | Answer |\n|---|---|---|---|---|\n| q-9 | Open | blocking | é — 質問? | ü |\n"],
  ["a lone CR before multi-byte text", "## q-1\rstatus: é\nstatus: open\r\nquestion: \u00e9\r"],
  ["a file of one multi-byte character", "é"],
  ["an empty file", ""],
];

describe("parseQuestionsBytes reads as parseQuestions does", () => {
  it.each(EDGES)("%s", (_name, text) => expectSameReading(text, JSON.stringify(text)));

  it("the same for the edge files with every line ending and a BOM", () => {
    for (const [name, text] of EDGES) {
      expectSameReading(text.replace(/\r?\n/g, "\r\n"), `${name} (CRLF)`);
      if (!text.startsWith("\ufeff")) expectSameReading(`\ufeff${text}`, `${name} (BOM)`);
    }
  });

  it(`on ${CASES} generated files (seed ${SEED})`, () => {
    const rng = makeRng(SEED);
    for (let n = 0; n < CASES; n++) {
      const g = generated(rng);
      // Some multi-byte text where the generators write little of it.
      const text = rng.chance(0.5) ? mutate(rng, g.text.replace(/x/g, () => rng.pick(["x", "é", "—", "日", "😀"])), 1).text : g.text;
      expectSameReading(text, `case ${n}: ${g.why}`);
    }
  });
});

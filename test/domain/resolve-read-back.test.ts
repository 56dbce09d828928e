// planResolve's read-back: the edited questions.md is parsed again before anything is written, and
// an edit that does not read as intended — a wrong value, or a change to the file's headings,
// fences or blocks — is an InternalError of kind read-back (exit 1). The edit builder is replaced
// here by one that makes a chosen mistake, on both paths: the whole text, and blocks cut from bytes.

import { afterEach, describe, expect, it, vi } from "vitest";
import { InternalError } from "../../src/errors.js";
import type { TextEdit } from "../../src/documents/text-edit.js";

type Mistake = "none" | "wrong-status" | "adds-heading" | "adds-fence";
const mistake = vi.hoisted(() => ({ kind: "none" as Mistake }));

vi.mock("../../src/documents/questions/edit-questions.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/documents/questions/edit-questions.js")>();
  return {
    ...real,
    closeBlockEdits: (...args: Parameters<typeof real.closeBlockEdits>): TextEdit[] => {
      const edits = real.closeBlockEdits(...args);
      if (mistake.kind === "none") return edits;
      const [doc, block, , eol] = args;
      const at = doc.view.lineStart(block.heading + 1);
      if (mistake.kind === "wrong-status") return edits.map((e) => ({ ...e, insert: e.insert.replace(/^status: \w+/m, "status: open") }));
      // Just after the heading, lines that leave every value readable: only the structure changed.
      const lines = mistake.kind === "adds-heading" ? `### Notes${eol}` : `\`\`\`${eol}\`\`\`${eol}`;
      return [...edits, { start: at, end: at, insert: lines }];
    },
  };
});

const { planResolve } = await import("../../src/domain/resolve-question.js");
const { parseQuestions, statusOf } = await import("../../src/documents/questions/parse-questions.js");

const NOW = new Date("2026-07-20T10:00:00Z");
const STATE = "# State: feat\n\n## Cursor\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n| phase | plan |\n| status | running |\n";
const many = `# Questions: feat\n\n${Array.from({ length: 40 }, (_, i) => `## q-${i + 1}\nstatus: open\ngate: advisory\nquestion: Q ${i}?\nanswered_at:\nanswer:\n\n`).join("")}`;
const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ qid: `q-${i + 1}`, kind: "answer" as const, source: { kind: "text" as const, text: `a ${i}` } }));
const run = (questions: string | Buffer, n: number) => planResolve({ slug: "feat", questions, state: STATE, decisions: undefined }, { entries: entries(n), human: false, recordDecision: false, now: NOW });

afterEach(() => {
  mistake.kind = "none";
});

const paths = [
  ["the whole text (a batch of 30)", () => many, 30],
  ["the text, one entry", () => many, 1],
  ["blocks cut from bytes (one entry)", () => Buffer.from(many), 1],
  ["blocks cut from bytes (three entries)", () => Buffer.from(many), 3],
] as const;

describe("planResolve's read-back", () => {
  it.each(paths)("without a mistake the edit reads back (%s): the control", (_name, questions, n) => {
    const plan = run(questions(), n);
    const text = typeof plan.questions === "string" ? plan.questions : Buffer.concat(plan.questions!).toString("utf8");
    const doc = parseQuestions(text);
    expect(doc.blocks.slice(0, n).map((b) => statusOf(b))).toEqual(Array(n).fill("answered"));
  });

  it.each(paths.flatMap(([name, q, n]) => (["wrong-status", "adds-heading", "adds-fence"] as const).map((m) => [m, name, q, n] as const)))("%s is refused as read-back, nothing returned (%s)", (m, _name, questions, n) => {
    mistake.kind = m;
    let caught: unknown;
    try {
      run(questions(), n);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(InternalError);
    expect((caught as InternalError).kind).toBe("read-back");
    expect((caught as InternalError).exitCode).toBe(1);
    expect((caught as Error).message).toMatch(/^questions\.md did not read back for q-\d+/);
  });
});

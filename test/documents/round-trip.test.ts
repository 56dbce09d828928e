// Byte preservation on real workspaces: every fixture file parses, and parsing it then
// writing it back with no edit (or with edits that restore every value) is the identity.

import { describe, expect, it } from "vitest";
import { parseDecisions } from "../../src/documents/decisions/parse-decisions.js";
import { viewOf } from "../../src/documents/markdown-view.js";
import { closeBlockEdits } from "../../src/documents/questions/edit-questions.js";
import { fieldValue, parseQuestions, statusOf } from "../../src/documents/questions/parse-questions.js";
import { setFieldEdit } from "../../src/documents/state/edit-state.js";
import { parseState } from "../../src/documents/state/parse-state.js";
import { applyEdits } from "../../src/documents/text-edit.js";
import { fixtureFiles, fixtureNames } from "../helpers/fixtures.js";

const files = fixtureFiles();
const named = (name: string) => files.filter((f) => f.name === name).map((f) => [`${f.fixture}/${f.name}`, f.text] as const);

describe("fixtures", () => {
  it("there are fixture workspaces with state.md and questions.md to test against", () => {
    expect(fixtureNames().length).toBeGreaterThanOrEqual(6);
    expect(named("state.md").length).toBe(fixtureNames().length);
    expect(named("questions.md").length).toBe(fixtureNames().length);
  });
});

describe("round-trip identity on every fixture file", () => {
  it.each(files.map((f) => [`${f.fixture}/${f.name}`, f.text] as const))("%s: applyEdits(text, []) after parsing returns the same bytes", (_name, text) => {
    const state = parseState(text);
    const questions = parseQuestions(text);
    parseDecisions(text);
    expect(applyEdits(state.view.text, [])).toBe(text);
    expect(applyEdits(questions.view.text, [])).toBe(text);
    const view = viewOf(text);
    expect(view.lines.map((l) => l.text + l.eol).join("")).toBe(text);
  });

  it.each(named("state.md"))("%s: setting every cursor field to its own value changes no byte (bullets already `key: value`)", (_name, text) => {
    const doc = parseState(text);
    expect(doc.cursor.size).toBeGreaterThan(0);
    // A bullet set writes "<up to the first ':'> <value>", so only canonical bullets are fixed points.
    const canonical = [...doc.cursor.values()].filter((f) => {
      if (f.form === "table") return true;
      const line = doc.view.lines[f.index]!.text;
      return line === `${line.slice(0, line.indexOf(":") + 1)} ${f.value}`;
    });
    expect(canonical.length).toBeGreaterThan(2);
    const edits = canonical.map((f) => setFieldEdit(doc, f, f.value));
    expect(applyEdits(text, edits)).toBe(text);
  });

  it.each(named("questions.md"))("%s: re-closing every terminal block with its own values changes no byte", (_name, text) => {
    const doc = parseQuestions(text);
    const edits = doc.blocks
      .filter((b) => {
        const s = fieldValue(b, "status");
        const by = b.fields.filter((f) => f.key === "answered_by");
        return (s === "answered" || s === "dropped") && fieldValue(b, "answered_at") && by.length <= 1 && b.fields.every((f) => f.continuation.length === 0 || f.key === "options");
      })
      .flatMap((b) =>
        closeBlockEdits(doc, b, {
          status: statusOf(b) as "answered" | "dropped",
          answeredAt: fieldValue(b, "answered_at")!,
          answer: fieldValue(b, "answer")!,
          answeredBy: fieldValue(b, "answered_by"),
        }),
      );
    expect(applyEdits(text, edits)).toBe(text);
  });
});

describe("what the fixtures exercise is what the parsers read", () => {
  const text = (fixture: string, name: string) => files.find((f) => f.fixture === fixture && f.name === name)!.text;

  it("table-awaiting: table cursor awaiting its blocking question", () => {
    const doc = parseState(text("table-awaiting", "state.md"));
    expect(doc.form).toBe("table");
    expect(doc.awaiting.map((s) => s.questionId)).toEqual(["q-2026-09-02-003"]);
  });

  it("bullet-awaiting: bullet cursor with the released spellings", () => {
    const doc = parseState(text("bullet-awaiting", "state.md"));
    expect(doc.form).toBe("bullet");
    expect(doc.fields.map((f) => f.rawKey)).toEqual(["Schema", "Phase", "Status", "Active slice", "Next step", "AFK slices remaining"]);
  });

  it("crlf: every line of every file ends in CRLF", () => {
    for (const f of files.filter((x) => x.fixture === "crlf")) {
      expect(f.text.replace(/\r\n/g, "")).not.toContain("\n");
      expect(f.text.endsWith("\r\n")).toBe(true);
    }
  });

  it("fenced-lookalikes: only the real blocks, cursor and sections are read", () => {
    const q = parseQuestions(text("fenced-lookalikes", "questions.md"));
    expect(q.blocks.map((b) => b.id)).toEqual(["q-2026-08-01-001", "q-2026-08-01-002", "q-2026-08-01-003", "q-2026-08-01-004"]);
    expect(q.blocks.every((b) => (q.byId.get(b.id) ?? []).length === 1)).toBe(true);
    const s = parseState(text("fenced-lookalikes", "state.md"));
    expect(s.cursor.get("status")!.value).toBe("awaiting_human");
    expect(s.awaiting).toHaveLength(1);
    expect(s.view.lines[s.log!.heading]!.number).toBe(39);
    expect(parseDecisions(text("fenced-lookalikes", "decisions.md")).highest).toBe(2);
  });

  it("long-questions: 200 blocks, unique ids, the awaited one open", () => {
    const q = parseQuestions(text("long-questions", "questions.md"));
    expect(q.blocks).toHaveLength(200);
    expect(q.byId.size).toBe(200);
    const awaited = parseState(text("long-questions", "state.md")).awaiting[0]!.questionId!;
    expect(statusOf(q.byId.get(awaited)![0]!)).toBe("open");
  });

  it("hand-edited: trimmed statuses, heading gates, case-sensitive ids, no final newline", () => {
    const qt = text("hand-edited", "questions.md");
    const q = parseQuestions(qt);
    expect(q.blocks.map((b) => b.id)).toEqual(["q-1", "q-10", "Q-1", "q-11", "q-12"]);
    expect(statusOf(q.byId.get("q-1")![0]!)).toBe("open");
    expect(statusOf(q.byId.get("q-11")![0]!)).toBe("answered");
    expect(q.view.lines[q.byId.get("q-1")![0]!.heading]!.text).toBe("## q-1 blocking");
    expect(qt.endsWith("\n")).toBe(false);
    expect(text("hand-edited", "decisions.md").endsWith("\n")).toBe(false);
    const s = parseState(text("hand-edited", "state.md"));
    expect(s.form).toBe("bullet");
    expect(s.awaiting[0]!.questionId).toBe("q-1");
    expect(s.cursor.get("pausereason")!.value).toBe("usage_cap");
  });
});

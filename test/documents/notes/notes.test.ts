// notes.md's reader and edits (documents/notes/), ported from the Go engine's
// engine/internal/notes/notes_test.go (each test names its Go twin), plus the splice law:
// every byte an edit does not have to change is kept.

import { describe, expect, it } from "vitest";
import { appendNoteEdit, removeNoteEdit, repairSubjectEdit } from "../../../src/documents/notes/edit-notes.js";
import { nextNoteId, parseNotes, subjectProblem } from "../../../src/documents/notes/parse-notes.js";
import { applyEdits } from "../../../src/documents/text-edit.js";
import { NOTES_SAMPLE } from "../../helpers/texts.js";

const SAMPLE = NOTES_SAMPLE;

const add = (text: string, id: string, summary: string, subject: string, quote: string, body = "") => applyEdits(text, [appendNoteEdit(text, parseNotes(text), { id, summary, subject, quote, body })]);

describe("parseNotes (Go: ParseNotes)", () => {
  it("TestParseNotesWellFormed: two notes, their fields, no error", () => {
    const doc = parseNotes(SAMPLE);
    expect(doc.errors).toEqual([]);
    expect(doc.notes.map((n) => [n.id, n.summary, n.subject, n.quote, n.body])).toEqual([
      ["NOTE-001", "pool cap rationale", "src/pool.go", "maxConns = 4", "fairness under bursty saves, not memory"],
      ["NOTE-002", "retry window", "src/retry.go", "backoff = 250 * attempts", ""],
    ]);
  });

  it.each<[string, string, string]>([
    ["duplicate id", "- NOTE-001: a\n  SUBJECT: f.go\n  QUOTE: q\n- NOTE-001: b\n  SUBJECT: g.go\n  QUOTE: r\n", 'line 4: duplicate note id "NOTE-001"'],
    ["missing subject", "- NOTE-001: a\n  QUOTE: q\n", "note NOTE-001 is missing SUBJECT"],
    ["missing quote", "- NOTE-001: a\n  SUBJECT: f.go\n", "note NOTE-001 is missing QUOTE"],
    ["unindented attr", "- NOTE-001: a\nSUBJECT: f.go\n  QUOTE: q\n", 'line 2: attribute must be indented beneath its note: "SUBJECT: f.go"'],
    ["orphan attr", "  SUBJECT: f.go\n", "line 1: SUBJECT attribute has no note"],
    ["traversal", "- NOTE-001: a\n  SUBJECT: ../f.go\n  QUOTE: q\n", 'note NOTE-001: SUBJECT must not contain traversal: "../f.go"'],
    ["absolute", "- NOTE-001: a\n  SUBJECT: /etc/passwd\n  QUOTE: q\n", 'note NOTE-001: SUBJECT must be repository-relative, not absolute: "/etc/passwd"'],
    ["empty summary", "- NOTE-001: \n  SUBJECT: f.go\n  QUOTE: q\n", "note NOTE-001 has an empty summary"],
    ["repeated quote", "- NOTE-001: a\n  SUBJECT: f.go\n  QUOTE: q\n  QUOTE: r\n", "line 4: note NOTE-001 repeats QUOTE"],
    ["an id over 64 characters", `- NOTE-${"9".repeat(60)}: a\n`, `line 1: note id "NOTE-${"9".repeat(60)}" exceeds 64 characters`],
    ["an attribute after prose belongs to no note", "- NOTE-001: a\n  SUBJECT: f.go\n  QUOTE: q\nprose\n  BODY: b\n", "line 5: BODY attribute has no note"],
  ])("TestParseNotesRejectsMalformed: %s is an error", (_name, text, error) => {
    expect(parseNotes(text).errors).toContain(error);
  });

  it("TestParseNotesMasksFencedBlocks: a note inside a fence is not a note", () => {
    const doc = parseNotes("# Notes\n\n```\n- NOTE-999: fenced fake\n  SUBJECT: x.go\n  QUOTE: y\n```\n\n" + SAMPLE);
    expect(doc.errors).toEqual([]);
    expect(doc.notes.map((n) => n.id)).toEqual(["NOTE-001", "NOTE-002"]);
  });

  it("CRLF documents parse the same and keep CRLF for what is added", () => {
    const crlf = SAMPLE.replace(/\n/g, "\r\n");
    const doc = parseNotes(crlf);
    expect(doc.errors).toEqual([]);
    expect(doc.notes[1]?.quote).toBe("backoff = 250 * attempts");
    expect(doc.eol).toBe("\r\n");
    expect(add(crlf, "NOTE-003", "c", "c.go", "q3")).toBe(crlf + "- NOTE-003: c\r\n  SUBJECT: c.go\r\n  QUOTE: q3\r\n");
  });

  it.each<[string, string | undefined]>([
    ["src/a.go", undefined],
    ["", "SUBJECT is empty"],
    ["C:\\x", 'SUBJECT must be repository-relative, not absolute: "C:\\\\x"'],
    ["\\\\host\\share", 'SUBJECT must be repository-relative, not absolute: "\\\\\\\\host\\\\share"'],
    ["a\\..\\b", 'SUBJECT must not contain traversal: "a\\\\..\\\\b"'],
    ["a..b/c", undefined],
  ])("subject %j: %s (Go: ValidateSubject)", (subject, problem) => {
    expect(subjectProblem(subject)).toBe(problem);
  });

  it.each<[string, string]>([
    ["", "NOTE-001"],
    ["- NOTE-001: a\n  SUBJECT: f\n  QUOTE: q\n- NOTE-003: b\n  SUBJECT: g\n  QUOTE: r\n", "NOTE-004"],
    ["- NOTE-007x: a\n  SUBJECT: f\n  QUOTE: q\n", "NOTE-008"],
    ["- NOTE-abc: a\n  SUBJECT: f\n  QUOTE: q\n", "NOTE-001"],
  ])("TestNextIDFillsLowest: %j → %s", (text, id) => {
    expect(nextNoteId(parseNotes(text))).toBe(id);
  });
});

describe("notes.md edits (Go: Render, RemoveEntry, RepairSubject)", () => {
  it("TestRenderAndRemoveRoundTrip: an empty file gets the header; remove takes the whole block", () => {
    let text = add("", "NOTE-001", "first", "a.go", "q1", "body");
    expect(text).toBe("# Anchored notes\n\n- NOTE-001: first\n  SUBJECT: a.go\n  QUOTE: q1\n  BODY: body\n");
    text = add(text, "NOTE-002", "second", "b.go", "q2");
    const doc = parseNotes(text);
    expect(doc.errors).toEqual([]);
    const removed = applyEdits(text, [removeNoteEdit(doc, doc.notes[0]!)]);
    expect(removed).toBe("# Anchored notes\n\n- NOTE-002: second\n  SUBJECT: b.go\n  QUOTE: q2\n");
  });

  it("append keeps every byte before it, adding only the missing final newline", () => {
    const hand = "# My notes\n\nSome prose *kept*   as typed.";
    expect(add(hand, "NOTE-001", "t", "a.go", "q")).toBe(hand + "\n- NOTE-001: t\n  SUBJECT: a.go\n  QUOTE: q\n");
    expect(add("  \n\n", "NOTE-001", "t", "a.go", "q")).toBe("# Anchored notes\n\n- NOTE-001: t\n  SUBJECT: a.go\n  QUOTE: q\n");
  });

  it("remove of the last block without a final newline takes the line ending before it (Go joins the rest)", () => {
    const text = "# N\n- NOTE-001: a\n  SUBJECT: a.go\n  QUOTE: q";
    const doc = parseNotes(text);
    expect(applyEdits(text, [removeNoteEdit(doc, doc.notes[0]!)])).toBe("# N");
  });

  it("TestRepairSubjectRewritesOnlyThatLine: indentation kept, the other note untouched", () => {
    const doc = parseNotes(SAMPLE);
    const out = applyEdits(SAMPLE, [repairSubjectEdit(doc, doc.notes[0]!, "src/new/pool.go")!]);
    expect(out).toBe(SAMPLE.replace("  SUBJECT: src/pool.go", "  SUBJECT: src/new/pool.go"));
  });
});

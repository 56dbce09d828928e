// notes.md → NotesDoc: anchored notes, each a `- NOTE-…: <summary>` line with indented
// `SUBJECT:` (a repository-relative file), `QUOTE:` (verbatim text of it) and optional `BODY:`
// lines. Strict: any error means the document cannot be graded (it is reported, never guessed
// at). Lines in fenced code blocks are never notes. Pure; positions on everything, so edits are
// splices. Contract: the Go engine's engine/internal/notes/notes.go (ParseNotes, ValidateSubject,
// NextID) and its tests in engine/internal/notes/notes_test.go.

import { fenceMask } from "../fences.js";
import { splitLines, type Line } from "../lines.js";

export const NOTES_FILE = "notes.md";

/** The Go engine's maxNoteIDLen. */
const MAX_NOTE_ID_LEN = 64;

export interface Note {
  id: string;
  summary: string;
  subject: string;
  quote: string;
  body: string;
  /** The `- NOTE-…` line (0-based index into the document's lines). */
  line: number;
  /** The SUBJECT line's index, -1 when there is none. */
  subjectLine: number;
}

export interface NotesDoc {
  lines: Line[];
  notes: Note[];
  errors: string[];
  /** The line ending new lines get: CRLF when the document holds one anywhere (Go: Newline). */
  eol: "\n" | "\r\n";
}

// Go's RE2 `\s` is ASCII whitespace: [\t\n\f\r ].
const NOTE_LINE = /^[\t\n\f\r ]*- (NOTE-[^\t\n\f\r :]+): (.*)$/;
export const ATTR_LINE = /^([\t\n\f\r ]+)(SUBJECT|QUOTE|BODY):(.*)$/;
const UNINDENTED_ATTR = /^(SUBJECT|QUOTE|BODY):/;
const goTrim = (s: string) => s.replace(/^[\t\n\v\f\r ]+|[\t\n\v\f\r ]+$/g, "");

/** Why a SUBJECT is not a repository-relative path without traversal, or undefined. */
export function subjectProblem(subject: string): string | undefined {
  if (subject === "") return "SUBJECT is empty";
  if (subject.startsWith("/") || /^[A-Za-z]:[\\/]/.test(subject) || subject.startsWith("\\\\")) {
    return `SUBJECT must be repository-relative, not absolute: ${JSON.stringify(subject)}`;
  }
  if (subject.split(/[/\\]/).some((seg) => seg === "..")) return `SUBJECT must not contain traversal: ${JSON.stringify(subject)}`;
  return undefined;
}

export function parseNotes(text: string): NotesDoc {
  const lines = splitLines(text);
  const fenced = fenceMask(lines);
  const doc: NotesDoc = { lines, notes: [], errors: [], eol: text.includes("\r\n") ? "\r\n" : "\n" };
  const seen = new Set<string>();
  let current: Note | undefined;
  for (let i = 0; i < lines.length; i++) {
    const lineno = i + 1;
    const line = fenced[i] ? "" : (lines[i] as Line).text;
    const note = NOTE_LINE.exec(line);
    if (note) {
      const id = note[1] as string;
      if (id.length > MAX_NOTE_ID_LEN) {
        doc.errors.push(`line ${lineno}: note id ${JSON.stringify(id)} exceeds ${MAX_NOTE_ID_LEN} characters`);
        current = undefined;
        continue;
      }
      if (seen.has(id)) {
        doc.errors.push(`line ${lineno}: duplicate note id ${JSON.stringify(id)}`);
        current = undefined;
        continue;
      }
      seen.add(id);
      current = { id, summary: goTrim(note[2] as string), subject: "", quote: "", body: "", line: i, subjectLine: -1 };
      doc.notes.push(current);
      continue;
    }
    const attr = ATTR_LINE.exec(line);
    if (attr) {
      const key = attr[2] as "SUBJECT" | "QUOTE" | "BODY";
      const value = goTrim(attr[3] as string);
      if (!current) {
        doc.errors.push(`line ${lineno}: ${key} attribute has no note`);
        continue;
      }
      const field = key === "SUBJECT" ? "subject" : key === "QUOTE" ? "quote" : "body";
      if (current[field] !== "") {
        doc.errors.push(`line ${lineno}: note ${current.id} repeats ${key}`);
        continue;
      }
      current[field] = value;
      if (key === "SUBJECT") current.subjectLine = i;
      continue;
    }
    if (UNINDENTED_ATTR.test(line)) {
      doc.errors.push(`line ${lineno}: attribute must be indented beneath its note: ${JSON.stringify(goTrim(line))}`);
      continue;
    }
    if (goTrim(line) !== "") current = undefined;
  }
  for (const n of doc.notes) {
    if (n.summary === "") doc.errors.push(`note ${n.id} has an empty summary`);
    if (n.subject === "") doc.errors.push(`note ${n.id} is missing SUBJECT`);
    else {
      const bad = subjectProblem(n.subject);
      if (bad !== undefined) doc.errors.push(`note ${n.id}: ${bad}`);
    }
    if (n.quote === "") doc.errors.push(`note ${n.id} is missing QUOTE`);
  }
  return doc;
}

/** The lowest unused `NOTE-###` above the highest numbered id (Go: Document.NextID). */
export function nextNoteId(doc: NotesDoc): string {
  const used = new Set(doc.notes.map((n) => n.id));
  let max = 0;
  for (const n of doc.notes) {
    const m = /^NOTE-([+-]?\d+)/.exec(n.id);
    const v = m ? Number.parseInt(m[1] as string, 10) : 0;
    if (v > max) max = v;
  }
  for (let n = max + 1; ; n++) {
    const id = `NOTE-${String(n).padStart(3, "0")}`;
    if (!used.has(id)) return id;
  }
}

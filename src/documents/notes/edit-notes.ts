// The three edits of notes.md, each a splice of the original text (every other byte kept):
// append a note (a header first when the file is empty), remove one note's block, point a
// moved note's SUBJECT at the file its quote now lives in. Pure. Contract: the Go engine's
// engine/internal/notes/notes.go (Render, RemoveEntry, RepairSubject).

import type { TextEdit } from "../text-edit.js";
import type { Line } from "../lines.js";
import { ATTR_LINE, type Note, type NotesDoc } from "./parse-notes.js";

export const NOTES_HEADER = "# Anchored notes";

export interface NewNote {
  id: string;
  summary: string;
  subject: string;
  quote: string;
  body: string;
}

/** Append `note` (Go: Render): an empty or blank document becomes the header, a blank line, the entry. */
export function appendNoteEdit(text: string, doc: NotesDoc, note: NewNote): TextEdit {
  const nl = doc.eol;
  const entry = [`- ${note.id}: ${note.summary}`, `  SUBJECT: ${note.subject}`, `  QUOTE: ${note.quote}`, ...(note.body !== "" ? [`  BODY: ${note.body}`] : [])].map((l) => l + nl).join("");
  if (text.trim() === "") return { start: 0, end: text.length, insert: NOTES_HEADER + nl + nl + entry };
  return { start: text.length, end: text.length, insert: (text.endsWith(nl) ? "" : nl) + entry };
}

/** Remove `note`'s line through its last contiguous attribute line (Go: RemoveEntry). */
export function removeNoteEdit(doc: NotesDoc, note: Note): TextEdit {
  let last = note.line;
  while (last + 1 < doc.lines.length && ATTR_LINE.test((doc.lines[last + 1] as Line).text)) last++;
  const first = doc.lines[note.line] as Line;
  const end = doc.lines[last] as Line;
  // A block that ends the file without a line ending takes the ending before it (Go joins the rest).
  if (end.eol === "" && note.line > 0) return { start: (doc.lines[note.line - 1] as Line).end, end: end.next, insert: "" };
  return { start: first.start, end: end.next, insert: "" };
}

/** Rewrite `note`'s SUBJECT line to `movedTo`, keeping its indentation (Go: RepairSubject); undefined when that line is not a SUBJECT. */
export function repairSubjectEdit(doc: NotesDoc, note: Note, movedTo: string): TextEdit | undefined {
  const line = doc.lines[note.subjectLine];
  const m = line === undefined ? null : ATTR_LINE.exec(line.text);
  if (!line || !m || m[2] !== "SUBJECT") return undefined;
  return { start: line.start, end: line.end, insert: `${m[1] as string}SUBJECT: ${movedTo}` };
}

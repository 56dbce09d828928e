// `note add <slug> <subject> <quote> <title> [body]`: anchor a workspace note to verbatim text
// of one project file. Fail closed: the note is written only while its quote is in the subject
// (whitespace collapsed), so a note is never born stale. One transaction: notes.md appended by a
// splice (the header first when it is empty), parsed back, and a `note_added` event. Contract:
// the Go engine's engine/internal/notes/cli.go (cmdAdd): `added: NOTE-###`, exit 0; a bad
// argument exit 5 (Go: 2); a subject that is not a readable project file, a quote not in it, or
// a malformed notes.md exit 3.

import { BadInputError, InternalError, RefusedError } from "../../errors.js";
import { oneLine } from "../../documents/gates-ledger/edit-ledger.js";
import { appendNoteEdit } from "../../documents/notes/edit-notes.js";
import { NOTES_FILE, nextNoteId, parseNotes, subjectProblem } from "../../documents/notes/parse-notes.js";
import { applyEdits } from "../../documents/text-edit.js";
import { normalizeWs } from "../../domain/note-grade.js";
import { projectText } from "../../workspace/quote-search.js";
import { shellWord } from "../../shell-word.js";
import { noteSession, projectOf, readNotes } from "./notes.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

export function noteAdd(ctx: CommandContext, args: CommandArgs): Outcome {
  const [, rawSubject = "", rawQuote = "", rawTitle = "", rawBody = ""] = args.positionals;
  const subject = oneLine(rawSubject);
  const quote = oneLine(rawQuote).trim();
  const title = oneLine(rawTitle).trim();
  const body = oneLine(rawBody).trim();
  const bad = subjectProblem(subject);
  if (bad !== undefined) throw new BadInputError(`note add: ${bad}`, { hint: ctx.usage() });
  if (quote === "" || title === "") throw new BadInputError("note add: <quote> and <title> must be non-blank", { hint: ctx.usage() });
  const session = noteSession(ctx, args);
  const text = projectText(projectOf(session), subject);
  if (text === undefined) {
    throw new RefusedError(`note add: subject ${JSON.stringify(subject)} is not a readable repository file`, { hint: "name a regular text file inside the project (relative to its root, no link on the way, at most 512 KiB)" });
  }
  if (!normalizeWs(text).includes(normalizeWs(quote))) {
    throw new RefusedError(`note add: quote not found in ${subject}; anchor before writing`, { hint: "copy the quote verbatim from the file (whitespace may differ)" });
  }
  const id = session.mutate(() => {
    const { text: notes, doc } = readNotes(session);
    if (doc.errors.length > 0) {
      throw new RefusedError(`note add: ${NOTES_FILE} is malformed; repair or remove it first: ${doc.errors.join("; ")}`, { hint: `devrites-engine note list ${shellWord(session.ws.slug)} names each error` });
    }
    const assigned = nextNoteId(doc);
    const next = applyEdits(notes, [appendNoteEdit(notes, doc, { id: assigned, summary: title, subject, quote, body })]);
    const back = parseNotes(next);
    const added = back.notes.find((n) => n.id === assigned);
    if (back.errors.length > 0 || !added || added.subject !== subject || added.quote !== quote || added.summary !== title || added.body !== body) {
      throw new InternalError(`${NOTES_FILE}: note ${assigned} did not read back after the edit`, { kind: "read-back" });
    }
    return { changes: { files: new Map([[NOTES_FILE, next]]), events: [{ event: "note_added" as const, detail: { note: assigned, subject } }] }, result: assigned };
  });
  return { exit: 0, lines: [`added: ${id}`], data: { workspace: session.ws.slug, added: id, subject } };
}

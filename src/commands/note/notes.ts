// What the `note` verbs share: the workspace their `<slug>` names, its notes.md (absent reads as
// empty; a link or an oversized file is refused like every workspace file), and every note
// graded against the project. Contract: the Go engine's engine/internal/notes/cli.go
// (workspacePaths, loadDocument) and notes.go (GradeAll).

import { NOTES_FILE, parseNotes, type Note, type NotesDoc } from "../../documents/notes/parse-notes.js";
import { gradeNote, type Grade } from "../../domain/note-grade.js";
import { openWorkspace } from "../../workspace/locate.js";
import { projectRootOf } from "../../workspace/project-files.js";
import { filesHoldingQuote, projectText } from "../../workspace/quote-search.js";
import type { WorkspaceSession } from "../../workspace/session.js";
import type { CommandArgs, CommandContext } from "../types.js";

export function noteSession(ctx: CommandContext, args: CommandArgs): WorkspaceSession {
  const session = ctx.session(openWorkspace(ctx.root(), args.positionals[0]));
  session.recoverIfNeeded();
  return session;
}

/** notes.md's text ("" when there is none) and its parse. */
export function readNotes(session: WorkspaceSession): { text: string; doc: NotesDoc } {
  const text = session.read(NOTES_FILE, false) ?? "";
  return { text, doc: parseNotes(text) };
}

export interface GradedNote {
  note: Note;
  grade: Grade;
  movedTo: string | undefined;
}

export function projectOf(session: WorkspaceSession): string {
  return projectRootOf(session.ws.root);
}

/** Every note graded, in document order; the repository walk runs only for a note its subject lost. */
export function gradeAll(project: string, doc: NotesDoc): GradedNote[] {
  return doc.notes.map((note) => {
    const g = gradeNote(note.quote, projectText(project, note.subject), () => filesHoldingQuote(project, note.subject, note.quote));
    return { note, grade: g.grade, movedTo: g.movedTo };
  });
}

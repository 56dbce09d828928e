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
import { shellWord } from "../../shell-word.js";
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

/**
 * The seal gate's notes check (Go: notes.SealCheck, run by `check seal` after evidence
 * freshness): no notes.md or no notes passes; a malformed one, or any note not exact, blocks
 * with one line each and the repair route. undefined when it passes, else the lines.
 */
export function sealNotesProblems(session: WorkspaceSession): string[] | undefined {
  const { doc } = readNotes(session);
  if (doc.notes.length === 0 && doc.errors.length === 0) return undefined;
  if (doc.errors.length > 0) return doc.errors.map((e) => `note: malformed: ${e}`);
  const drifted = gradeAll(projectOf(session), doc).filter((g) => g.grade !== "exact");
  if (drifted.length === 0) return undefined;
  return [
    ...drifted.map((g) => `note: ${g.note.id} ${g.grade} (${g.note.subject})`),
    `next: devrites-engine note check ${shellWord(session.ws.slug)} --repair  # re-anchor moved; re-anchor or rm the rest`,
  ];
}

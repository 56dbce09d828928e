// `note rm <slug> <NOTE-id>`: remove one note's block from notes.md (its line through its last
// attribute line; every other byte kept), one transaction with a `note_removed` event.
// Contract: the Go engine's engine/internal/notes/cli.go (cmdRm): `removed: <id>`, exit 0;
// an unknown id exit 3.

import { InternalError, RefusedError } from "../../errors.js";
import { removeNoteEdit } from "../../documents/notes/edit-notes.js";
import { NOTES_FILE, parseNotes } from "../../documents/notes/parse-notes.js";
import { applyEdits } from "../../documents/text-edit.js";
import { shellWord } from "../../shell-word.js";
import { noteSession, readNotes } from "./notes.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

export function noteRm(ctx: CommandContext, args: CommandArgs): Outcome {
  const id = args.positionals[1] ?? "";
  const session = noteSession(ctx, args);
  session.mutate(() => {
    const { text, doc } = readNotes(session);
    const target = doc.notes.findLast((n) => n.id === id);
    if (!target) throw new RefusedError(`note rm: unknown note id ${JSON.stringify(id)}`, { hint: `devrites-engine note list ${shellWord(session.ws.slug)} lists the notes` });
    const next = applyEdits(text, [removeNoteEdit(doc, target)]);
    if (doc.errors.length === 0 && parseNotes(next).notes.some((n) => n.id === id)) throw new InternalError(`${NOTES_FILE}: note ${id} did not go away after the edit`, { kind: "read-back" });
    return { changes: { files: new Map([[NOTES_FILE, next]]), events: [{ event: "note_removed" as const, detail: { note: id } }] }, result: undefined };
  });
  return { exit: 0, lines: [`removed: ${id}`], data: { workspace: session.ws.slug, removed: id } };
}

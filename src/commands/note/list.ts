// `note list <slug>`: every note of notes.md with its current grade, and `note check <slug>
// [--repair]`: the same regrade as a gate (exit 3 unless every note is exact), `--repair`
// pointing each moved note's SUBJECT at the file its quote now lives in (one transaction: the
// splices, parsed back, a `notes_repaired` event). Contract: the Go engine's
// engine/internal/notes/cli.go (cmdList, cmdCheck, reportCheck, repairMoved): its lines and exits.

import { InternalError, RefusedError } from "../../errors.js";
import { repairSubjectEdit } from "../../documents/notes/edit-notes.js";
import { NOTES_FILE, parseNotes } from "../../documents/notes/parse-notes.js";
import { applyEdits, type TextEdit } from "../../documents/text-edit.js";
import { GRADES, type Grade } from "../../domain/note-grade.js";
import { gradeAll, noteSession, projectOf, readNotes, type GradedNote } from "./notes.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

const gradedData = (g: GradedNote) => ({ id: g.note.id, grade: g.grade, subject: g.note.subject, summary: g.note.summary, moved_to: g.movedTo ?? null });

export function noteList(ctx: CommandContext, args: CommandArgs): Outcome {
  const session = noteSession(ctx, args);
  const { doc } = readNotes(session);
  const graded = gradeAll(projectOf(session), doc);
  const lines = [
    `feature: ${session.ws.slug}`,
    ...doc.errors.map((e) => `error: ${e}`),
    ...graded.map((g) => `${g.note.id}: ${g.grade} | ${g.note.subject} | ${g.note.summary}${g.grade === "moved" ? ` -> ${g.movedTo}` : ""}`),
  ];
  return { exit: doc.errors.length > 0 ? 3 : 0, lines, data: { workspace: session.ws.slug, errors: doc.errors, notes: graded.map(gradedData) } };
}

export function noteCheck(ctx: CommandContext, args: CommandArgs): Outcome {
  const session = noteSession(ctx, args);
  const project = projectOf(session);
  let { doc } = readNotes(session);
  const head = [`feature: ${session.ws.slug}`, `notes: ${doc.notes.length}`, ...doc.errors.map((e) => `error: ${e}`)];
  if (doc.errors.length > 0) {
    return { exit: 3, lines: [...head, "result: malformed"], data: { workspace: session.ws.slug, notes: doc.notes.length, errors: doc.errors, graded: [], repaired: [], result: "malformed" } };
  }
  let graded = gradeAll(project, doc);
  let repaired: string[] = [];
  if (args.options.repair === true) {
    // Re-read under the lock, so a note added meanwhile is neither lost nor left ungraded.
    const after = session.mutate(() => {
      const fresh = readNotes(session);
      if (fresh.doc.errors.length > 0) throw new RefusedError(`note check: ${NOTES_FILE} changed under repair; rerun \`note check\``);
      const freshGraded = gradeAll(project, fresh.doc);
      const edits: TextEdit[] = [];
      const ids: string[] = [];
      for (const g of freshGraded) {
        if (g.grade !== "moved") continue;
        const edit = repairSubjectEdit(fresh.doc, g.note, g.movedTo as string);
        if (edit) {
          edits.push(edit);
          ids.push(g.note.id);
        }
      }
      if (edits.length === 0) return { changes: { files: new Map(), events: [] }, result: { doc: fresh.doc, graded: freshGraded, ids } };
      const next = applyEdits(fresh.text, edits);
      const back = parseNotes(next);
      const moved = new Map(freshGraded.map((g) => [g.note.id, g.movedTo]));
      if (back.errors.length > 0 || ids.some((id) => back.notes.find((n) => n.id === id)?.subject !== moved.get(id))) {
        throw new InternalError(`${NOTES_FILE}: the repaired subjects did not read back after the edit`, { kind: "read-back" });
      }
      return { changes: { files: new Map([[NOTES_FILE, next]]), events: [{ event: "notes_repaired" as const, detail: { notes: ids } }] }, result: { doc: back, graded: gradeAll(project, back), ids } };
    });
    doc = after.doc;
    graded = after.graded;
    repaired = after.ids;
  }
  const counts = Object.fromEntries(GRADES.map((g) => [g, 0])) as Record<Grade, number>;
  const lines = [`feature: ${session.ws.slug}`, `notes: ${doc.notes.length}`];
  for (const g of graded) {
    counts[g.grade]++;
    let line = `note: ${g.note.id} ${g.grade}`;
    if (g.grade === "moved") line += ` -> ${g.movedTo} (repair with \`note check --repair\`)`;
    else if (g.grade !== "exact") line += " (re-anchor or `note rm`)";
    lines.push(line);
  }
  for (const g of GRADES) lines.push(`${g}: ${counts[g]}`);
  const drifted = graded.some((g) => g.grade !== "exact");
  lines.push(`result: ${drifted ? "drifted" : "exact"}`);
  return {
    exit: drifted ? 3 : 0,
    lines,
    data: { workspace: session.ws.slug, notes: doc.notes.length, errors: [], graded: graded.map(gradedData), counts, repaired, result: drifted ? "drifted" : "exact" },
  };
}

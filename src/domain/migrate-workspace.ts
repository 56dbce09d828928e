// `migrate`: bring an older cursor to schema 4 by adding (or correcting) the schema field in
// the cursor's own form, with a Log line. A cursor that records no phase is refused (the
// DevRites pack's fail-closed rule): the phase comes from `--answer phase=<phase>`, never a guess.

import { RefusedError } from "../errors.js";
import { appendLogEdit, setFieldEdit, upsertFieldEdit } from "../documents/state/edit-state.js";
import { cursorValue, parseState, readField, type StateDoc } from "../documents/state/parse-state.js";
import { applyEdits, type TextEdit } from "../documents/text-edit.js";
import { detectEol } from "../documents/lines.js";
import { formatTimestamp } from "./clock.js";
import { logPhase, PHASES } from "./phases.js";
import { declaredSchema, ENGINE_SCHEMA } from "./schema-gate.js";
import { verifyState } from "./verify-state.js";
import { shellWord } from "../shell-word.js";

interface MigratePlan {
  from: number;
  /** The new state.md, or undefined when it is already at schema 4. */
  state: string | undefined;
  /** What the new state.md changes, one line each (for --dry-run). */
  steps: string[];
}

/** Answers to the questions migrate asks (`--answer key=value`): only `phase` today. */
export interface MigrateAnswers {
  phase?: string;
}

/** The one place that words the no-phase refusal and its way on. */
function noPhase(slug: string, recorded: string | undefined): RefusedError {
  const what = recorded === undefined ? "state.md records no phase" : `state.md records an empty phase`;
  return new RefusedError(`cannot migrate ${slug}: ${what}; re-run with --answer phase=<phase>; nothing was written`, {
    hint: `devrites-engine migrate ${shellWord(slug)} --answer phase=<phase> (one of ${PHASES.join(", ")}); add --dry-run to see what it would change first`,
    data: { question: "phase" },
  });
}

/** Insert `schema` as the first field of the cursor, in its form. */
function insertSchemaEdit(doc: StateDoc): TextEdit {
  const anchor = doc.cursor.get("status") ?? doc.cursor.get("phase") ?? doc.fields[0];
  if (!anchor) throw new RefusedError("state.md has no cursor fields to migrate");
  const { lines } = doc.view;
  const eol = detectEol(doc.view.text);
  // A bullet field's marker and indent as written: `- `, `* `, `  - `, or none (`Phase: build`).
  const marker = (text: string) => /^[ \t]*[-*+]?[ \t]*/.exec(text)![0];
  const anchorMarker = marker(lines[anchor.index]!.text);
  let first = anchor.index;
  while (first - 1 >= 0 && !doc.view.fenced[first - 1]) {
    const prevLine = lines[first - 1]!;
    const prev = prevLine.text.trim();
    const sameForm =
      anchor.form === "table"
        ? prev.startsWith("|") && !/^\|[\s:|-]+\|$/.test(prev) && !/^\|\s*key\s*\|/i.test(prev)
        : !prev.startsWith("#") && marker(prevLine.text) === anchorMarker && readField(prevLine, first - 1, undefined)?.form === "bullet";
    if (!sameForm) break;
    first--;
  }
  const model = lines[first]!.text;
  const rendered = anchor.form === "table" ? `${/^[ \t]*/.exec(model)![0]}| schema | ${ENGINE_SCHEMA} |` : `${marker(model)}Schema: ${ENGINE_SCHEMA}`;
  const at = lines[first]!.start;
  return { start: at, end: at, insert: rendered + eol };
}

/**
 * Plan the migration of state.md to schema 4.
 * @throws RefusedError for a newer schema or an invalid schema value.
 */
export function planMigrate(stateText: string, slug: string, now: Date, answers: MigrateAnswers = {}): MigratePlan {
  const doc = parseState(stateText);
  const { value, raw } = declaredSchema(doc);
  if (value === undefined) {
    throw new RefusedError(`state.md schema row is invalid (value "${raw}"); expected the workspace schema version`, { kind: "schema-mismatch", hint: "correct the schema field by hand (2, 3 or 4), then run migrate again" });
  }
  if (value > ENGINE_SCHEMA) {
    throw new RefusedError(`workspace schema version refused: workspace ${slug} declares schema ${value}, newer than this engine's ${ENGINE_SCHEMA}; upgrade devrites-engine`, { kind: "schema-mismatch" });
  }
  if (value === ENGINE_SCHEMA) return { from: value, state: undefined, steps: [] };
  const recorded = cursorValue(doc, "phase");
  // (A cursor with no fields at all is refused below as having nothing to migrate.)
  if (answers.phase === undefined && (recorded === undefined || recorded.trim() === "") && doc.fields.length > 0) throw noPhase(slug, recorded);
  const phase = answers.phase ?? recorded;
  const existing = doc.cursor.get("schema");
  const edits: TextEdit[] = [existing ? setFieldEdit(doc, existing, String(ENGINE_SCHEMA)) : insertSchemaEdit(doc)];
  const steps = [`state.md: schema ${ENGINE_SCHEMA} in the cursor (was ${existing ? value : `no schema row, read as ${value}`})`];
  if (answers.phase !== undefined && answers.phase !== recorded) {
    edits.push(upsertFieldEdit(doc, "phase", answers.phase));
    steps.push(`state.md: phase ${answers.phase} (from --answer phase=${answers.phase}${recorded !== undefined && recorded.trim() !== "" ? `; was ${recorded}` : ""})`);
  }
  // A Log line only where state.md has a `## Log` (the 5.x template has none; no Log is created),
  // and the plan lists it only then: a dry run names exactly what the run writes.
  if (doc.log) {
    edits.push(appendLogEdit(doc, [`- ${formatTimestamp(now)} ${logPhase(phase)}: migrated to schema ${ENGINE_SCHEMA} (from ${value})`]));
    steps.push(`state.md: a Log line for the migration`);
  }
  const text = applyEdits(stateText, edits);
  verifyState(text, { schema: String(ENGINE_SCHEMA), ...(answers.phase !== undefined ? { phase: answers.phase } : {}) });
  return { from: value, state: text, steps };
}

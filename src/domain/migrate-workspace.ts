// `migrate`: bring an older cursor to schema 4 by adding (or correcting) the schema field in
// the cursor's own form, with a Log line. Nothing else in the workspace changes.

import { RefusedError } from "../errors.js";
import { appendLogEdit, setFieldEdit } from "../documents/state/edit-state.js";
import { cursorValue, parseState, readField, type StateDoc } from "../documents/state/parse-state.js";
import { applyEdits, type TextEdit } from "../documents/text-edit.js";
import { detectEol } from "../documents/lines.js";
import { formatTimestamp } from "./clock.js";
import { logPhase } from "./phases.js";
import { declaredSchema, ENGINE_SCHEMA } from "./schema-gate.js";
import { verifyState } from "./verify-state.js";

interface MigratePlan {
  from: number;
  /** The new state.md, or undefined when it is already at schema 4. */
  state: string | undefined;
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
export function planMigrate(stateText: string, slug: string, now: Date): MigratePlan {
  const doc = parseState(stateText);
  const { value, raw } = declaredSchema(doc);
  if (value === undefined) {
    throw new RefusedError(`state.md schema row is invalid (value "${raw}"); expected the workspace schema version`, { kind: "schema-mismatch", hint: "correct the schema field by hand (2, 3 or 4), then run migrate again" });
  }
  if (value > ENGINE_SCHEMA) {
    throw new RefusedError(`workspace schema version refused: workspace ${slug} declares schema ${value}, newer than this engine's ${ENGINE_SCHEMA}; upgrade devrites-engine`, { kind: "schema-mismatch" });
  }
  if (value === ENGINE_SCHEMA) return { from: value, state: undefined };
  const existing = doc.cursor.get("schema");
  const edits: TextEdit[] = [existing ? setFieldEdit(doc, existing, String(ENGINE_SCHEMA)) : insertSchemaEdit(doc)];
  edits.push(appendLogEdit(doc, [`- ${formatTimestamp(now)} ${logPhase(cursorValue(doc, "phase"))}: migrated to schema ${ENGINE_SCHEMA} (from ${value})`]));
  const text = applyEdits(stateText, edits);
  verifyState(text, { schema: String(ENGINE_SCHEMA) });
  return { from: value, state: text };
}

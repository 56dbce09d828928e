// The schema gate every command passes before it reads a workspace further: the schema the
// cursor declares (no row = 2) and the refusal of anything but this engine's.

import { RefusedError } from "../errors.js";
import { cursorValue, type StateDoc } from "../documents/state/parse-state.js";
import { shellWord } from "../shell-word.js";

export const ENGINE_SCHEMA = 4;

/** The schema the cursor declares: a number, `undefined` when the row is missing (= 2). */
export function declaredSchema(doc: StateDoc): { value: number | undefined; raw: string | undefined } {
  const raw = cursorValue(doc, "schema");
  if (raw === undefined) return { value: 2, raw };
  return { value: /^\d+$/.test(raw) ? Number(raw) : undefined, raw };
}

/**
 * Refuse a workspace whose schema is not 4.
 * @throws RefusedError (exit 3) with the quoted message for older, newer or invalid schemas.
 */
export function assertSchema(doc: StateDoc, slug: string): void {
  const { value, raw } = declaredSchema(doc);
  if (value === ENGINE_SCHEMA) return;
  if (value === undefined) {
    throw new RefusedError(`state.md schema row is invalid (value "${raw}"); expected the workspace schema version`, {
      kind: "schema-mismatch",
      hint: `set the schema field to ${ENGINE_SCHEMA}, or run devrites-engine migrate ${shellWord(slug)}`,
    });
  }
  if (value < ENGINE_SCHEMA) {
    throw new RefusedError(
      `workspace schema version refused: workspace ${slug} predates workspace schema ${ENGINE_SCHEMA} (it records schema ${value}); run devrites-engine migrate ${shellWord(slug)}`,
      // The DevRites pack surfaces this refusal verbatim and expects it to name the fail-closed
      // migrate with its preview and its answer (rite-upgrade/SKILL.md, step 0).
      { kind: "schema-mismatch", hint: `preview it with devrites-engine migrate ${shellWord(slug)} --dry-run; a cursor without a phase needs --answer phase=<phase>` },
    );
  }
  throw new RefusedError(`workspace schema version refused: workspace ${slug} declares schema ${value}, newer than this engine's ${ENGINE_SCHEMA}; upgrade devrites-engine`, { kind: "schema-mismatch" });
}

// Rendering manifest rows and the one edit merge-manifest makes: replacing the body of
// `## Candidate manifest` between its first and last non-blank line. The blank lines
// around the body, the last line's terminator (or its absence) and every other byte stay.

import { detectEol, insertLinesAfter, type Line } from "../lines.js";
import type { TextEdit } from "../text-edit.js";
import { EMPTY_BODY, TABLE_HEADER, TABLE_SEPARATOR, type ManifestBody, type ManifestDoc, type RowState } from "./parse-manifest.js";

/** What a rendered row needs (a parsed ManifestRow fits). */
interface RowData {
  state: RowState;
  path: string;
  slice: string;
  reason: string;
}

/** `| <state> | \`<path>\` | <slice> | <reason> |` */
export function renderRow(row: RowData): string {
  return `| ${row.state} | \`${row.path}\` | ${row.slice} | ${row.reason} |`;
}

/** The body lines for `rows` (already in path order): the table, or `No project files.` when none. */
export function renderManifestBody(rows: readonly RowData[]): string[] {
  if (rows.length === 0) return [EMPTY_BODY];
  return [TABLE_HEADER, TABLE_SEPARATOR, ...rows.map(renderRow)];
}

/**
 * The edit that replaces the manifest body with `bodyLines`, in the body's own line ending.
 * A blank body gets the lines right after the heading.
 * @throws Error when the document has no single `## Candidate manifest` section (callers check first).
 */
export function replaceBodyEdit(doc: ManifestDoc, bodyLines: readonly string[]): TextEdit {
  const body: ManifestBody | undefined = doc.body;
  if (!body) throw new Error("replaceBodyEdit: the manifest has no single `## Candidate manifest` section");
  const { lines, text } = doc.view;
  if (body.first === undefined || body.last === undefined) {
    return insertLinesAfter(lines[body.heading] as Line, bodyLines, detectEol(text));
  }
  const first = lines[body.first] as Line;
  const last = lines[body.last] as Line;
  const eol = first.eol !== "" ? first.eol : detectEol(text);
  return { start: first.start, end: last.end, insert: bodyLines.join(eol) };
}

// Edit builders for state.md: set, upsert and delete cursor fields in their own form,
// remove awaiting sections, append Log lines (only into an existing `## Log`). They return
// splices, never a re-rendered file.

import { BadInputError } from "../../errors.js";
import { appendBlockEdit, detectEol, insertLinesAfter, isBlank, type Line } from "../lines.js";
import type { TextEdit } from "../text-edit.js";
import { KEY_NAMES, normalizeKey, readField, type CursorField, type StateDoc } from "./parse-state.js";

/** Released bullet spellings for known keys (formats.md, "Upsert"). */
const BULLET_SPELLING: Record<string, string> = {
  afkslicesremaining: "AFK slices remaining",
  nextaction: "Next step",
  status: "Status",
  schema: "Schema",
  phase: "Phase",
  activeslice: "Active slice",
};

/**
 * Refuse a value that cannot be written as one line that reads back exactly.
 * @throws BadInputError for newlines, or `|` in a table cell.
 */
export function assertWritableValue(key: string, value: string, form: "table" | "bullet"): void {
  if (/[\r\n]/.test(value)) throw new BadInputError(`value for ${key} must be a single line`);
  if (form === "table" && value.includes("|")) {
    throw new BadInputError(`value for ${key} contains "|", which cannot be stored in a state.md table cell`, {
      hint: "rephrase the text without a vertical bar",
    });
  }
  if (value !== value.trim()) throw new BadInputError(`value for ${key} has leading or trailing whitespace`);
}

/** Set an existing field's value in its own form. */
export function setFieldEdit(doc: StateDoc, field: CursorField, value: string): TextEdit {
  assertWritableValue(field.rawKey, value, field.form);
  const line = doc.view.lines[field.index] as Line;
  if (field.form === "table") {
    // Only the second cell's text changes; keep one space on each side when it had none.
    const before = doc.view.text.slice(line.start, field.valueStart);
    const after = doc.view.text.slice(field.valueEnd, line.end);
    const padL = /[ \t]$/.test(before) ? "" : " ";
    const padR = /^[ \t]/.test(after) ? "" : " ";
    if (field.value === "") {
      // An empty cell: valueStart sits after any leading spaces; normalise to " value ".
      const cellOpen = before.lastIndexOf("|");
      const cellClose = field.valueEnd + after.indexOf("|");
      return { start: line.start + cellOpen + 1, end: cellClose, insert: ` ${value} ` };
    }
    return { start: field.valueStart, end: field.valueEnd, insert: padL + value + padR };
  }
  // Bullet: keep everything up to and including the first ':', then one space and the value.
  const colon = doc.view.text.indexOf(":", line.start + (line.text.length - line.text.trimStart().length));
  return { start: colon + 1, end: line.end, insert: value === "" ? "" : ` ${value}` };
}

/** The line to insert new cursor fields after, in the cursor's form. */
function cursorInsertionLine(doc: StateDoc): Line | undefined {
  const { lines } = doc.view;
  const anchor = doc.cursor.get("status") ?? doc.cursor.get("schema") ?? doc.fields.find((f) => f.form === doc.form);
  if (!anchor) return undefined;
  let last = anchor.index;
  for (let i = anchor.index + 1; i < lines.length; i++) {
    if (doc.view.fenced[i]) break;
    const text = lines[i]!.text;
    if (isBlank(text)) break;
    if (doc.form === "table") {
      if (!text.trim().startsWith("|")) break;
      last = i;
    } else {
      const f = readField(lines[i]!, i, lines[i + 1]?.text);
      if (!f || f.form !== "bullet" || text.trim().startsWith("#")) break;
      last = i;
    }
  }
  return lines[last];
}

/** Render a new field line in the document's form, copying the neighbour's indentation and marker. */
function renderField(doc: StateDoc, after: Line, key: string, value: string): string {
  const norm = normalizeKey(key);
  if (doc.form === "table") {
    const indent = /^[ \t]*/.exec(after.text)![0];
    return `${indent}| ${KEY_NAMES[norm] ?? key} | ${value} |`;
  }
  const marker = /^[ \t]*[-*+]?[ \t]*/.exec(after.text)![0] || "- ";
  return `${marker}${BULLET_SPELLING[norm] ?? KEY_NAMES[norm] ?? key}: ${value}`;
}

/** Set the field when present, else insert it after the cursor's last field line. */
export function upsertFieldEdit(doc: StateDoc, key: string, value: string): TextEdit {
  const existing = doc.cursor.get(normalizeKey(key));
  if (existing) return setFieldEdit(doc, existing, value);
  assertWritableValue(key, value, doc.form);
  const after = cursorInsertionLine(doc);
  const eol = detectEol(doc.view.text);
  if (!after) {
    // No cursor at all: start a bullet-free table cursor at the top of the file.
    const line = `| ${KEY_NAMES[normalizeKey(key)] ?? key} | ${value} |${eol}`;
    return { start: 0, end: 0, insert: line };
  }
  return insertLinesAfter(after, [renderField(doc, after, key, value)], eol);
}

/** Remove every cursor line of `key` (the first one is what is read; the rest would resurface). */
export function deleteFieldEdits(doc: StateDoc, key: string): TextEdit[] {
  const norm = normalizeKey(key);
  return doc.fields.filter((f) => f.key === norm).map((f) => {
    const line = doc.view.lines[f.index] as Line;
    return { start: line.start, end: line.next, insert: "" };
  });
}

/** Remove every `## Awaiting human` section (heading to the next level-1/2 heading). */
export function removeAwaitingEdits(doc: StateDoc): TextEdit[] {
  const { lines } = doc.view;
  const textEnd = doc.view.text.length;
  // Sections may touch (two in a row): merge their ranges so the splices never overlap.
  const ranges: { start: number; end: number; first: number }[] = [];
  for (const s of doc.awaiting) {
    const start = lines[s.heading]!.start;
    const end = s.end >= lines.length ? textEnd : lines[s.end]!.start;
    const last = ranges[ranges.length - 1];
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else ranges.push({ start, end, first: s.heading });
  }
  return ranges.map((r) => {
    if (r.end < textEnd) return { start: r.start, end: r.end, insert: "" };
    // The last section: also drop the blank lines before it so the file ends as before it.
    // The previous line's terminator is kept even if the removed tail had none.
    let i = r.first - 1;
    while (i >= 0 && isBlank(lines[i]!.text) && !doc.view.fenced[i]) i--;
    return { start: i >= 0 ? lines[i]!.next : r.start, end: r.end, insert: "" };
  });
}

/**
 * Append Log lines after the `## Log` section's last non-blank line. Where state.md has no
 * `## Log` the edit inserts nothing: the engine never creates the section (the pack's cursor
 * is "no narrative log"; events.jsonl is the audit), so callers need no branch of their own.
 */
export function appendLogEdit(doc: StateDoc, entries: readonly string[]): TextEdit {
  if (entries.some((l) => /[\r\n]/.test(l))) throw new BadInputError("a Log line must be a single line");
  const { lines } = doc.view;
  if (!doc.log) return { start: doc.view.text.length, end: doc.view.text.length, insert: "" };
  let last = doc.log.heading;
  for (let i = doc.log.heading + 1; i < doc.log.end; i++) if (!isBlank(lines[i]!.text)) last = i;
  return insertLinesAfter(lines[last]!, entries, detectEol(doc.view.text));
}

/**
 * Insert a `## Awaiting human` section holding `fields` in the cursor's own form (a
 * `| Key | Value |` table, or `- key: value` bullets), before `## Log`, else at the end.
 * @throws BadInputError for a value that cannot be written as one line (assertWritableValue).
 */
export function insertAwaitingEdit(doc: StateDoc, fields: readonly (readonly [string, string])[]): TextEdit {
  for (const [k, v] of fields) assertWritableValue(k, v, doc.form);
  const rows = doc.form === "table"
    ? ["| Key | Value |", "| --- | --- |", ...fields.map(([k, v]) => `| ${k} | ${v} |`)]
    : fields.map(([k, v]) => `- ${k}: ${v}`);
  const section = ["## Awaiting human", ...rows];
  const eol = detectEol(doc.view.text);
  if (!doc.log) return appendBlockEdit(doc.view.text, section);
  // Before the Log heading, with one blank line on each side.
  const { lines } = doc.view;
  const before = doc.log.heading > 0 ? lines[doc.log.heading - 1] : undefined;
  const lead = before !== undefined && !isBlank(before.text) ? eol : "";
  const at = lines[doc.log.heading]!.start;
  return { start: at, end: at, insert: lead + [...section, ""].map((l) => l + eol).join("") };
}

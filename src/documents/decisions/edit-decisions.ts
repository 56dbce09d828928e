// decisions.md: the edit appending the next DEC entry in the shape the file already uses
// (a row after the `## Decision log` table's last row, else a `### DEC-### — title` block).

import { appendBlockEdit, detectEol } from "../lines.js";
import type { TextEdit } from "../text-edit.js";
import { decisionId, type DecisionsDoc } from "./parse-decisions.js";

export interface DecisionEntry {
  title: string;
  context: string;
  options: string;
  decision: string;
  consequences: string;
  related: string;
}

const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
const cell = (s: string) => oneLine(s).replace(/\|/g, "\\|");

/** The edit appending `entry` as the next DEC entry; returns the id used. */
export function appendDecisionEdit(doc: DecisionsDoc, entry: DecisionEntry): { id: string; edit: TextEdit } {
  const { ids, edit } = appendDecisionsEdit(doc, [entry]);
  return { id: ids[0]!, edit };
}

/**
 * One edit appending `entries` as the next DEC entries, in order: the text a sequence of
 * appendDecisionEdit calls would give, from one parse (a batch of thousands stays linear).
 */
export function appendDecisionsEdit(doc: DecisionsDoc, entries: readonly DecisionEntry[]): { ids: string[]; edit: TextEdit } {
  const ids = entries.map((_, i) => decisionId(doc.highest + 1 + i));
  const { text } = doc;
  const eol = detectEol(text);
  if (doc.tableLastRow !== undefined) {
    const row = doc.view.lines[doc.tableLastRow]!;
    const rendered = entries.map((e, i) => `| ${ids[i]} | accepted | ${cell(e.context)} | ${cell(e.options)} | ${cell(e.decision)} | ${cell(e.consequences)} | ${cell(e.related)} |`);
    // After an unterminated last row each new row starts with the line ending, and the file still ends without one.
    if (row.eol === "") return { ids, edit: { start: row.end, end: row.end, insert: rendered.map((r) => eol + r).join("") } };
    return { ids, edit: { start: row.next, end: row.next, insert: rendered.map((r) => r + eol).join("") } };
  }
  const lines: string[] = [];
  entries.forEach((e, i) => {
    // One blank line between blocks, as appendBlockEdit puts before each.
    if (i > 0) lines.push("");
    lines.push(
      `### ${ids[i]} — ${oneLine(e.title)}`,
      `- Status: accepted`,
      `- Context: ${oneLine(e.context)}`,
      `- Options: ${oneLine(e.options)}`,
      `- Decision: ${oneLine(e.decision)}`,
      `- Related: ${oneLine(e.related)}`,
    );
  });
  return { ids, edit: appendBlockEdit(text, lines) };
}

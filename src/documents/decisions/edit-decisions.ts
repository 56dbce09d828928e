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
  const id = decisionId(doc.highest + 1);
  const { text } = doc;
  const eol = detectEol(text);
  if (doc.tableLastRow !== undefined) {
    const row = doc.view.lines[doc.tableLastRow]!;
    const rendered = `| ${id} | accepted | ${cell(entry.context)} | ${cell(entry.options)} | ${cell(entry.decision)} | ${cell(entry.consequences)} | ${cell(entry.related)} |`;
    if (row.eol === "") return { id, edit: { start: row.end, end: row.end, insert: eol + rendered } };
    return { id, edit: { start: row.next, end: row.next, insert: rendered + eol } };
  }
  const block = [
    `### ${id} — ${oneLine(entry.title)}`,
    `- Status: accepted`,
    `- Context: ${oneLine(entry.context)}`,
    `- Options: ${oneLine(entry.options)}`,
    `- Decision: ${oneLine(entry.decision)}`,
    `- Related: ${oneLine(entry.related)}`,
  ];
  return { id, edit: appendBlockEdit(text, block) };
}

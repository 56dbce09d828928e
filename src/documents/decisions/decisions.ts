// decisions.md: find the highest DEC-### and append the next entry in the shape the file
// already uses (a `## Decision log` table row, else a `### DEC-### — title` block).

import { appendBlockEdit, detectEol } from "../lines.js";
import { viewOf } from "../headings.js";
import type { TextEdit } from "../text-edit.js";

export interface DecisionEntry {
  title: string;
  context: string;
  options: string;
  decision: string;
  consequences: string;
  related: string;
}

export interface DecisionsDoc {
  text: string;
  /** Highest DEC number found outside fences (0 when none). */
  highest: number;
  /** Line index of the last row of the `## Decision log` table, when the file uses one. */
  tableLastRow: number | undefined;
}

/** Parse decisions.md enough to append: highest id and the table shape. */
export function parseDecisions(text: string): DecisionsDoc {
  const view = viewOf(text);
  let highest = 0;
  for (let i = 0; i < view.lines.length; i++) {
    if (view.fenced[i]) continue;
    for (const m of view.lines[i]!.text.matchAll(/\bDEC-(\d+)\b/g)) highest = Math.max(highest, Number(m[1]));
  }
  let tableLastRow: number | undefined;
  const logHead = view.headings.find((h) => h.level === 2 && /^Decision log$/i.test(h.text));
  if (logHead) {
    const next = view.headings.find((h) => h.index > logHead.index && h.level <= 2);
    const end = next ? next.index : view.lines.length;
    for (let i = logHead.index + 1; i < end; i++) {
      if (!view.fenced[i] && view.lines[i]!.text.trim().startsWith("|")) tableLastRow = i;
    }
  }
  return { text, highest, tableLastRow };
}

/** Format an id: DEC-005. */
export function decisionId(n: number): string {
  return `DEC-${String(n).padStart(3, "0")}`;
}

const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
const cell = (s: string) => oneLine(s).replace(/\|/g, "\\|");

/** The edit appending `entry` as the next DEC entry; returns the id used. */
export function appendDecisionEdit(doc: DecisionsDoc, entry: DecisionEntry): { id: string; edit: TextEdit } {
  const id = decisionId(doc.highest + 1);
  const { text } = doc;
  const eol = detectEol(text);
  if (doc.tableLastRow !== undefined) {
    const view = viewOf(text);
    const row = view.lines[doc.tableLastRow]!;
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

// decisions.md read for appending: the highest DEC-### outside fences and the shape new
// entries take (the last row of a `## Decision log` table, when the file has one).

import { viewOf, type MarkdownView } from "../markdown-view.js";

export interface DecisionsDoc {
  text: string;
  view: MarkdownView;
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
  return { text, view, highest, tableLastRow };
}

/** Format an id: DEC-005. */
export function decisionId(n: number): string {
  return `DEC-${String(n).padStart(3, "0")}`;
}

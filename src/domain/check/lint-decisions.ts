// `check` rules for decisions.md: DEC ids are append-only and unique; a reused or
// malformed id breaks every reference to it.

import { viewOf } from "../../documents/markdown-view.js";
import type { Diagnostic } from "./diagnostic.js";

const FILE = "decisions.md";

/** Duplicate and malformed DEC ids at their definitions (### headings and table rows). */
export function lintDecisions(text: string): Diagnostic[] {
  const view = viewOf(text);
  const out: Diagnostic[] = [];
  const first = new Map<string, number>();
  const define = (id: string, line: number, col: number) => {
    if (!/^DEC-\d{3,}$/.test(id)) {
      out.push({ file: FILE, line, col, severity: "warning", rule: "decision-id-format", message: `${id} is not DEC-### (three or more digits); rename it, e.g. DEC-001` });
    }
    const n = id.replace(/^DEC-0*/, "");
    const prev = first.get(n);
    if (prev !== undefined) out.push({ file: FILE, line, col, severity: "error", rule: "decision-duplicate-id", message: `${id} is defined again (first at line ${prev}); DEC ids are never reused, give the later entry the next free DEC-### by hand` });
    else first.set(n, line);
  };
  for (const h of view.headings) {
    const m = /^(DEC-\d+)\b/.exec(h.text);
    if (m) define(m[1]!, view.lines[h.index]!.number, view.lines[h.index]!.text.indexOf(m[1]!) + 1);
  }
  for (let i = 0; i < view.lines.length; i++) {
    if (view.fenced[i]) continue;
    const m = /^\s*\|\s*(DEC-\d+)\s*\|/.exec(view.lines[i]!.text);
    if (m) define(m[1]!, view.lines[i]!.number, view.lines[i]!.text.indexOf(m[1]!) + 1);
  }
  return out;
}

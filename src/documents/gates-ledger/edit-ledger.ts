// Edits of gates.md as splices (every byte not changed is kept): a gate's result (its box and
// its EVIDENCE line) and an ABANDON line. Ported from the Go engine's
// engine/internal/acceptance/run.go (writeResult) and cli.go (cmdAbandon). Pure.

import type { TextEdit } from "../text-edit.js";
import { ATTR_LINE, type LedgerGate, parseLedger, structuralLines } from "./parse-ledger.js";

/** Start offset of each line of `text` (by `\n`; a `\r` before it stays in the line's bytes). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

/** One line's content range (without its line end). */
function lineRange(text: string, starts: number[], row: number): { start: number; end: number } {
  const start = starts[row] as number;
  let end = row + 1 < starts.length ? (starts[row + 1] as number) - 1 : text.length;
  if (end > start && text[end - 1] === "\r") end--;
  return { start, end };
}

export type ResultEdit = { edits: TextEdit[] } | { moved: string };

/**
 * The splices that record a gate's result: its box ticked (`checked`) or cleared and its EVIDENCE
 * line set to `evidence` (inserted after its attributes when it has none). `ran` is the definition
 * that ran: when the gate in `text` is gone or its CHECK, EXPECT or CWD changed, the result is
 * discarded (`moved`) rather than certify another oracle.
 */
export function resultEdits(text: string, ran: LedgerGate, evidence: string, checked: boolean): ResultEdit {
  const doc = parseLedger(text);
  const gate = doc.gates.find((g) => g.id === ran.id);
  if (!gate) return { moved: `gate ${ran.id} disappeared` };
  if (gate.check !== ran.check || gate.expect !== ran.expect || gate.cwd !== ran.cwd) return { moved: `gate ${ran.id} definition edited` };
  const starts = lineStarts(text);
  const masked = structuralLines(text);
  const edits: TextEdit[] = [];
  const row = lineRange(text, starts, gate.row);
  const box = /^(\s*- \[)([ xX])\]/.exec(text.slice(row.start, row.end));
  if (box) {
    const want = checked ? "x" : " ";
    const isChecked = box[2] !== " ";
    if (isChecked !== checked) edits.push({ start: row.start + (box[1] as string).length, end: row.start + (box[1] as string).length + 1, insert: want });
  }
  const line = `  EVIDENCE: ${evidence}`;
  let evidenceRow = -1;
  for (let r = gate.row + 1; r < masked.length; r++) {
    const m = ATTR_LINE.exec(masked[r] as string);
    if (m) {
      if (m[2] === "EVIDENCE") evidenceRow = r;
      continue;
    }
    if ((masked[r] as string).trim() === "") continue;
    break;
  }
  if (evidenceRow >= 0) {
    const r = lineRange(text, starts, evidenceRow);
    edits.push({ start: r.start, end: r.end, insert: line });
  } else {
    let after = gate.row;
    while (after + 1 < masked.length && ATTR_LINE.test(masked[after + 1] as string)) after++;
    const r = lineRange(text, starts, after);
    edits.push({ start: r.end, end: r.end, insert: doc.eol + line });
  }
  return { edits };
}

/** The splice that appends `ABANDON: <id> <reason>` as the ledger's last line. */
export function abandonEdit(text: string, id: string, reason: string): TextEdit {
  const line = `ABANDON: ${id} ${reason}`;
  if (text.endsWith("\r\n")) return { start: text.length, end: text.length, insert: `${line}\r\n` };
  if (text.endsWith("\n")) return { start: text.length, end: text.length, insert: `${line}\n` };
  return { start: text.length, end: text.length, insert: `\n${line}\n` };
}

/** An argument flattened to one ledger line, so a pasted line end cannot add rows. */
export function oneLine(s: string): string {
  return s.split(/[\r\n]+/).filter((p) => p !== "").join(" ");
}

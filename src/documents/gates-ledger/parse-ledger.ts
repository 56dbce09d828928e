// gates.md, the acceptance ledger: gate rows (`- [ ] AC-1: title`) with indented CHECK, EXPECT,
// CWD and EVIDENCE attributes, and column-one `ABANDON: <id> <reason>` lines. One strict reader,
// ported from the Go engine's engine/internal/acceptance/ledger.go (ParseLedger, CompileExpect,
// validateLedgerCwd); fenced code is masked so examples never become gates. Pure.

import { FenceTracker } from "../fences.js";

export const GATES_FILE = "gates.md";
const MAX_GATE_ID = 64;

export interface LedgerGate {
  id: string;
  title: string;
  checked: boolean;
  check: string;
  expect: string;
  cwd: string;
  evidence: string;
  /** 0-based index of the `- [ ]` row in the text's lines. */
  row: number;
}

export interface Ledger {
  gates: LedgerGate[];
  abandoned: Map<string, string>;
  errors: string[];
  warnings: string[];
  /** The text split into lines (line ends removed); `eol` is the document's line end. */
  lines: string[];
  eol: "\n" | "\r\n";
}

const GATE_LINE = /^\s*- \[([ xX])\] ([^\s:]+): (.*)$/;
export const ATTR_LINE = /^(\s+)(CHECK|EXPECT|CWD|EVIDENCE):(.*)$/;
const UNINDENTED_ATTR = /^(CHECK|EXPECT|CWD|EVIDENCE):/;
const ABANDON_LINE = /^ABANDON: (\S+)\s*(.*)$/;
const INDENTED_ABANDON = /^\s+ABANDON:/;
const EXPECT_SLASH = /^\/(.*)\/([ims]*)$/;

/** The text's lines with every fenced line blanked (indexes kept), so no example is read. */
export function structuralLines(text: string): string[] {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  const fences = new FenceTracker();
  return lines.map((line) => {
    const wasOpen = fences.open;
    const step = fences.step(line);
    return wasOpen || step === "open" ? "" : line;
  });
}

export function parseLedger(text: string): Ledger {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  const doc: Ledger = { gates: [], abandoned: new Map(), errors: [], warnings: [], lines, eol };
  const seen = new Set<string>();
  let current: LedgerGate | undefined;
  structuralLines(text).forEach((line, i) => {
    const lineno = i + 1;
    const g = GATE_LINE.exec(line);
    if (g) {
      const id = g[2] as string;
      if (id.length > MAX_GATE_ID) return void doc.errors.push(`line ${lineno}: gate id "${id}" exceeds ${MAX_GATE_ID} characters`);
      if (seen.has(id)) return void doc.errors.push(`line ${lineno}: duplicate gate id "${id}"`);
      seen.add(id);
      current = { id, title: (g[3] as string).trim(), checked: g[1] !== " ", check: "", expect: "", cwd: "", evidence: "", row: i };
      doc.gates.push(current);
      return;
    }
    const a = ATTR_LINE.exec(line);
    if (a) {
      const key = a[2] as string;
      const value = (a[3] as string).trim();
      if (!current) return void doc.errors.push(`line ${lineno}: ${key} attribute has no gate`);
      if (key === "CHECK") current.check = unquoteCode(value);
      else if (key === "EXPECT") current.expect = value;
      else if (key === "CWD") current.cwd = value;
      else current.evidence = value;
      return;
    }
    if (UNINDENTED_ATTR.test(line)) return void doc.errors.push(`line ${lineno}: attribute must be indented beneath its gate: "${line.trim()}"`);
    const ab = ABANDON_LINE.exec(line);
    if (ab) {
      const reason = (ab[2] as string).trim();
      if (reason === "") return void doc.errors.push(`line ${lineno}: ABANDON ${ab[1]} needs a non-blank reason`);
      doc.abandoned.set(ab[1] as string, reason);
      return;
    }
    if (INDENTED_ABANDON.test(line)) return void doc.errors.push(`line ${lineno}: ABANDON: must start at column 1`);
    if (line.trim() !== "") current = undefined;
  });
  if (doc.gates.length === 0 && doc.errors.length === 0) doc.errors.push("ledger declares no gates");
  for (const id of doc.abandoned.keys()) if (!seen.has(id)) doc.errors.push(`ABANDON names unknown gate id "${id}"`);
  for (const gate of doc.gates) {
    if (gate.check !== "" && gate.expect !== "") {
      const e = compileExpect(gate.expect);
      if (typeof e === "string") doc.errors.push(`gate ${gate.id}: ${e}`);
    } else if (gate.check !== "" || gate.expect !== "") {
      doc.errors.push(`gate ${gate.id} is a partial runnable gate: CHECK and EXPECT must both be present or both absent`);
    }
    const cwdProblem = ledgerCwdProblem(gate.cwd);
    if (cwdProblem) doc.errors.push(`gate ${gate.id}: ${cwdProblem}`);
    if (gate.check !== "" && gate.evidence === "") doc.warnings.push(`gate ${gate.id} has no EVIDENCE line; the runner inserts one`);
  }
  return doc;
}

/** `cmd` in one code span is cmd: approval and execution bind the command, not its decoration. */
export function unquoteCode(s: string): string {
  return s.length >= 2 && s.startsWith("`") && s.endsWith("`") ? s.slice(1, -1) : s;
}

/** A CWD must be repository-relative with no `..` segment; undefined when it is. */
export function ledgerCwdProblem(cwd: string): string | undefined {
  if (cwd === "") return undefined;
  if (cwd.startsWith("/") || /^[A-Za-z]:[\\/]/.test(cwd) || cwd.startsWith("\\\\")) return `CWD must be repository-relative, not absolute: "${cwd}"`;
  if (cwd.split(/[\\/]/).includes("..")) return `CWD must not contain traversal: "${cwd}"`;
  return undefined;
}

export type Expectation = { kind: "substring"; literal: string } | { kind: "regex"; literal: string; regex: RegExp; pathLike: boolean };

/** EXPECT as an oracle: `/pattern/flags` (i, m, s) is a regular expression, anything else a substring; a string is the problem. */
export function compileExpect(expect: string): Expectation | string {
  const m = EXPECT_SLASH.exec(expect);
  if (m) {
    const flags = m[2] as string;
    try {
      return { kind: "regex", literal: expect, regex: new RegExp(m[1] as string, flags), pathLike: (m[1] as string).includes("/") };
    } catch (e) {
      return `EXPECT regex is invalid: ${(e as Error).message}`;
    }
  }
  if (expect === "") return "EXPECT is empty";
  return { kind: "substring", literal: expect };
}

export function expectationMatches(e: Expectation, output: string): boolean {
  return e.kind === "regex" ? e.regex.test(output) : output.includes(e.literal);
}

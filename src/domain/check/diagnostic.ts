// One problem `check` (and `status`) reports: where, how bad, which rule, what to do.

export type Severity = "error" | "warning";

export interface Diagnostic {
  /** Workspace file name (state.md, questions.md, …) or a path relative to the root. */
  file: string;
  line: number;
  col: number;
  severity: Severity;
  /** A stable rule id, e.g. `awaiting-not-open`. */
  rule: string;
  message: string;
}

/** `<file>:<line>:<col> <error|warning> <rule> <message>` */
export function formatDiagnostic(d: Diagnostic, fileLabel: string = d.file): string {
  return `${fileLabel}:${d.line}:${d.col} ${d.severity} ${d.rule} ${d.message}`;
}

/** Diagnostics in file, line, column order. */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.rule.localeCompare(b.rule));
}

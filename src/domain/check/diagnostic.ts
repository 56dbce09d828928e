// One problem `check` (and `status`) reports: where, how bad, which rule, what to do.

import type { ForReaders } from "../../for-readers.js";

export type Severity = "error" | "warning";

export interface Diagnostic {
  /** Workspace file name (state.md, questions.md, …) or a path relative to the root. */
  file: string;
  line: number;
  col: number;
  severity: Severity;
  /** A stable rule id, e.g. `awaiting-not-open`. */
  rule: string;
  /** What is wrong and what to do, for a person. */
  message: string;
  /** The message for an agent (--json) when it differs: it never suggests `--human` (for-readers.ts). */
  agentMessage?: string;
}

/** `message` (and `agentMessage`) of a finding whose advice names a command a person runs as theirs. */
export function adviceFor(text: ForReaders): Pick<Diagnostic, "message" | "agentMessage"> {
  return { message: text.person, agentMessage: text.agent };
}

/** The message as this reader gets it: an agent (--json, MCP) reads `agentMessage`. */
export function messageFor(d: Diagnostic, agent: boolean): string {
  return agent ? (d.agentMessage ?? d.message) : d.message;
}

/** `<file>:<line>:<col> <error|warning> <rule> <message>` (the agent's message when `agent`). */
export function formatDiagnostic(d: Diagnostic, fileLabel: string = d.file, agent = false): string {
  return `${fileLabel}:${d.line}:${d.col} ${d.severity} ${d.rule} ${messageFor(d, agent)}`;
}

/** Diagnostics in file, line, column order. */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.rule.localeCompare(b.rule));
}

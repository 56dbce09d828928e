// `check` rules for state.md alone: the cursor's known keys and values, timestamps,
// duplicate fields and Log lines. Cross-file invariants live in lint-workspace.ts.

import type { StateDoc } from "../../documents/state/parse-state.js";
import { isNoCounter } from "../budget.js";
import { isWorkspaceTimestamp } from "../../documents/timestamp.js";
import { PHASES } from "../phases.js";
import { PAUSE_FIELDS, RUN_STATUSES } from "../run-status.js";
import { ENGINE_SCHEMA } from "../schema-gate.js";
import type { Diagnostic } from "./diagnostic.js";

const FILE = "state.md";

function at(doc: StateDoc, index: number, col = 1): { line: number; col: number } {
  return { line: doc.view.lines[index]!.number, col };
}

function colOf(doc: StateDoc, index: number, offset: number): number {
  return offset - doc.view.lines[index]!.start + 1;
}

/** Lint state.md on its own. `reasonCodes` is the closed set of pause reasons. */
export function lintState(doc: StateDoc, reasonCodes: readonly string[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const push = (index: number, col: number, severity: Diagnostic["severity"], rule: string, message: string) =>
    out.push({ file: FILE, ...at(doc, index, col), severity, rule, message });

  const status = doc.cursor.get("status");
  const phase = doc.cursor.get("phase");
  if (!status && !phase) {
    out.push({ file: FILE, line: 1, col: 1, severity: "error", rule: "state-no-cursor", message: "no cursor found (no status or phase field); state.md does not parse as a workspace cursor" });
    return out;
  }
  const schema = doc.cursor.get("schema");
  if (!schema) {
    out.push({ file: FILE, line: 1, col: 1, severity: "error", rule: "state-schema", message: `no schema field (schema 2); run devrites-engine migrate to upgrade to schema ${ENGINE_SCHEMA}` });
  } else if (schema.value !== String(ENGINE_SCHEMA)) {
    push(schema.index, colOf(doc, schema.index, schema.valueStart), "error", "state-schema", `schema is ${JSON.stringify(schema.value)}; this engine requires ${ENGINE_SCHEMA} (${/^\d+$/.test(schema.value) && Number(schema.value) > ENGINE_SCHEMA ? "upgrade devrites-engine" : /^\d+$/.test(schema.value) ? "devrites-engine migrate" : `set it to ${ENGINE_SCHEMA} if the workspace is current, else devrites-engine migrate`})`);
  }
  if (status && !(RUN_STATUSES as readonly string[]).includes(status.value.toLowerCase())) {
    push(status.index, colOf(doc, status.index, status.valueStart), "error", "state-unknown-status", `unknown status ${JSON.stringify(status.value)}; set it to one of ${RUN_STATUSES.join(" | ")}`);
  }
  if (!status) push(phase!.index, 1, "warning", "state-no-status", "the cursor has no status field");
  if (phase) {
    const first = phase.value.trim().split(/\s+/)[0]?.toLowerCase() ?? "";
    if (!(PHASES as readonly string[]).includes(first)) {
      push(phase.index, colOf(doc, phase.index, phase.valueStart), "warning", "state-unknown-phase", `unknown phase ${JSON.stringify(phase.value)}; the engine treats it as build`);
    }
  }

  const seen = new Map<string, number>();
  for (const f of doc.fields) {
    const first = seen.get(f.key);
    if (first === undefined) seen.set(f.key, f.index);
    else if (["schema", "phase", "status", "nextaction", "afkslicesremaining", ...PAUSE_FIELDS.map((k) => k.replace(/_/g, ""))].includes(f.key)) {
      push(f.index, 1, "warning", "state-duplicate-field", `${f.rawKey} appears again (first on line ${doc.view.lines[first]!.number}); only the first is read, delete the other`);
    }
  }

  const reason = doc.cursor.get("pausereason");
  if (reason && reason.value !== "" && !reasonCodes.includes(reason.value)) {
    push(reason.index, colOf(doc, reason.index, reason.valueStart), "error", "state-unknown-pause-reason", `unknown pause_reason ${JSON.stringify(reason.value)}; set it to one of ${reasonCodes.join(", ")}`);
  }
  const resumesAt = doc.cursor.get("resumesat");
  if (resumesAt && resumesAt.value !== "" && !isWorkspaceTimestamp(resumesAt.value)) {
    push(resumesAt.index, colOf(doc, resumesAt.index, resumesAt.valueStart), "error", "state-bad-timestamp", `resumes_at ${JSON.stringify(resumesAt.value)} is not a UTC timestamp (YYYY-MM-DDTHH:MM:SSZ)`);
  }
  for (const key of ["afkslicesremaining", "sequenceposition", "sequenceworkspacesremaining", "blockerattempts"]) {
    const f = doc.cursor.get(key);
    if (f && !/^\d+$/.test(f.value) && !(key === "afkslicesremaining" && isNoCounter(f.value))) {
      const none = key === "afkslicesremaining" ? " (or none for no counter)" : "";
      push(f.index, colOf(doc, f.index, f.valueStart), "error", "state-bad-counter", `${f.rawKey} must be a nonnegative integer (got ${JSON.stringify(f.value)}); write a whole number${none} or delete the line`);
    }
  }

  if (doc.log) {
    for (let i = doc.log.heading + 1; i < doc.log.end; i++) {
      const text = doc.view.lines[i]!.text;
      if (doc.view.fenced[i] || text.trim() === "") continue;
      const m = /^[-*+] (\S+) ([^:\s]+):/.exec(text);
      // The pack's template writes `- <date> <phase>: …`: a bare UTC date is a Log timestamp too.
      if (!m || !(isWorkspaceTimestamp(m[1]!) || /^\d{4}-\d{2}-\d{2}$/.test(m[1]!))) {
        push(i, 1, "warning", "state-log-line", "Log lines read `- <timestamp> <phase>: <what happened>`");
      }
    }
  }
  return out;
}

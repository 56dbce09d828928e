// Cross-file invariants between state.md and questions.md: the awaiting section and the
// question it names, open gates while the run is not paused, pause fields off `blocked`.

import { gateOf, statusOf, type QuestionsDoc } from "../../documents/questions/parse-questions.js";
import type { StateDoc } from "../../documents/state/parse-state.js";
import { PAUSE_FIELDS } from "../cursor.js";
import type { Diagnostic } from "./diagnostic.js";

export interface ModeInfo {
  afk: boolean;
  /** Gates AFK may continue past (validating) or auto-pick (advisory). */
  allowGates: readonly string[];
}

/** Gates whose open questions must have paused the run. */
const PAUSING_GATES = ["blocking", "validating", "escalating"];

/** Invariants that need both state.md and questions.md. */
export function lintWorkspace(state: StateDoc, questions: QuestionsDoc, mode: ModeInfo): Diagnostic[] {
  const out: Diagnostic[] = [];
  const sLine = (index: number) => index + 1;
  const qLine = (index: number) => index + 1;
  const status = state.cursor.get("status");
  const statusValue = status?.value.toLowerCase() ?? "";
  const paused = statusValue === "awaiting_human" || statusValue === "blocked";

  for (const section of state.awaiting) {
    const qidField = section.fields.find((f) => f.key === "questionid");
    if (!qidField || qidField.value === "") {
      out.push({ file: "state.md", line: sLine(section.heading), col: 1, severity: "error", rule: "awaiting-no-question", message: "## Awaiting human names no question (add question_id: <qid>)" });
      continue;
    }
    const col = qidField.valueStart - state.view.lineStart(qidField.index) + 1;
    const blocks = questions.byId.get(qidField.value);
    if (!blocks) {
      out.push({ file: "state.md", line: sLine(qidField.index), col, severity: "error", rule: "awaiting-missing-question", message: `## Awaiting human names ${qidField.value}, which is not in questions.md` });
    } else if (blocks.every((b) => statusOf(b) !== "open")) {
      out.push({
        file: "state.md", line: sLine(qidField.index), col, severity: "error", rule: "awaiting-not-open",
        message: `## Awaiting human names ${qidField.value}, which is ${statusOf(blocks[0]!) || "not open"}; re-run devrites-engine state resolve ${qidField.value} with its answer to clear state.md`,
      });
    }
  }
  if (statusValue === "awaiting_human" && state.awaiting.length === 0) {
    out.push({ file: "state.md", line: sLine(status!.index), col: 1, severity: "error", rule: "awaiting-without-section", message: "status is awaiting_human but there is no ## Awaiting human section naming the question" });
  }
  if (state.awaiting.length > 0 && status && statusValue !== "awaiting_human") {
    out.push({ file: "state.md", line: sLine(state.awaiting[0]!.heading), col: 1, severity: "error", rule: "section-without-awaiting", message: `## Awaiting human is present but status is ${status.value}` });
  }
  if (status && statusValue !== "blocked") {
    for (const key of PAUSE_FIELDS) {
      const f = state.cursor.get(key.replace(/_/g, ""));
      if (f) out.push({ file: "state.md", line: sLine(f.index), col: 1, severity: "error", rule: "pause-fields-not-blocked", message: `${f.rawKey} is set but the run is ${status.value}; pause fields exist only while blocked` });
    }
  }
  if (statusValue === "blocked" && !state.cursor.get("pausereason")) {
    out.push({ file: "state.md", line: sLine(status!.index), col: 1, severity: "warning", rule: "blocked-without-reason", message: "status is blocked but no pause_reason says why (devrites-engine state pause --reason CODE)" });
  }
  if (status && !paused && statusValue !== "") {
    for (const b of questions.blocks) {
      if (statusOf(b) !== "open") continue;
      const gate = gateOf(b);
      if (!PAUSING_GATES.includes(gate)) continue;
      if (gate === "validating" && mode.afk && mode.allowGates.includes("validating")) continue;
      const f = b.field("status");
      out.push({
        file: "questions.md", line: qLine(f ? f.index : b.heading), col: 1, severity: "error", rule: "open-gate-not-paused",
        message: `${b.id} is an open ${gate} question but the run is ${status.value}; pause on it (question add does) or resolve it`,
      });
    }
  }
  return out;
}

// Cross-file invariants between state.md and questions.md: the awaiting section and the
// question it names, open gates while the run is not paused, pause fields off `blocked`.

import { hasWrittenAnswer } from "../../documents/questions/answer-field.js";
import { gateAction, isGate, type RaiseMode } from "../../documents/gates.js";
import { QUESTION_STATUSES, statusOf, type QuestionsDoc } from "../../documents/questions/parse-questions.js";
import type { StateDoc } from "../../documents/state/parse-state.js";
import { PAUSE_FIELDS } from "../run-status.js";
import { forReaders } from "../../for-readers.js";
import { adviceFor, type Diagnostic } from "./diagnostic.js";
import { gateAt, scanQuestions, statusAt } from "../../documents/questions/question-scan.js";
import { shellWord } from "../../shell-word.js";

export interface ModeInfo {
  afk: boolean;
  /** Gates AFK may continue past (validating) or auto-pick (advisory). */
  allowGates: readonly string[];
}

/** The question id of the first awaiting section, when it names one that is open (resolving it clears the section). */
function openAwaited(state: StateDoc, questions: QuestionsDoc): string | undefined {
  const q = state.awaiting[0]?.questionId;
  const blocks = q === undefined ? undefined : questions.withId(q);
  return blocks?.length === 1 && statusOf(blocks[0]!) === "open" ? q : undefined;
}

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
      out.push({ file: "state.md", line: sLine(section.heading), col: 1, severity: "error", rule: "awaiting-no-question", message: "## Awaiting human names no question; add question_id: <qid> to it" });
      continue;
    }
    const col = qidField.valueStart - state.view.lineStart(qidField.index) + 1;
    const blocks = questions.withId(qidField.value);
    if (!blocks) {
      out.push({ file: "state.md", line: sLine(qidField.index), col, severity: "error", rule: "awaiting-missing-question", message: `## Awaiting human names ${qidField.value}, which is not in questions.md; restore its ## ${qidField.value} block, or remove the section and set status: running by hand` });
    } else if (blocks.every((b) => !(QUESTION_STATUSES as readonly string[]).includes(statusOf(b)))) {
      // A hand-edited status ("Pending"): resolve would refuse it as not open, so the step is the edit.
      out.push({
        file: "state.md", line: sLine(qidField.index), col, severity: "error", rule: "awaiting-not-open",
        ...adviceFor(forReaders((h) => `## Awaiting human names ${qidField.value}, whose status is ${JSON.stringify(statusOf(blocks[0]!))}; set it to open in questions.md, then answer it (devrites-engine state resolve ${shellWord(qidField.value)} "<answer>"${h})`)),
      });
    } else if (blocks.every((b) => statusOf(b) !== "open")) {
      const b = blocks[0]!;
      // Answered by hand without the answer: resolving it would find no text, so the step is the text.
      const noText = statusOf(b) === "answered" && !hasWrittenAnswer(b);
      out.push({
        file: "state.md", line: sLine(qidField.index), col, severity: "error", rule: "awaiting-not-open",
        ...adviceFor(forReaders((h) => noText
          ? `## Awaiting human names ${qidField.value}, which is answered in questions.md but has no answer; write it after answer: (questions.md:${qLine(b.field("answer")?.index ?? b.heading)}), then run devrites-engine state resolve ${shellWord(qidField.value)}${h}`
          : `## Awaiting human names ${qidField.value}, which is ${statusOf(b) || "not open"}; clear state.md with devrites-engine state resolve ${shellWord(qidField.value)}${h}`)),
      });
    }
  }
  if (statusValue === "awaiting_human" && state.awaiting.length === 0) {
    out.push({ file: "state.md", line: sLine(status!.index), col: 1, severity: "error", rule: "awaiting-without-section", message: "status is awaiting_human but there is no ## Awaiting human section naming the question; add the section (question_id: <qid>), or set status: running if nothing is awaited" });
  }
  if (state.awaiting.length > 0 && status && statusValue !== "awaiting_human") {
    out.push({ file: "state.md", line: sLine(state.awaiting[0]!.heading), col: 1, severity: "error", rule: "section-without-awaiting", ...adviceFor(forReaders((h) => `## Awaiting human is present but status is ${status.value}; set status: awaiting_human${openAwaited(state, questions) !== undefined ? `, or answer it (devrites-engine state resolve ${shellWord(openAwaited(state, questions)!)} "<answer>"${h} removes the section)` : ""}`)) });
  }
  if (status && statusValue !== "blocked") {
    for (const key of PAUSE_FIELDS) {
      const f = state.cursor.get(key.replace(/_/g, ""));
      if (f) out.push({ file: "state.md", line: sLine(f.index), col: 1, severity: "error", rule: "pause-fields-not-blocked", message: `${f.rawKey} is set but the run is ${status.value}; pause fields exist only while blocked, delete the line (or pause: devrites-engine state pause --reason CODE)` });
    }
  }
  if (statusValue === "blocked" && !state.cursor.get("pausereason")) {
    out.push({ file: "state.md", line: sLine(status!.index), col: 1, severity: "warning", rule: "blocked-without-reason", message: "status is blocked but no pause_reason says why; devrites-engine state pause --reason CODE records one, devrites-engine state resume continues" });
  }
  if (status && !paused && statusValue !== "") {
    // An open question whose gate policy pauses in this mode must have paused the run.
    const raiseMode: RaiseMode = mode.afk ? { afk: true, allowGates: mode.allowGates } : { afk: false };
    const scan = scanQuestions(questions);
    for (let k = 0; k < questions.blocks.length; k++) {
      if (statusAt(questions, scan, k) !== "open") continue;
      const b = questions.blocks[k]!;
      const gate = gateAt(questions, scan, k);
      if (!isGate(gate) || gateAction(gate, raiseMode) !== "pause") continue;
      const f = b.field("status");
      out.push({
        file: "questions.md", line: qLine(f ? f.index : b.heading), col: 1, severity: "error", rule: "open-gate-not-paused",
        // Typically a question queued behind another: resolving that one resumed the run. No
        // command pauses on an existing question, so the step that works is answering or dropping it.
        ...adviceFor(forReaders((h) => `${b.id} is an open ${gate} question but the run is ${status.value}; answer it (devrites-engine state resolve ${shellWord(b.id)} "<answer>"${h}) or drop it (devrites-engine state resolve --drop ${shellWord(b.id)} "<reason>"${h})`)),
      });
    }
  }
  return out;
}

// Every `check` rule over one workspace's texts, in one pure function that `check` and
// `status` share (status leaves out the remark cross-check, which is not cheap).

import type { Sentinel } from "../../documents/afk/sentinel.js";
import { parseQuestions, parseQuestionsBytes, type QuestionsDoc } from "../../documents/questions/parse-questions.js";
import { parseState, type StateDoc } from "../../documents/state/parse-state.js";
import { viewOf } from "../../documents/markdown-view.js";
import { MAX_SKIPPED_LINES_LISTED, readEventLines } from "../events.js";
import type { Diagnostic } from "./diagnostic.js";
import { lintDecisions } from "./lint-decisions.js";
import { lintControlChars, lintControlCharsIn, lintFences } from "./lint-markdown.js";
import { lintQuestions } from "./lint-questions.js";
import { lintState } from "./lint-state.js";
import { lintWorkspace } from "./lint-workspace.js";
import type { Bytes } from "../../documents/bytes.js";

interface WorkspaceTexts {
  state: string;
  /** questions.md as text, or as its bytes (then read through a view of bytes, as parseQuestionsBytes does). */
  questions: string | Bytes;
  decisions: string | undefined;
  touched: string | undefined;
  events: string | undefined;
}

interface LintOptions {
  /** undefined in HITL. */
  sentinel: Sentinel | undefined;
  /** The closed set of pause reason codes. */
  reasonCodes: readonly string[];
  /** Extra rules over touched-files.md (manifest grammar, release union), injected by the caller. */
  manifestRules?: (touched: string) => Diagnostic[];
  /** state.md and questions.md as the caller already parsed them (from these texts), so a big file is parsed once. */
  parsed?: { state: StateDoc; questions: QuestionsDoc };
}

/** Lint a workspace's texts. Diagnostics use file names relative to the workspace (state.md, …) and `AFK`. */
export function lintAll(texts: WorkspaceTexts, opts: LintOptions): Diagnostic[] {
  const state = opts.parsed?.state ?? parseState(texts.state);
  const questions = opts.parsed?.questions ?? (typeof texts.questions === "string" ? parseQuestions(texts.questions) : parseQuestionsBytes(texts.questions));
  const out: Diagnostic[] = [
    ...lintState(state, opts.reasonCodes),
    ...lintFences(state.view, "state.md"),
    ...lintQuestions(questions),
    ...lintFences(questions.view, "questions.md"),
    ...lintWorkspace(state, questions, { afk: opts.sentinel !== undefined, allowGates: opts.sentinel?.allowGates ?? [] }),
  ];
  if (texts.decisions !== undefined) out.push(...lintDecisions(texts.decisions), ...lintFences(viewOf(texts.decisions), "decisions.md"));
  if (texts.touched !== undefined && opts.manifestRules) out.push(...opts.manifestRules(texts.touched));
  out.push(...lintControlChars(texts.state, "state.md"), ...lintControlCharsIn(questions.view, "questions.md"));
  if (texts.decisions !== undefined) out.push(...lintControlChars(texts.decisions, "decisions.md"));
  if (texts.touched !== undefined) out.push(...lintControlChars(texts.touched, "touched-files.md"));
  if (texts.events !== undefined) out.push(...lintEvents(texts.events));
  for (const p of opts.sentinel?.problems ?? []) {
    out.push({ file: "AFK", line: p.line, col: p.col, severity: p.severity, rule: p.rule, message: p.detail });
  }
  return out;
}

/** One warning per events.jsonl line `log` skips (the same reading), the first MAX_SKIPPED_LINES_LISTED by line. */
function lintEvents(text: string): Diagnostic[] {
  const { skipped, skippedLines } = readEventLines(text);
  const out: Diagnostic[] = skippedLines.map((line) => ({
    file: "events.jsonl",
    line,
    col: 1,
    severity: "warning" as const,
    rule: "events-line",
    message: "this audit line is not an event (not JSON, or not an event object: a torn write, or a hand edit) and log skips it; delete or repair the line (the log is append-only otherwise)",
  }));
  const last = skippedLines[skippedLines.length - 1];
  if (skipped > skippedLines.length && last !== undefined) {
    out.push({ file: "events.jsonl", line: last, col: 1, severity: "warning", rule: "events-line", message: `and ${skipped - skippedLines.length} more lines after this one that are not events (only the first ${MAX_SKIPPED_LINES_LISTED} are listed)` });
  }
  return out;
}

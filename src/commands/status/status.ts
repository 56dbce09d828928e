// `status`: where the active workspace stands, why it stopped and the exact command that
// continues it; open questions by gate; AFK budget; check's findings as warnings. Read-only.
// statusModel reads the workspace into one model; renderText and renderJson print it.

import { fieldValue, gateOf, optionsOf, parseQuestionsBytes, statusOf, type QuestionBlock, type QuestionsDoc } from "../../documents/questions/parse-questions.js";
import { cursorValue, parseState, type StateDoc } from "../../documents/state/parse-state.js";
import { parseTimestamp } from "../../domain/clock.js";
import { formatDiagnostic, sortDiagnostics, type Diagnostic } from "../../domain/check/diagnostic.js";
import { lintSession } from "../lint-session.js";
import { gateAt, questionText, scanQuestions, statusAt } from "../../documents/questions/question-scan.js";
import { asksForFreeText } from "../../domain/free-text-option.js";
import { pauseSummaryForPeople } from "../../domain/pause-reasons.js";
import type { Sentinel } from "../../documents/afk/sentinel.js";
import { shortRemaining, type Remaining } from "../../domain/budget.js";
import { awaitedBlocks, budgetSummary, gateRank } from "../../domain/run-summary.js";
import { readSentinel } from "../../workspace/afk.js";
import { isKind } from "../../errors.js";
import type { WorkspaceSession } from "../../workspace/session.js";
import { answerAsRead, hasWrittenAnswer, unreadAnswer, unreadAnswerAdvice, type UnreadAnswer } from "../../documents/questions/answer-field.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";
import { makeStyle, wrap, type Style } from "../format.js";
import { statusMarkdown } from "./markdown.js";
import { shellWord } from "../../shell-word.js";

const WIDTH = 80;

function questionLines(b: QuestionBlock, unread: UnreadAnswer | undefined, s: Style): string[] {
  const lines: string[] = [];
  const slice = fieldValue(b, "slice");
  lines.push(s.bold(`Waiting on ${b.id}`) + ` [${gateOf(b) || "no gate"}]${slice ? ` slice ${slice}` : ""}`);
  lines.push(...wrap(fieldValue(b, "question") ?? "(no question text)", WIDTH, "  "));
  const options = optionsOf(b);
  for (const o of options) lines.push(...wrap(`${o.number}) ${o.raw}`, WIDTH, "  ", "     "));
  const proposed = fieldValue(b, "proposed");
  if (proposed) lines.push(...wrap(`Proposed: ${proposed}`, WIDTH, "  ", "            "));
  const status = statusOf(b);
  if (status === "answered" || status === "dropped") {
    // Already resolved (a crash between the two files, or a hand edit): a new answer would be
    // exit 4; resolving without an answer takes the recorded one and repairs state.md.
    const recorded = answerAsRead(b);
    lines.push(...wrap(`Already ${status} (${recorded || "no text recorded"}) but state.md still waits on it. Repair with:`, WIDTH, "  "));
    lines.push(`    devrites-engine state resolve ${shellWord(b.id)} --human`);
    return lines;
  }
  if (unread) {
    // Resolving from the file would refuse: say what is not read and the edit that fixes it.
    const { problem, fix } = unreadAnswerAdvice(unread);
    lines.push(...wrap(`An answer is written in questions.md, but ${problem} (questions.md:${unread.index + 1}). ${fix[0]!.toUpperCase()}${fix.slice(1)}, then commit it with:`, WIDTH, "  "));
    lines.push(`    devrites-engine state resolve ${shellWord(b.id)} --human`, "  or resolve it another way:");
  } else if (hasWrittenAnswer(b)) {
    lines.push("  An answer is written in questions.md. Commit it with:", `    devrites-engine state resolve ${shellWord(b.id)} --human`, "  or resolve it another way:");
  } else lines.push("  Resolve with:");
  if (options.length > 0 && !asksForFreeText(options[0]!.raw)) lines.push(`    devrites-engine state resolve ${shellWord(b.id)} --option 1 --human`);
  else if (proposed) lines.push(`    devrites-engine state resolve ${shellWord(b.id)} --proposed --human`);
  lines.push(`    devrites-engine state resolve ${shellWord(b.id)} "<your answer>" --human`);
  return lines;
}

/** Why the run is blocked (when it is not waiting on a question). */
interface PauseModel {
  code: string;
  summary: string;
  detail: string | undefined;
  resumesAt: string | undefined;
}

/** The AFK mode and budget as status shows them. */
type ModeModel =
  | { mode: "hitl" }
  | { mode: "invalid"; error: string; why: "unreadable" | "malformed" }
  | { mode: "afk"; sentinel: Sentinel; remaining: Remaining | undefined; counterProblem: string | undefined; queue: number };

/** Everything status prints, read once; the renderers below only format it. */
interface StatusModel {
  workspace: string;
  phase: string;
  runStatus: string;
  next: string | undefined;
  /** The questions state.md waits on that questions.md has. */
  awaited: QuestionBlock[];
  /** Set when the run is blocked and waits on no question. */
  pause: PauseModel | undefined;
  /** How many questions are open, and each gate with its open questions (block indices), most urgent first. */
  openCount: number;
  byGate: { gate: string; blocks: number[] }[];
  /** Block k's question text (fieldValue(block, "question")). */
  question: (k: number) => string | undefined;
  /** The blocks the indices name. */
  ids: readonly QuestionBlock[];
  /** Open questions with an answer written in questions.md (all of it read). */
  written: string[];
  /** Open questions with answer text in questions.md that is not read (answer-field.ts). */
  unread: { qid: string; line: number; unread: UnreadAnswer }[];
  mode: ModeModel;
  diagnostics: Diagnostic[];
}

// The helpers below are top-level functions, not closures inside statusModel: the build compiles
// a top-level function with its file, so Node's compile cache holds it (vite.config.ts,
// eagerFunctions), where a closure is parsed and compiled again at every call.

/** Gates in the order status lists them. */
function byGateRank(a: string, b: string): number {
  return gateRank(a) - gateRank(b);
}

/** A file status reads only to lint it; one it cannot read (a special or huge file) is a diagnostic in `unreadable`, not fatal. */
function readForLint(session: WorkspaceSession, name: "decisions.md" | "touched-files.md", unreadable: Diagnostic[]): string | undefined {
  try {
    return session.read(name, false);
  } catch (e) {
    if (!isKind(e, "unsafe-file")) throw e;
    unreadable.push({ file: name, line: 1, col: 1, severity: "error", rule: "file-unreadable", message: `${e.message}${e.hint !== undefined ? `; ${e.hint}` : ""}` });
    return undefined;
  }
}

async function statusModel(session: WorkspaceSession, stateText: string, questionsBytes: Buffer, state: StateDoc, questions: QuestionsDoc, now: Date): Promise<StatusModel> {
  let read: Parameters<typeof budgetSummary>[0];
  try {
    const mode = await readSentinel(session.ws.root);
    read = { sentinel: mode.mode === "afk" ? mode.sentinel : undefined };
  } catch (e) {
    read = { error: e };
  }
  // An unreadable sentinel or a malformed counter is shown as such (the budget commands refuse
  // them); anything else (a bug) is not status's to hide: the summary rethrows it.
  const budget = budgetSummary(read, state, questions);

  const runStatus = cursorValue(state, "status") ?? "(none)";
  // Why the run stopped.
  const awaited = awaitedBlocks(state, questions);
  let pause: PauseModel | undefined;
  if (awaited.length === 0 && runStatus.toLowerCase() === "blocked") {
    const code = cursorValue(state, "pause_reason") ?? "";
    const resumesAt = cursorValue(state, "resumes_at");
    // The same summary a pause writes into next_action: the label and the UTC resume time.
    const summary = pauseSummaryForPeople(code, parseTimestamp(resumesAt ?? ""), now);
    pause = { code, summary, detail: cursorValue(state, "pause_detail"), resumesAt };
  }

  // Open questions by gate, and the answers people wrote into questions.md that no resolve
  // has committed yet: one pass over the blocks, each decided block read from the scan the
  // lint shares (its status and gate compared in the text, not sliced out of it).
  const scan = scanQuestions(questions);
  const groups = new Map<string, number[]>();
  const written: string[] = [];
  const unread: StatusModel["unread"] = [];
  let openCount = 0;
  const { blocks } = questions;
  for (let k = 0; k < blocks.length; k++) {
    if (statusAt(questions, scan, k) !== "open") continue;
    const b = blocks[k]!;
    openCount++;
    const g = gateAt(questions, scan, k) || "no gate";
    // Push, never copy: copying the list per question made status quadratic in open questions.
    const list = groups.get(g);
    if (list) list.push(k);
    else groups.set(g, [k]);
    // A block the scan decided has no answer written, read or not: only the others are asked.
    if (scan.status[k] !== 0) continue;
    const u = unreadAnswer(questions.view, b);
    if (u) unread.push({ qid: b.id, line: u.index + 1, unread: u });
    else if (hasWrittenAnswer(b)) written.push(b.id);
  }
  const byGate: StatusModel["byGate"] = [];
  for (const gate of [...groups.keys()].sort(byGateRank)) byGate.push({ gate, blocks: groups.get(gate)! });

  // Mode and budget: the budget commands' own rules (domain/budget.ts), the same counter, queue and words.
  const modeModel: ModeModel =
    budget.mode === "unreadable"
      ? { mode: "invalid", error: budget.error.message, why: "unreadable" }
      : budget.mode === "hitl"
        ? { mode: "hitl" }
        : budget.malformed !== undefined
          ? { mode: "invalid", error: budget.malformed, why: "malformed" }
          : { mode: "afk", sentinel: budget.sentinel, remaining: budget.remaining, counterProblem: budget.counterError?.message, queue: budget.queue.total };

  // What check would report (errors make `check` exit 3). The two files status reads only to
  // lint them are reported, not fatal, when they cannot be read (a special or huge file): status
  // still says where the run stands, as `status --markdown`, which does not read them, does.
  const unreadable: Diagnostic[] = [];
  const texts = { state: stateText, questions: questionsBytes, decisions: readForLint(session, "decisions.md", unreadable), touched: readForLint(session, "touched-files.md", unreadable), events: undefined };
  const diagnostics = sortDiagnostics([...unreadable, ...lintSession(session, texts, budget.mode === "afk" ? budget.sentinel : undefined, { state, questions })]);
  return {
    workspace: session.ws.slug,
    phase: cursorValue(state, "phase") ?? "(none)",
    runStatus,
    next: cursorValue(state, "next_action"),
    awaited,
    pause,
    openCount,
    byGate,
    question: (k) => questionText(questions, scan, k),
    ids: blocks,
    written,
    unread,
    mode: modeModel,
    diagnostics,
  };
}

function renderText(m: StatusModel, s: Style): string[] {
  const lines: string[] = [
    `${s.dim("Workspace:")} ${s.bold(m.workspace)}`,
    `${s.dim("Phase:")}     ${m.phase}`,
    `${s.dim("Status:")}    ${m.runStatus}`,
    ...wrap(`${m.next ?? "(none)"}`, WIDTH, `${s.dim("Next:")}      `, "           "),
  ];
  if (m.awaited.length > 0) {
    lines.push("");
    for (const b of m.awaited) lines.push(...questionLines(b, m.unread.find((u) => u.qid === b.id)?.unread, s));
  } else if (m.pause) {
    const p = m.pause;
    lines.push("", `${s.bold("Paused:")} ${p.summary}`);
    if (p.detail) lines.push(...wrap(p.detail, WIDTH, "  "));
    if (p.code === "usage_cap") lines.push("  Resume with: devrites-engine state resume --auto (once the cap resets),", "               or devrites-engine state resume");
    else if (p.code === "slice_cap" && m.mode.mode === "afk" && m.mode.remaining?.value === 0) {
      // Resuming at 0 slices would stop at the next budget check: the grant comes first.
      lines.push("  Grant more slices first (a person): devrites-engine budget grant <N> --human", "  Resume with: devrites-engine state resume");
    }
    else lines.push("  Resume with: devrites-engine state resume");
  }

  lines.push("");
  if (m.openCount === 0) lines.push("Open questions: none");
  else {
    lines.push(`Open questions: ${m.openCount} (${m.byGate.map((g) => `${g.blocks.length} ${g.gate}`).join(", ")})`);
    for (const { gate, blocks } of m.byGate) {
      for (const k of blocks) {
        const head = `  ${gate.padEnd(10)}  ${m.ids[k]!.id}  `;
        const text = m.question(k) ?? "";
        const room = Math.max(10, WIDTH - head.length);
        lines.push(head + (text.length > room ? text.slice(0, room - 1) + "…" : text));
      }
    }
  }
  if (m.written.length > 0) {
    lines.push("", ...wrap(`Answered in questions.md, not yet committed: ${m.written.join(" ")}`, WIDTH, "", "  "));
    lines.push("  Commit them with: devrites-engine state resolve --filled --human");
  }

  lines.push("");
  const mode = m.mode;
  if (mode.mode === "invalid" && mode.why === "unreadable") lines.push(`Mode:      AFK sentinel unreadable: ${mode.error}`);
  else if (mode.mode === "hitl") lines.push("Mode:      HITL (no .devrites/AFK sentinel)");
  // A malformed sentinel stops every budget command (exit 5); say so instead of a budget.
  else if (mode.mode === "invalid") lines.push(...wrap(`AFK sentinel malformed — budget commands refuse to run: ${mode.error}`, WIDTH, "Mode:      ", "           "));
  else {
    const { counts } = mode.sentinel;
    const slices = mode.remaining ? shortRemaining(mode.remaining, counts.max_slices) : `slice counter malformed (${mode.counterProblem})`;
    const parts = [slices, `review queue ${mode.queue}${counts.max_review_queue !== undefined ? `/${counts.max_review_queue}` : ""}`];
    // `≤32`, not `≤ 32`: a wrap must not leave a lone `≤` at the end of a line.
    if (counts.max_agents !== undefined) parts.push(`agents ≤${counts.max_agents}`);
    if (counts.max_minutes !== undefined) parts.push(`minutes ≤${counts.max_minutes}`);
    lines.push(...wrap(`AFK — ${parts.join(", ")}`, WIDTH, "Mode:      ", "           "));
  }

  // check's findings, labelled by severity.
  if (m.diagnostics.length > 0) {
    const errors = m.diagnostics.filter((d) => d.severity === "error").length;
    const warnings = m.diagnostics.length - errors;
    const counts = [errors > 0 ? `${errors} error${errors === 1 ? "" : "s"}` : "", warnings > 0 ? `${warnings} warning${warnings === 1 ? "" : "s"}` : ""].filter(Boolean).join(", ");
    lines.push("", (errors > 0 ? s.red : s.yellow)(`Problems (${counts}; devrites-engine check for details):`));
    for (const d of m.diagnostics) lines.push(...wrap(formatDiagnostic(d), WIDTH, "  ", "    "));
  }
  return lines;
}

function renderJson(m: StatusModel): Record<string, unknown> {
  const mode = m.mode;
  const counts = mode.mode === "afk" ? mode.sentinel.counts : undefined;
  // Every key is always present (awaiting [] and pause null when they do not apply): a stable shape.
  return {
    workspace: m.workspace,
    phase: m.phase,
    status: m.runStatus,
    next_action: m.next ?? null,
    awaiting: m.awaited.map((b) => ({ qid: b.id, gate: gateOf(b), question: fieldValue(b, "question") ?? "", options: optionsOf(b).map((o) => o.raw), proposed: fieldValue(b, "proposed") ?? null })),
    pause: m.pause ? { reason: m.pause.code || null, summary: m.pause.summary, detail: m.pause.detail ?? null, resumes_at: m.pause.resumesAt ?? null } : null,
    open_questions: Object.fromEntries(m.byGate.map((g) => [g.gate, g.blocks.map((k) => m.ids[k]!.id)])),
    written_answers: m.written,
    unread_answers: m.unread.map((u) => ({ qid: u.qid, line: u.line, problem: unreadAnswerAdvice(u.unread).problem, fix: unreadAnswerAdvice(u.unread).fix })),
    mode:
      mode.mode === "afk"
        ? { mode: "afk", slices_remaining: mode.remaining?.value ?? null, slices_source: mode.remaining?.source ?? "malformed", max_slices: counts!.max_slices ?? null, review_queue: mode.queue, max_review_queue: counts!.max_review_queue ?? null, allow_gates: mode.sentinel.allowGates }
        : mode.mode === "invalid"
          ? { mode: "invalid", error: mode.error }
          : { mode: "hitl" },
    // JSON is an agent's: the findings' advice without --human (for-readers.ts).
    warnings: m.diagnostics.map((d) => formatDiagnostic(d, d.file, true)),
  };
}

export async function status(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const session = ctx.workspace();
  session.recoverIfNeeded();
  const stateText = session.read("state.md", true);
  // questions.md is read through a view of its bytes: status compares ASCII and takes out
  // values, so a large file is never decoded whole (docs/performance.md).
  const questionsBytes = session.readBytes("questions.md", true);
  const state = parseState(stateText);
  const questions = parseQuestionsBytes(questionsBytes);
  if (args.options.markdown === true) return statusMarkdown(session.ws.slug, state, questions);
  const model = await statusModel(session, stateText, questionsBytes, state, questions, ctx.now);
  // Only the form that is printed is built (13,000 open questions are 13,000 lines or ids).
  if (ctx.json) return { exit: 0, lines: [], data: renderJson(model) };
  const s = makeStyle(ctx.io.stdoutIsTTY && !ctx.json && ctx.io.env.NO_COLOR === undefined);
  return { exit: 0, lines: renderText(model, s), data: { workspace: model.workspace } };
}

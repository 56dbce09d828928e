// `status`: where the active workspace stands, why it stopped and the exact command that
// continues it; open questions by gate; AFK budget; check's findings as warnings. Read-only.

import { BadInputError } from "../errors.js";
import { fieldValue, gateOf, optionsOf, parseQuestions, statusOf, type QuestionBlock } from "../documents/questions/parse-questions.js";
import { cursorValue, parseState } from "../documents/state/parse-state.js";
import { parseTimestamp } from "../domain/clock.js";
import { formatDiagnostic, sortDiagnostics } from "../domain/check/diagnostic.js";
import { lintAll } from "../domain/check/lint-all.js";
import { asksForFreeText } from "../domain/free-text-option.js";
import { pauseSummaryForPeople, REASON_CODES } from "../domain/pause-reasons.js";
import { firstError } from "../documents/afk/sentinel.js";
import { effectiveRemaining, readSliceCounter, reviewQueue, shortRemaining, type Remaining } from "../domain/budget.js";
import { readSentinel, type Mode } from "../workspace/afk.js";
import { hasWrittenAnswer } from "../domain/written-answers.js";
import type { CommandArgs, CommandContext, Outcome } from "./types.js";
import { makeStyle, wrap, type Style } from "./format.js";
import { statusMarkdown } from "./status-markdown.js";

const WIDTH = 80;
/** Most urgent first. */
const GATE_ORDER = ["blocking", "escalating", "validating", "advisory"];

function questionLines(b: QuestionBlock, s: Style): string[] {
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
    const recorded = fieldValue(b, "answer") ?? "";
    lines.push(...wrap(`Already ${status} (${recorded || "no text recorded"}) but state.md still waits on it. Repair with:`, WIDTH, "  "));
    lines.push(`    devrites-engine state resolve ${b.id} --human`);
    return lines;
  }
  if (hasWrittenAnswer(b)) {
    lines.push("  An answer is written in questions.md. Commit it with:", `    devrites-engine state resolve ${b.id} --human`, "  or resolve it another way:");
  } else lines.push("  Resolve with:");
  if (options.length > 0 && !asksForFreeText(options[0]!.raw)) lines.push(`    devrites-engine state resolve ${b.id} --option 1 --human`);
  else if (proposed) lines.push(`    devrites-engine state resolve ${b.id} --proposed --human`);
  lines.push(`    devrites-engine state resolve ${b.id} "<your answer>" --human`);
  return lines;
}

export async function status(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  if (args.positionals.length > 0) throw new BadInputError(`status takes no arguments (got ${args.positionals.join(" ")})`);
  const session = ctx.workspace();
  session.recoverIfNeeded();
  const stateText = session.read("state.md", true);
  const questionsText = session.read("questions.md", true);
  const state = parseState(stateText);
  const questions = parseQuestions(questionsText);
  if (args.options.markdown === true) return statusMarkdown(session.ws.slug, state, questions);
  const s = makeStyle(ctx.io.stdoutIsTTY && !ctx.json && ctx.io.env.NO_COLOR === undefined);

  let mode: Mode = { mode: "hitl" };
  let sentinelError: string | undefined;
  try {
    mode = await readSentinel(session.ws.root);
  } catch (e) {
    sentinelError = (e as Error).message;
  }

  const phase = cursorValue(state, "phase") ?? "(none)";
  const runStatus = cursorValue(state, "status") ?? "(none)";
  const next = cursorValue(state, "next_action");
  const lines: string[] = [
    `${s.dim("Workspace:")} ${s.bold(session.ws.slug)}`,
    `${s.dim("Phase:")}     ${phase}`,
    `${s.dim("Status:")}    ${runStatus}`,
    ...wrap(`${next ?? "(none)"}`, WIDTH, `${s.dim("Next:")}      `, "           "),
  ];
  // Every key is always present (awaiting [] and pause null when they do not apply): a stable shape.
  const data: Record<string, unknown> = { workspace: session.ws.slug, phase, status: runStatus, next_action: next ?? null, awaiting: [], pause: null };

  // Why the run stopped.
  const awaitedIds = state.awaiting.map((a) => a.questionId).filter((q): q is string => q !== undefined);
  const awaited = awaitedIds.map((id) => questions.byId.get(id)?.[0]).filter((b): b is QuestionBlock => b !== undefined);
  if (awaited.length > 0) {
    lines.push("");
    for (const b of awaited) lines.push(...questionLines(b, s));
    data.awaiting = awaited.map((b) => ({ qid: b.id, gate: gateOf(b), question: fieldValue(b, "question") ?? "", options: optionsOf(b).map((o) => o.raw), proposed: fieldValue(b, "proposed") ?? null }));
  } else if (runStatus.toLowerCase() === "blocked") {
    const code = cursorValue(state, "pause_reason") ?? "";
    const until = parseTimestamp(cursorValue(state, "resumes_at") ?? "");
    // The same summary a pause writes into next_action: the label and the UTC resume time.
    const summary = pauseSummaryForPeople(code, until, ctx.now);
    const detail = cursorValue(state, "pause_detail");
    lines.push("", `${s.bold("Paused:")} ${summary}`);
    if (detail) lines.push(...wrap(detail, WIDTH, "  "));
    if (code === "usage_cap") lines.push("  Resume with: devrites-engine state resume --auto (once the cap resets),", "               or devrites-engine state resume");
    else lines.push("  Resume with: devrites-engine state resume");
    data.pause = { reason: code || null, summary, detail: detail ?? null, resumes_at: cursorValue(state, "resumes_at") ?? null };
  }

  // Open questions by gate.
  const open = questions.blocks.filter((b) => statusOf(b) === "open");
  const byGate = new Map<string, QuestionBlock[]>();
  for (const b of open) {
    const g = gateOf(b) || "no gate";
    // Push, never copy: copying the list per question made status quadratic (10k open: 1.3 s).
    const list = byGate.get(g);
    if (list) list.push(b);
    else byGate.set(g, [b]);
  }
  const gateOrder = [...GATE_ORDER, ...[...byGate.keys()].filter((g) => !GATE_ORDER.includes(g))].filter((g) => byGate.has(g));
  lines.push("");
  if (open.length === 0) lines.push("Open questions: none");
  else {
    lines.push(`Open questions: ${open.length} (${gateOrder.map((g) => `${byGate.get(g)!.length} ${g}`).join(", ")})`);
    for (const g of gateOrder) {
      for (const b of byGate.get(g)!) {
        const head = `  ${g.padEnd(10)}  ${b.id}  `;
        const text = fieldValue(b, "question") ?? "";
        const room = Math.max(10, WIDTH - head.length);
        lines.push(head + (text.length > room ? text.slice(0, room - 1) + "…" : text));
      }
    }
  }
  data.open_questions = Object.fromEntries(gateOrder.map((g) => [g, byGate.get(g)!.map((b) => b.id)]));
  // Answers people wrote into questions.md that no resolve has committed yet.
  const written = open.filter(hasWrittenAnswer).map((b) => b.id);
  if (written.length > 0) {
    lines.push("", ...wrap(`Answered in questions.md, not yet committed: ${written.join(" ")}`, WIDTH, "", "  "));
    lines.push("  Commit them with: devrites-engine state resolve --filled --human");
  }
  data.written_answers = written;

  // Mode and budget.
  lines.push("");
  if (sentinelError) {
    lines.push(`Mode:      AFK sentinel unreadable: ${sentinelError}`);
    data.mode = { mode: "invalid", error: sentinelError };
  } else if (mode.mode === "hitl") {
    lines.push("Mode:      HITL (no .devrites/AFK sentinel)");
    data.mode = { mode: "hitl" };
  } else if (firstError(mode.sentinel)) {
    // A malformed sentinel stops every budget command (exit 5); say so instead of a budget.
    const err = firstError(mode.sentinel)!;
    lines.push(...wrap(`AFK sentinel malformed — budget commands refuse to run: ${err.message}`, WIDTH, "Mode:      ", "           "));
    data.mode = { mode: "invalid", error: err.message };
  } else {
    // The budget commands' own rules (domain/budget.ts): the same counter, queue and words.
    const sent = mode.sentinel;
    const max = sent.counts.max_slices;
    const cap = sent.counts.max_review_queue;
    let remaining: Remaining | undefined;
    let counterProblem: string | undefined;
    try {
      remaining = effectiveRemaining(readSliceCounter(state)?.value, max);
    } catch (e) {
      // A malformed counter stops the budget commands (exit 5); status says so and goes on.
      counterProblem = (e as Error).message;
    }
    const queue = reviewQueue(questions, 0, cap).total;
    const slices = remaining ? shortRemaining(remaining, max) : `slice counter malformed (${counterProblem})`;
    const parts = [slices, `review queue ${queue}${cap !== undefined ? `/${cap}` : ""}`];
    // `≤32`, not `≤ 32`: a wrap must not leave a lone `≤` at the end of a line.
    if (sent.counts.max_agents !== undefined) parts.push(`agents ≤${sent.counts.max_agents}`);
    if (sent.counts.max_minutes !== undefined) parts.push(`minutes ≤${sent.counts.max_minutes}`);
    lines.push(...wrap(`AFK — ${parts.join(", ")}`, WIDTH, "Mode:      ", "           "));
    data.mode = { mode: "afk", slices_remaining: remaining?.value ?? null, slices_source: remaining?.source ?? "malformed", max_slices: max ?? null, review_queue: queue, max_review_queue: cap ?? null, allow_gates: sent.allowGates };
  }

  // What check would report, labelled by severity (errors make `check` exit 3).
  const diagnostics = sortDiagnostics(
    lintAll(
      { state: stateText, questions: questionsText, decisions: session.read("decisions.md", false), touched: undefined, events: undefined },
      { sentinel: mode.mode === "afk" ? mode.sentinel : undefined, reasonCodes: REASON_CODES, parsed: { state, questions } },
    ),
  );
  if (diagnostics.length > 0) {
    const errors = diagnostics.filter((d) => d.severity === "error").length;
    const warnings = diagnostics.length - errors;
    const counts = [errors > 0 ? `${errors} error${errors === 1 ? "" : "s"}` : "", warnings > 0 ? `${warnings} warning${warnings === 1 ? "" : "s"}` : ""].filter(Boolean).join(", ");
    lines.push("", (errors > 0 ? s.red : s.yellow)(`Problems (${counts}; devrites-engine check for details):`));
    for (const d of diagnostics) lines.push(...wrap(formatDiagnostic(d), WIDTH, "  ", "    "));
  }
  data.warnings = diagnostics.map((d) => formatDiagnostic(d));
  return { exit: 0, lines, data };
}

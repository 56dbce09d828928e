// `question add`: raise a question under the workspace lock (id allocation, block, gate policy)
// and, when an AFK run paused on it, run the sentinel's notify hook after the commit.

import { parseState } from "../../documents/state/parse-state.js";
import { assertSchema } from "../../domain/schema-gate.js";
import { notifyEnvironment } from "../../domain/notify-env.js";
import { gateAction, type RaiseMode } from "../../documents/gates.js";
import { parseRaiseInput, planRaise, type RaisePlan } from "../../domain/raise-question.js";
import { renderMissingFile } from "../../domain/init-workspace.js";
import { readValidSentinel } from "../../workspace/afk.js";
import type { WorkspaceSession } from "../../workspace/session.js";
import { parseQuestions } from "../../documents/questions/parse-questions.js";
import { commentQuestion, renderCommentMarkdown } from "../markdown-comment.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";
import { shellWord } from "../../shell-word.js";

/** How long the notify hook (and everything it starts) may run. */
export const NOTIFY_TIMEOUT_MS = 10_000;

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

function outcomeLines(plan: RaisePlan): string[] {
  const lines = [`Raised: ${plan.qid}`];
  switch (plan.outcome) {
    case "paused":
      lines.push(`Paused:   the run awaits this answer (${plan.gate})`, `Resolve:  devrites-engine state resolve ${shellWord(plan.qid)} "<answer>" --human`);
      break;
    case "queued":
      lines.push(`Queued:   behind ${plan.queuedBehind} (the run stays paused on it)`);
      break;
    case "auto_picked":
      lines.push(`Auto-picked (AFK): ${plan.proposed}`, `Decision: ${plan.decisionId}`);
      break;
    case "open":
      lines.push(`Open:     the run continues (${plan.gate})`);
      if (plan.note !== undefined) lines.push(`Note:     ${plan.note}`);
      break;
  }
  const files = ["questions.md", plan.state !== undefined ? "state.md" : undefined, plan.decisions !== undefined ? "decisions.md" : undefined].filter(Boolean);
  lines.push(`Workspace: ${files.join(" + ")} updated.`);
  return lines;
}

/** The new question as `questions show --markdown` renders it (the comment a hook posts). */
async function questionMarkdown(session: WorkspaceSession, qid: string): Promise<string> {
  try {
    const block = parseQuestions(session.read("questions.md", true)).byId.get(qid)?.[0];
    return block ? await renderCommentMarkdown({ slug: session.ws.slug, questions: [commentQuestion(block)] }) : "";
  } catch {
    // The hook still runs (DEVRITES_QUESTION and the rest carry the question).
    return "";
  }
}

/** The notify hook as an Outcome.after: failures become a warning and a `notify_failed` event. */
function notifyHook(ctx: CommandContext, session: WorkspaceSession, command: string, notifyEnv: readonly string[], plan: RaisePlan, slice: string | undefined, question: string): () => Promise<string[]> {
  return async () => {
    const markdown = await questionMarkdown(session, plan.qid);
    const env = notifyEnvironment(ctx.io.env, notifyEnv, {
      DEVRITES_QID: plan.qid,
      DEVRITES_GATE: plan.gate,
      DEVRITES_SLICE: slice ?? "",
      DEVRITES_SLUG: session.ws.slug,
      DEVRITES_QUESTION: question,
      DEVRITES_PROPOSED: plan.proposed ?? "",
      DEVRITES_MARKDOWN: markdown,
    });
    const { runNotify } = await import("../../adapters/notify.js");
    const timeoutMs = ctx.io.notifyTimeoutMs ?? NOTIFY_TIMEOUT_MS;
    // In the caller's directory (the CLI's own; an MCP call's or a test's io.cwd, not the server's).
    const r = await runNotify(command, env, timeoutMs, ctx.io.cwd);
    if (r.ok) return [];
    const why = r.timedOut
      ? `timed out after ${timeoutMs / 1000} s`
      : r.exitCode !== undefined ? `exit ${r.exitCode}` : r.signal !== undefined ? `killed by ${r.signal}` : (r.error ?? "could not start");
    const last = r.stderr.split("\n").pop() ?? "";
    const warnings = [`notify hook failed (${why})${last !== "" ? `: ${last}` : ""}; ${plan.qid} is recorded, but nobody was notified`];
    try {
      session.mutate(() => ({
        changes: {
          files: new Map(),
          events: [{
            event: "notify_failed",
            qid: plan.qid,
            detail: { timed_out: r.timedOut, exit_code: r.exitCode ?? null, signal: r.signal ?? null, stderr: r.stderr, ...(r.error !== undefined ? { error: r.error } : {}) },
          }],
        },
        result: undefined,
      }));
    } catch (e) {
      warnings.push(`could not record the notify_failed event: ${(e as Error).message}`);
    }
    return warnings;
  };
}

/** `question add`. */
export async function questionAdd(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const session = ctx.workspace();
  session.recoverIfNeeded();
  session.read("questions.md", true);
  assertSchema(parseState(session.read("state.md", true)), session.ws.slug);

  const o = args.options;
  const input = parseRaiseInput({
    gate: str(o.gate),
    question: str(o.question),
    slice: str(o.slice),
    options: Array.isArray(o.option) ? o.option : typeof o.option === "string" ? [o.option] : [],
    proposed: str(o.proposed),
    route: str(o.route),
    impact: str(o.impact),
    supersedes: str(o.supersedes),
    blockingSlices: str(o["blocking-slices"]),
    // Messages name options as the caller knows them: `--question` here, the tool's `question` over MCP.
    flag: ctx.flag,
  });
  const sentinel = await readValidSentinel(ctx.root());
  const mode: RaiseMode = sentinel.mode === "afk" ? { afk: true, allowGates: sentinel.sentinel.allowGates } : { afk: false };

  const plan = session.mutate(() => {
    const state = session.read("state.md", true);
    // No questions.md yet (real workspaces get it with their first question): created here.
    const questions = session.read("questions.md", false) ?? renderMissingFile("questions.md", session.ws.slug, state);
    assertSchema(parseState(state), session.ws.slug);
    const decisions = gateAction(input.gate, mode) === "auto_pick" ? session.read("decisions.md", false) : undefined;
    const p = planRaise({ slug: session.ws.slug, questions, state, decisions }, input, mode, ctx.now, ctx.flag);
    const files = new Map<string, string>([["questions.md", p.questions]]);
    if (p.state !== undefined) files.set("state.md", p.state);
    if (p.decisions !== undefined) files.set("decisions.md", p.decisions);
    return { changes: { files, events: p.events }, result: p };
  });

  const outcome: Outcome = {
    exit: 0,
    lines: outcomeLines(plan),
    data: {
      workspace: session.ws.slug,
      qid: plan.qid,
      gate: plan.gate,
      outcome: plan.outcome,
      proposed: plan.proposed ?? null,
      queued_behind: plan.queuedBehind ?? null,
      decision: plan.decisionId ?? null,
      files: ["questions.md", plan.state !== undefined && "state.md", plan.decisions !== undefined && "decisions.md"].filter(Boolean),
    },
  };
  const notify = sentinel.mode === "afk" ? sentinel.sentinel.notify : undefined;
  if (plan.outcome === "paused" && notify !== undefined && notify.trim() !== "" && sentinel.mode === "afk") {
    outcome.after = notifyHook(ctx, session, notify, sentinel.sentinel.notifyEnv, plan, input.slice, input.question);
  }
  return outcome;
}

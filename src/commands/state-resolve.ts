// `state resolve`: answer, drop, or batch-resolve questions; clears state.md when the awaited
// question is among them. Checks run in the order commands.md gives: workspace, schema,
// arguments, lock, question. Without an answer, the one written in questions.md counts.

import { BadInputError } from "../errors.js";
import type { FileContent } from "../documents/text-edit.js";
import { parseBatch } from "../documents/batch/parse-batch.js";
import { parseState } from "../documents/state/parse-state.js";
import { assertSchema, normalizeText } from "../domain/cursor.js";
import { planResolve, type EntryOutcome, type ResolveEntry, type ResolvePlan } from "../domain/resolve-question.js";
import { filledEntries } from "../domain/written-answers.js";
import { readUserFile } from "../workspace/user-files.js";
import { interactiveResolve } from "./state-resolve-interactive.js";
import type { WorkspaceSession } from "../workspace/session.js";
import type { CommandArgs, CommandContext, Outcome } from "./types.js";

export const RESOLVE_USAGE =
  "usage: devrites-engine state resolve [--human] [--record-decision] <qid> <answer…> | <qid> --option N | <qid> --proposed | <qid> (the answer written in questions.md) | --drop <qid> [<reason…>] | --batch <file> [--dry-run] | --filled [--dry-run]";

/** Open the workspace and pass the checks every resolve form shares (files, schema gate). */
export function openForResolve(ctx: CommandContext): WorkspaceSession {
  const session = ctx.workspace();
  session.recoverIfNeeded();
  session.check("questions.md", true);
  const state = session.read("state.md", true);
  assertSchema(parseState(state), session.ws.slug);
  return session;
}

function usage(message: string): BadInputError {
  return new BadInputError(message, { hint: RESOLVE_USAGE.replace(/^usage: /, "") });
}

/** Turn the command line into resolve entries (exit 5 for anything malformed); `filled`: found under the lock. */
function entriesFrom(ctx: CommandContext, args: CommandArgs): { entries: ResolveEntry[]; batch: boolean; filled?: boolean } {
  const o = args.options;
  const pos = args.positionals;
  if (o.filled) {
    if (pos.length > 0 || o.drop || o.option !== undefined || o.proposed || o.batch !== undefined) throw usage("--filled takes no question id, answer, --option, --proposed, --drop or --batch");
    return { entries: [], batch: true, filled: true };
  }
  if (typeof o.batch === "string") {
    if (pos.length > 0 || o.drop || o.option !== undefined || o.proposed) throw usage("--batch takes no question id or answer");
    const text = readUserFile(ctx.io.cwd, o.batch);
    if (text === undefined) throw new BadInputError(`Batch file not found: ${o.batch}`, { hint: `no readable file at ${o.batch} (relative to ${ctx.io.cwd})` });
    const entries = parseBatch(text, o.batch).map<ResolveEntry>((e) => ({
      qid: e.qid,
      kind: e.kind,
      source: { kind: "text", text: e.kind === "drop" && e.payload === "" ? "dropped" : normalizeText([e.payload], () => `answer for ${e.qid} (${o.batch}:${e.line})`) },
      where: { file: o.batch as string, line: e.line },
    }));
    if (entries.length === 0) throw new BadInputError(`${o.batch} has no entries`, { hint: "write one `qid: answer` per line" });
    for (const e of entries) if (e.source.kind === "text" && e.source.text === "") throw new BadInputError(`${o.batch}:${e.where!.line}: empty answer for ${e.qid} (line ${e.where!.line})`);
    return { entries, batch: true };
  }
  if (o["dry-run"]) throw usage("--dry-run goes with --batch or --filled");
  const qid = pos[0];
  if (qid === undefined || qid === "") throw usage("a question id is required");
  const words = pos.slice(1);
  if (o.drop) {
    if (o.option !== undefined || o.proposed) throw usage("--drop takes a reason, not --option or --proposed");
    if (o["record-decision"]) throw usage("--record-decision records answers, not drops");
    const reason = normalizeText(words, "drop reason");
    return { entries: [{ qid, kind: "drop", source: { kind: "text", text: reason === "" ? "dropped" : reason } }], batch: false };
  }
  if (o.option !== undefined || o.proposed) {
    if (words.length > 0) throw usage("give either answer text or --option/--proposed, not both");
    if (o.option !== undefined && o.proposed) throw usage("give either --option N or --proposed");
    if (o.proposed) return { entries: [{ qid, kind: "answer", source: { kind: "proposed" } }], batch: false };
    const n = String(o.option);
    if (!/^[1-9]\d*$/.test(n)) throw usage(`--option takes an option number (1, 2, …), not ${JSON.stringify(n)}`);
    return { entries: [{ qid, kind: "answer", source: { kind: "option", number: Number(n) } }], batch: false };
  }
  // No answer at all: the one a person wrote under the block's answer: (exit 5 when empty).
  if (words.length === 0) return { entries: [{ qid, kind: "answer", source: { kind: "file" } }], batch: false };
  const answer = normalizeText(words, `answer for ${qid}`);
  if (answer === "") throw new BadInputError(`Answer text required for ${qid}`, { hint: `devrites-engine state resolve ${qid} "<answer>"` });
  return { entries: [{ qid, kind: "answer", source: { kind: "text", text: answer } }], batch: false };
}

function entryLine(o: EntryOutcome, batch: boolean): string[] {
  if (o.already) return [`Already resolved: ${o.qid}`];
  if (batch) return [o.kind === "answer" ? `Resolved: ${o.qid}` : `Dropped:  ${o.qid}: ${o.text}`];
  return o.kind === "answer" ? [`Resolved: ${o.qid}`, "Status:   answered"] : [`Dropped:  ${o.qid}`, `Reason:   ${o.text}`];
}

function workspaceLine(plan: ResolvePlan): string {
  const names = [
    plan.questions !== undefined ? "questions.md" : undefined,
    plan.state !== undefined ? "state.md" : undefined,
    plan.decisions !== undefined ? "decisions.md" : undefined,
  ].filter((x): x is string => x !== undefined);
  return names.length === 0 ? "Workspace: no change." : `Workspace: ${names.join(" + ")} updated.`;
}

/** Run the resolve transaction for `entries` (also used by interactive mode). */
export function resolveEntries(
  ctx: CommandContext,
  session: WorkspaceSession,
  entries: ResolveEntry[],
  opts: { human: boolean; recordDecision: boolean; dryRun: boolean; batch: boolean; filled?: boolean },
): Outcome {
  const plan = session.mutate(() => {
    // Bytes: a resolve decodes only the blocks it edits (a 10,000-question file stays bytes).
    const questions = session.readBytes("questions.md", true);
    const state = session.read("state.md", true);
    assertSchema(parseState(state), session.ws.slug);
    const decisions = opts.recordDecision ? session.read("decisions.md", false) : undefined;
    // --filled: the open blocks with a written answer, read under the lock like everything else.
    const list = opts.filled ? filledEntries(questions) : entries;
    const p: ResolvePlan | undefined = list.length === 0 ? undefined : planResolve(
      { slug: session.ws.slug, questions, state, decisions },
      { entries: list, human: opts.human, recordDecision: opts.recordDecision, now: ctx.now },
    );
    if (p === undefined) return { changes: { files: new Map(), events: [] }, result: p };
    const files = new Map<string, FileContent>();
    if (!opts.dryRun) {
      if (p.questions !== undefined) files.set("questions.md", p.questions);
      if (p.state !== undefined) files.set("state.md", p.state);
      if (p.decisions !== undefined) files.set("decisions.md", p.decisions);
    }
    return { changes: { files, events: opts.dryRun ? [] : p.events }, result: p };
  });
  if (plan === undefined) {
    return { exit: 0, lines: ["nothing to resolve"], data: { workspace: session.ws.slug, dry_run: opts.dryRun, results: [], files: [] } };
  }
  const lines = plan.outcomes.flatMap((o) => entryLine(o, opts.batch));
  lines.push(workspaceLine(plan));
  if (opts.dryRun) lines.push("Dry run: nothing written.");
  return {
    exit: 0,
    lines,
    data: {
      workspace: session.ws.slug,
      dry_run: opts.dryRun,
      results: plan.outcomes.map((o) => ({ qid: o.qid, outcome: o.already ? "already_resolved" : o.kind === "answer" ? "answered" : "dropped", text: o.text })),
      files: [plan.questions && "questions.md", plan.state && "state.md", plan.decisions && "decisions.md"].filter(Boolean),
    },
  };
}

/** `state resolve` (non-interactive forms). */
export async function stateResolve(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const interactive =
    args.options.interactive === true ||
    (args.positionals.length === 0 && args.options.batch === undefined && !args.options.drop && !args.options.filled && ctx.io.stdinIsTTY && ctx.io.stdoutIsTTY && !ctx.json);
  const session = openForResolve(ctx);
  if (interactive) {
    return interactiveResolve(ctx, session, args, resolveEntries);
  }
  const { entries, batch, filled } = entriesFrom(ctx, args);
  return resolveEntries(ctx, session, entries, {
    human: args.options.human === true,
    recordDecision: args.options["record-decision"] === true,
    dryRun: args.options["dry-run"] === true,
    batch,
    filled,
  });
}

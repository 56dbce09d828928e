// `state resolve`: answer, drop, or batch-resolve questions; clears state.md when the awaited
// question is among them. Checks run in this order: workspace and its files, arguments,
// schema gate, lock, question. Without an answer, the one written in questions.md counts.

import { BadInputError, EngineError, NoWorkspaceError } from "../errors.js";
import { forReaders } from "../for-readers.js";
import type { FileContent } from "../documents/text-edit.js";
import { parseBatchLines } from "../documents/batch/parse-batch.js";
import { searchesBytes } from "../documents/questions/block-source.js";
import { parseState } from "../documents/state/parse-state.js";
import { normalizeText } from "../domain/normalize-text.js";
import { assertSchema } from "../domain/schema-gate.js";
import { planResolve, type EntryFailure, type ResolveEntry, type ResolveInput, type ResolvePlan } from "../domain/resolve-question.js";
import type { EventDraft } from "../domain/events.js";
import { filledEntries } from "../domain/written-answers.js";
import { COMMENTS_MAX_BYTES, readUserFile, readUserInput } from "../workspace/user-files.js";
import type { WorkspaceSession } from "../workspace/session.js";
import { commentsOf, parseComments, type TicketComment } from "../documents/comments/parse-comments.js";
import { missingQuestionId } from "./resolve-which-question.js";
import { reportResolve } from "./resolve-report.js";
import type { CommandArgs, CommandContext, Outcome } from "./types.js";

/** The grammar of every resolve form: the command table's usage line and the hints of its errors. */
export const RESOLVE_USAGE =
  "devrites-engine state resolve [--human] [--record-decision] <qid> <answer…> | <qid> --option N | <qid> --proposed | <qid> (the answer written in questions.md) | --drop <qid> [<reason…>] | --batch <file> | --filled | --from-comments <file|->; each form takes --dry-run";

/** Open the workspace and pass the checks every resolve form shares (files, schema gate). */
function openForResolve(ctx: CommandContext, checkArguments: (session: WorkspaceSession) => void = () => {}): WorkspaceSession {
  const session = ctx.workspace();
  session.recoverIfNeeded();
  // Elsewhere a missing questions.md reads as an empty queue; resolve keeps commands.md's
  // step 1 (exit 2, asserted by the public conformance suite), with a hint that fits it.
  if (!session.check("questions.md", false)) {
    throw new NoWorkspaceError(`questions.md missing at ${session.path("questions.md")}`, {
      kind: "file-missing",
      hint: "this workspace has no questions yet, so there is nothing to resolve (devrites-engine migrate or question add creates questions.md)",
    });
  }
  const state = session.read("state.md", true);
  // Arguments before the schema gate: a malformed command line is exit 5 on any workspace,
  // so a caller learns to fix its call before it learns to migrate.
  checkArguments(session);
  assertSchema(parseState(state), session.ws.slug);
  return session;
}

/** The grammar as a hint: an agent's leaves out `[--human]` (for-readers.ts). */
function usage(ctx: CommandContext, message: string): BadInputError {
  return new BadInputError(message, { hint: ctx.usage() });
}

/**
 * Every refused batch line in one error: the first line's message, kind and exit code when
 * it is alone; otherwise all of them, one per line in file order, with the first's exit code.
 */
export function batchFailure(file: string, failures: readonly EntryFailure[]): EngineError {
  const sorted = [...failures].sort((a, b) => a.line - b.line);
  const first = sorted[0]!.error;
  if (sorted.length === 1) return first;
  return new EngineError(first.kind, `${file}: ${sorted.length} entries refused, nothing written:\n${sorted.map((f) => `  ${f.error.message}`).join("\n")}`, {
    hint: `fix every listed line, then run the batch again (exit ${first.exitCode} is the first line's)`,
    data: { failures: sorted.map((f) => ({ line: f.line, exit: f.error.exitCode, error: f.error.message, hint: f.error.agentHint ?? null })) },
  });
}

/** Turn the command line into resolve entries (exit 5 for anything malformed; a batch collects its bad lines; `filled`: found under the lock). */
function entriesFrom(ctx: CommandContext, args: CommandArgs, session: WorkspaceSession): { entries: ResolveEntry[]; batch: boolean; failures?: EntryFailure[]; file?: string; filled?: boolean; comments?: TicketComment[] } {
  const o = args.options;
  const pos = args.positionals;
  // Messages name options as the caller knows them: `--option` here, the tool's `option` over MCP.
  const f = (name: string) => ctx.flag(name);
  if (typeof o["from-comments"] === "string") {
    if (pos.length > 0 || o.drop || o.option !== undefined || o.proposed || o.batch !== undefined || o.filled) throw usage(ctx, `${f("from-comments")} takes no question id, answer, ${f("option")}, ${f("proposed")}, ${f("drop")}, ${f("batch")} or ${f("filled")}`);
    const file = o["from-comments"];
    if (args.input?.comments !== undefined) return { entries: [], batch: true, comments: commentsOf(args.input.comments, file) };
    const text = readUserInput(ctx.io.cwd, file, COMMENTS_MAX_BYTES);
    return { entries: [], batch: true, comments: parseComments(text, file === "-" ? "standard input" : file) };
  }
  if (o.filled) {
    if (pos.length > 0 || o.drop || o.option !== undefined || o.proposed || o.batch !== undefined) throw usage(ctx, `${f("filled")} takes no question id, answer, ${f("option")}, ${f("proposed")}, ${f("drop")} or ${f("batch")}`);
    return { entries: [], batch: true, filled: true };
  }
  if (typeof o.batch === "string") {
    if (pos.length > 0 || o.drop || o.option !== undefined || o.proposed) throw usage(ctx, `${f("batch")} takes no question id or answer`);
    const text = args.input?.batch ?? readUserFile(ctx.io.cwd, o.batch);
    if (text === undefined) throw new BadInputError(`Batch file not found: ${o.batch}`, { hint: `no readable file at ${o.batch} (relative to ${ctx.io.cwd})` });
    const parsed = parseBatchLines(text, o.batch);
    const failures: EntryFailure[] = [...parsed.errors];
    const entries: ResolveEntry[] = [];
    for (const e of parsed.entries) {
      const where = { file: o.batch, line: e.line };
      if (e.form === "option") {
        entries.push({ qid: e.qid, kind: "answer", source: { kind: "option", number: e.option! }, where });
        continue;
      }
      if (e.form === "proposed") {
        entries.push({ qid: e.qid, kind: "answer", source: { kind: "proposed" }, where });
        continue;
      }
      let answer: string;
      try {
        answer = e.kind === "drop" && e.payload === "" ? "dropped" : normalizeText([e.payload], () => `answer for ${e.qid} (${o.batch}:${e.line})`);
      } catch (err) {
        failures.push({ line: e.line, error: err as BadInputError });
        continue;
      }
      if (answer === "") failures.push({ line: e.line, error: new BadInputError(`empty answer for ${e.qid}`, { kind: "bad-batch", at: { file: o.batch, line: e.line } }) });
      else entries.push({ qid: e.qid, kind: e.kind, source: { kind: "text", text: answer }, where });
    }
    if (entries.length === 0 && failures.length === 0) throw new BadInputError(`${o.batch} has no entries`, { hint: "write one `qid: answer` per line" });
    return { entries, batch: true, failures, file: o.batch };
  }
  const qid = pos[0];
  if (qid === undefined || qid === "") throw missingQuestionId(ctx, args, session);
  const words = pos.slice(1);
  if (o.drop) {
    if (o.option !== undefined || o.proposed) throw usage(ctx, `${f("drop")} takes a reason, not ${f("option")} or ${f("proposed")}`);
    if (o["record-decision"]) throw usage(ctx, `${f("record-decision")} records answers, not drops`);
    const reason = normalizeText(words, "drop reason");
    return { entries: [{ qid, kind: "drop", source: { kind: "text", text: reason === "" ? "dropped" : reason } }], batch: false };
  }
  if (o.option !== undefined || o.proposed) {
    if (words.length > 0) throw usage(ctx, `give either answer text or ${f("option")}/${f("proposed")}, not both`);
    if (o.option !== undefined && o.proposed) throw usage(ctx, `give either ${f("option")} N or ${f("proposed")}`);
    if (o.proposed) return { entries: [{ qid, kind: "answer", source: { kind: "proposed" } }], batch: false };
    const n = String(o.option);
    if (!/^[1-9]\d*$/.test(n)) throw usage(ctx, `${f("option")} takes an option number (1, 2, …), not ${JSON.stringify(n)}`);
    return { entries: [{ qid, kind: "answer", source: { kind: "option", number: Number(n) } }], batch: false };
  }
  // No answer at all: the one a person wrote under the block's answer: (exit 5 when empty).
  if (words.length === 0) return { entries: [{ qid, kind: "answer", source: { kind: "file" } }], batch: false };
  const answer = normalizeText(words, `answer for ${qid}`);
  if (answer === "") throw new BadInputError(`Answer text required for ${qid}`, { hint: forReaders((h) => `devrites-engine state resolve ${qid} "<answer>"${h}`) });
  return { entries: [{ qid, kind: "answer", source: { kind: "text", text: answer } }], batch: false };
}

export interface ResolveOptions {
  human: boolean;
  recordDecision: boolean;
  dryRun: boolean;
  batch: boolean;
  failures?: readonly EntryFailure[];
  file?: string;
  filled?: boolean;
  /** Skip (and report here) entries whose question is closed with another outcome, instead of exit 4. */
  onConflict?: ResolveInput["onConflict"];
  /** One more change to state.md in the same transaction, after the answers (a `resume` from a ticket). */
  thenState?: (state: string) => { state: string; events: EventDraft[] } | undefined;
  /** Text after an entry's qid in its output line (who answered, from where). */
  describe?: (qid: string) => string;
}

/** Run the resolve transaction for `entries` (also used by interactive mode). */
export function resolveEntries(
  ctx: CommandContext,
  session: WorkspaceSession,
  entries: ResolveEntry[],
  opts: ResolveOptions,
): Outcome {
  const compute = () => {
    // A resolve of a few entries decodes only the blocks it edits (a 10,000-question file stays
    // on disk, read in windows and written back by ranges); a batch or --filled parses it whole.
    const whole = opts.filled || !searchesBytes(entries.length);
    const state = session.read("state.md", true);
    const stateDoc = parseState(state);
    assertSchema(stateDoc, session.ws.slug);
    const decisions = opts.recordDecision ? session.read("decisions.md", false) : undefined;
    // --filled: the open blocks with a written answer, read under the lock like everything else.
    const questions = whole ? session.readBytes("questions.md", true) : session.readForBlocks("questions.md");
    const list = opts.filled && Buffer.isBuffer(questions) ? filledEntries(questions) : entries;
    // A batch collects every refused line (the command line's first, then the questions'), then writes nothing.
    const failures = opts.batch ? [...(opts.failures ?? [])] : undefined;
    if (list.length === 0 && opts.thenState === undefined) {
      // Every entry refused is still a refusal: "nothing to resolve" would drop the answers silently.
      if (failures !== undefined && failures.length > 0) throw batchFailure(opts.file ?? "batch", failures);
      return { changes: { files: new Map<string, FileContent>(), events: [] }, result: undefined };
    }
    let p: ResolvePlan = planResolve(
      { slug: session.ws.slug, questions, state, stateDoc, decisions },
      { entries: list, human: opts.human, recordDecision: opts.recordDecision, now: ctx.now, failures, onConflict: opts.onConflict },
    );
    if (failures !== undefined && failures.length > 0) throw batchFailure(opts.file ?? "batch", failures);
    const then = opts.thenState?.(p.state ?? state);
    if (then !== undefined) p = { ...p, state: then.state, events: [...p.events, ...then.events] };
    if (list.length === 0 && then === undefined) return { changes: { files: new Map<string, FileContent>(), events: [] }, result: undefined };
    const files = new Map<string, FileContent>();
    if (!opts.dryRun) {
      if (p.questions !== undefined) files.set("questions.md", p.questions);
      if (p.state !== undefined) files.set("state.md", p.state);
      if (p.decisions !== undefined) files.set("decisions.md", p.decisions);
    }
    return { changes: { files, events: opts.dryRun ? [] : p.events }, result: p };
  };
  // Bad batch lines are argument errors, found before the lock (commands.md's order): the
  // questions are still checked, read-only, so every refused line is reported at once.
  try {
    if (opts.failures !== undefined && opts.failures.length > 0) compute();
  } finally {
    session.release();
  }
  const plan = session.mutate(compute);
  return reportResolve(session.ws.slug, plan, opts);
}

/** `state resolve` (non-interactive forms). */
export async function stateResolve(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const interactive =
    args.options.interactive === true ||
    (args.positionals.length === 0 && args.options.batch === undefined && args.options["from-comments"] === undefined && !args.options.drop && !args.options.filled && ctx.io.stdinIsTTY && ctx.io.stdoutIsTTY && !ctx.json);
  let parsed: ReturnType<typeof entriesFrom> | undefined;
  const session = openForResolve(ctx, (opened) => {
    if (!interactive) parsed = entriesFrom(ctx, args, opened);
  });
  if (interactive || parsed === undefined) {
    // A person at prompts, never an agent's step: its code is loaded only now (vite.config.ts
    // puts it in the lazily loaded commands chunk), so no other resolve compiles it.
    const { interactiveResolve } = await import("./state-resolve-interactive.js");
    return interactiveResolve(ctx, session, args, resolveEntries);
  }
  const { entries, batch, failures, file, filled, comments } = parsed;
  if (comments !== undefined) {
    const { resolveFromComments } = await import("./resolve-from-comments.js");
    return resolveFromComments(ctx, session, comments, { dryRun: args.options["dry-run"] === true, recordDecision: args.options["record-decision"] === true });
  }
  return resolveEntries(ctx, session, entries, {
    human: args.options.human === true,
    recordDecision: args.options["record-decision"] === true,
    dryRun: args.options["dry-run"] === true,
    batch,
    failures,
    file,
    filled,
  });
}

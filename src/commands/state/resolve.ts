// `state resolve`: answer, drop, or batch-resolve questions; clears state.md when the awaited
// question is among them. Checks run in this order: workspace and its files, arguments,
// schema gate, lock, question. Without an answer, the one written in questions.md counts.

import { BadInputError, NoWorkspaceError } from "../../errors.js";
import { forReaders } from "../../for-readers.js";
import { parseBatchLines } from "../../documents/batch/parse-batch.js";
import { KeptList } from "../../documents/kept-list.js";
import { parseState } from "../../documents/state/parse-state.js";
import { normalizeText } from "../../domain/normalize-text.js";
import { assertSchema } from "../../domain/schema-gate.js";
import type { EntryFailure, ResolveEntry } from "../../domain/resolve-question.js";
import { COMMENTS_MAX_BYTES, readUserFile, readUserInput } from "../../workspace/user-files.js";
import type { WorkspaceSession } from "../../workspace/session.js";
import { commentsOf, parseComments, type TicketComment } from "../../documents/comments/parse-comments.js";
import { missingQuestionId } from "./resolve-which-question.js";
import { resolveEntries } from "./resolve-entries.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";
import { shellWord } from "../../shell-word.js";

/** The grammar of every resolve form: the command table's usage line and the hints of its errors. */
export const RESOLVE_USAGE =
  "devrites-engine state resolve [--human] [--record-decision] <qid> <answer…> | <qid> --option N | <qid> --proposed | <qid> (the answer written in questions.md) | --drop <qid> [<reason…>] | --batch <file> | --filled | --from-comments <file|->; each form takes --dry-run";

/** Open the workspace and pass the checks every resolve form shares (files, schema gate). */
function openForResolve(ctx: CommandContext, checkArguments: (session: WorkspaceSession) => void = () => {}, found?: string): WorkspaceSession {
  const session = ctx.workspace(found);
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
 * `--from-comments`: its arguments checked and the thread read (exit 5 for anything malformed).
 * Before the workspace is located: the thread may name its workspace.
 */
function threadFrom(ctx: CommandContext, args: CommandArgs): TicketComment[] {
  const o = args.options;
  const f = (name: string) => ctx.flag(name);
  if (args.positionals.length > 0 || o.drop || o.option !== undefined || o.proposed || o.batch !== undefined || o.filled) throw usage(ctx, `${f("from-comments")} takes no question id, answer, ${f("option")}, ${f("proposed")}, ${f("drop")}, ${f("batch")} or ${f("filled")}`);
  const file = o["from-comments"] as string;
  if (args.input?.comments !== undefined) return commentsOf(args.input.comments, file);
  const text = readUserInput(ctx.io.cwd, file, COMMENTS_MAX_BYTES);
  return parseComments(text, file === "-" ? "standard input" : file);
}

/** Turn the command line into resolve entries (exit 5 for anything malformed; a batch collects its bad lines; `filled`: found under the lock). */
function entriesFrom(ctx: CommandContext, args: CommandArgs, session: WorkspaceSession): { entries: ResolveEntry[]; batch: boolean; failures?: KeptList<EntryFailure>; file?: string; filled?: boolean } {
  const o = args.options;
  const pos = args.positionals;
  // Messages name options as the caller knows them: `--option` here, the tool's `option` over MCP.
  const f = (name: string) => ctx.flag(name);
  if (o.filled) {
    if (pos.length > 0 || o.drop || o.option !== undefined || o.proposed || o.batch !== undefined) throw usage(ctx, `${f("filled")} takes no question id, answer, ${f("option")}, ${f("proposed")}, ${f("drop")} or ${f("batch")}`);
    return { entries: [], batch: true, filled: true };
  }
  if (typeof o.batch === "string") {
    if (pos.length > 0 || o.drop || o.option !== undefined || o.proposed) throw usage(ctx, `${f("batch")} takes no question id or answer`);
    const text = args.input?.batch ?? readUserFile(ctx.io.cwd, o.batch);
    if (text === undefined) throw new BadInputError(`Batch file not found: ${o.batch}`, { hint: `no readable file at ${o.batch}${o.batch.startsWith("/") ? "" : ` (relative to ${ctx.io.cwd})`}; - reads the answers from standard input` });
    const parsed = parseBatchLines(text, o.batch);
    const failures: KeptList<EntryFailure> = parsed.errors;
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
    if (entries.length === 0 && failures.count === 0) throw new BadInputError(`${o.batch} has no entries`, { hint: "write one `qid: answer` per line" });
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
  if (answer === "") throw new BadInputError(`Answer text required for ${qid}`, { hint: forReaders((h) => `devrites-engine state resolve ${shellWord(qid)} "<answer>"${h}`) });
  return { entries: [{ qid, kind: "answer", source: { kind: "text", text: answer } }], batch: false };
}

/** `state resolve` (non-interactive forms). */
export async function stateResolve(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const interactive =
    args.options.interactive === true ||
    (args.positionals.length === 0 && args.options.batch === undefined && args.options["from-comments"] === undefined && !args.options.drop && !args.options.filled && ctx.io.stdinIsTTY && ctx.io.stdoutIsTTY && !ctx.json);
  if (!interactive && typeof args.options["from-comments"] === "string") {
    const comments = threadFrom(ctx, args);
    const { resolveFromComments } = await import("./resolve-from-comments.js");
    return resolveFromComments(ctx, comments, {
      dryRun: args.options["dry-run"] === true,
      recordDecision: args.options["record-decision"] === true,
      open: (found) => openForResolve(ctx, () => {}, found),
    });
  }
  let parsed: ReturnType<typeof entriesFrom> | undefined;
  const session = openForResolve(ctx, (opened) => {
    if (!interactive) parsed = entriesFrom(ctx, args, opened);
  });
  if (interactive || parsed === undefined) {
    // A person at prompts, never an agent's step: its code is loaded only now (vite.config.ts
    // puts it in the lazily loaded commands chunk), so no other resolve compiles it.
    const { interactiveResolve } = await import("./resolve-interactive.js");
    return interactiveResolve(ctx, session, args, resolveEntries);
  }
  const { entries, batch, failures, file, filled } = parsed;
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

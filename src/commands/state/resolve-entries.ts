// The resolve transaction every form of state resolve ends in (answers, a batch, --filled,
// ticket comments, interactive mode): read under the lock, plan, write, report; and the one
// error of a batch's refused lines. Its own file, so the forms' files import it and not each other.

import { EngineError } from "../../errors.js";
import type { FileContent } from "../../documents/text-edit.js";
import { searchesBytes } from "../../documents/questions/block-source.js";
import { parseState } from "../../documents/state/parse-state.js";
import { assertSchema } from "../../domain/schema-gate.js";
import { planResolve, type EntryFailure, type ResolveEntry, type ResolveInput, type ResolvePlan } from "../../domain/resolve-question.js";
import type { EventDraft } from "../../domain/events.js";
import { filledEntries } from "../../domain/written-answers.js";
import { KeptList } from "../../documents/kept-list.js";
import type { WorkspaceSession } from "../../workspace/session.js";
import { reportResolve } from "./resolve-report.js";
import type { CommandContext, Outcome } from "../types.js";

/**
 * Every refused batch line in one error: the first line's message, kind and exit code when
 * it is alone; otherwise the kept ones (the first KEPT_FAILURES found), one per line in file
 * order, with how many more were refused and the first's exit code.
 */
export function batchFailure(file: string, failures: KeptList<EntryFailure>): EngineError {
  const sorted = [...failures.kept].sort((a, b) => a.line - b.line);
  const first = sorted[0]!.error;
  if (failures.count === 1) return first;
  const more = failures.dropped > 0 ? [`  …and ${failures.dropped} more refused line(s), not listed`] : [];
  return new EngineError(first.kind, `${file}: ${failures.count} entries refused, nothing written:\n${[...sorted.map((f) => `  ${f.error.message}`), ...more].join("\n")}`, {
    hint: `fix every listed line, then run the batch again (exit ${first.exitCode} is the first line's)`,
    data: { failure_count: failures.count, failures: sorted.map((f) => ({ line: f.line, exit: f.error.exitCode, error: f.error.message, hint: f.error.agentHint ?? null })) },
  });
}

/** A fresh list holding what `from` holds (each compute run adds the questions' failures to its own). */
function copyOf(from: KeptList<EntryFailure> | undefined): KeptList<EntryFailure> {
  const to = new KeptList<EntryFailure>();
  if (from !== undefined) {
    for (const f of from.kept) to.push(f);
    to.count = from.count;
  }
  return to;
}

export interface ResolveOptions {
  human: boolean;
  recordDecision: boolean;
  dryRun: boolean;
  batch: boolean;
  failures?: KeptList<EntryFailure>;
  file?: string;
  filled?: boolean;
  /** Skip (and report here) entries whose question is closed with another outcome, instead of exit 4. */
  onConflict?: ResolveInput["onConflict"];
  /** One more change to state.md in the same transaction, after the answers (a `resume` from a ticket). */
  thenState?: (state: string) => { state: string; events: EventDraft[] } | undefined;
  /** Text after an entry's qid in its output line (who answered, from where). */
  describe?: (qid: string) => string;
  /**
   * A ticket thread: a refused entry is handed to `refused` and skipped instead of refusing the
   * whole run, and the plan is made again with `retry()`'s entries (undefined once a plan
   * refused nothing): a refused answer answered nothing, so its question's next answer counts.
   */
  skip?: { refused(f: EntryFailure): void; retry(): ResolveEntry[] | undefined };
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
    const failures = opts.batch ? copyOf(opts.failures) : undefined;
    if (list.length === 0 && opts.thenState === undefined) {
      // Every entry refused is still a refusal: "nothing to resolve" would drop the answers silently.
      if (failures !== undefined && failures.count > 0) throw batchFailure(opts.file ?? "batch", failures);
      return { changes: { files: new Map<string, FileContent>(), events: [] }, result: undefined };
    }
    const texts = { slug: session.ws.slug, questions, state, stateDoc, decisions };
    const planOf = (entries: ResolveEntry[]) =>
      planResolve(texts, { entries, human: opts.human, recordDecision: opts.recordDecision, now: ctx.now, failures: opts.skip ? { push: (f) => opts.skip!.refused(f) } : failures, onConflict: opts.onConflict });
    let list2 = list;
    let p: ResolvePlan = planOf(list2);
    for (let next = opts.skip?.retry(); next !== undefined; next = opts.skip!.retry()) {
      list2 = next;
      p = planOf(list2);
    }
    if (failures !== undefined && failures.count > 0) throw batchFailure(opts.file ?? "batch", failures);
    const then = opts.thenState?.(p.state ?? state);
    if (then !== undefined) p = { ...p, state: then.state, events: [...p.events, ...then.events] };
    if (list2.length === 0 && then === undefined) return { changes: { files: new Map<string, FileContent>(), events: [] }, result: undefined };
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
    if (opts.failures !== undefined && opts.failures.count > 0) compute();
  } finally {
    session.release();
  }
  const plan = session.mutate(compute);
  return reportResolve(session.ws.slug, plan, opts);
}

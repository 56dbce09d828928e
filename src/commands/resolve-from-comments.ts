// `state resolve --from-comments <file|->`: answers a person wrote on the ticket, read from the
// comment JSON `gh api` prints. Only trusted people count (domain/comment-answers.ts); their
// lines take the batch grammar and commit like a batch, all or nothing, as `answered_by: human`.
// The first answer to a question wins; later differing ones are reported, never applied.

import { BadInputError, isKind } from "../errors.js";
import { parseBatchLine } from "../documents/batch/parse-batch.js";
import type { TicketComment } from "../documents/comments/parse-comments.js";
import { readComments, type CommentLine, type IgnoredComment } from "../domain/comment-answers.js";
import { normalizeText } from "../domain/normalize-text.js";
import { planResume } from "../domain/resume-run.js";
import type { EntryFailure, ResolveEntry } from "../domain/resolve-question.js";
import { readValidSentinel } from "../workspace/afk.js";
import { readEvents } from "../workspace/events.js";
import type { WorkspaceSession } from "../workspace/session.js";
import { batchFailure, resolveEntries } from "./resolve-entries.js";
import type { CommandContext, Outcome } from "./types.js";

const REASONS: Record<IgnoredComment["reason"], string> = {
  bot: "a bot",
  "not-a-person": "not a person's account",
  "no-user": "no author",
  "not-an-answerer": "not in the sentinel's answerers",
  association: "not an owner, member or collaborator",
  "engine-comment": "the engine's own comment",
};

/** A comment's answer the first answer to its question overrode (or a closed question's record). */
interface NotApplied {
  qid: string;
  comment_id: string;
  login: string;
  reason: string;
}

/** One answer line as a resolve entry, or the error naming its comment and line. */
function entryOf(l: CommentLine): ResolveEntry | EntryFailure {
  const where = { file: `comment ${l.commentId}`, line: l.line };
  const r = parseBatchLine(l.text, where)!;
  if ("error" in r) return { line: l.line, error: r.error };
  const e = r.entry;
  const provenance = { via: "comment", comment_id: l.commentId, login: l.login };
  if (e.form === "option") return { qid: e.qid, kind: "answer", source: { kind: "option", number: e.option! }, where, provenance };
  if (e.form === "proposed") return { qid: e.qid, kind: "answer", source: { kind: "proposed" }, where, provenance };
  try {
    const text = e.kind === "drop" && e.payload === "" ? "dropped" : normalizeText([e.payload], () => `answer for ${e.qid} (comment ${l.commentId}, line ${l.line})`);
    return { qid: e.qid, kind: e.kind, source: { kind: "text", text }, where, provenance };
  } catch (err) {
    if (err instanceof BadInputError) return { line: l.line, error: err };
    throw err;
  }
}

/** How an entry answers, to tell a repeated answer from a different one. */
function sameAnswer(a: ResolveEntry, b: ResolveEntry): boolean {
  return a.kind === b.kind && JSON.stringify(a.source) === JSON.stringify(b.source);
}

/** `state resolve --from-comments`: the comments' answers (and `resume`), committed as one batch. */
export async function resolveFromComments(
  ctx: CommandContext,
  session: WorkspaceSession,
  comments: TicketComment[],
  opts: { dryRun: boolean; recordDecision: boolean },
): Promise<Outcome> {
  const mode = await readValidSentinel(session.ws.root);
  const answerers = mode.mode === "afk" ? mode.sentinel.answerers : undefined;
  const reading = readComments(comments, answerers);

  const failures: EntryFailure[] = [];
  const firsts = new Map<string, ResolveEntry>();
  const notApplied: NotApplied[] = [];
  for (const l of reading.answers) {
    const e = entryOf(l);
    if ("error" in e) {
      failures.push(e);
      continue;
    }
    const first = firsts.get(e.qid);
    if (first === undefined) firsts.set(e.qid, e);
    else if (!sameAnswer(first, e)) {
      notApplied.push({ qid: e.qid, comment_id: l.commentId, login: l.login, reason: `answered differently first (comment ${first.provenance!.comment_id} by ${first.provenance!.login})` });
    }
  }
  if (failures.length > 0) throw batchFailure("comments", failures);
  const entries = [...firsts.values()];
  const byQid = new Map(entries.map((e) => [e.qid, e.provenance!]));

  // A closed question's record is the first answer: a comment that differs is reported.
  const closedConflicts = new Map<string, NotApplied>();
  const onConflict = (entry: ResolveEntry, recorded: { status: string; answer: string }) => {
    closedConflicts.set(entry.qid, { qid: entry.qid, comment_id: entry.provenance!.comment_id!, login: entry.provenance!.login!, reason: `already ${recorded.status}: ${JSON.stringify(recorded.answer)}` });
  };

  // `resume` acts once per comment, and only on a pause that began before the comment.
  let resumeNote: string | undefined;
  let resumedBy: CommentLine | undefined;
  const thenState = reading.resumes.length === 0 ? undefined : (state: string) => {
    resumeNote = undefined;
    resumedBy = undefined;
    const { events } = readEvents(session.ws.dir);
    const used = new Set(events.filter((e) => e.event === "resumed").map((e) => String((e.detail as Record<string, unknown> | undefined)?.comment_id ?? "")));
    const pausedAt = events.filter((e) => e.event === "paused").map((e) => Date.parse(e.ts)).reduce((a, b) => Math.max(a, b), -Infinity);
    const byId = new Map(comments.map((c) => [c.id, c]));
    const line = reading.resumes.find((r) => !used.has(r.commentId) && Date.parse(byId.get(r.commentId)!.createdAt) >= pausedAt);
    if (line === undefined) return undefined;
    try {
      const plan = planResume(state, { auto: false, note: `from comment ${line.commentId} by ${line.login}` }, ctx.now);
      if (plan.kind !== "resumed") return undefined;
      resumedBy = line;
      return { state: plan.state, events: plan.events.map((ev) => ({ ...ev, detail: { ...ev.detail, via: "comment", comment_id: line.commentId, login: line.login } })) };
    } catch (e) {
      // Paused on a question: only its answer resumes the run.
      if (!isKind(e, "refused", "not-resumable")) throw e;
      resumeNote = `resume in comment ${line.commentId} not applied: ${e.message}`;
      return undefined;
    }
  };

  const out = resolveEntries(ctx, session, entries, {
    human: true,
    recordDecision: opts.recordDecision,
    dryRun: opts.dryRun,
    batch: true,
    file: "comments",
    onConflict,
    thenState,
    describe: (qid) => {
      const p = byQid.get(qid);
      return p ? ` (by ${p.login}, comment ${p.comment_id})` : "";
    },
  });

  const skipped = [...notApplied, ...closedConflicts.values()];
  const extra = [
    ...(resumedBy ? [`Resumed:  run (by ${resumedBy.login}, comment ${resumedBy.commentId})`] : []),
    ...(resumeNote ? [`Note:     ${resumeNote}`] : []),
    ...skipped.map((s) => `Not applied: ${s.qid} from comment ${s.comment_id} by ${s.login}: ${s.reason}`),
    ...(reading.ignored.length > 0 ? [`Ignored:  ${reading.ignored.length} comment(s): ${reading.ignored.map((i) => `${i.id}${i.login ? ` by ${i.login}` : ""} (${REASONS[i.reason]})`).join("; ")}`] : []),
  ];
  // The Workspace: (or nothing to resolve) line stays last, as in every resolve.
  const workspaceAt = out.lines.findIndex((l) => l.startsWith("Workspace:") || l === "nothing to resolve");
  const lines = workspaceAt < 0 ? [...out.lines, ...extra] : [...out.lines.slice(0, workspaceAt), ...extra, ...out.lines.slice(workspaceAt)];
  return {
    ...out,
    lines,
    data: {
      ...out.data,
      results: (out.data.results as { qid: string }[]).map((r) => ({ ...r, ...(byQid.has(r.qid) ? { login: byQid.get(r.qid)!.login, comment_id: byQid.get(r.qid)!.comment_id } : {}) })),
      counted: reading.counted,
      ignored: reading.ignored.map((i) => ({ comment_id: i.id, login: i.login, reason: i.reason })),
      not_applied: skipped,
      resumed: resumedBy ? { comment_id: resumedBy.commentId, login: resumedBy.login } : null,
      ...(resumeNote ? { resume_note: resumeNote } : {}),
    },
  };
}

// `state resolve --from-comments <file|->`: answers a person wrote on the ticket, read from the
// comment JSON `gh api` prints. Only trusted people count (domain/comment-answers.ts); their
// lines take the batch grammar and commit in one transaction as `answered_by: human`. Unlike a
// batch file, a thread is never refused for one bad line: the line is reported and skipped, and
// the question's next answer counts. The first answer that applies wins; later differing ones
// are reported, never applied. A thread that names its workspace answers only there.

import { BadInputError, isKind, locatedAt, type EngineError } from "../../errors.js";
import { readBatchLine } from "../../documents/batch/parse-batch.js";
import { pastedAnswer } from "../../documents/comments/pasted-command.js";
import type { TicketComment } from "../../documents/comments/parse-comments.js";
import { KeptList } from "../../documents/kept-list.js";
import { answerLines, currentWorkspace, oldestFirst, readComments, threadWorkspaces, type CommentLine, type IgnoredComment } from "../../domain/comment-answers.js";
import { normalizeText } from "../../domain/normalize-text.js";
import { planResume } from "../../domain/resume-run.js";
import type { EntryFailure, ResolveEntry } from "../../domain/resolve-question.js";
import { readValidSentinel } from "../../workspace/afk.js";
import { readEvents } from "../../workspace/events.js";
import { locateAnyWorkspace } from "../../workspace/locate.js";
import type { WorkspaceSession } from "../../workspace/session.js";
import { resolveEntries } from "./resolve-entries.js";
import type { CommandContext, Outcome } from "../types.js";

const REASONS: Record<IgnoredComment["reason"], string> = {
  bot: "a bot",
  app: "made through an app",
  "not-a-person": "not a person's account",
  "no-user": "no author",
  "not-an-answerer": "not in the sentinel's answerers",
  association: "not an owner, member or collaborator",
  "engine-comment": "the engine's own comment",
  "other-workspace": "another workspace's",
};

/** A comment's answer the first answer to its question overrode (or a closed question's record). */
interface NotApplied {
  qid: string;
  comment_id: string;
  login: string;
  reason: string;
}

/** A line that answered nothing: refused, reported, skipped. */
interface Skipped {
  comment_id: string;
  login: string;
  line: number;
  exit: number;
  error: string;
  hint: string | null;
}

interface Source {
  comment: TicketComment;
  line: CommentLine;
}

/** One answer line as a resolve entry, or how to build the error naming its comment and line. */
function entryOf(c: TicketComment, l: CommentLine, slug: string): ResolveEntry | (() => EngineError) {
  const where = { file: `comment ${c.id}`, line: l.line };
  let text = l.text;
  if (l.pasted) {
    const p = pastedAnswer(l.text, where);
    if ("error" in p) return () => p.error;
    if (p.workspace !== undefined && p.workspace !== slug) {
      return () => new BadInputError(`the pasted command names workspace ${JSON.stringify(p.workspace)}; this thread answers in ${slug}`, { kind: "bad-batch", at: where, hint: "reply with the line for this workspace's question" });
    }
    text = p.line;
  }
  // The engine's comment shows `qid: <your answer>`: pasted unchanged, it answers nothing.
  const placeholder = PLACEHOLDER.exec(text);
  if (placeholder) return () => new BadInputError(`replace ${placeholder[1]} with your words`, { kind: "bad-batch", at: where, hint: `write your answer (or the reason) in place of ${placeholder[1]}` });
  const r = readBatchLine(text, where)!;
  if ("problem" in r) return r.problem;
  const e = r.entry;
  const base = { qid: e.qid, where, provenance: { via: "comment", comment_id: c.id, login: c.user!.login }, writtenAt: new Date(c.createdAt) };
  if (e.form === "option") return { ...base, kind: "answer", source: { kind: "option", number: e.option! } };
  if (e.form === "proposed") return { ...base, kind: "answer", source: { kind: "proposed" } };
  try {
    const answer = e.kind === "drop" && e.payload === "" ? "dropped" : normalizeText([e.payload], () => `answer for ${e.qid} (comment ${c.id}, line ${l.line})`);
    return { ...base, kind: e.kind, source: { kind: "text", text: answer } };
  } catch (err) {
    if (err instanceof BadInputError) return () => err;
    throw err;
  }
}

const PLACEHOLDER = /:\s*(?:--\s+)?(<your answer>|<reason>)\s*$/;

/** How an entry answers, to tell a repeated answer from a different one. */
const answerKey = (e: ResolveEntry) => `${e.kind} ${JSON.stringify(e.source)}`;

/** Each question's answers, oldest first; the one tried now is `at`. A refused one moves it on. */
class Candidates {
  readonly byQid = new Map<string, { entries: ResolveEntry[]; at: number }>();
  #refused: EntryFailure[] = [];

  add(e: ResolveEntry): void {
    const c = this.byQid.get(e.qid);
    if (c === undefined) this.byQid.set(e.qid, { entries: [e], at: 0 });
    else c.entries.push(e);
  }

  current(): ResolveEntry[] {
    const out: ResolveEntry[] = [];
    for (const c of this.byQid.values()) if (c.at < c.entries.length) out.push(c.entries[c.at]!);
    return out;
  }

  refused(f: EntryFailure): void {
    this.#refused.push(f);
  }

  /**
   * Move each refused question on to its next answer, reporting every answer skipped with it:
   * one naming no question refuses all of its kind, the same answer refuses again, one written
   * before the question was raised refuses every answer written before that too.
   */
  retry(skip: (e: ResolveEntry, error: EngineError) => void): ResolveEntry[] | undefined {
    const refused = this.#refused.splice(0);
    if (refused.length === 0) return undefined;
    for (const f of refused) {
      const c = this.byQid.get(f.entry!.qid)!;
      const failed = c.entries[c.at]!;
      const raised = typeof (f.error.data as { raised_at?: unknown } | undefined)?.raised_at === "string" ? Date.parse((f.error.data as { raised_at: string }).raised_at) : undefined;
      const again = (e: ResolveEntry) =>
        isKind(f.error, "question-not-found") || (raised !== undefined ? e.writtenAt!.getTime() < raised : answerKey(e) === answerKey(failed));
      skip(failed, f.error);
      for (c.at++; c.at < c.entries.length && again(c.entries[c.at]!); c.at++) skip(c.entries[c.at]!, locatedAt(f.error, c.entries[c.at]!.where!));
    }
    return this.current();
  }
}

/** The outcome for a thread whose workspace is closed: nothing to do here, and why. */
function closedThread(slug: string, dryRun: boolean): Outcome {
  return {
    exit: 0,
    lines: [`Skipped: this thread belongs to workspace ${slug}, which is closed (archive/${slug})`, "nothing to resolve"],
    data: { workspace: slug, closed: true, dry_run: dryRun, results: [], files: [], warnings: [], counted: 0, ignored: [], not_applied: [], skipped: [], skipped_count: 0, resumed: null },
  };
}

/** `state resolve --from-comments`: the comments' answers (and `resume`), committed as one transaction. */
export async function resolveFromComments(
  ctx: CommandContext,
  comments: TicketComment[],
  opts: { dryRun: boolean; recordDecision: boolean; open: (found: string | undefined) => WorkspaceSession },
): Promise<Outcome> {
  const root = ctx.root();
  const mode = await readValidSentinel(root);
  const answerers = mode.mode === "afk" ? mode.sentinel.answerers : undefined;
  // The thread names its workspace in the engine's comments; the command line may name another.
  const bound = threadWorkspaces(oldestFirst(comments), answerers);
  const envSlug = ctx.io.env.DEVRITES_WORKSPACE;
  const chosen = ctx.workspaceOption !== undefined || (envSlug !== undefined && envSlug !== "");
  const threadSlug = chosen ? undefined : currentWorkspace(bound);
  if (threadSlug !== undefined && locateAnyWorkspace(root, threadSlug)?.archived === true) return closedThread(threadSlug, opts.dryRun);
  const session = opts.open(threadSlug);
  const slug = session.ws.slug;
  const reading = readComments(comments, answerers, bound.size > 0 ? { slug, bound } : undefined);

  const skipped = new KeptList<Skipped>();
  const skip = (login: string, commentId: string, line: number, make: () => EngineError) =>
    skipped.add(() => {
      const error = make();
      return { comment_id: commentId, login, line, exit: error.exitCode, error: error.message, hint: error.agentHint ?? null };
    });
  const candidates = new Candidates();
  // `resume` acts once per comment: its first resume line.
  const resumes: Source[] = [];
  for (const c of reading.counted) {
    let resumed = false;
    for (const l of answerLines(c.body)) {
      if (l.resume) {
        if (!resumed) resumes.push({ comment: c, line: l });
        resumed = true;
        continue;
      }
      const e = entryOf(c, l, slug);
      if (typeof e !== "function") candidates.add(e);
      else skip(c.user!.login, c.id, l.line, e);
    }
  }

  // A closed question's record is the first answer: a comment that differs is reported.
  const closedConflicts = new Map<string, NotApplied>();
  const onConflict = (entry: ResolveEntry, recorded: { status: string; answer: string }) => {
    closedConflicts.set(entry.qid, { qid: entry.qid, comment_id: entry.provenance!.comment_id!, login: entry.provenance!.login!, reason: `already ${recorded.status}: ${JSON.stringify(recorded.answer)}` });
  };

  // `resume` acts only on a pause that began before the comment, and once per comment.
  let resumeNote: string | undefined;
  let resumedBy: Source | undefined;
  const thenState = resumes.length === 0 ? undefined : (state: string) => {
    resumeNote = undefined;
    resumedBy = undefined;
    const { events } = readEvents(session.ws.dir);
    const used = new Set(events.filter((e) => e.event === "resumed").map((e) => String((e.detail as Record<string, unknown> | undefined)?.comment_id ?? "")));
    const pausedAt = events.filter((e) => e.event === "paused").map((e) => Date.parse(e.ts)).reduce((a, b) => Math.max(a, b), -Infinity);
    const r = resumes.find((s) => !used.has(s.comment.id) && Date.parse(s.comment.createdAt) >= pausedAt);
    if (r === undefined) return undefined;
    const login = r.comment.user!.login;
    try {
      const plan = planResume(state, { auto: false, note: `from comment ${r.comment.id} by ${login}` }, ctx.now);
      if (plan.kind !== "resumed") return undefined;
      resumedBy = r;
      return { state: plan.state, events: plan.events.map((ev) => ({ ...ev, detail: { ...ev.detail, via: "comment", comment_id: r.comment.id, login } })) };
    } catch (e) {
      // Paused on a question: only its answer resumes the run.
      if (!isKind(e, "refused", "not-resumable")) throw e;
      resumeNote = `resume in comment ${r.comment.id} not applied: ${e.message}`;
      return undefined;
    }
  };

  const skipEntry = (e: ResolveEntry, error: EngineError) => skip(e.provenance!.login!, e.provenance!.comment_id!, e.where!.line, () => error);
  const out = resolveEntries(ctx, session, candidates.current(), {
    human: true,
    recordDecision: opts.recordDecision,
    dryRun: opts.dryRun,
    batch: true,
    file: "comments",
    onConflict,
    thenState,
    skip: { refused: (f) => candidates.refused(f), retry: () => candidates.retry(skipEntry) },
    describe: (qid) => {
      const c = candidates.byQid.get(qid);
      const p = c?.entries[c.at]?.provenance;
      return p ? ` (by ${p.login}, comment ${p.comment_id})` : "";
    },
  });

  // The answer that applied is each question's first; the later ones that differ are reported.
  const notApplied = new KeptList<NotApplied>();
  const winners = new Map<string, Record<string, string>>();
  for (const [qid, c] of candidates.byQid) {
    const first = c.entries[c.at];
    if (first === undefined) continue;
    winners.set(qid, first.provenance!);
    const closed = closedConflicts.get(qid);
    if (closed !== undefined) {
      notApplied.push(closed);
      continue;
    }
    for (const e of c.entries.slice(c.at + 1)) {
      if (answerKey(e) === answerKey(first)) continue;
      notApplied.push({ qid, comment_id: e.provenance!.comment_id!, login: e.provenance!.login!, reason: `answered differently first (comment ${first.provenance!.comment_id} by ${first.provenance!.login})` });
    }
  }

  const extra = [
    ...(resumedBy ? [`Resumed:  run (by ${resumedBy.comment.user!.login}, comment ${resumedBy.comment.id})`] : []),
    ...(resumeNote ? [`Note:     ${resumeNote}`] : []),
    ...notApplied.kept.map((s) => `Not applied: ${s.qid} from comment ${s.comment_id} by ${s.login}: ${s.reason}`),
    ...(notApplied.dropped > 0 ? [`Not applied: …and ${notApplied.dropped} more`] : []),
    ...(reading.ignored.length > 0 ? [`Ignored:  ${reading.ignored.length} comment(s): ${reading.ignored.map((i) => `${i.id}${i.login ? ` by ${i.login}` : ""} (${i.reason === "other-workspace" ? `workspace ${i.workspace}'s` : REASONS[i.reason]})`).join("; ")}`] : []),
  ];
  // The Workspace: (or nothing to resolve) line stays last, as in every resolve.
  const workspaceAt = out.lines.findIndex((l) => l.startsWith("Workspace:") || l === "nothing to resolve");
  const lines = workspaceAt < 0 ? [...out.lines, ...extra] : [...out.lines.slice(0, workspaceAt), ...extra, ...out.lines.slice(workspaceAt)];
  // Skipped lines are the thread's, not the command's: reported on stderr, never an exit code.
  const warnings = [
    ...skipped.kept.map((s) => `devrites-engine: warning: skipped ${s.error}`),
    ...(skipped.dropped > 0 ? [`devrites-engine: warning: …and ${skipped.dropped} more skipped line(s), not listed`] : []),
  ];
  return {
    ...out,
    lines,
    ...(warnings.length > 0 || out.errors ? { errors: [...warnings, ...(out.errors ?? [])] } : {}),
    data: {
      ...out.data,
      results: (out.data.results as { qid: string }[]).map((r) => ({ ...r, ...(winners.has(r.qid) ? { login: winners.get(r.qid)!.login, comment_id: winners.get(r.qid)!.comment_id } : {}) })),
      counted: reading.counted.length,
      ignored: reading.ignored.map((i) => ({ comment_id: i.id, login: i.login, reason: i.reason, ...(i.workspace !== undefined ? { workspace: i.workspace } : {}) })),
      not_applied: notApplied.kept,
      not_applied_count: notApplied.count,
      skipped: skipped.kept,
      skipped_count: skipped.count,
      resumed: resumedBy ? { comment_id: resumedBy.comment.id, login: resumedBy.comment.user!.login } : null,
      ...(resumeNote ? { resume_note: resumeNote } : {}),
    },
  };
}

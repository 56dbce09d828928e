// `orient [<slug>]` (and its Go alias `observe summary`): the workspace summary a DevRites
// phase reads first, printed as JSON; `observe slice <slug> <SLICE-ID>`: the one tasks.md
// section the Build step reads instead of the whole file. Read-only, exit 0 (a slice that is
// not there is exit 3).

import { BadInputError, NoWorkspaceError, RefusedError } from "../../errors.js";
import { parseQuestions } from "../../documents/questions/parse-questions.js";
import { parseState } from "../../documents/state/parse-state.js";
import { budgetSummary } from "../../domain/run-summary.js";
import { orientSummary } from "../../domain/orient-summary.js";
import { ARTIFACT_READ_CAP, isCanonicalArtifact } from "../../domain/phase-policy.js";
import { SLICE_ID, sliceSection } from "../../domain/task-graph.js";
import { readSentinel } from "../../workspace/afk.js";
import { listArtifacts, readArtifact } from "../../workspace/artifacts.js";
import { lstat, READ_CAP_BYTES } from "../../workspace/disk.js";
import { openWorkspace } from "../../workspace/locate.js";
import type { QuestionsDoc } from "../../documents/questions/parse-questions.js";
import type { StateDoc } from "../../documents/state/parse-state.js";
import { gateSession } from "../check/readiness.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";
import { join } from "node:path";
import { shellWord } from "../../shell-word.js";

/** Canonical artifacts larger than this are measured by their size only, never read. */
const ORIENT_READ_CAP = ARTIFACT_READ_CAP;

/**
 * The AFK budget as orient reports it, from the run summary: a malformed sentinel or counter is
 * named instead of failing the summary; a bug still fails it (domain/run-summary.ts).
 */
async function budgetOf(root: string, state: StateDoc, questions: QuestionsDoc): Promise<Record<string, unknown>> {
  let read: Parameters<typeof budgetSummary>[0];
  try {
    const mode = await readSentinel(root);
    read = { sentinel: mode.mode === "afk" ? mode.sentinel : undefined };
  } catch (e) {
    read = { error: e };
  }
  const b = budgetSummary(read, state, questions);
  if (b.mode === "unreadable") return { mode: "invalid", error: b.error.message };
  if (b.mode === "hitl") return { mode: "hitl" };
  if (b.remaining === undefined) return { mode: "afk", error: b.counterError?.message ?? "" };
  return { mode: "afk", slices_remaining: b.remaining.value ?? null, source: b.remaining.source, review_queue: { open_validating: b.queue.openValidating.length, cap: b.queue.cap ?? null } };
}

export async function orient(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const session = gateSession(ctx, args);
  const state = parseState(session.read("state.md", true));
  const questions = parseQuestions(session.read("questions.md", true));
  const { files: entries, others } = listArtifacts(session.ws.dir);
  const texts = new Map<string, string | undefined>();
  // A canonical artifact that is a link or a directory is there but never read: unreadable.
  const unreadable: string[] = others.filter(isCanonicalArtifact);
  for (const e of entries) {
    if (!isCanonicalArtifact(e.name) || e.size > ORIENT_READ_CAP) continue;
    const read = readArtifact(session.ws.dir, e.name, ORIENT_READ_CAP);
    if (read.unreadable !== undefined) unreadable.push(e.name);
    else texts.set(e.name, read.bytes?.toString("utf8"));
  }
  const summary = orientSummary({
    slug: session.ws.slug,
    state,
    questions,
    entries,
    texts,
    unreadable,
    principlesPresent: lstat(join(session.ws.root, "principles.md"))?.isFile() === true,
    budget: await budgetOf(session.ws.root, state, questions),
  });
  return { exit: 0, lines: [JSON.stringify(summary, null, 2)], data: summary };
}

export async function observeSlice(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const [slug, id] = args.positionals as [string, string];
  if (!SLICE_ID.test(id)) throw new BadInputError(`${JSON.stringify(id)} is not a SLICE-### id`, { hint: ctx.usage() });
  const session = ctx.session(openWorkspace(ctx.root(), slug));
  session.recoverIfNeeded();
  const tasks = readArtifact(session.ws.dir, "tasks.md", READ_CAP_BYTES.workspaceFile);
  if (tasks.unreadable !== undefined) throw new RefusedError(tasks.unreadable, { kind: "unsafe-file" });
  if (tasks.bytes === undefined) {
    throw new NoWorkspaceError(`tasks.md missing at ${join(session.ws.dir, "tasks.md")}`, {
      kind: "file-missing",
      hint: `the pack writes tasks.md when the plan is defined (/rite-define); devrites-engine orient ${shellWord(slug)} lists what the workspace has`,
    });
  }
  const found = sliceSection(tasks.bytes.toString("utf8"), id);
  if (found.lines === undefined) {
    throw new RefusedError(`observe slice: ${id} not found in tasks.md of ${slug}`, {
      hint: found.ids.length > 0 ? `slices in tasks.md: ${found.ids.join(", ")}` : "tasks.md has no ## SLICE-… sections",
    });
  }
  return { exit: 0, lines: found.lines, data: { workspace: slug, slice: id, text: found.lines.join("\n") + "\n" } };
}

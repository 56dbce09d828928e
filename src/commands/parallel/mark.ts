// `parallel record-green` and `parallel abort` (Go: cmdRecordGreen, cmdAbort in
// engine/internal/parallel/cli.go; recordGreenLocked, abortLocked in ops.go; the pack's
// rite-build/reference/parallel-batch.md lifecycle steps 5 and 8): each rewrites the lease
// under the workspace lock. record-green marks a slice green with its transfer commit (the
// full sha git resolves), on a `running` or `integrate-failed` lease; abort marks the lease
// `aborted` and never moves control (a HEAD past the base is reported, not reset).

import { dirname } from "node:path";
import { emitLease, type Lease } from "../../domain/parallel-lease.js";
import type { EventDraft } from "../../domain/events.js";
import { GitFailure, headSha, revParse } from "../../workspace/parallel-git.js";
import type { WorkspaceSession } from "../../workspace/session.js";
import { refuseIn, revisionArg } from "./create.js";
import { requiredText } from "../option-value.js";
import { LEASE_FILE, leaseSession, readLease } from "./status.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

type Env = Readonly<Record<string, string | undefined>>;

/** Read the lease under the lock, let `change` compute the next one, write it with `event`. */
export async function rewriteLease(
  session: WorkspaceSession,
  verb: string,
  change: (lease: Lease) => Promise<{ lease: Lease; event: EventDraft }>,
): Promise<Lease> {
  const refuse = refuseIn(verb);
  return session.mutateAsync(async () => {
    const { path, lease } = readLease(session, verb);
    if (lease === undefined) throw refuse(`no lease at ${path}`);
    const next = await change(lease);
    const text = emitLease(next.lease);
    if ("problem" in text) throw refuse(text.problem);
    return { changes: { files: new Map([[LEASE_FILE, text.text]]), events: [next.event] }, result: next.lease };
  });
}

/** A revision resolved to its commit, a git failure refused as `<what>: <git's words>`. */
export async function commitOf(project: string, env: Env, rev: string, what: string, refuse: (why: string) => Error): Promise<string> {
  try {
    return await revParse(project, env, rev);
  } catch (e) {
    if (e instanceof GitFailure) throw refuse(`${what}${e.message}`);
    throw e;
  }
}

export async function parallelRecordGreen(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const refuse = refuseIn("record-green");
  const sliceId = requiredText(args, "slice");
  const commit = revisionArg(requiredText(args, "commit"), "transfer commit", refuse);
  const session = leaseSession(ctx, args);
  const project = dirname(session.ws.root);
  const lease = await rewriteLease(session, "record-green", async (l) => {
    if (l.status !== "running" && l.status !== "integrate-failed") throw refuse(`record-green requires status=running|integrate-failed (have ${l.status})`);
    const sha = await commitOf(project, ctx.io.env, commit, "transfer commit: ", refuse);
    const i = l.slices.findIndex((s) => s.id === sliceId);
    if (i < 0) throw refuse(`slice not in lease: ${sliceId}`);
    const slices = l.slices.map((s, j) => (j === i ? { ...s, wright_status: "green", transfer_commit: sha } : s));
    return { lease: { ...l, slices }, event: { event: "parallel_green_recorded", detail: { batch_id: l.batch_id, slice: sliceId, transfer_commit: sha } } };
  });
  return { exit: 0, lines: [`record-green: slice=${sliceId} status=${lease.status}`], data: { slice: sliceId, lease } };
}

export async function parallelAbort(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const refuse = refuseIn("abort");
  const session = leaseSession(ctx, args);
  const project = dirname(session.ws.root);
  const warnings: string[] = [];
  const lease = await rewriteLease(session, "abort", async (l) => {
    if (l.status === "complete") throw refuse("abort refused: lease already complete — the batch landed in control; nothing to discard");
    const base = await commitOf(project, ctx.io.env, l.base_sha, "", refuse);
    const moved = await controlMoved(project, ctx.io.env, base);
    if (moved !== undefined) warnings.push(`control not at base: ${moved}`);
    return { lease: { ...l, status: "aborted" }, event: { event: "parallel_aborted", detail: { batch_id: l.batch_id } } };
  });
  return { exit: 0, lines: [`aborted: status=${lease.status} base=${lease.base_sha}`], data: { lease }, errors: warnings.map((w) => `warning: parallel: ${w}`) };
}

/** Why control is not at `base`, or undefined (Go: ensureControlAtBase; it never rewinds). */
export async function controlMoved(project: string, env: Env, base: string): Promise<string | undefined> {
  try {
    const head = await headSha(project, env);
    return head === base ? undefined : `control head ${head} moved past base ${base}; refusing to rewind external commits`;
  } catch (e) {
    if (e instanceof GitFailure) return e.message;
    throw e;
  }
}

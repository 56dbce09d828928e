// `parallel integrate --slug <slug> [--apply-to-control]` (Go: cmdIntegrate in
// engine/internal/parallel/cli.go, integrateLocked in ops.go; the pack's
// rite-build/reference/parallel-batch.md lifecycle steps 6-7 and "Engine verbs"): every slice
// green, each transfer commit a descendant of the base whose diff against it is exactly the
// slice's paths (never .devrites/), squash-applied in plan order onto the staging branch
// `devrites/parallel/<slug>/<batch>/integrate` as one `WIP(<slug>):` commit. With
// --apply-to-control, control fast-forwards to it and the lease becomes `complete`; without,
// the lease stays as it was and control at the base. All or nothing: a failed step removes
// the staging worktree and branch, records `integrate-failed` and is exit 3. Control is never
// rewound. Prints `integrate-ok: tip=<sha> status=<status> apply_to_control=<bool>`.

import { dirname } from "node:path";
import { emitLease, type Lease } from "../../domain/parallel-lease.js";
import { batchDir, integrateBranch, stagingWorktree } from "../../domain/parallel-layout.js";
import { lstat } from "../../workspace/disk.js";
import { branchExists, commitPaths, deleteBranch, diffNames, dirtyPaths, git, GitFailure, headSha, isAncestor, removeWorktree, revParse, worktreeAdd, worktreePrune, type Env } from "../../workspace/parallel-git.js";
import { makeDir, removeDir, unsafeScratch } from "../../workspace/parallel-scratch.js";
import { refusalWithWarnings, refuseIn } from "./create.js";
import { landedTip } from "./leftovers.js";
import { commitOf, controlMoved } from "./mark.js";
import { LEASE_FILE, leaseSession, readLease } from "./status.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

/** A step that failed after the staging worktree was made: the batch is then integrate-failed. */
class StageFailure extends Error {}

export async function parallelIntegrate(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const refuse = refuseIn("integrate");
  const apply = args.options["apply-to-control"] === true;
  const session = leaseSession(ctx, args);
  const project = dirname(session.ws.root);
  const env = ctx.io.env;
  const warnings: string[] = [];
  const warn = (w: string) => void warnings.push(w);
  const done = await session.mutateAsync(async () => {
    const { path, lease } = readLease(session, "integrate");
    if (lease === undefined) throw refuse(`no lease at ${path}`);
    if (lease.status !== "running" && lease.status !== "integrate-failed") throw refuse(`integrate requires status=running|integrate-failed (have ${lease.status})`);
    const base = await commitOf(project, env, lease.base_sha, "", refuse);
    const moved = await controlMoved(project, env, base);
    if (moved !== undefined) {
      // An integrate killed after its fast-forward: control already holds this batch's squash commit.
      const landed = apply && lease.slices.every((s) => s.wright_status === "green") ? await landedTip(project, env, session.ws.slug, lease, base, await headSha(project, env)).catch(() => undefined) : undefined;
      if (landed === undefined) throw refuse(moved);
      warn(`control already at the integrate tip ${landed} (an integrate that did not record it): recorded complete`);
      return leaseChange({ ...lease, status: "complete" }, { tip: landed });
    }
    const union = lease.slices.flatMap((s) => s.paths);
    if (apply && union.length > 0 && (await dirtyPaths(project, env, union).catch((e: Error) => refusing(e)))) {
      throw refuse("control has uncommitted changes on slice paths; commit or stash them before integrate --apply-to-control");
    }
    for (const sl of lease.slices) {
      if (sl.wright_status !== "green") throw refuse(`slice ${sl.id} is not green`);
      if (!sl.transfer_commit) throw refuse(`slice ${sl.id} missing transfer_commit`);
    }
    const unsafe = unsafeScratch(project, batchDir(project, lease.batch_id));
    if (unsafe !== undefined) throw refuse(unsafe);
    const slug = session.ws.slug;
    const ibranch = integrateBranch(slug, lease.batch_id);
    const stage = stagingWorktree(project, lease.batch_id);
    removeDir(stage);
    // A staging worktree a killed integrate left is forgotten first, so its branch can go.
    await worktreePrune(project, env).catch(() => undefined);
    if (await branchExists(project, env, ibranch).catch(() => false)) await deleteBranch(project, env, ibranch).catch(() => undefined);
    makeDir(dirname(stage));
    try {
      await worktreeAdd(project, env, stage, ibranch, base);
    } catch (e) {
      if (e instanceof GitFailure) throw refuse(`staging worktree: ${e.message}`);
      throw e;
    }
    let tip: string;
    try {
      tip = await squash(project, env, stage, slug, lease, base, union, warn);
    } catch (e) {
      if (!(e instanceof StageFailure || e instanceof GitFailure)) throw e;
      // Go's fail(): the staging worktree and branch go, the lease records integrate-failed.
      if (lstat(stage) !== undefined) await removeWorktree(project, env, stage, warnings);
      await deleteBranch(project, env, ibranch).catch((x: Error) => warn(`integrate branch cleanup: ${x.message}`));
      await worktreePrune(project, env).catch((x: Error) => warn(`worktree prune: ${x.message}`));
      const diverged = await controlMoved(project, env, base);
      if (diverged !== undefined) warn(`control diverged from base during integrate: ${diverged}`);
      return leaseChange({ ...lease, status: "integrate-failed" }, { failed: e.message });
    }
    if (apply) {
      try {
        await git(project, env, ["merge", "--ff-only", tip]);
      } catch (e) {
        if (!(e instanceof GitFailure)) throw e;
        return leaseChange({ ...lease, status: "integrate-failed" }, { failed: `control fast-forward to integrate tip failed: ${e.message}` });
      }
      return leaseChange({ ...lease, status: "complete" }, { tip });
    }
    const diverged = await controlMoved(project, env, base);
    if (diverged !== undefined) return leaseChange({ ...lease, status: "integrate-failed" }, { failed: diverged });
    // Without --apply-to-control the lease stays as it was: the squash commit lives only on the
    // integrate branch, and a lease that is not complete keeps cleanup from discarding it.
    return { changes: { files: new Map(), events: [{ event: "parallel_integrated" as const, detail: { batch_id: lease.batch_id, tip, apply_to_control: false } }] }, result: { lease, tip, failed: undefined } };
  });
  const errors = warnings.map((w) => `warning: parallel: ${w}`);
  if (done.failed !== undefined) {
    if (warnings.length > 0) return refusalWithWarnings(refuse(done.failed), warnings);
    throw refuse(done.failed);
  }
  return { exit: 0, lines: [`integrate-ok: tip=${done.tip} status=${done.lease.status} apply_to_control=${apply}`], data: { tip: done.tip, apply_to_control: apply, lease: done.lease }, errors };

  function refusing(e: Error): never {
    throw refuse(e.message);
  }
  function leaseChange(next: Lease, outcome: { tip?: string; failed?: string }) {
    const text = emitLease(next);
    if ("problem" in text) throw refuse(text.problem);
    const detail = { batch_id: next.batch_id, status: next.status, apply_to_control: apply, ...(outcome.tip !== undefined ? { tip: outcome.tip } : {}) };
    return { changes: { files: new Map([[LEASE_FILE, text.text]]), events: [{ event: "parallel_integrated" as const, detail }] }, result: { lease: next, tip: outcome.tip ?? "", failed: outcome.failed } };
  }
}

/** The proofs and the squash (Go: the loop of integrateLocked, then stagePathsAndCommit); the new tip. */
async function squash(project: string, env: Env, stage: string, slug: string, lease: Lease, base: string, union: string[], warn: (w: string) => void): Promise<string> {
  const fail = (why: string) => new StageFailure(why);
  for (const sl of lease.slices) {
    let tc: string;
    try {
      tc = await revParse(project, env, sl.transfer_commit!);
    } catch (e) {
      throw fail(`slice ${sl.id} transfer: ${(e as Error).message}`);
    }
    if (!(await isAncestor(project, env, base, tc))) throw fail(`transfer_commit for ${sl.id} is not a descendant of base`);
    const got = [...(await diffNames(project, env, base, tc))].sort();
    const want = [...sl.paths].sort();
    if (want.length !== got.length || want.some((w, i) => w !== got[i])) throw fail(`exact-path proof failed for slice ${sl.id}: want=[${want.join(" ")}] got=[${got.join(" ")}]`);
    const dev = got.find((g) => g === ".devrites" || g.startsWith(".devrites/"));
    if (dev !== undefined) throw fail(`path proof failed: .devrites path in transfer: ${dev}`);
    try {
      await git(stage, env, ["cherry-pick", "-n", `${base}..${tc}`]);
    } catch (e) {
      await git(stage, env, ["cherry-pick", "--abort"]).catch(() => undefined);
      throw fail(`squash apply failed for slice ${sl.id}: ${(e as Error).message}`);
    }
  }
  const ids = lease.slices.map((s) => s.id).join(", ");
  const message = `WIP(${slug}): parallel batch ${lease.batch_id} (${ids})\n\n[devrites-context]\nslices: ${ids}\nbase: ${base}`;
  let tip: string;
  try {
    tip = await commitPaths(stage, env, message, union);
  } catch (e) {
    throw fail(`squash commit: ${(e as Error).message}`);
  }
  const warnings: string[] = [];
  if (!(await removeWorktree(project, env, stage, warnings)) && lstat(stage) !== undefined) {
    throw fail(`staging worktree could not be removed; retry integrate after cleanup: ${warnings.join("; ")}`);
  }
  for (const w of warnings) warn(w);
  await worktreePrune(project, env).catch((e: Error) => warn(`worktree prune: ${e.message}`));
  return tip;
}

// `parallel cleanup --slug <slug> [--force]` (Go: cmdCleanup in engine/internal/parallel/cli.go,
// cleanupLocked and salvageSlice in ops.go; the pack's rite-build/reference/parallel-batch.md
// lifecycle step 8): after a `complete` batch, the worker worktrees and branches go and the
// lease is removed. Any other status needs --force (the person's discard path) and salvages
// first: a worker's uncommitted changes on its paths become a commit on its branch, a branch
// past the base (and an integrate branch control does not hold) is kept and printed as
// `salvaged: slice=<id> branch=<b> commit=<sha>`, a worktree whose salvage failed is kept.
// Then `cleanup: done`. A lease naming a worktree or branch outside the batch's own places
// is refused before anything is touched. No lease: `cleanup: done`, nothing done.

import { dirname, join } from "node:path";
import { batchDir, foreignPlaces, integrateBranch, stagingWorktree } from "../../domain/parallel-layout.js";
import type { Lease } from "../../domain/parallel-lease.js";
import { lstat } from "../../workspace/disk.js";
import { commitPaths, deleteBranch, dirtyPaths, git, headSha, isAncestor, removeWorktree, revParse, worktreePrune, type Env } from "../../workspace/parallel-git.js";
import { entries, removeDir, unsafeScratch } from "../../workspace/parallel-scratch.js";
import { refuseIn } from "./create.js";
import { LEASE_FILE, leaseSession, readLease } from "./status.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

interface Salvage {
  slice_id: string;
  branch: string;
  commit: string;
  worktree?: string;
}

export async function parallelCleanup(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const refuse = refuseIn("cleanup");
  const force = args.options.force === true;
  const session = leaseSession(ctx, args);
  const project = dirname(session.ws.root);
  const env = ctx.io.env;
  const warnings: string[] = [];
  const salvaged = await session.mutateAsync(async () => {
    const { lease } = readLease(session, "cleanup");
    if (lease === undefined) return { changes: { files: new Map(), events: [] }, result: [] as Salvage[] };
    if (lease.status !== "complete" && !force) throw refuse(`cleanup refuses status=${lease.status} without --force (non-complete cleanup salvages work onto slice branches)`);
    const foreign = foreignPlaces(project, session.ws.slug, lease) ?? unsafeScratch(project, batchDir(project, lease.batch_id));
    if (foreign !== undefined) throw refuse(`${foreign}; cleanup touches only the batch's own worktrees and branches (fix the lease, or remove it with parallel lease-clear)`);
    const out = await cleanBatch(project, env, session.ws.slug, lease, warnings);
    return { changes: { files: new Map(), events: [{ event: "parallel_cleaned" as const, detail: { batch_id: lease.batch_id, status: lease.status, kept: out.map((s) => s.branch || s.worktree) } }], removes: [LEASE_FILE] }, result: out };
  });
  const lines = salvaged.map((s) => `salvaged: slice=${s.slice_id} branch=${s.branch} commit=${s.commit}${s.worktree ? ` worktree=${s.worktree}(kept)` : ""}`);
  return { exit: 0, lines: [...lines, "cleanup: done"], data: { salvaged }, errors: warnings.map((w) => `warning: parallel: ${w}`) };
}

async function cleanBatch(project: string, env: Env, slug: string, lease: Lease, warnings: string[]): Promise<Salvage[]> {
  const warn = (w: string) => void warnings.push(w);
  const complete = lease.status === "complete";
  let base = "";
  if (!complete) base = await revParse(project, env, lease.base_sha).catch((e: Error) => (warn(`base sha ${lease.base_sha}: ${e.message}`), ""));
  const salvaged: Salvage[] = [];
  const kept = new Set<string>();
  for (const sl of lease.slices) {
    let salvageFailed = false;
    const wt = sl.worktree_path;
    const st = wt === "" ? undefined : lstat(wt);
    if (st !== undefined && !st.isDirectory()) {
      // A link or a file where the worker's worktree was: never followed, never removed.
      warn(`slice ${sl.id}: ${wt} is not a directory; left as it is`);
      salvageFailed = true;
      kept.add(sl.id);
    } else if (!complete && st !== undefined && sl.paths.length > 0) {
      try {
        // Only in the worker's own worktree: a plain directory would let git find control's repository above it.
        const top = await git(wt, env, ["rev-parse", "--show-toplevel"]);
        if (top !== wt) throw new Error(`${wt} is not a git worktree (git's top level there is ${top})`);
        if (await dirtyPaths(wt, env, sl.paths)) await commitPaths(wt, env, `devrites: salvage ${sl.id} WIP (${lease.batch_id})`, sl.paths);
      } catch (e) {
        warn(`salvage ${sl.id}: ${(e as Error).message}`);
        salvageFailed = true;
        kept.add(sl.id);
      }
    }
    if (wt !== "" && !salvageFailed) {
      if (st !== undefined) await removeWorktree(project, env, wt, warnings);
      const left = removeDir(wt);
      if (left !== undefined) warn(`worktree dir cleanup ${wt}: ${left}`);
    }
    if (sl.branch === "") {
      if (salvageFailed) salvaged.push({ slice_id: sl.id, branch: "", commit: "", worktree: wt });
      continue;
    }
    let keep = salvageFailed;
    let tip = "";
    if (!complete) {
      try {
        tip = await revParse(project, env, sl.branch);
        keep ||= base === "" || tip !== base;
      } catch (e) {
        warn(`branch tip ${sl.branch}: ${(e as Error).message}`);
        keep = true; // fail toward preservation
      }
    }
    if (keep) salvaged.push({ slice_id: sl.id, branch: sl.branch, commit: tip, ...(salvageFailed ? { worktree: wt } : {}) });
    else await deleteBranch(project, env, sl.branch).catch((e: Error) => warn(`branch cleanup ${sl.branch}: ${e.message}`));
  }
  const ibranch = integrateBranch(slug, lease.batch_id);
  // A staging worktree an integrate killed mid-way left still holds the integrate branch: it goes first, so the branch can be judged.
  const stage = stagingWorktree(project, lease.batch_id);
  if (lstat(stage)?.isDirectory() === true) await removeWorktree(project, env, stage, warnings);
  await worktreePrune(project, env).catch((e: Error) => warn(`worktree prune: ${e.message}`));
  const itip = await revParse(project, env, ibranch).catch(() => undefined);
  if (itip !== undefined) {
    const held = await headSha(project, env).then((head) => isAncestor(project, env, itip, head)).catch(() => false);
    if (!held) salvaged.push({ slice_id: "integrate", branch: ibranch, commit: itip });
    else await deleteBranch(project, env, ibranch).catch((e: Error) => warn(`integrate branch cleanup ${ibranch}: ${e.message}`));
  }
  const dir = batchDir(project, lease.batch_id);
  for (const name of kept.size === 0 ? [""] : entries(dir).filter((n) => !kept.has(n))) {
    const left = removeDir(name === "" ? dir : join(dir, name));
    if (left !== undefined) warn(`scratch cleanup: ${left}`);
  }
  await worktreePrune(project, env).catch((e: Error) => warn(`worktree prune: ${e.message}`));
  return salvaged;
}

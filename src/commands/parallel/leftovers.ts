// What a parallel verb killed between two of its git steps leaves, named and repaired. The
// Go engine (engine/internal/parallel/ops.go) writes the lease only after `create` made every
// worktree, and `integrate` fast-forwards control before it records `complete`; a process
// killed in between leaves git state the lease does not name. Here:
// - `parallel status` names it: with no lease, this workspace's branches and worktrees under
//   `devrites/parallel/<slug>/` (`unleased:` lines); with a lease, a staging worktree or an
//   integrate branch a killed integrate left (`integrate:` lines);
// - a rerun of the same `parallel create` reclaims a leftover at its own place that holds no
//   work — its branch still at the base, its worktree clean — and refuses anything else;
// - a rerun of `parallel integrate --apply-to-control` finds control already at this batch's
//   squash commit and records `complete` (landedTip).

import { integrateBranch, stagingWorktree } from "../../domain/parallel-layout.js";
import type { Lease } from "../../domain/parallel-lease.js";
import { kindOf, lstat } from "../../workspace/disk.js";
import { branchExists, branchesUnder, deleteBranch, diffNames, git, listWorktrees, removeWorktree, revParse, worktreePrune, type Env } from "../../workspace/parallel-git.js";

/**
 * A worktree place and branch of a `create` that never wrote its lease: removed when they hold
 * no work (the branch at `base`, the worktree git's own, on that branch, clean), else why they are kept
 * (a directory git does not list as a worktree is never removed, as in Go).
 * Returns undefined when nothing is there any more.
 */
export async function reclaimCreateLeftover(project: string, env: Env, wt: string, branch: string, base: string, warnings: string[]): Promise<string | undefined> {
  const st = lstat(wt);
  const hasBranch = await branchExists(project, env, branch);
  if (st === undefined && !hasBranch) return undefined;
  await worktreePrune(project, env);
  if (hasBranch) {
    const tip = await revParse(project, env, branch);
    if (tip !== base) return `branch ${branch} is at ${tip}, not the base ${base}`;
  }
  const listed = (await listWorktrees(project, env)).find((w) => w.path === wt);
  if (st !== undefined) {
    if (!st.isDirectory()) return `${wt} is ${kindOf(st)}`;
    if (listed === undefined) return `${wt} is not a worktree of this repository`;
    if (listed.branch !== `refs/heads/${branch}` || listed.head !== base) return `${wt} is not ${branch} at the base`;
    if ((await git(wt, env, ["status", "--porcelain", "--untracked-files=all"])) !== "") return `${wt} has uncommitted changes`;
    if (!(await removeWorktree(project, env, wt, warnings))) return `${wt} could not be removed`;
  }
  await deleteBranch(project, env, branch);
  warnings.push(`reclaimed ${wt} (${branch}) left by an unfinished parallel create`);
  return undefined;
}

/** `unleased:` lines: this workspace's parallel branches and worktrees when it has no lease. */
export async function unleasedLines(project: string, env: Env, slug: string): Promise<string[]> {
  const prefix = `devrites/parallel/${slug}/`;
  const worktrees = (await listWorktrees(project, env).catch(() => [])).filter((w) => w.branch.startsWith(`refs/heads/${prefix}`));
  const lines: string[] = [];
  for (const { branch, tip } of await branchesUnder(project, env, prefix.slice(0, -1)).catch(() => [])) {
    const wt = worktrees.find((w) => w.branch === `refs/heads/${branch}`);
    lines.push(`unleased: branch=${branch} commit=${tip} worktree=${wt?.path ?? "-"}`);
  }
  return lines;
}

/** `integrate:` lines: a staging worktree or an integrate branch left with a lease not complete. */
export async function integrateLines(project: string, env: Env, slug: string, lease: Lease, head: string | undefined): Promise<string[]> {
  if (lease.status === "complete") return [];
  const lines: string[] = [];
  const stage = stagingWorktree(project, lease.batch_id);
  if (lstat(stage) !== undefined) lines.push(`integrate: staging worktree left at ${stage} (an integrate that did not finish; integrate again, or abort then cleanup --force)`);
  const ibranch = integrateBranch(slug, lease.batch_id);
  const tip = await revParse(project, env, ibranch).catch(() => undefined);
  if (tip === undefined) return lines;
  lines.push(`integrate: branch=${ibranch} commit=${tip}`);
  if (head === tip && !tip.startsWith(lease.base_sha.toLowerCase())) lines.push(`integrate: control is at ${tip} but the lease says ${lease.status} (integrate --apply-to-control again records complete)`);
  return lines;
}

/**
 * The integrate tip control already holds when an `integrate --apply-to-control` was killed
 * after its fast-forward and before the lease said `complete`: control's HEAD is the integrate
 * branch's tip, one commit on the base with this batch's message, changing exactly the slices'
 * paths. Undefined when that is not so.
 */
export async function landedTip(project: string, env: Env, slug: string, lease: Lease, base: string, head: string): Promise<string | undefined> {
  const tip = await revParse(project, env, integrateBranch(slug, lease.batch_id)).catch(() => undefined);
  if (tip === undefined || tip !== head) return undefined;
  const parent = await revParse(project, env, `${tip}^`).catch(() => undefined);
  if (parent !== base) return undefined;
  const subject = await git(project, env, ["log", "-1", "--format=%s", tip]).catch(() => "");
  if (subject !== `WIP(${slug}): parallel batch ${lease.batch_id} (${lease.slices.map((s) => s.id).join(", ")})`) return undefined;
  const got = [...(await diffNames(project, env, base, tip))].sort();
  const want = lease.slices.flatMap((s) => s.paths).sort();
  return want.length === got.length && want.every((w, i) => w === got[i]) ? tip : undefined;
}

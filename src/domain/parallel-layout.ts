// Where a parallel batch lives (Go: ScratchRoot, WorkerBranch, IntegrateBranchName,
// WorkerWorktreePath, ownedBranchName in engine/internal/parallel/lease.go; ownedWorktreePath in
// ops.go; the pack's "Control vs workers" in rite-build/reference/parallel-batch.md): workers
// at `<project>/.scratch/parallel-wt/<batch>/<slice>` on `devrites/parallel/<slug>/<batch>/<slice>`.
// A lease is untrusted input: a worktree path or branch it names is used only when it is
// exactly the place this layout gives, so no git command or removal reaches anything else.
// Pure: the project directory is given absolute, joined with `/`.

import { BATCH_ID, type Lease } from "./parallel-lease.js";
import { PARALLEL_SLICE_ID } from "./parallel-select.js";

export const SCRATCH_DIR = ".scratch/parallel-wt";

export const scratchRoot = (project: string): string => `${project.replace(/\/+$/, "")}/${SCRATCH_DIR}`;
export const batchDir = (project: string, batch: string): string => `${scratchRoot(project)}/${batch}`;
export const workerWorktree = (project: string, batch: string, slice: string): string => `${batchDir(project, batch)}/${slice}`;
export const stagingWorktree = (project: string, batch: string): string => `${batchDir(project, batch)}/integrate`;
export const workerBranch = (slug: string, batch: string, slice: string): string => `devrites/parallel/${slug}/${batch}/${slice}`;
export const integrateBranch = (slug: string, batch: string): string => `devrites/parallel/${slug}/${batch}/integrate`;

/**
 * Why the lease's worktree paths or branches are not this batch's own, or undefined. Each slice
 * must name `workerWorktree(project, batch, id)` and `workerBranch(slug, batch, id)` exactly
 * (an empty value is allowed: nothing there to touch). The ids are checked again here because
 * they become path segments.
 */
export function foreignPlaces(project: string, slug: string, lease: Lease): string | undefined {
  if (!BATCH_ID.test(lease.batch_id)) return `invalid batch id ${JSON.stringify(lease.batch_id)}`;
  for (const sl of lease.slices) {
    if (!PARALLEL_SLICE_ID.test(sl.id)) return `invalid slice id ${JSON.stringify(sl.id)}`;
    const wt = workerWorktree(project, lease.batch_id, sl.id);
    if (sl.worktree_path !== "" && sl.worktree_path !== wt) return `slice ${sl.id}: worktree_path ${JSON.stringify(sl.worktree_path)} is not ${wt}`;
    const branch = workerBranch(slug, lease.batch_id, sl.id);
    if (sl.branch !== "" && sl.branch !== branch) return `slice ${sl.id}: branch ${JSON.stringify(sl.branch)} is not ${branch}`;
  }
  return undefined;
}

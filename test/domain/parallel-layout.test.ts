// Where a parallel batch's worktrees and branches may be (Go: WorkerWorktreePath, WorkerBranch,
// ownedBranchName in engine/internal/parallel/lease.go, ownedWorktreePath in ops.go): a lease is
// untrusted, so only the batch's own places pass.

import { describe, expect, it } from "vitest";
import { foreignPlaces, integrateBranch, workerBranch, workerWorktree } from "../../src/domain/parallel-layout.js";
import type { Lease } from "../../src/domain/parallel-lease.js";

const P = "/r/proj";
const lease = (over: Partial<Lease["slices"][number]> = {}, batch = "b1"): Lease => ({
  batch_id: batch,
  created_at: "2026-12-06T00:00:00Z",
  base_sha: "2435cdb",
  n: 2,
  status: "running",
  control_pid_or_session: "pid:1",
  slices: [
    { id: "S1", paths: ["a"], worktree_path: workerWorktree(P, batch, "S1"), branch: workerBranch("feat", batch, "S1"), wright_status: "pending", ...over },
    { id: "S2", paths: ["b"], worktree_path: workerWorktree(P, batch, "S2"), branch: workerBranch("feat", batch, "S2"), wright_status: "pending" },
  ],
});

describe("the layout is the Go engine's", () => {
  it.each([
    [workerWorktree("/r/proj/", "b1", "S1"), "/r/proj/.scratch/parallel-wt/b1/S1"],
    [workerBranch("feat", "b1", "S1"), "devrites/parallel/feat/b1/S1"],
    [integrateBranch("feat", "b1"), "devrites/parallel/feat/b1/integrate"],
  ])("%s", (got, want) => expect(got).toBe(want));
});

describe("foreignPlaces: only the batch's own worktrees and branches", () => {
  it.each<[string, Lease, string | undefined]>([
    ["the places create writes", lease(), undefined],
    ["a slice with no worktree or branch recorded", lease({ worktree_path: "", branch: "" }), undefined],
    ["a worktree elsewhere", lease({ worktree_path: "/home/u" }), 'slice S1: worktree_path "/home/u" is not /r/proj/.scratch/parallel-wt/b1/S1'],
    ["a worktree climbing out", lease({ worktree_path: "/r/proj/.scratch/parallel-wt/b1/S1/../../../x" }), "is not /r/proj/.scratch/parallel-wt/b1/S1"],
    ["a relative worktree", lease({ worktree_path: ".scratch/parallel-wt/b1/S1" }), "is not /r/proj/.scratch/parallel-wt/b1/S1"],
    ["another slice's worktree", lease({ worktree_path: workerWorktree(P, "b1", "S2") }), "is not /r/proj/.scratch/parallel-wt/b1/S1"],
    ["the project itself", lease({ worktree_path: P }), "is not"],
    ["a branch of control", lease({ branch: "main" }), 'slice S1: branch "main" is not devrites/parallel/feat/b1/S1'],
    ["another workspace's branch", lease({ branch: workerBranch("other", "b1", "S1") }), "is not devrites/parallel/feat/b1/S1"],
    ["an id that would be a path", lease({ id: "../x" }), 'invalid slice id "../x"'],
  ])("%s", (_name, l, why) => {
    const got = foreignPlaces(P, "feat", l);
    if (why === undefined) expect(got).toBeUndefined();
    else expect(got).toContain(why);
  });
});

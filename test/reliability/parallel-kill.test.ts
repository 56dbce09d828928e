// `parallel create` and `parallel integrate --apply-to-control` SIGKILLed between each pair of
// their git steps (test/helpers/git-steps.cjs: the kill lands as step k's git exits, before
// the engine reads its answer; k=0 before the first). After each kill: the next `parallel
// status` names what is left (exit 0); a rerun of the same command repairs it (the batch
// whole: lease, worktrees and branches agree); `parallel abort` + `cleanup --force` leaves
// nothing of the batch under .scratch, no worktree, and exactly the branches it prints as
// salvaged. The steps are the Go engine's order (engine/internal/parallel/ops.go, createLocked
// and integrateLocked); the repairs are docs/commands.md's "A verb killed mid-way".
// `npm test` runs a few kill points; `npm run test:full` runs every one.

import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { caseCount } from "../helpers/counts.js";
import { branches, CREATE, git, greenBatch, INTEGRATE, leasePath, par, parallelRepo, readLease, type Repo, scratchLeft, spawnWithSteps, worktrees, wt } from "../helpers/parallel-repo.js";

const EVERY_POINT = caseCount("DEVRITES_PARALLEL_KILL_EVERY_POINT", 0, 1) > 0;

/** create's git steps, in order (<sha> the base, <dir> the project). */
const CREATE_STEPS = [
  "rev-parse --verify HEAD^{commit}",
  "rev-parse --git-common-dir",
  "show-ref --verify --quiet refs/heads/devrites/parallel/feat/b1/S1",
  "worktree add -b devrites/parallel/feat/b1/S1 <dir>/.scratch/parallel-wt/b1/S1 <sha>",
  "show-ref --verify --quiet refs/heads/devrites/parallel/feat/b1/S2",
  "worktree add -b devrites/parallel/feat/b1/S2 <dir>/.scratch/parallel-wt/b1/S2 <sha>",
];
/** integrate --apply-to-control's git steps with two green slices (<t1>, <t2> their transfer commits, <tip> the squash). */
const INTEGRATE_STEPS = [
  "rev-parse --verify <sha>^{commit}",
  "rev-parse --verify HEAD^{commit}",
  "status --porcelain --untracked-files=all -- src/a.ts src/b.ts",
  "worktree prune",
  "show-ref --verify --quiet refs/heads/devrites/parallel/feat/b1/integrate",
  "worktree add -b devrites/parallel/feat/b1/integrate <dir>/.scratch/parallel-wt/b1/integrate <sha>",
  "rev-parse --verify <t1>^{commit}",
  "merge-base --is-ancestor <sha> <t1>",
  "-c core.quotePath=false diff --name-only --no-renames <sha> <t1>",
  "cherry-pick -n <sha>..<t1>",
  "rev-parse --verify <t2>^{commit}",
  "merge-base --is-ancestor <sha> <t2>",
  "-c core.quotePath=false diff --name-only --no-renames <sha> <t2>",
  "cherry-pick -n <sha>..<t2>",
  "add -A --ignore-errors -- src/a.ts src/b.ts",
  "commit --no-verify -m WIP(feat): parallel batch b1 (S1, S2)\\n\\n[devrites-context]\\nslices: S1, S2\\nbase: <sha>",
  "rev-parse --verify HEAD^{commit}",
  "worktree remove --force <dir>/.scratch/parallel-wt/b1/integrate",
  "worktree prune",
  "merge --ff-only <tip>",
];
// `npm test` runs one kill point of each kind the docs table names (full: every point):
// create's leftovers; integrate's staging worktree, and control already at the squash.
const QUICK_CREATE = [4];
const QUICK_INTEGRATE = [6, 20];
const points = (n: number, quick: number[]) => (EVERY_POINT ? Array.from({ length: n + 1 }, (_, k) => k) : quick);
const label = (steps: string[], k: number) => (k === 0 ? "before its first git step" : `after step ${k} (${steps[k - 1]!.split(" ").slice(0, 2).join(" ")})`);

let r: Repo | undefined;
afterEach(() => {
  r?.remove();
  r = undefined;
});

const excludeLines = (dir: string) => fs.readFileSync(path.join(dir, ".git/info/exclude"), "utf8").split("\n").filter((l) => l === ".scratch/parallel-wt/").length;
const unleased = (dir: string, base: string, ids: string[]) => ids.map((id) => `unleased: branch=devrites/parallel/feat/b1/${id} commit=${base} worktree=${wt(dir, id)}`);

/** The git steps `args` runs, logged; `names()` (read after the run) says which values read as which names. */
async function loggedSteps(dir: string, args: string[], names: () => Record<string, string>): Promise<string[]> {
  const log = path.join(dir, "steps.log");
  const run = await spawnWithSteps(dir, ["parallel", ...args], { GIT_STEPS_LOG: log });
  expect(run.exit, run.stderr).toBe(0);
  let text = fs.readFileSync(log, "utf8");
  fs.rmSync(log);
  for (const [value, name] of Object.entries(names())) text = text.split(value).join(name);
  return text.replace(/\n$/, "").split("\n");
}

describe("the kill points are every git step", () => {
  it("create and integrate run exactly the tabled git steps, so every kill point is one of them", { timeout: 30_000 }, async () => {
    r = parallelRepo();
    const { dir, base } = r;
    expect(await loggedSteps(dir, CREATE, () => ({ [dir]: "<dir>", [base]: "<sha>" }))).toEqual(CREATE_STEPS);
    await par(dir, "abort", "--slug", "feat");
    await par(dir, "cleanup", "--slug", "feat", "--force");
    await greenBatch(dir);
    const [t1, t2] = readLease(dir)!.slices.map((s) => s.transfer_commit!);
    const steps = await loggedSteps(dir, INTEGRATE, () => ({ [dir]: "<dir>", [base]: "<sha>", [t1!]: "<t1>", [t2!]: "<t2>", [git(dir, "rev-parse", "HEAD")]: "<tip>" }));
    expect(steps).toEqual(INTEGRATE_STEPS);
  });
});

describe("parallel create killed between git steps", () => {
  it.each(points(CREATE_STEPS.length, QUICK_CREATE))("kill %i: status names what is left; the rerun reclaims it; abort + cleanup --force leaves nothing", { timeout: 60_000 }, async (k) => {
    r = parallelRepo();
    const { dir, base } = r;
    const killed = await spawnWithSteps(dir, ["parallel", ...CREATE], { KILL_AFTER_GIT: String(k) });
    const why = `${label(CREATE_STEPS, k)}: ${killed.stderr}`;
    expect(killed.signal, why).toBe("SIGKILL");
    // What the kill left: no lease (it is written last), the worktrees added so far on their branches.
    const made = ["S1", "S2"].filter((_, i) => k >= 4 + 2 * i);
    expect(readLease(dir), why).toBeUndefined();
    expect(worktrees(dir), why).toEqual([dir, ...made.map((id) => wt(dir, id))]);
    expect(excludeLines(dir), `${why}: the exclude line, once it is written`).toBe(k >= 3 ? 1 : 0);
    const status = await par(dir, "status", "--slug", "feat");
    expect(status, why).toEqual({ exit: 0, stdout: [`status: no lease at ${leasePath(dir)}`, ...unleased(dir, base, made), ""].join("\n"), stderr: "" });
    // The rerun of the same command: the leftovers reclaimed, the batch whole.
    const again = await par(dir, ...CREATE);
    expect(again.exit, again.stderr).toBe(0);
    expect(again.stdout).toBe("created: 2 worktrees; batch=b1 status=running\n");
    expect(again.stderr).toBe(made.map((id) => `warning: parallel: reclaimed ${wt(dir, id)} (devrites/parallel/feat/b1/${id}) left by an unfinished parallel create\n`).join(""));
    expect(readLease(dir)).toMatchObject({ status: "running", base_sha: base, n: 2 });
    expect(worktrees(dir)).toEqual([dir, wt(dir, "S1"), wt(dir, "S2")]);
    expect(branches(dir)).toEqual(["devrites/parallel/feat/b1/S1", "devrites/parallel/feat/b1/S2", "main"]);
    expect(excludeLines(dir), "the rerun never adds the line twice").toBe(1);
    // The discard path.
    expect((await par(dir, "abort", "--slug", "feat")).exit).toBe(0);
    expect(await par(dir, "cleanup", "--slug", "feat", "--force")).toEqual({ exit: 0, stdout: "cleanup: done\n", stderr: "" });
    expect([worktrees(dir), branches(dir), readLease(dir), scratchLeft(dir)]).toEqual([[dir], ["main"], undefined, []]);
  });

  it("a leftover that holds work is never reclaimed: the rerun refuses (exit 3) and the work stays", { timeout: 30_000 }, async () => {
    r = parallelRepo();
    const { dir } = r;
    expect((await spawnWithSteps(dir, ["parallel", ...CREATE], { KILL_AFTER_GIT: "4" })).signal).toBe("SIGKILL");
    fs.writeFileSync(path.join(wt(dir, "S1"), "src/a.ts"), "work\n");
    const again = await par(dir, ...CREATE);
    expect(again.exit).toBe(3);
    expect(again.stderr.split("\n")[0]).toBe(`parallel create: worktree path already exists: ${wt(dir, "S1")} (${wt(dir, "S1")} has uncommitted changes)`);
    expect(fs.readFileSync(path.join(wt(dir, "S1"), "src/a.ts"), "utf8")).toBe("work\n");
    expect(worktrees(dir)).toEqual([dir, wt(dir, "S1")]);
  });
});

describe("parallel integrate --apply-to-control killed between git steps", () => {
  const staged = (k: number) => k >= 6 && k < 18; // the staging worktree: from its add to its removal
  const committed = (k: number) => k >= 16; // the squash commit on the integrate branch

  async function killAt(k: number): Promise<{ dir: string; base: string; why: string }> {
    r = parallelRepo();
    const { dir, base } = r;
    await greenBatch(dir);
    const killed = await spawnWithSteps(dir, ["parallel", ...INTEGRATE], { KILL_AFTER_GIT: String(k) });
    const why = `${label(INTEGRATE_STEPS, k)}: ${killed.stderr}`;
    expect(killed.signal, why).toBe("SIGKILL");
    expect(readLease(dir)?.status, `${why}: the lease is rewritten only after the last step`).toBe("running");
    return { dir, base, why };
  }

  it.each(points(INTEGRATE_STEPS.length, QUICK_INTEGRATE))("kill %i: status names it; the rerun lands the batch once; cleanup then leaves nothing", { timeout: 60_000 }, async (k) => {
    const { dir, base, why } = await killAt(k);
    const head = git(dir, "rev-parse", "HEAD");
    expect(head === base, `${why}: control moves only at the last step`).toBe(k < 20);
    const status = await par(dir, "status", "--slug", "feat");
    expect(status.exit, why).toBe(0);
    const named = status.stdout.split("\n").filter((l) => l.startsWith("integrate: "));
    const ibranch = k >= 6 ? git(dir, "rev-parse", "devrites/parallel/feat/b1/integrate") : undefined;
    expect(named, why).toEqual([
      ...(staged(k) ? [`integrate: staging worktree left at ${wt(dir, "integrate")} (an integrate that did not finish; integrate again, or abort then cleanup --force)`] : []),
      ...(ibranch !== undefined ? [`integrate: branch=devrites/parallel/feat/b1/integrate commit=${ibranch}`] : []),
      ...(k === 20 ? [`integrate: control is at ${head} but the lease says running (integrate --apply-to-control again records complete)`] : []),
    ]);
    const again = await par(dir, ...INTEGRATE);
    expect(again.exit, `${why}: ${again.stderr}`).toBe(0);
    const tip = git(dir, "rev-parse", "HEAD");
    expect(again.stdout).toBe(`integrate-ok: tip=${tip} status=complete apply_to_control=true\n`);
    if (k === 20) expect(tip, "the landed squash is recorded, not made again").toBe(head);
    expect(git(dir, "rev-parse", `${tip}^`), "one squash commit on the base").toBe(base);
    expect([git(dir, "show", `${tip}:src/a.ts`), git(dir, "show", `${tip}:src/b.ts`)]).toEqual(["A", "B"]);
    expect(readLease(dir)?.status).toBe("complete");
    expect(await par(dir, "cleanup", "--slug", "feat")).toEqual({ exit: 0, stdout: "cleanup: done\n", stderr: "" });
    expect([worktrees(dir), branches(dir), readLease(dir), scratchLeft(dir)]).toEqual([[dir], ["main"], undefined, []]);
  });

  it.each(points(INTEGRATE_STEPS.length, [6]))("kill %i: abort + cleanup --force leaves no worktree, nothing under .scratch, and only the branches it prints", { timeout: 60_000 }, async (k) => {
    const { dir, base, why } = await killAt(k);
    const abort = await par(dir, "abort", "--slug", "feat");
    expect(abort.exit, why).toBe(0);
    expect(abort.stderr === "", `${why}: a HEAD past the base is reported, never reset`).toBe(k < 20);
    const cleanup = await par(dir, "cleanup", "--slug", "feat", "--force");
    expect([cleanup.exit, cleanup.stderr], why).toEqual([0, ""]);
    const printed = [...cleanup.stdout.matchAll(/^salvaged: slice=\S+ branch=(\S+) commit=/gm)].map((m) => m[1]!);
    const kept = ["devrites/parallel/feat/b1/S1", "devrites/parallel/feat/b1/S2", ...(committed(k) && k < 20 ? ["devrites/parallel/feat/b1/integrate"] : [])];
    expect(printed.sort(), `${why}: the slices' work past the base, and a squash control does not hold`).toEqual(kept);
    expect([worktrees(dir), branches(dir), readLease(dir), scratchLeft(dir)], why).toEqual([[dir], [...kept, "main"].sort(), undefined, []]);
    expect(git(dir, "rev-parse", "HEAD") === base, `${why}: never rewound`).toBe(k < 20);
  });
});

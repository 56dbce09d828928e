// `parallel create`, `record-green`, `abort` and `cleanup` on a real temporary git repository,
// as rite-build/reference/parallel-batch.md "Engine verbs" calls them (Go: cmdCreate,
// cmdRecordGreen, cmdAbort, cmdCleanup in engine/internal/parallel/cli.go; createLocked,
// recordGreenLocked, abortLocked, cleanupLocked in ops.go; their tests ops_test.go,
// cli_test.go): the worktrees and branches the Go engine makes, its lines and exit codes, all
// or nothing on a failed create, and a lease naming places outside the batch refused.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseLease } from "../../src/domain/parallel-lease.js";
import { runCli, runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";

let p: Project | undefined;
afterEach(() => p?.cleanup());

const W = ".devrites/work/feat";
const BATCH = JSON.stringify({ slices: [{ id: "S1", paths: ["src/a.ts"] }, { id: "S2", paths: ["src/b.ts"] }] });

function git(dir: string, ...args: string[]): string {
  const r = spawnSync("git", args, { cwd: dir, encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" } });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
  return r.stdout.trim();
}

/** A git repository with one commit and the workspace `feat` (kept out of git). */
function repo(): { dir: string; base: string } {
  p = makeProject({ [`${W}/state.md`]: "# State\n", ".devrites/ACTIVE": "feat\n", "src/a.ts": "a\n", "src/b.ts": "b\n", "batch.json": BATCH });
  const dir = fs.realpathSync(p.dir);
  git(dir, "init", "-q", "-b", "main");
  fs.appendFileSync(path.join(dir, ".git/info/exclude"), ".devrites/\nbatch.json\n");
  git(dir, "add", "src");
  git(dir, "commit", "-qm", "init");
  return { dir, base: git(dir, "rev-parse", "HEAD") };
}

const run = (dir: string, ...args: string[]) => runMain(["parallel", ...args], { cwd: dir });
const wt = (dir: string, slice: string) => path.join(dir, ".scratch/parallel-wt/b1", slice);
const branches = (dir: string) => git(dir, "branch", "--format=%(refname:short)").split("\n").sort();
const worktrees = (dir: string) => git(dir, "worktree", "list", "--porcelain").split("\n").filter((l) => l.startsWith("worktree ")).map((l) => l.slice(9));
const readLease = (dir: string) => {
  const r = parseLease(fs.readFileSync(path.join(dir, W, "parallel-lease.md"), "utf8"));
  if ("problem" in r) throw new Error(r.problem);
  return r.lease;
};
const create = (dir: string, ...more: string[]) => run(dir, "create", "--root", dir, "--slug", "feat", "--batch", "b1", "--base", "HEAD", "--json", "batch.json", ...more);

describe("parallel create", () => {
  it("makes one worktree and branch per slice at the base and writes a running lease: the Go engine's line, exit 0", async () => {
    const { dir, base } = repo();
    const r = await create(dir);
    expect(r).toEqual({ exit: 0, stdout: "created: 2 worktrees; batch=b1 status=running\n", stderr: "" });
    expect(worktrees(dir)).toEqual([dir, wt(dir, "S1"), wt(dir, "S2")]);
    expect(branches(dir)).toEqual(["devrites/parallel/feat/b1/S1", "devrites/parallel/feat/b1/S2", "main"]);
    expect(git(wt(dir, "S1"), "rev-parse", "HEAD")).toBe(base);
    const lease = readLease(dir);
    expect(lease).toMatchObject({ batch_id: "b1", base_sha: base, n: 2, status: "running", control_pid_or_session: `pid:${process.pid}` });
    expect(lease.slices.map((s) => [s.id, s.worktree_path, s.branch, s.wright_status])).toEqual([
      ["S1", wt(dir, "S1"), "devrites/parallel/feat/b1/S1", "pending"],
      ["S2", wt(dir, "S2"), "devrites/parallel/feat/b1/S2", "pending"],
    ]);
    expect(fs.readFileSync(path.join(dir, ".git/info/exclude"), "utf8")).toContain(".scratch/parallel-wt/\n");
    expect(git(dir, "status", "--porcelain")).toBe("");
  });

  it("a second create while a lease exists is refused (exit 3), nothing more made", async () => {
    const { dir } = repo();
    await create(dir);
    const r = await run(dir, "create", "--slug", "feat", "--batch", "b2", "--base", "HEAD", "--json", "batch.json");
    expect(r.exit).toBe(3);
    expect(r.stderr).toContain(`parallel create: lease already exists: ${path.join(dir, W, "parallel-lease.md")}`);
    expect(worktrees(dir)).toHaveLength(3);
  });

  it.each<[string, string[], string, string]>([
    ["overlapping paths", ["--json", "-"], '{"slices":[{"id":"S1","paths":["src/a.ts"]},{"id":"S2","paths":["src/a.ts"]}]}', 'shared by slice "S1", slice "S2"'],
    ["one slice", ["--json", "-"], '{"slices":[{"id":"S1","paths":["src/a.ts"]}]}', "parallel requires 2-10 slices (got 1)"],
    ["a base git cannot resolve", ["--base", "nope"], "", "parallel create: base sha: git rev-parse --verify nope^{commit}: exit 128"],
    ["a base that reads as an option", ["--base=--output=x"], "", 'parallel create: base sha: invalid revision "--output=x"'],
    ["a batch id that is a path", ["--batch", "../x"], "", 'parallel create: invalid batch id "../x"'],
  ])("%s: refused (exit 3), no worktree, branch or lease made", async (_name, more, input, message) => {
    const { dir } = repo();
    const args = ["parallel", "create", "--slug", "feat", "--batch", "b1", "--base", "HEAD", "--json", "batch.json", ...more];
    const r = await runMain(args, { cwd: dir, input });
    expect(r.exit).toBe(3);
    expect(r.stderr).toContain(message);
    expect(worktrees(dir)).toEqual([dir]);
    expect(branches(dir)).toEqual(["main"]);
    expect(fs.existsSync(path.join(dir, W, "parallel-lease.md"))).toBe(false);
  });

  it("all or nothing: the second worktree's place taken removes the first worktree and branch", async () => {
    const { dir } = repo();
    fs.mkdirSync(wt(dir, "S2"), { recursive: true });
    const r = await create(dir);
    expect(r.exit).toBe(3);
    expect(r.stderr).toContain(`parallel create: worktree path already exists: ${wt(dir, "S2")}`);
    expect(worktrees(dir)).toEqual([dir]);
    expect(branches(dir)).toEqual(["main"]);
    expect(fs.existsSync(wt(dir, "S1"))).toBe(false);
  });

  it("a .scratch that is a symbolic link is refused: no worktree is made through it", async () => {
    const { dir } = repo();
    const elsewhere = fs.mkdtempSync(path.join(path.dirname(dir), "elsewhere-"));
    try {
      fs.symlinkSync(elsewhere, path.join(dir, ".scratch"));
      const r = await create(dir);
      expect(r.exit).toBe(3);
      expect(r.stderr).toContain(".scratch is a symbolic link");
      expect(fs.readdirSync(elsewhere)).toEqual([]);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});

describe("parallel record-green and abort", () => {
  it("record-green stores the full sha of the transfer commit; an unknown slice or commit is exit 3", async () => {
    const { dir } = repo();
    await create(dir);
    fs.writeFileSync(path.join(wt(dir, "S1"), "src/a.ts"), "a2\n");
    git(wt(dir, "S1"), "commit", "-qam", "S1");
    const sha = git(wt(dir, "S1"), "rev-parse", "HEAD");
    const r = await run(dir, "record-green", "--slug", "feat", "--slice", "S1", "--commit", sha.slice(0, 8));
    expect(r).toEqual({ exit: 0, stdout: "record-green: slice=S1 status=running\n", stderr: "" });
    expect(readLease(dir).slices[0]).toMatchObject({ wright_status: "green", transfer_commit: sha });
    expect((await run(dir, "record-green", "--slug", "feat", "--slice", "S9", "--commit", sha)).stderr).toContain("parallel record-green: slice not in lease: S9");
    const bad = await run(dir, "record-green", "--slug", "feat", "--slice", "S2", "--commit", "deadbeef");
    expect([bad.exit, bad.stderr.split("\n")[0]]).toEqual([3, expect.stringContaining("parallel record-green: transfer commit: git rev-parse --verify deadbeef^{commit}: exit 128")]);
  });

  it("abort marks the lease aborted and never moves control; a moved HEAD is a warning; a complete lease is refused", async () => {
    const { dir, base } = repo();
    await create(dir);
    fs.writeFileSync(path.join(dir, "src/c.ts"), "c\n");
    git(dir, "add", "src/c.ts");
    git(dir, "commit", "-qm", "external");
    const head = git(dir, "rev-parse", "HEAD");
    const r = await run(dir, "abort", "--slug", "feat");
    expect(r.exit).toBe(0);
    expect(r.stdout).toBe(`aborted: status=aborted base=${base}\n`);
    expect(r.stderr).toBe(`warning: parallel: control not at base: control head ${head} moved past base ${base}; refusing to rewind external commits\n`);
    expect(git(dir, "rev-parse", "HEAD")).toBe(head);
    expect(readLease(dir).status).toBe("aborted");
    const l = readLease(dir);
    fs.writeFileSync(path.join(dir, "complete.json"), JSON.stringify({ ...l, status: "complete" }));
    await run(dir, "lease-write", "--slug", "feat", "--json", "complete.json");
    const refused = await run(dir, "abort", "--slug", "feat");
    expect([refused.exit, refused.stderr.split("\n")[0]]).toEqual([3, "parallel abort: abort refused: lease already complete — the batch landed in control; nothing to discard"]);
  });
});

describe("parallel cleanup", () => {
  it("refuses a batch that is not complete without --force (exit 3), touching nothing", async () => {
    const { dir } = repo();
    await create(dir);
    const r = await run(dir, "cleanup", "--slug", "feat");
    expect(r.exit).toBe(3);
    expect(r.stderr).toContain("parallel cleanup: cleanup refuses status=running without --force (non-complete cleanup salvages work onto slice branches)");
    expect(worktrees(dir)).toHaveLength(3);
  });

  it("--force salvages: uncommitted work becomes a commit on its branch, branches past the base are kept and printed, the rest goes", async () => {
    const { dir, base } = repo();
    await create(dir);
    fs.writeFileSync(path.join(wt(dir, "S1"), "src/a.ts"), "work in progress\n");
    fs.writeFileSync(path.join(wt(dir, "S1"), "stray.txt"), "not on the slice's paths\n");
    await run(dir, "abort", "--slug", "feat");
    const r = await run(dir, "cleanup", "--slug", "feat", "--force");
    expect(r.exit).toBe(0);
    const tip = git(dir, "rev-parse", "devrites/parallel/feat/b1/S1");
    expect(r.stdout).toBe(`salvaged: slice=S1 branch=devrites/parallel/feat/b1/S1 commit=${tip}\ncleanup: done\n`);
    expect(git(dir, "show", `${tip}:src/a.ts`)).toBe("work in progress");
    expect(git(dir, "log", "-1", "--format=%s", tip)).toBe("devrites: salvage S1 WIP (b1)");
    expect(git(dir, "diff", "--name-only", base, tip)).toBe("src/a.ts");
    expect(branches(dir)).toEqual(["devrites/parallel/feat/b1/S1", "main"]);
    expect(worktrees(dir)).toEqual([dir]);
    expect(fs.existsSync(path.join(dir, ".scratch/parallel-wt/b1"))).toBe(false);
    expect(fs.existsSync(path.join(dir, W, "parallel-lease.md"))).toBe(false);
  });

  it("a complete batch: worktrees and branches removed, the lease gone, cleanup: done; again with no lease, cleanup: done", async () => {
    const { dir } = repo();
    await create(dir);
    fs.writeFileSync(path.join(dir, "complete.json"), JSON.stringify({ ...readLease(dir), status: "complete" }));
    await run(dir, "lease-write", "--slug", "feat", "--json", "complete.json");
    expect(await run(dir, "cleanup", "--slug", "feat")).toEqual({ exit: 0, stdout: "cleanup: done\n", stderr: "" });
    expect(branches(dir)).toEqual(["main"]);
    expect(worktrees(dir)).toEqual([dir]);
    expect(await run(dir, "cleanup", "--slug", "feat")).toEqual({ exit: 0, stdout: "cleanup: done\n", stderr: "" });
  });

  it("a worker's place that is a symbolic link, or a plain directory, is kept and never salvaged into: control's branch gets no commit", async () => {
    const { dir, base } = repo();
    await create(dir);
    const outside = fs.mkdtempSync(path.join(path.dirname(dir), "outside-"));
    try {
      git(dir, "worktree", "remove", "--force", wt(dir, "S1"));
      fs.symlinkSync(outside, wt(dir, "S1"));
      git(dir, "worktree", "remove", "--force", wt(dir, "S2"));
      fs.mkdirSync(path.join(wt(dir, "S2"), "src"), { recursive: true });
      fs.writeFileSync(path.join(wt(dir, "S2"), "src/b.ts"), "not a worktree\n");
      fs.writeFileSync(path.join(dir, "src/a.ts"), "control's own change\n");
      git(dir, "add", "src/a.ts");
      await run(dir, "abort", "--slug", "feat");
      const r = await run(dir, "cleanup", "--slug", "feat", "--force");
      expect(r.exit).toBe(0);
      expect(r.stderr).toContain(`slice S1: ${wt(dir, "S1")} is not a directory; left as it is`);
      expect(r.stderr).toContain("is not a git worktree");
      expect(git(dir, "rev-parse", "HEAD")).toBe(base);
      expect(fs.lstatSync(wt(dir, "S1")).isSymbolicLink()).toBe(true);
      expect(fs.readFileSync(path.join(wt(dir, "S2"), "src/b.ts"), "utf8")).toBe("not a worktree\n");
      expect(r.stdout).toContain(`worktree=${wt(dir, "S2")}(kept)`);
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  it.each<[string, (dir: string) => Record<string, unknown>, string]>([
    ["a worktree outside the batch", (dir) => ({ worktree_path: path.join(dir, "src") }), "slice S1: worktree_path"],
    ["a branch of control", () => ({ branch: "main" }), 'slice S1: branch "main" is not devrites/parallel/feat/b1/S1'],
  ])("a lease naming %s is refused before anything is touched (exit 3)", async (_name, forge, message) => {
    const { dir } = repo();
    await create(dir);
    const l = readLease(dir);
    const forged = { ...l, status: "complete", slices: [{ ...l.slices[0], ...forge(dir) }, l.slices[1]] };
    fs.writeFileSync(path.join(dir, "forged.json"), JSON.stringify(forged));
    expect((await run(dir, "lease-write", "--slug", "feat", "--json", "forged.json")).exit).toBe(0);
    const r = await run(dir, "cleanup", "--slug", "feat", "--force");
    expect(r.exit).toBe(3);
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain("cleanup touches only the batch's own worktrees and branches");
    expect(branches(dir)).toEqual(["devrites/parallel/feat/b1/S1", "devrites/parallel/feat/b1/S2", "main"]);
    expect(fs.readFileSync(path.join(dir, "src/a.ts"), "utf8")).toBe("a\n");
    expect(worktrees(dir)).toHaveLength(3);
  });
});

/** Commit `files` in slice `id`'s worktree and record it green; its sha. */
async function green(dir: string, id: string, files: Record<string, string>): Promise<string> {
  for (const [f, text] of Object.entries(files)) fs.writeFileSync(path.join(wt(dir, id), f), text);
  git(wt(dir, id), "add", "-A");
  git(wt(dir, id), "commit", "-qm", id);
  const sha = git(wt(dir, id), "rev-parse", "HEAD");
  expect((await run(dir, "record-green", "--slug", "feat", "--slice", id, "--commit", sha)).exit).toBe(0);
  return sha;
}

describe("parallel integrate (Go: integrateLocked)", () => {
  it("--apply-to-control: one WIP squash commit on the base, control fast-forwarded, lease complete; cleanup then removes everything", async () => {
    const { dir, base } = repo();
    await create(dir);
    await green(dir, "S1", { "src/a.ts": "A\n" });
    await green(dir, "S2", { "src/b.ts": "B\n" });
    const r = await run(dir, "integrate", "--root", dir, "--slug", "feat", "--apply-to-control");
    const tip = git(dir, "rev-parse", "HEAD");
    expect(r).toEqual({ exit: 0, stdout: `integrate-ok: tip=${tip} status=complete apply_to_control=true\n`, stderr: "" });
    expect(git(dir, "rev-parse", `${tip}^`)).toBe(base);
    expect(git(dir, "log", "-1", "--format=%B", tip)).toBe(`WIP(feat): parallel batch b1 (S1, S2)\n\n[devrites-context]\nslices: S1, S2\nbase: ${base}`);
    expect([fs.readFileSync(path.join(dir, "src/a.ts"), "utf8"), fs.readFileSync(path.join(dir, "src/b.ts"), "utf8")]).toEqual(["A\n", "B\n"]);
    expect(readLease(dir).status).toBe("complete");
    expect(worktrees(dir)).toEqual([dir, wt(dir, "S1"), wt(dir, "S2")]);
    expect(await run(dir, "cleanup", "--slug", "feat")).toEqual({ exit: 0, stdout: "cleanup: done\n", stderr: "" });
    expect(branches(dir)).toEqual(["main"]);
    expect(worktrees(dir)).toEqual([dir]);
  });

  it("without --apply-to-control: the squash commit only on the integrate branch, control at the base, the lease still running", async () => {
    const { dir, base } = repo();
    await create(dir);
    await green(dir, "S1", { "src/a.ts": "A\n" });
    await green(dir, "S2", { "src/b.ts": "B\n" });
    const r = await run(dir, "integrate", "--slug", "feat");
    const tip = git(dir, "rev-parse", "devrites/parallel/feat/b1/integrate");
    expect(r.stdout).toBe(`integrate-ok: tip=${tip} status=running apply_to_control=false\n`);
    expect(git(dir, "rev-parse", "HEAD")).toBe(base);
    expect(readLease(dir).status).toBe("running");
    expect((await run(dir, "cleanup", "--slug", "feat")).exit).toBe(3);
  });

  it("a slice not green is refused (exit 3) before anything is made", async () => {
    const { dir } = repo();
    await create(dir);
    await green(dir, "S1", { "src/a.ts": "A\n" });
    const r = await run(dir, "integrate", "--slug", "feat", "--apply-to-control");
    expect([r.exit, r.stderr.split("\n")[0]]).toEqual([3, "parallel integrate: slice S2 is not green"]);
    expect(readLease(dir).status).toBe("running");
    expect(branches(dir)).not.toContain("devrites/parallel/feat/b1/integrate");
  });

  it("a transfer commit touching another slice's path fails the exact-path proof: integrate-failed, no staging left, control at the base", async () => {
    const { dir, base } = repo();
    await create(dir);
    await green(dir, "S1", { "src/a.ts": "A\n", "src/b.ts": "stolen\n" });
    await green(dir, "S2", { "src/b.ts": "B\n" });
    const r = await run(dir, "integrate", "--slug", "feat", "--apply-to-control");
    expect(r.exit).toBe(3);
    expect(r.stderr.split("\n")[0]).toBe("parallel integrate: exact-path proof failed for slice S1: want=[src/a.ts] got=[src/a.ts src/b.ts]");
    expect(readLease(dir).status).toBe("integrate-failed");
    expect(git(dir, "rev-parse", "HEAD")).toBe(base);
    expect(branches(dir)).not.toContain("devrites/parallel/feat/b1/integrate");
    expect(fs.existsSync(path.join(dir, ".scratch/parallel-wt/b1/integrate"))).toBe(false);
    // Repaired in place, recorded green again, integrate retries from integrate-failed.
    git(wt(dir, "S1"), "reset", "-q", "--hard", base);
    await green(dir, "S1", { "src/a.ts": "A\n" });
    expect((await run(dir, "integrate", "--slug", "feat", "--apply-to-control")).exit).toBe(0);
    expect(readLease(dir).status).toBe("complete");
  });

  it("a staging worktree and branch a killed integrate left do not block the retry", async () => {
    const { dir, base } = repo();
    await create(dir);
    await green(dir, "S1", { "src/a.ts": "A\n" });
    await green(dir, "S2", { "src/b.ts": "B\n" });
    git(dir, "worktree", "add", "-q", "-b", "devrites/parallel/feat/b1/integrate", path.join(dir, ".scratch/parallel-wt/b1/integrate"), base);
    const r = await run(dir, "integrate", "--slug", "feat", "--apply-to-control");
    expect(r.exit, r.stderr).toBe(0);
    expect(readLease(dir).status).toBe("complete");
    expect(worktrees(dir)).toEqual([dir, wt(dir, "S1"), wt(dir, "S2")]);
  });

  it("control moved past the base is refused (exit 3) and never rewound", async () => {
    const { dir } = repo();
    await create(dir);
    await green(dir, "S1", { "src/a.ts": "A\n" });
    await green(dir, "S2", { "src/b.ts": "B\n" });
    fs.writeFileSync(path.join(dir, "src/c.ts"), "c\n");
    git(dir, "add", "src/c.ts");
    git(dir, "commit", "-qm", "external");
    const head = git(dir, "rev-parse", "HEAD");
    const r = await run(dir, "integrate", "--slug", "feat", "--apply-to-control");
    expect(r.exit).toBe(3);
    expect(r.stderr).toContain("refusing to rewind external commits");
    expect(git(dir, "rev-parse", "HEAD")).toBe(head);
    expect(readLease(dir).status).toBe("running");
  });
});

describe("spawned: the exit codes a shell step sees", () => {
  it("create from a pipe exit 0; cleanup without --force exit 3; a missing --batch exit 5", async () => {
    const { dir } = repo();
    const c = await runCli(["parallel", "create", "--root", dir, "--slug", "feat", "--batch", "b1", "--base", "HEAD", "--json", "-"], { cwd: dir, input: BATCH });
    expect([c.exit, c.stdout]).toEqual([0, "created: 2 worktrees; batch=b1 status=running\n"]);
    expect((await runCli(["parallel", "cleanup", "--slug", "feat"], { cwd: dir })).exit).toBe(3);
    expect((await runCli(["parallel", "create", "--slug", "feat", "--base", "HEAD", "--json", "batch.json"], { cwd: dir })).exit).toBe(5);
  });
});

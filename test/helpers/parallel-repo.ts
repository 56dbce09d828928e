// A real git repository holding the workspace `feat` and a two-slice batch file, for the
// parallel verbs' process tests: set up in process (runMain), the step under test spawned
// with test/helpers/git-steps.cjs preloaded (a SIGKILL between two git steps, a git step made
// to fail, or the steps logged).

import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseLease, type Lease } from "../../src/domain/parallel-lease.js";
import { runMain, T, type CliResult } from "./cli.js";
import { CLI_PATH, REPO_DIR } from "./project.js";

export const GIT_STEPS = path.join(REPO_DIR, "test/helpers/git-steps.cjs");
export const W = ".devrites/work/feat";
export const BATCH = JSON.stringify({ slices: [{ id: "S1", paths: ["src/a.ts"] }, { id: "S2", paths: ["src/b.ts"] }] });
const IDENTITY = { GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" };

export function git(dir: string, ...args: string[]): string {
  const r = spawnSync("git", args, { cwd: dir, encoding: "utf8", env: { ...process.env, ...IDENTITY } });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
  return r.stdout.trim();
}

export interface Repo {
  dir: string;
  base: string;
  remove(): void;
}

/** A repository with one commit (src/a.ts, src/b.ts) and the workspace `feat`, kept out of git. */
export function parallelRepo(): Repo {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "devrites-par-")));
  fs.mkdirSync(path.join(dir, W), { recursive: true });
  fs.mkdirSync(path.join(dir, "src"));
  fs.writeFileSync(path.join(dir, W, "state.md"), "# State\n");
  fs.writeFileSync(path.join(dir, ".devrites/ACTIVE"), "feat\n");
  fs.writeFileSync(path.join(dir, "src/a.ts"), "a\n");
  fs.writeFileSync(path.join(dir, "src/b.ts"), "b\n");
  fs.writeFileSync(path.join(dir, "batch.json"), BATCH);
  git(dir, "init", "-q", "-b", "main");
  fs.appendFileSync(path.join(dir, ".git/info/exclude"), ".devrites/\nbatch.json\n");
  git(dir, "add", "src");
  git(dir, "commit", "-qm", "init");
  return { dir, base: git(dir, "rev-parse", "HEAD"), remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export const par = (dir: string, ...args: string[]): Promise<CliResult> => runMain(["parallel", ...args], { cwd: dir });
export const CREATE = ["create", "--slug", "feat", "--batch", "b1", "--base", "HEAD", "--json", "batch.json"];
export const INTEGRATE = ["integrate", "--slug", "feat", "--apply-to-control"];
export const wt = (dir: string, slice: string) => path.join(dir, ".scratch/parallel-wt/b1", slice);
export const branches = (dir: string) => git(dir, "branch", "--format=%(refname:short)").split("\n").sort();
export const worktrees = (dir: string) =>
  git(dir, "worktree", "list", "--porcelain")
    .split("\n")
    .filter((l) => l.startsWith("worktree "))
    .map((l) => l.slice(9));
export const leasePath = (dir: string) => path.join(dir, W, "parallel-lease.md");
export function readLease(dir: string): Lease | undefined {
  if (!fs.existsSync(leasePath(dir))) return undefined;
  const r = parseLease(fs.readFileSync(leasePath(dir), "utf8"));
  if ("problem" in r) throw new Error(r.problem);
  return r.lease;
}

/** Commit `files` in the slice's worktree and record it green (in process). */
export async function green(dir: string, id: string, files: Record<string, string>): Promise<string> {
  for (const [rel, text] of Object.entries(files)) fs.writeFileSync(path.join(wt(dir, id), rel), text);
  git(wt(dir, id), "add", "-A");
  git(wt(dir, id), "commit", "-qm", id);
  const sha = git(wt(dir, id), "rev-parse", "HEAD");
  const r = await par(dir, "record-green", "--slug", "feat", "--slice", id, "--commit", sha);
  if (r.exit !== 0) throw new Error(r.stderr);
  return sha;
}

/** A batch created and both slices green: what `integrate` starts from. */
export async function greenBatch(dir: string): Promise<void> {
  const c = await par(dir, ...CREATE);
  if (c.exit !== 0) throw new Error(c.stderr);
  await green(dir, "S1", { "src/a.ts": "A\n" });
  await green(dir, "S2", { "src/b.ts": "B\n" });
}

export interface Spawned {
  exit: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The built CLI with git-steps.cjs preloaded; `env` holds KILL_AFTER_GIT, FAIL_GIT or GIT_STEPS_LOG. */
export function spawnWithSteps(dir: string, args: string[], env: Record<string, string>): Promise<Spawned> {
  const base: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("DEVRITES_")) base[k] = v;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--require", GIT_STEPS, CLI_PATH, ...args], { cwd: dir, env: { ...base, DEVRITES_NOW: T, NO_COLOR: "1", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (exit, signal) => resolve({ exit, signal, stdout, stderr }));
  });
}

/** Every file (not directory) under `.scratch/`, and the batch directory if it is there. */
export function scratchLeft(dir: string): string[] {
  const root = path.join(dir, ".scratch");
  if (!fs.existsSync(root)) return [];
  const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((rel) => !fs.statSync(path.join(root, rel)).isDirectory());
  return [...files, ...(fs.existsSync(path.join(root, "parallel-wt/b1")) ? ["parallel-wt/b1/"] : [])];
}

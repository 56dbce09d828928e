// The git a parallel batch runs (Go: engine/internal/parallel/git.go), each call through
// adapters/git.ts (fixed environment, hooks off, a timeout, capped output): worktrees and
// branches for the workers, the revisions a lease records, the staging squash. A failure reads
// as the Go engine's `git <args>: exit <n>: <stderr>`. Commits get a fallback identity when
// the environment has none (Go: ensureGitIdentityEnv), so a CI image without one still works.

import type { GitResult } from "../adapters/git.js";
import { removeDir } from "./parallel-scratch.js";

const GIT_TIMEOUT_MS = 60_000;
const GIT_OUTPUT_CAP = 4 * 1024 * 1024;
const IDENTITY: Record<string, string> = {
  GIT_AUTHOR_NAME: "devrites-engine",
  GIT_AUTHOR_EMAIL: "engine@devrites.invalid",
  GIT_COMMITTER_NAME: "devrites-engine",
  GIT_COMMITTER_EMAIL: "engine@devrites.invalid",
};
const NEEDS_IDENTITY = new Set(["cherry-pick", "commit", "merge"]);

export type Env = Readonly<Record<string, string | undefined>>;

/** A git call that failed: its Go-engine text, and the exit code when git ran. */
export class GitFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: number | undefined,
  ) {
    super(message);
  }
}

export async function git(repo: string, env: Env, args: readonly string[]): Promise<string> {
  const { runGit } = await import("../adapters/git.js");
  const withId = args.some((a) => NEEDS_IDENTITY.has(a)) ? { ...IDENTITY, ...env } : env;
  const r: GitResult = await runGit(repo, args, { env: withId, timeoutMs: GIT_TIMEOUT_MS, maxBytes: GIT_OUTPUT_CAP });
  const out = r.stdout.toString("utf8").trim();
  if (r.ok) return out;
  const detail = r.stderr.trim() || out;
  const code = /^exit (\d+)$/.exec(r.failure ?? "");
  throw new GitFailure(`git ${args.join(" ")}: ${r.failure}${detail !== "" ? `: ${detail}` : ""}`, code ? Number(code[1]) : undefined);
}

/** True when git ran and exited 1 (a "no" answer), false when it said yes; any other failure is thrown. */
async function yesNo(repo: string, env: Env, args: readonly string[]): Promise<boolean> {
  try {
    await git(repo, env, args);
    return true;
  } catch (e) {
    if (e instanceof GitFailure && e.exitCode === 1) return false;
    throw e;
  }
}

export const revParse = (repo: string, env: Env, rev: string) => git(repo, env, ["rev-parse", "--verify", `${rev}^{commit}`]);
export const headSha = (repo: string, env: Env) => revParse(repo, env, "HEAD");
export const isAncestor = (repo: string, env: Env, a: string, b: string) => yesNo(repo, env, ["merge-base", "--is-ancestor", a, b]);
export const branchExists = (repo: string, env: Env, branch: string) => yesNo(repo, env, ["show-ref", "--verify", "--quiet", `refs/heads/${branch}`]);

export async function deleteBranch(repo: string, env: Env, branch: string): Promise<void> {
  if (await branchExists(repo, env, branch)) await git(repo, env, ["branch", "-D", branch]);
}

export const worktreeAdd = (repo: string, env: Env, path: string, branch: string, start: string) => git(repo, env, ["worktree", "add", "-b", branch, path, start]);
export const worktreePrune = (repo: string, env: Env) => git(repo, env, ["worktree", "prune"]);

export async function diffNames(repo: string, env: Env, a: string, b: string): Promise<string[]> {
  const out = await git(repo, env, ["-c", "core.quotePath=false", "diff", "--name-only", "--no-renames", a, b]);
  return out === "" ? [] : out.split("\n").map((l) => l.trim());
}

export async function dirtyPaths(repo: string, env: Env, paths: readonly string[]): Promise<boolean> {
  return (await git(repo, env, ["status", "--porcelain", "--untracked-files=all", "--", ...paths])) !== "";
}

/** Commit every change under `paths` (Go: stagePathsAndCommit); the new HEAD. */
export async function commitPaths(repo: string, env: Env, message: string, paths: readonly string[]): Promise<string> {
  await git(repo, env, ["add", "-A", "--ignore-errors", "--", ...paths]);
  await git(repo, env, ["commit", "--no-verify", "-m", message]);
  return headSha(repo, env);
}

export interface WorktreeEntry {
  path: string;
  head: string;
  /** `refs/heads/<name>`, or "" for a detached worktree. */
  branch: string;
}

/** `git worktree list --porcelain`: every worktree git knows, the main one first. */
export async function listWorktrees(repo: string, env: Env): Promise<WorktreeEntry[]> {
  const out: WorktreeEntry[] = [];
  for (const block of (await git(repo, env, ["worktree", "list", "--porcelain"])).split(/\n\n+/)) {
    const e: WorktreeEntry = { path: "", head: "", branch: "" };
    for (const line of block.split("\n")) {
      if (line.startsWith("worktree ")) e.path = line.slice(9);
      else if (line.startsWith("HEAD ")) e.head = line.slice(5);
      else if (line.startsWith("branch ")) e.branch = line.slice(7);
    }
    if (e.path !== "") out.push(e);
  }
  return out;
}

/** The branches under `refs/heads/<prefix>` and their tips. */
export async function branchesUnder(repo: string, env: Env, prefix: string): Promise<{ branch: string; tip: string }[]> {
  const out = await git(repo, env, ["for-each-ref", "--format=%(objectname) %(refname:short)", `refs/heads/${prefix}`]);
  return out === "" ? [] : out.split("\n").map((l) => ({ tip: l.slice(0, l.indexOf(" ")), branch: l.slice(l.indexOf(" ") + 1) }));
}

/** Go: worktreeRemove — `git worktree remove --force`, else the directory removed and the list pruned. */
export async function removeWorktree(project: string, env: Env, wt: string, warnings: string[]): Promise<boolean> {
  try {
    await git(project, env, ["worktree", "remove", "--force", wt]);
    return true;
  } catch (e) {
    const left = removeDir(wt);
    if (left !== undefined) warnings.push(left);
    await worktreePrune(project, env).catch(() => undefined);
    warnings.push(`worktree cleanup ${wt}: ${(e as Error).message}`);
    return false;
  }
}

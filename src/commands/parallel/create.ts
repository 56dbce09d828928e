// `parallel create --slug <slug> --batch <id> --base <B> --json <file>|-` (Go: cmdCreate in
// engine/internal/parallel/cli.go, Create / createLocked in ops.go; the pack's call in
// rite-build/reference/parallel-batch.md "Engine verbs", lifecycle step 2): the slices' path
// sets (as `check path-disjoint` reads them, 2-10, disjoint) each get a worktree at
// `.scratch/parallel-wt/<batch>/<slice>` on `devrites/parallel/<slug>/<batch>/<slice>` from the
// base commit, and a `running` lease records them. All or nothing: a failed step removes the
// worktrees and branches made so far. Prints `created: <n> worktrees; batch=<id> status=running`.
// The lease is written last (as in Go), so a create killed part-way leaves worktrees no lease
// names: a rerun reclaims those that hold no work (leftovers.ts) and refuses the rest.

import { dirname, resolve } from "node:path";
import { EngineError, RefusedError } from "../../errors.js";
import { formatTimestamp } from "../../domain/clock.js";
import { emitLease, BATCH_ID, type Lease, type LeaseSlice } from "../../domain/parallel-lease.js";
import { batchDir, workerBranch, workerWorktree } from "../../domain/parallel-layout.js";
import { MAX_PARALLEL_SLICES, PARALLEL_SLICE_ID } from "../../domain/parallel-select.js";
import { checkPathDisjoint, parseSlices, validateSlicePaths } from "../../domain/path-disjoint.js";
import { lstat } from "../../workspace/disk.js";
import { deleteBranch, git, GitFailure, removeWorktree, revParse, worktreeAdd } from "../../workspace/parallel-git.js";
import { excludeScratch, makeDir, unsafeScratch } from "../../workspace/parallel-scratch.js";
import { reclaimCreateLeftover } from "./leftovers.js";
import { isProjectSymlink } from "../../workspace/project-files.js";
import { readInputText } from "./input.js";
import { requiredText } from "../option-value.js";
import { LEASE_FILE, leaseSession } from "./status.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

export const refuseIn = (verb: string) => (why: string, hint?: string) => new RefusedError(why, { prefix: `parallel ${verb}: `, ...(hint !== undefined ? { hint } : {}) });

/**
 * A refusal with the warnings the verb's cleanup collected before it (Go: warnf on stderr, then
 * the error): the same exit code and `parallel <verb>: <why>` line, the warnings first; over
 * --json the error's object with `warnings`.
 */
export function refusalWithWarnings(err: EngineError, warnings: readonly string[]): Outcome {
  const errors = [...warnings.map((w) => `warning: parallel: ${w}`), `${err.prefix}${err.message}`, ...(err.hint !== undefined ? [`hint: ${err.hint}`] : [])];
  const data = { ...err.data, error: err.message, ...(err.agentHint !== undefined ? { hint: err.agentHint } : {}), warnings: [...warnings] };
  return { exit: err.exitCode, lines: [], errors, data };
}

/** A revision from the command line: never one git would read as an option. */
export function revisionArg(value: string, what: string, refuse: (why: string) => RefusedError): string {
  if (value === "" || value.startsWith("-") || /[\s\0]/.test(value)) throw refuse(`${what}: invalid revision ${JSON.stringify(value)}`);
  return value;
}

export async function parallelCreate(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const refuse = refuseIn("create");
  const batch = requiredText(args, "batch");
  const baseRev = revisionArg(requiredText(args, "base"), "base sha", refuse);
  const parsed = parseSlices(await readInputText(ctx, requiredText(args, "json"), "create"));
  if ("problem" in parsed) throw refuse(parsed.problem);
  if (!BATCH_ID.test(batch)) throw refuse(`invalid batch id ${JSON.stringify(batch)}`);
  const n = parsed.slices.length;
  if (n < 2 || n > MAX_PARALLEL_SLICES) throw refuse(`parallel requires 2-${MAX_PARALLEL_SLICES} slices (got ${n})`);
  const session = leaseSession(ctx, args);
  const project = dirname(session.ws.root);
  const env = ctx.io.env;
  const symlinkAt = (p: string) => isProjectSymlink(project, p);
  const disjoint = checkPathDisjoint(parsed.slices, symlinkAt);
  if ("problem" in disjoint) throw refuse(disjoint.problem);
  const slug = session.ws.slug;
  const made: { wt: string; branch: string }[] = [];
  const warnings: string[] = [];
  const undo = async () => {
    for (const m of made) {
      await removeWorktree(project, env, m.wt, warnings);
      await deleteBranch(project, env, m.branch).catch((e: Error) => warnings.push(`branch cleanup ${m.branch}: ${e.message}`));
    }
  };
  let lease: Lease;
  try {
    lease = await session.mutateAsync(async () => {
      let base: string;
      try {
        base = await revParse(project, env, baseRev);
      } catch (e) {
        if (e instanceof GitFailure) throw refuse(`base sha: ${e.message}`);
        throw e;
      }
      const leasePath = session.path(LEASE_FILE);
      if (lstat(leasePath) !== undefined) throw refuse(`lease already exists: ${leasePath}`);
      const unsafe = unsafeScratch(project, batchDir(project, batch));
      if (unsafe !== undefined) throw refuse(unsafe);
      const places: { id: string; paths: string[]; branch: string; wt: string }[] = [];
      for (const sp of parsed.slices) {
        if (!PARALLEL_SLICE_ID.test(sp.id)) throw refuse(`invalid slice id ${JSON.stringify(sp.id)}`);
        const paths = validateSlicePaths(sp.paths, `slice ${JSON.stringify(sp.id)}`, symlinkAt);
        if ("problem" in paths) throw refuse(paths.problem);
        places.push({ id: sp.id, paths: paths.paths, branch: workerBranch(slug, batch, sp.id), wt: workerWorktree(project, batch, sp.id) });
      }
      // Before the first worktree, so a create killed later leaves the line a rerun finds (never a second one).
      try {
        excludeScratch(resolve(project, await git(project, env, ["rev-parse", "--git-common-dir"])));
      } catch {
        // Best effort, as in Go.
      }
      const slices: LeaseSlice[] = [];
      for (const { id, paths, branch, wt } of places) {
        // No lease, so what is at this place was left by a create that never finished: reclaimed when it holds no work.
        const kept = await reclaimCreateLeftover(project, env, wt, branch, base, warnings).catch((e: Error) => e.message);
        if (kept !== undefined) throw refuse(`worktree path already exists: ${wt} (${kept})`, "remove it, or use another --batch; parallel status lists what is left");
        makeDir(dirname(wt));
        try {
          await worktreeAdd(project, env, wt, branch, base);
        } catch (e) {
          if (e instanceof GitFailure) throw refuse(`worktree add ${id}: ${e.message}`);
          throw e;
        }
        made.push({ wt, branch });
        slices.push({ id, paths, worktree_path: wt, branch, wright_status: "pending" });
      }
      const session_ = typeof args.options.session === "string" && args.options.session !== "" ? args.options.session : `pid:${ctx.io.pid}`;
      const next: Lease = { batch_id: batch, created_at: formatTimestamp(ctx.now), base_sha: base, n: slices.length, status: "running", control_pid_or_session: session_, slices };
      const text = emitLease(next);
      if ("problem" in text) throw refuse(text.problem);
      return { changes: { files: new Map([[LEASE_FILE, text.text]]), events: [{ event: "parallel_created" as const, detail: { batch_id: batch, n: slices.length, base_sha: base } }] }, result: next };
    });
  } catch (e) {
    await undo();
    if (e instanceof EngineError && warnings.length > 0) return refusalWithWarnings(e, warnings);
    throw e;
  }
  return { exit: 0, lines: [`created: ${lease.n} worktrees; batch=${lease.batch_id} status=${lease.status}`], data: { lease }, errors: warnings.map((w) => `warning: parallel: ${w}`) };
}

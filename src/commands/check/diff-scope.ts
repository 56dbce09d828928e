// `check diff-scope <slug> --allow <csv> | --allow-file <path> [--worktree|--staged|--base <ref>]
// [--allow-empty] [--cwd <dir>]` (Go: RunCheckDiffScope and diffScopeUsage in
// engine/internal/lib/diffscope.go; TestDiffScopeAllowlist): the changed-path set — git status
// (modified, staged, untracked; the default), the index, or the diff from a ref — stays inside
// the allowlist. Exit 0 `diff-scope: ok (<n> changed path(s) within allowlist)`, exit 3 one
// `diff-scope: BLOCKED: <path> outside allowlist` line each, or an empty diff without
// --allow-empty. An --allow-file is a project file (workspace/project-files.ts); --cwd must be
// a directory inside the project root. Git runs through adapters/git.ts. Writes nothing (the Go
// engine's metrics line is not kept: no metrics.jsonl line is recorded here).

import { BadInputError, RefusedError } from "../../errors.js";
import { allowEntries, judgeDiffScope, porcelainPaths } from "../../domain/diff-scope.js";
import { GIT_TIMEOUT_MS } from "../../workspace/git-staged.js";
import { lookupProjectFile, ProjectPathError, projectDirectory, projectRootOf, readProjectFile } from "../../workspace/project-files.js";
import { join } from "node:path";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

/** An --allow-file is read whole up to this size; git may print this much. */
const ALLOW_FILE_CAP = 1024 * 1024;
const GIT_OUTPUT_CAP = 16 * 1024 * 1024;

const strings = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : typeof v === "string" ? [v] : []);

export async function checkDiffScope(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const slug = args.positionals[0] as string;
  const o = args.options;
  const modes = (["worktree", "staged"] as const).filter((m) => o[m] === true);
  const base = typeof o.base === "string" ? o.base : undefined;
  if (modes.length + (base !== undefined ? 1 : 0) > 1) throw new BadInputError("diff-scope: choose one of --worktree, --staged, --base <ref>", { hint: ctx.usage() });
  if (base !== undefined && (base === "" || base.startsWith("-") || base.includes("\0"))) {
    throw new BadInputError(`diff-scope: --base ${JSON.stringify(base)} is not a git revision`, { hint: ctx.usage() });
  }
  const project = projectRootOf(ctx.root());
  const refused = (e: ProjectPathError, what: string) =>
    new RefusedError(`diff-scope: ${what} ${e.message}`, { kind: "unsafe-file", prefix: "", hint: e.hint, data: { workspace: slug, path: e.path } });

  const texts: string[] = [];
  for (const name of strings(o["allow-file"])) {
    try {
      const found = lookupProjectFile(project, name, ALLOW_FILE_CAP);
      if (found.kind === "absent") throw new RefusedError(`diff-scope: allow-file ${JSON.stringify(name)}: no such file`, { prefix: "", hint: "name an allowlist file by its path from the project root", data: { workspace: slug, path: name } });
      texts.push(readProjectFile(project, name, found.st, ALLOW_FILE_CAP).toString("utf8"));
    } catch (e) {
      if (e instanceof ProjectPathError) throw refused(e, "allow-file");
      throw e;
    }
  }
  const allow = allowEntries(strings(o.allow), texts);
  if (allow.length === 0) throw new BadInputError("diff-scope: an allowlist is required (--allow or --allow-file)", { hint: ctx.usage() });

  let dir = project;
  if (typeof o.cwd === "string") {
    try {
      const rel = projectDirectory(project, ctx.io.cwd, o.cwd);
      dir = rel === "" ? project : join(project, ...rel.split("/"));
    } catch (e) {
      if (e instanceof ProjectPathError) throw refused(e, "--cwd");
      throw e;
    }
  }
  const mode = base !== undefined ? "base" : o.staged === true ? "staged" : "worktree";
  const changed = await changedPaths(ctx, dir, mode, base);
  const verdict = judgeDiffScope(changed, allow, o["allow-empty"] === true);
  return {
    exit: verdict.exit,
    lines: verdict.lines,
    data: { workspace: slug, mode, result: verdict.exit === 0 ? "ok" : "blocked", changed, violations: verdict.violations, allow },
  };
}

async function changedPaths(ctx: CommandContext, dir: string, mode: "worktree" | "staged" | "base", base: string | undefined): Promise<string[]> {
  const { runGit } = await import("../../adapters/git.js");
  const args =
    mode === "worktree"
      ? ["status", "--porcelain=v1", "-z", "--untracked-files=all"]
      : ["diff", "--name-only", "-z", "--no-ext-diff", "--no-textconv", ...(mode === "staged" ? ["--cached"] : [base as string]), "--"];
  const r = await runGit(dir, ["--no-replace-objects", ...args], { env: ctx.io.env, timeoutMs: GIT_TIMEOUT_MS, maxBytes: GIT_OUTPUT_CAP });
  const cannot = (detail: string) =>
    new RefusedError(`diff-scope: cannot list the changed paths (${detail})`, { prefix: "", hint: "run it inside a git work tree with git on PATH; an unchecked diff is not a pass" });
  if (!r.ok) throw cannot(r.failure === "output-cap" ? "git printed more than 16 MiB" : `git ${args[0]}: ${r.failure ?? "failed"}${r.stderr ? `: ${r.stderr.trim().split("\n")[0]}` : ""}`);
  const out = r.stdout.toString("utf8");
  if (mode === "worktree") {
    const paths = porcelainPaths(out);
    if (paths === undefined) throw cannot("malformed git status output");
    return paths;
  }
  return out.split("\0").filter((p) => p !== "");
}

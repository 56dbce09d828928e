// What a change adds, for `check windows` (Go: windowsHits in engine/internal/lib/windows.go):
// the `git diff -U0` of the work tree against HEAD (or of the index, or against a base ref),
// and in work-tree mode the untracked files, each read whole as a project file. Git runs in
// the project root through adapters/git.ts (fixed environment, timeout, capped output) with
// `--relative`, so every path is project-relative and nothing outside the root is read.

import { RefusedError } from "../errors.js";
import { addedLinesFromDiff, wholeFileHits, type WindowHit } from "../domain/windows.js";
import { GIT_TIMEOUT_MS, MAX_SCAN_ENTRIES } from "./git-staged.js";
import { lookupProjectFile, readProjectFile } from "./project-files.js";

export type DiffMode = { mode: "worktree" } | { mode: "staged" } | { mode: "base"; base: string };

/** What the diff and the untracked files may print and hold, in all. */
export const MAX_DIFF_BYTES = 64 * 1024 * 1024;
/** An untracked file larger than this is a finding, never read (the Go engine's workspace artifact cap). */
const NEW_FILE_CAP = 4 * 1024 * 1024;

function cannot(what: string, detail: string): RefusedError {
  return new RefusedError(`windows: cannot inspect ${what} (${detail})`, { prefix: "", hint: "run it inside a git work tree with git on PATH; an unscanned change is not a pass" });
}

type Env = Readonly<Record<string, string | undefined>>;

async function git(project: string, args: string[], env: Env, what: string): Promise<Buffer | undefined> {
  const { runGit } = await import("../adapters/git.js");
  const r = await runGit(project, ["--no-replace-objects", "-c", "core.quotePath=false", ...args], { env, timeoutMs: GIT_TIMEOUT_MS, maxBytes: MAX_DIFF_BYTES });
  if (r.failure === "output-cap") throw cannot(what, "git printed more than the scan's byte budget");
  if (r.failure === "not-found" || r.failure === "timeout") throw cannot(what, `git ${args[0]}: ${r.failure}`);
  return r.ok ? r.stdout : undefined;
}

const DIFF_FLAGS = ["-U0", "--relative", "--no-color", "--no-ext-diff", "--no-textconv", "-M"];

/** The deferral markers the change adds, `.devrites/` left out. @throws RefusedError, ProjectPathError (from project-files) */
export async function addedMarkers(project: string, mode: DiffMode, env: Env): Promise<WindowHit[]> {
  const args = mode.mode === "staged" ? ["diff", "--cached", ...DIFF_FLAGS, "--"] : ["diff", ...DIFF_FLAGS, mode.mode === "base" ? mode.base : "HEAD", "--"];
  const diff = await git(project, args, env, "the diff");
  let hits: WindowHit[] = [];
  let touched = new Set<string>();
  if (diff !== undefined) {
    ({ hits, paths: touched } = addedLinesFromDiff(diff.toString("utf8")));
  } else {
    const head = await git(project, ["rev-parse", "--verify", "--quiet", "HEAD"], env, "HEAD");
    // Before a first commit every file of the work tree is new; any other failure is a refusal.
    if (mode.mode !== "worktree" || head !== undefined) throw cannot("the diff", `git diff ${mode.mode === "base" ? mode.base : mode.mode === "staged" ? "--cached" : "HEAD"} failed`);
  }
  if (mode.mode === "worktree") {
    const listArgs = diff === undefined ? ["ls-files", "-z", "--cached", "--others", "--exclude-standard"] : ["ls-files", "-z", "--others", "--exclude-standard"];
    const listed = await git(project, listArgs, env, "untracked files");
    if (listed === undefined) throw cannot("untracked files", "git ls-files failed");
    const names = listed.toString("utf8").split("\0").filter((n) => n !== "" && !touched.has(n) && !n.startsWith(".devrites/"));
    if (names.length > MAX_SCAN_ENTRIES) throw cannot("untracked files", `more than ${MAX_SCAN_ENTRIES} new files`);
    let budget = MAX_DIFF_BYTES - (diff?.length ?? 0);
    for (const name of names) {
      const found = lookupProjectFile(project, name, NEW_FILE_CAP);
      if (found.kind === "absent") continue;
      budget -= found.st.size;
      if (budget < 0) throw cannot("untracked files", "more than the scan's byte budget");
      hits.push(...wholeFileHits(name, readProjectFile(project, name, found.st, NEW_FILE_CAP)));
    }
  }
  return hits.filter((h) => !h.path.startsWith(".devrites/"));
}


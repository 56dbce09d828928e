// The directories of a parallel batch's worktrees, `<project>/.scratch/parallel-wt/<batch>/`
// (domain/parallel-layout.ts): made before `git worktree add`, removed after `git worktree
// remove` as the Go engine does (engine/internal/parallel/ops.go, os.RemoveAll), and the line
// that keeps them out of control's `git status` (Go: ensureScratchExcluded in git.go). These are
// git's working trees, not workspace files, so they are not journaled; each place is checked
// first: a symbolic link or a non-directory on the way is refused, never followed or removed.

import { closeSync, constants, fstatSync, mkdirSync, openSync, readdirSync, readSync, rmSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { kindOf, lstat } from "./disk.js";

/** Why a directory on the way to `dir` (from `project`) cannot hold worktrees, or undefined. */
export function unsafeScratch(project: string, dir: string): string | undefined {
  const rel = dir.slice(project.length + 1).split("/");
  let at = project;
  for (const part of rel) {
    at = join(at, part);
    const st = lstat(at);
    if (st === undefined) return undefined;
    if (!st.isDirectory()) return `${at} is ${kindOf(st)}, not a directory; parallel worktrees are made only in real directories`;
  }
  return undefined;
}

export function makeDir(dir: string): void {
  mkdirSync(dir, { recursive: true });
}

/** Remove the directory at `dir` and everything in it (links inside are removed, never followed); a link or file at `dir` itself is left. */
export function removeDir(dir: string): string | undefined {
  const st = lstat(dir);
  if (st === undefined) return undefined;
  if (!st.isDirectory()) return `${dir} is ${kindOf(st)}; left as it is`;
  rmSync(dir, { recursive: true, force: true });
  return undefined;
}

export function entries(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

const EXCLUDE_LINE = ".scratch/parallel-wt/";

/**
 * Add `.scratch/parallel-wt/` to `<git common dir>/info/exclude` once; best effort, as in Go
 * (an exclude file that cannot be written never fails the batch). Only a regular file is appended to.
 */
export function excludeScratch(gitCommonDir: string): void {
  const path = join(gitCommonDir, "info", "exclude");
  try {
    mkdirSync(dirname(path), { recursive: true });
    const fd = openSync(path, constants.O_RDWR | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK, 0o644);
    try {
      const st = fstatSync(fd);
      if (!st.isFile() || st.size > 1024 * 1024) return;
      const buf = Buffer.alloc(st.size);
      readSync(fd, buf, 0, st.size, 0);
      const text = buf.toString("utf8");
      if (text.split("\n").some((l) => l.trim() === EXCLUDE_LINE)) return;
      writeSync(fd, `${text === "" || text.endsWith("\n") ? "" : "\n"}${EXCLUDE_LINE}\n`, st.size);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Best effort: control's `git status` then lists .scratch/, nothing worse.
  }
}

// Disk side of `init --continues`: find the parent workspace (live `work/` first, then
// `archive/`, with the same safety refusals as any workspace) and undo the empty
// directory of a continuation that was refused before anything was committed.

import fs from "node:fs";
import path from "node:path";
import { NoWorkspaceError } from "../errors.js";
import { isExistingSlug, openWorkspace, type Workspace } from "./locate.js";

export interface FoundWorkspace {
  ws: Workspace;
  archived: boolean;
}

function lstat(p: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(p);
  } catch {
    return undefined;
  }
}

/**
 * Locate a workspace by slug: `work/<slug>`, else `archive/<slug>`; undefined when neither exists.
 * @throws NoWorkspaceError (2) for a symlinked workspace or one resolving outside the root.
 */
export function locateAnyWorkspace(root: string, slug: string): FoundWorkspace | undefined {
  if (!isExistingSlug(slug)) return undefined;
  if (lstat(path.join(root, "work", slug))) return { ws: openWorkspace(root, slug), archived: false };
  const dir = path.join(root, "archive", slug);
  const st = lstat(dir);
  if (!st) return undefined;
  if (st.isSymbolicLink()) {
    throw new NoWorkspaceError(`unsafe workspace: ${dir} is a symbolic link`, { hint: "workspaces must be real directories inside the root" });
  }
  if (!st.isDirectory()) return undefined;
  if (path.relative(fs.realpathSync(root), fs.realpathSync(dir)).startsWith("..")) {
    throw new NoWorkspaceError(`unsafe workspace: ${dir} resolves outside the root`, { hint: "workspaces must be real directories inside the root" });
  }
  return { ws: { root, slug, dir }, archived: true };
}

/** True when `work/<slug>` holds a state.md (a workspace, not just a directory). */
export function hasStateFile(root: string, slug: string): boolean {
  return lstat(path.join(root, "work", slug, "state.md")) !== undefined;
}

/** Remove a directory this command created when it is still empty; anything else stays. */
export function removeIfEmpty(dir: string): void {
  try {
    fs.rmdirSync(dir);
  } catch {
    // Not empty or already gone: leave it as it is.
  }
}

/** True when the path exists (file, directory or link). */
export function pathExists(p: string): boolean {
  return lstat(p) !== undefined;
}

// Disk side of `init --continues`: find the parent workspace (locate.ts: live `work/` first,
// then `archive/`) and undo the empty directory of a continuation refused before any commit.

import fs from "node:fs";
import path from "node:path";

export { locateAnyWorkspace, type FoundWorkspace } from "./locate.js";

function lstat(p: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(p);
  } catch {
    return undefined;
  }
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

// The disk side of release sequences: the other workspaces a chain walk visits, read-only
// (live in work/ first, then archive/; a symlinked or escaping directory and symlinked files
// are refused), and the directory of a continuation that `init --continues` creates.

import { rmdirSync } from "node:fs";
import { join, relative } from "node:path";
import { RefusedError } from "../errors.js";
import { lstat } from "./disk.js";
import type { SequenceMember, SequenceSource } from "../domain/sequence-chain.js";
import { locateAnyWorkspace, readWorkspaceFile, UNSAFE_WORKSPACE_HINT, type RefuseUnsafe } from "./locate.js";

/** A sequence member is named relative to the root, and refused as merge-manifest refuses (exit 3). */
const refuseMember = (root: string): RefuseUnsafe => (dir, why) =>
  new RefusedError(`unsafe workspace: ${relative(root, dir)} ${why}`, { kind: "unsafe-file", hint: UNSAFE_WORKSPACE_HINT });

/**
 * Workspace `slug` under `root`: `work/` first, then `archive/` (locate.ts).
 * @throws RefusedError (exit 3, merge-manifest's BLOCKED) when it is a symlink or resolves outside the root.
 */
export function findSequenceMember(root: string, slug: string): SequenceMember | undefined {
  const found = locateAnyWorkspace(root, slug, refuseMember(root));
  if (!found) return undefined;
  const dir = found.ws.dir;
  return {
    slug,
    archived: found.archived,
    label: `${found.archived ? "archive" : "work"}/${slug}`,
    readState: () => readWorkspaceFile(dir, "state.md", false),
    readManifest: () => readWorkspaceFile(dir, "touched-files.md", false),
  };
}

/** A SequenceSource over the `.devrites` directory `root`. */
export function sequenceSource(root: string): SequenceSource {
  return { find: (slug) => findSequenceMember(root, slug) };
}

/** What is at `work/<slug>` before `init --continues` runs: nothing, a bare directory, or a workspace (a state.md). */
export function continuationDir(root: string, slug: string): "none" | "directory" | "workspace" {
  const dir = join(root, "work", slug);
  if (lstat(join(dir, "state.md")) !== undefined) return "workspace";
  return lstat(dir) !== undefined ? "directory" : "none";
}

/** Remove a directory this command created when it is still empty; anything else stays. */
export function removeIfEmpty(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {
    // Not empty or already gone: leave it as it is.
  }
}

// Other workspaces of a release sequence, read-only: found live in work/ first, then in
// archive/; a symlinked or escaping workspace directory and symlinked files are refused.

import path from "node:path";
import { NoWorkspaceError, RefusedError } from "../errors.js";
import type { SequenceMember, SequenceSource } from "../domain/sequence-chain.js";
import { locateAnyWorkspace, readWorkspaceFile } from "./locate.js";

/**
 * Workspace `slug` under `root`: `work/` first, then `archive/` (locate.ts).
 * @throws RefusedError (exit 3, merge-manifest's BLOCKED) when it is a symlink or resolves outside the root.
 */
export function findSequenceMember(root: string, slug: string): SequenceMember | undefined {
  let found;
  try {
    found = locateAnyWorkspace(root, slug);
  } catch (e) {
    if (e instanceof NoWorkspaceError) throw new RefusedError(e.message.replace(`${root}${path.sep}`, ""), { hint: e.hint });
    throw e;
  }
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

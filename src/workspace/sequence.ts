// Other workspaces of a release sequence, read-only: found live in work/ first, then in
// archive/; a symlinked or escaping workspace directory and symlinked files are refused.

import fs from "node:fs";
import path from "node:path";
import { RefusedError } from "../errors.js";
import type { SequenceMember, SequenceSource } from "../domain/sequence-chain.js";
import { isExistingSlug, readWorkspaceFile } from "./locate.js";

function lstat(p: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(p);
  } catch {
    return undefined;
  }
}

/**
 * The directory of workspace `slug` under `root`: `work/` first, then `archive/`.
 * @throws RefusedError (exit 3) when the directory found is a symlink or resolves outside the root.
 */
export function findSequenceMember(root: string, slug: string): SequenceMember | undefined {
  if (!isExistingSlug(slug)) return undefined;
  for (const [sub, archived] of [["work", false], ["archive", true]] as const) {
    const dir = path.join(root, sub, slug);
    const st = lstat(dir);
    if (!st) continue;
    const label = `${sub}/${slug}`;
    if (st.isSymbolicLink()) {
      throw new RefusedError(`unsafe workspace: ${label} is a symbolic link`, { hint: "workspaces must be real directories inside the root" });
    }
    if (!st.isDirectory()) continue;
    const rel = path.relative(fs.realpathSync(root), fs.realpathSync(dir));
    if (rel.startsWith("..") || path.isAbsolute(rel)) {
      throw new RefusedError(`unsafe workspace: ${label} resolves outside the root`, { hint: "workspaces must be real directories inside the root" });
    }
    return {
      slug,
      archived,
      label,
      readState: () => readWorkspaceFile(dir, "state.md", false),
      readManifest: () => readWorkspaceFile(dir, "touched-files.md", false),
    };
  }
  return undefined;
}

/** A SequenceSource over the `.devrites` directory `root`. */
export function sequenceSource(root: string): SequenceSource {
  return { find: (slug) => findSequenceMember(root, slug) };
}

// The pack's other workspace artifacts (spec.md, tasks.md, eng-review.md, …) for the readers
// that summarise or gate them (orient, check readiness): listed and read like every workspace
// file (regular files only, no link followed, size-capped), but a file that cannot be read is
// reported by name instead of failing the whole summary.

import { isUtf8 } from "node:buffer";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { isKind } from "../errors.js";
import { lstat, readRegularFile } from "./disk.js";

export interface ArtifactRead {
  /** The bytes, when the file is there, regular, within `cap` and UTF-8. */
  bytes: Buffer | undefined;
  /** Why it could not be read (a link, a directory, too large, not UTF-8, a failed open). */
  unreadable: string | undefined;
  /** Its size on disk (0 when absent). */
  size: number;
}

/**
 * Read `name` in `dir` (a fixed artifact name, never a path from a file). Absent is
 * `{ bytes: undefined, unreadable: undefined }`; anything else that stops the read is named.
 */
export function readArtifact(dir: string, name: string, cap: number): ArtifactRead {
  const p = join(dir, name);
  const size = lstat(p)?.size ?? 0;
  try {
    const bytes = readRegularFile(p, { name, capBytes: cap, noFollow: true });
    if (bytes !== undefined && !isUtf8(bytes)) return { bytes: undefined, unreadable: `${name} is not valid UTF-8`, size };
    return { bytes, unreadable: undefined, size };
  } catch (e) {
    if (isKind(e, "unsafe-file", "io")) return { bytes: undefined, unreadable: e.text, size };
    throw e;
  }
}

/**
 * The entries directly in a workspace directory (the engine's own dot files left out), by name:
 * regular files with their sizes, and the names of everything else (links, directories, FIFOs).
 */
export function listArtifacts(dir: string): { files: { name: string; size: number }[]; others: string[] } {
  const files: { name: string; size: number }[] = [];
  const others: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (name.startsWith(".")) continue;
    const st = lstat(join(dir, name));
    if (st?.isFile()) files.push({ name, size: st.size });
    else others.push(name);
  }
  return { files, others };
}

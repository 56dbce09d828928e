// The project files an anchored note's grade reads (`note …`): its subject file, and, when the
// subject no longer holds the quote, a walk of the project for the files that do. Under the
// trust boundary of project-files.ts: relative paths inside the project root, no link followed
// (a link met on the walk is passed over, never opened), regular files only, none over
// QUOTE_FILE_CAP, and a file with a NUL byte near its start is binary and never matches.
// Contract: the Go engine's engine/internal/notes/notes.go (fileText, quoteLocations, skippedDirs).

import { readdirSync } from "node:fs";
import { join } from "node:path";
import { normalizeWs } from "../domain/note-grade.js";
import { lookupProjectFile, ProjectPathError, readProjectFile } from "./project-files.js";

/** The Go engine's maxSearchFileBytes. */
export const QUOTE_FILE_CAP = 512 * 1024;
const BINARY_PROBE = 512;

/** Version control, dependencies, build output and the workspace itself: never searched. */
const SKIPPED_DIRS = new Set([".git", ".devrites", "node_modules", "vendor", "dist", "build", "out", "target", "bin", "coverage"]);

/** A project file's text, undefined when it is absent, not a plain regular file, over the cap or binary. */
export function projectText(projectRoot: string, rel: string): string | undefined {
  try {
    const found = lookupProjectFile(projectRoot, rel, QUOTE_FILE_CAP);
    if (found.kind !== "file") return undefined;
    const bytes = readProjectFile(projectRoot, rel, found.st, QUOTE_FILE_CAP);
    if (bytes.subarray(0, BINARY_PROBE).includes(0)) return undefined;
    return bytes.toString("utf8");
  } catch (e) {
    if (e instanceof ProjectPathError) return undefined;
    throw e;
  }
}

/**
 * The project files other than `subject` whose text holds `quote` (whitespace collapsed), in
 * walk order (names sorted, as Go's WalkDir); the walk stops at the second one (ambiguous).
 */
export function filesHoldingQuote(projectRoot: string, subject: string, quote: string): string[] {
  const q = normalizeWs(quote);
  const found: string[] = [];
  const walk = (relDir: string): void => {
    let entries;
    try {
      entries = readdirSync(relDir === "" ? projectRoot : join(projectRoot, ...relDir.split("/")), { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      if (found.length > 1) return;
      const rel = relDir === "" ? e.name : `${relDir}/${e.name}`;
      if (e.isDirectory()) {
        if (!SKIPPED_DIRS.has(e.name)) walk(rel);
      } else if (e.isFile() && rel !== subject) {
        const text = projectText(projectRoot, rel);
        if (text !== undefined && normalizeWs(text).includes(q)) found.push(rel);
      }
    }
  };
  walk("");
  return found;
}

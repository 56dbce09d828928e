// The one reader of *project* files (the ship gates: check candidate|seal, secret-scan; check
// diff-scope's --allow-file and --cwd; detect commands). The trust boundary moves here on purpose:
// the engine reads files outside .devrites/, but only regular files inside the project root (the
// directory that holds .devrites/), named by relative paths, reached without following any
// link, with one name only, under a size cap. Anything else is a finding that names the path,
// never read. It never writes.

import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, type Stats } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { RefusedError } from "../errors.js";
import { kindOf, readFully } from "./disk.js";

/** The project root of a `.devrites` directory: its parent. */
export function projectRootOf(devritesRoot: string): string {
  return join(devritesRoot, "..");
}

/**
 * A project path the engine will not read: exit 3 (unsafe-file) naming the path and why.
 * `data.path` is the path as given; `reason` the Go engine's wording of why.
 */
export class ProjectPathError extends RefusedError {
  readonly path: string;
  readonly reason: string;
  constructor(path: string, reason: string) {
    super(`${JSON.stringify(path)}: ${reason}`, {
      kind: "unsafe-file",
      hint: "the engine reads project files only as regular files inside the project root, never through a link, a device or a FIFO; fix the path or the file, then retry",
      data: { path },
    });
    this.path = path;
    this.reason = reason;
  }
}

/** Why `rel` is not a plain relative path inside the root, or undefined when it is one. */
export function relativePathProblem(rel: string): string | undefined {
  if (rel === "") return "path is empty";
  if (rel.includes("\0")) return "path contains a NUL byte";
  if (rel.startsWith("/") || /^[A-Za-z]:/.test(rel)) return "path is absolute";
  if (rel.includes("\\")) return "path contains a backslash";
  for (const part of rel.split("/")) {
    if (part === "..") return "path contains traversal";
    if (part === "" || part === ".") return "path contains an empty or dot component";
  }
  return undefined;
}

/** What is at a relative path: nothing, or a regular file with its lstat. */
export type ProjectLookup = { kind: "absent" } | { kind: "file"; st: Stats };

/**
 * Walk `rel` under `projectRoot` one component at a time with lstat: a symbolic link at any
 * component, a parent that is not a directory, a final entry that is not a regular file, a
 * file over `capBytes` or with more than one name (a hard link may be the other name of a file
 * outside the root) is a ProjectPathError. A missing component is `absent`.
 * @throws ProjectPathError
 */
export function lookupProjectFile(projectRoot: string, rel: string, capBytes: number): ProjectLookup {
  const bad = relativePathProblem(rel);
  if (bad !== undefined) throw new ProjectPathError(rel, bad);
  const parts = rel.split("/");
  let current = projectRoot;
  for (let i = 0; i < parts.length; i++) {
    current = join(current, parts[i] as string);
    let st: Stats;
    try {
      st = lstatSync(current);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") return { kind: "absent" };
      throw new ProjectPathError(rel, `cannot inspect the path (${code ?? "error"})`);
    }
    if (st.isSymbolicLink()) throw new ProjectPathError(rel, "path contains a symlink");
    if (i < parts.length - 1) {
      if (!st.isDirectory()) throw new ProjectPathError(rel, "path parent is not a directory");
      continue;
    }
    if (!st.isFile()) throw new ProjectPathError(rel, `present path is not a regular file (${kindOf(st)})`);
    if (st.size > capBytes) throw new ProjectPathError(rel, `present file exceeds ${capName(capBytes)} limit`);
    if (st.nlink > 1) throw new ProjectPathError(rel, `present file has ${st.nlink} hard links; a file with other names is never read`);
    return { kind: "file", st };
  }
  return { kind: "absent" };
}

/** `64 MiB`, `1 MiB`, or the byte count. */
export function capName(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes}-byte`;
}

const sameFile = (a: Stats, b: Stats) => a.dev === b.dev && a.ino === b.ino;
const executable = (st: Stats) => (st.mode & 0o111) !== 0;

/**
 * Read the file a lookup found, whole: opened without following a link and without blocking,
 * and it must still be the same regular file with the same size and mode after the read, and
 * still be what the path names (a swap mid-read is a finding, never a mixed read).
 * @throws ProjectPathError
 */
export function readProjectFile(projectRoot: string, rel: string, found: Stats, capBytes: number): Buffer {
  const p = join(projectRoot, ...rel.split("/"));
  let fd: number;
  try {
    fd = openSync(p, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new ProjectPathError(rel, code === "ELOOP" ? "path contains a symlink" : `cannot open the file (${code ?? "error"})`);
  }
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile() || !sameFile(opened, found) || opened.size !== found.size || executable(opened) !== executable(found)) {
      throw new ProjectPathError(rel, "file changed size or type before reading");
    }
    const buf = Buffer.allocUnsafe(found.size);
    const n = readFully(fd, buf, 0, found.size, 0);
    const extra = readFully(fd, Buffer.alloc(1), 0, 1, found.size);
    const after = fstatSync(fd);
    if (n !== found.size || extra !== 0 || after.size !== found.size || !sameFile(after, found)) {
      throw new ProjectPathError(rel, "file changed size while reading");
    }
    const now = lookupProjectFile(projectRoot, rel, capBytes);
    if (now.kind !== "file" || !sameFile(now.st, found)) throw new ProjectPathError(rel, "file changed size or type while reading");
    return buf;
  } catch (e) {
    if (e instanceof ProjectPathError) throw e;
    throw new ProjectPathError(rel, `cannot read the file (${(e as NodeJS.ErrnoException).code ?? "error"})`);
  } finally {
    closeSync(fd);
  }
}

/** Whether two lookups name one filesystem object (two rows through a hard link or an alias). */
export function sameProjectFile(a: Stats, b: Stats): boolean {
  return sameFile(a, b);
}

/**
 * Whether `rel` under `projectRoot` is reached through a symbolic link, at any component
 * (`check path-disjoint --root`; Go: validateSlicePaths, TestCheckPathDisjointSymlinkedDir):
 * nothing is opened or followed; a missing component ends the walk.
 */
export function isProjectSymlink(projectRoot: string, rel: string): boolean {
  let current = projectRoot;
  for (const part of rel.split("/")) {
    current = join(current, part);
    try {
      if (lstatSync(current).isSymbolicLink()) return true;
    } catch {
      return false;
    }
  }
  return false;
}

/**
 * The directory `given` names (relative to `cwd`, or absolute), when it is the project root or
 * a directory inside it reached without a symbolic link: its path relative to the root ("" for
 * the root itself). Anything else is a ProjectPathError naming `given`.
 * @throws ProjectPathError
 */
export function projectDirectory(projectRoot: string, cwd: string, given: string): string {
  const rel = relative(resolve(projectRoot), resolve(cwd, given)).split(sep).join("/");
  if (rel === "") return "";
  if (rel === ".." || rel.startsWith("../") || isAbsolute(rel)) throw new ProjectPathError(given, "directory is outside the project root");
  let current = projectRoot;
  for (const part of rel.split("/")) {
    current = join(current, part);
    let st: Stats;
    try {
      st = lstatSync(current);
    } catch (e) {
      throw new ProjectPathError(given, `cannot inspect the directory (${(e as NodeJS.ErrnoException).code ?? "error"})`);
    }
    if (st.isSymbolicLink()) throw new ProjectPathError(given, "path contains a symlink");
    if (!st.isDirectory()) throw new ProjectPathError(given, `present path is not a directory (${kindOf(st)})`);
  }
  return rel;
}

/**
 * The names of the regular files directly in the project directory `relDir` ("" for the root):
 * no link followed (a symbolic link, a directory, a device or a FIFO is left out, never opened),
 * at most `maxEntries` names looked at — more is a ProjectPathError naming the directory.
 * @throws ProjectPathError
 */
export function listProjectFiles(projectRoot: string, relDir: string, maxEntries: number): string[] {
  if (relDir !== "") {
    const bad = relativePathProblem(relDir);
    if (bad !== undefined) throw new ProjectPathError(relDir, bad);
    if (isProjectSymlink(projectRoot, relDir)) throw new ProjectPathError(relDir, "path contains a symlink");
  }
  const dir = relDir === "" ? projectRoot : join(projectRoot, ...relDir.split("/"));
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return [];
    throw new ProjectPathError(relDir === "" ? "." : relDir, `cannot list the directory (${code ?? "error"})`);
  }
  if (entries.length > maxEntries) throw new ProjectPathError(relDir === "" ? "." : relDir, `directory holds more than ${maxEntries} entries`);
  return entries.filter((e) => e.isFile()).map((e) => e.name).sort();
}

// Finding the project root (`--root`, DEVRITES_ROOT, walking up) and the workspace
// (`--workspace`, DEVRITES_WORKSPACE, ACTIVE), with the safety refusals for symlinks and escapes.

import { isUtf8 } from "node:buffer";
import { readdirSync, realpathSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { BadInputError, InternalError, NoWorkspaceError, RefusedError, type EngineError } from "../errors.js";
import { suggestNewSlug } from "../domain/new-slug.js";
import { kindOf, lstat, makeDirs, READ_CAP_BYTES, readRegularFile } from "./disk.js";
import { shellWord } from "../shell-word.js";
import { fastLaneRefusal, isFastLaneWorkspace } from "./fast-lane.js";

export const NO_WORKSPACE_MESSAGE = "No active workspace. Run /rite-spec (Claude) / $rite-spec (Codex) <feature> first.";

/**
 * The first line when a root or workspace that was named is not there: what was not found,
 * then the skill's sentence (quoted by commands.md, and by the pack's skills).
 */
function notFound(what: string): string {
  return `${what}. ${NO_WORKSPACE_MESSAGE}`;
}

/** The second way on, for someone outside DevRites (the first line names the skill). */
const INIT_WAY = "devrites-engine init <slug>";

/**
 * `workspaces here: a, b` (or that there are none), and how to start one: `init` with the name
 * asked for when init accepts it as a new slug (`New-Feature` as `new-feature`), else `<slug>`.
 * Only on error paths.
 */
function workspacesHere(root: string, asked?: string): string {
  let names: string[] = [];
  try {
    names = readdirSync(join(root, "work"), { withFileTypes: true }).filter((e) => e.isDirectory() && isExistingSlug(e.name)).map((e) => e.name).sort();
  } catch {
    // No work/ directory: no workspaces.
  }
  // /rite-fast workspaces keep no state.md: listed apart, since --workspace cannot pick them.
  const all = names;
  const fast = names.filter((n) => isFastLaneWorkspace(join(root, "work", n)));
  names = names.filter((n) => !fast.includes(n));
  const fastNote = fast.length > 0 ? `/rite-fast workspaces, which this engine leaves alone: ${fast.slice(0, 10).join(", ")}${fast.length > 10 ? ` …and ${fast.length - 10} more` : ""}` : undefined;
  const suggested = asked === undefined ? undefined : suggestNewSlug(asked);
  // A suggestion that exists already would be refused by init (exit 3): it is listed instead.
  const slug = suggested !== undefined && !all.includes(suggested) ? shellWord(suggested) : "<slug>";
  if (names.length > 0) {
    return `workspaces here: ${names.slice(0, 10).join(", ")}${names.length > 10 ? ` …and ${names.length - 10} more` : ""} (pick one with --workspace SLUG${fastNote ? `; ${fastNote}` : ""}), or start one with devrites-engine init ${slug}`;
  }
  if (fastNote !== undefined) return `there are no workspaces this engine keeps in ${root} (${fastNote}); start one with devrites-engine init ${slug}`;
  let closed = 0;
  try {
    closed = readdirSync(join(root, "archive")).filter(isExistingSlug).length;
  } catch {
    // No archive/ directory: nothing was closed here.
  }
  return closed > 0
    ? `there are no live workspaces in ${root} (${closed} closed in archive/); start one with devrites-engine init ${slug}`
    : `there are no workspaces in ${root} yet; start one with devrites-engine init ${slug}`;
}

/** Names an existing workspace may have (formats.md, Layout). */
const EXISTING_SLUG = /^[A-Za-z0-9._-]+$/;

export function isExistingSlug(slug: string): boolean {
  return EXISTING_SLUG.test(slug) && slug !== "." && slug !== "..";
}

/**
 * A name no workspace can have (formats.md, Layout), refused as an unknown workspace (exit 2),
 * with the workspaces there are when the root is known.
 */
export function badWorkspaceName(root: string | undefined, slug: string): NoWorkspaceError {
  return new NoWorkspaceError(notFound(`${JSON.stringify(slug)} is not a workspace name (letters, digits, '.', '_', '-')`), {
    hint: root !== undefined ? workspacesHere(root, slug) : "a workspace name is letters, digits, '.', '_' and '-', and not '.' or '..'",
  });
}

function unsafeRoot(p: string): NoWorkspaceError {
  return new NoWorkspaceError(`unsafe root: ${p} is a symbolic link`, {
    kind: "unsafe-root",
    hint: "point --root (or DEVRITES_ROOT) at the real directory",
  });
}

/** Check a candidate `.devrites` path; returns it when it is a real directory. */
function checkDevrites(p: string): string | undefined {
  const st = lstat(p);
  if (!st) return undefined;
  if (st.isSymbolicLink()) throw unsafeRoot(p);
  return st.isDirectory() ? p : undefined;
}

/**
 * The `.devrites` directory for this run.
 * @throws NoWorkspaceError (exit 2) when none is found or it is a symlink.
 */
export function findRoot(cwd: string, rootOption: string | undefined, envRoot: string | undefined): string {
  const given = rootOption ?? (envRoot && envRoot !== "" ? envRoot : undefined);
  if (given !== undefined) {
    const abs = resolve(cwd, given);
    if (basename(abs) === ".devrites") {
      const found = checkDevrites(abs);
      if (found) return found;
    } else {
      const found = checkDevrites(join(abs, ".devrites"));
      if (found) return found;
      // A .devrites directory under another name, given directly: it holds work/.
      if (lstat(join(abs, "work"))?.isDirectory()) {
        if (lstat(abs)?.isSymbolicLink()) throw unsafeRoot(abs);
        return abs;
      }
    }
    const named = rootOption !== undefined ? `--root ${given}` : `DEVRITES_ROOT ${given}`;
    const missing = lstat(abs) === undefined ? `${abs} does not exist` : `no .devrites directory (or work/ directory) at ${abs}`;
    throw new NoWorkspaceError(notFound(`${named}: ${missing}`), { hint: `point --root at the project directory, or start a workspace there with ${INIT_WAY} --root ${shellWord(given)}` });
  }
  let dir = resolve(cwd);
  for (;;) {
    const found = checkDevrites(join(dir, ".devrites"));
    if (found) return found;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new NoWorkspaceError(NO_WORKSPACE_MESSAGE, {
    hint: `no .devrites directory in ${cwd} or above; pass --root or set DEVRITES_ROOT, or run devrites-engine init <slug>`,
  });
}

/**
 * The `.devrites` directory `init` uses: `--root`/DEVRITES_ROOT (project or .devrites), else the
 * nearest `.devrites` walking up from cwd (the one every other command would use), else cwd's.
 * @throws NoWorkspaceError (exit 2) when the directory it picks is a symlink.
 */
export function rootForInit(cwd: string, rootOption: string | undefined, envRoot: string | undefined): string {
  const given = rootOption ?? (envRoot && envRoot !== "" ? envRoot : undefined);
  if (given === undefined) {
    // A subdirectory of a project belongs to the project's workspace, not to a second one.
    for (let dir = resolve(cwd); ; dir = dirname(dir)) {
      const found = checkDevrites(join(dir, ".devrites"));
      if (found) return found;
      if (dirname(dir) === dir) break;
    }
  }
  const abs = resolve(cwd, given ?? ".");
  const devrites = basename(abs) === ".devrites" ? abs : join(abs, ".devrites");
  const st = lstat(devrites);
  if (st?.isSymbolicLink()) throw unsafeRoot(devrites);
  return devrites;
}

/**
 * Builds the refusal of a workspace directory that is a symbolic link or resolves outside
 * the root (`dir` absolute): by default exit 2 naming the absolute path.
 */
export type RefuseUnsafe = (dir: string, why: "is a symbolic link" | "resolves outside the root") => EngineError;

export const UNSAFE_WORKSPACE_HINT = "workspaces must be real directories inside the root";

const refuseUnsafeWorkspace: RefuseUnsafe = (dir, why) => new NoWorkspaceError(`unsafe workspace: ${dir} ${why}`, { kind: "unsafe-root", hint: UNSAFE_WORKSPACE_HINT });

export interface Workspace {
  root: string;
  slug: string;
  dir: string;
}

/** The slug named by `--workspace`, DEVRITES_WORKSPACE, or ACTIVE's first line. */
export function selectedSlug(root: string, option: string | undefined, envSlug: string | undefined): string | undefined {
  if (option !== undefined) return option;
  if (envSlug !== undefined && envSlug !== "") return envSlug;
  const first = activeLine(root);
  return first === "" ? undefined : first;
}

/** ACTIVE's first line, trimmed ("" when ACTIVE is missing or empty). */
export function activeLine(root: string): string {
  // Opened once and fstat'ed: a FIFO, a device or /dev/zero behind a link is refused, never read.
  const bytes = readRegularFile(join(root, "ACTIVE"), { name: "ACTIVE", capBytes: READ_CAP_BYTES.active, noFollow: false });
  if (bytes === undefined) return "";
  const text = bytes.toString("utf8");
  const lf = text.indexOf("\n");
  // trim() also takes the CR of a CRLF line end.
  return (lf < 0 ? text : text.slice(0, lf)).trim();
}

/**
 * Resolve the live workspace `root/work/<slug>`.
 * @throws NoWorkspaceError for a missing/invalid slug, an unknown workspace, or (by default) an unsafe one.
 */
export function openWorkspace(root: string, slug: string | undefined, refuseUnsafe: RefuseUnsafe = refuseUnsafeWorkspace): Workspace {
  if (slug === undefined) {
    const active = join(root, "ACTIVE");
    const what = lstat(active) ? `${active} names no workspace (write a workspace slug into it)` : `${active} does not exist`;
    throw new NoWorkspaceError(NO_WORKSPACE_MESSAGE, { hint: `${what}; ${workspacesHere(root)}` });
  }
  if (!isExistingSlug(slug)) throw badWorkspaceName(root, slug);
  const dir = join(root, "work", slug);
  const st = lstat(dir);
  if (!st) {
    // A `state close` killed after it moved the workspace (workspace/archive.ts) left its journal there.
    if (lstat(join(root, "archive", slug, ".journal")) || lstat(join(root, "archive", slug, ".close-journal"))) {
      throw new NoWorkspaceError(notFound(`workspace ${JSON.stringify(slug)} was moved to archive/${slug} by a close that did not finish`), { hint: `finish it with devrites-engine state close ${shellWord(slug)}` });
    }
    throw new NoWorkspaceError(notFound(`unknown workspace ${JSON.stringify(slug)}: no ${dir}`), { hint: workspacesHere(root, slug) });
  }
  if (st.isSymbolicLink()) throw refuseUnsafe(dir, "is a symbolic link");
  if (!st.isDirectory()) throw new NoWorkspaceError(notFound(`workspace ${JSON.stringify(slug)}: ${dir} is not a directory`), { hint: `a workspace is a directory: move the file away; ${workspacesHere(root)}` });
  // The system's realpath (one call), not Node's JavaScript walk that lstats each component.
  const realRoot = realpathSync.native(root);
  const realDir = realpathSync.native(dir);
  if (relative(realRoot, realDir).startsWith("..")) throw refuseUnsafe(dir, "resolves outside the root");
  return { root, slug, dir };
}

interface FoundWorkspace {
  ws: Workspace;
  archived: boolean;
}

/**
 * Locate a workspace by slug: `work/<slug>`, else `archive/<slug>`; undefined when neither exists.
 * @throws what `refuseUnsafe` builds (by default NoWorkspaceError, 2) for a symlinked workspace
 * or one resolving outside the root.
 */
export function locateAnyWorkspace(root: string, slug: string, refuseUnsafe: RefuseUnsafe = refuseUnsafeWorkspace): FoundWorkspace | undefined {
  if (!isExistingSlug(slug)) return undefined;
  if (lstat(join(root, "work", slug))) return { ws: openWorkspace(root, slug, refuseUnsafe), archived: false };
  const dir = join(root, "archive", slug);
  const st = lstat(dir);
  if (!st) return undefined;
  if (st.isSymbolicLink()) throw refuseUnsafe(dir, "is a symbolic link");
  if (!st.isDirectory()) return undefined;
  if (relative(realpathSync.native(root), realpathSync.native(dir)).startsWith("..")) throw refuseUnsafe(dir, "resolves outside the root");
  return { ws: { root, slug, dir }, archived: true };
}

/**
 * Read a workspace file. A symlink is refused (exit 3); a missing required file is exit 2;
 * bytes that are not UTF-8 are exit 5 (they could not be written back unchanged).
 * @returns the text, or undefined for a missing optional file.
 */
export function readWorkspaceFile(dir: string, name: string, required: boolean): string | undefined {
  return readWorkspaceBytes(dir, name, required)?.toString("utf8");
}

/** A required workspace file is missing: the workspace exists, so the way on is the file, not init. */
export function missingFile(name: string, p: string): NoWorkspaceError {
  // A /rite-fast workspace has no state.md by design: say so instead of "restore it".
  if (name === "state.md" && isFastLaneWorkspace(dirname(p))) return fastLaneRefusal(basename(dirname(p)), dirname(p));
  return new NoWorkspaceError(`${name} missing at ${p}`, { kind: "file-missing", hint: `restore ${name} from version control or a backup (the workspace exists, so init would refuse it)` });
}

/** readWorkspaceFile without the decoding: the bytes, checked to be UTF-8. */
export function readWorkspaceBytes(dir: string, name: string, required: boolean): Buffer | undefined {
  const p = join(dir, name);
  // One open (no symlink followed, a FIFO cannot block), fstat on it, size-capped: no TOCTOU.
  const bytes = readRegularFile(p, { name, capBytes: READ_CAP_BYTES.workspaceFile, noFollow: true });
  if (bytes === undefined) {
    if (required) throw missingFile(name, p);
    return undefined;
  }
  // Decoding would turn bad bytes into U+FFFD, and a write would then change bytes the
  // engine never meant to touch: refuse instead. (A BOM is kept: toString does not strip it.)
  if (!isUtf8(bytes)) throw notUtf8(name, p);
  return bytes;
}

/** A workspace file whose bytes are not UTF-8: exit 5. */
export function notUtf8(name: string, p: string): BadInputError {
  return new BadInputError(`${name} is not valid UTF-8: ${p}`, { hint: "convert the file to UTF-8, then retry" });
}

/**
 * The path of a workspace file after the same checks as readWorkspaceFile, without reading
 * it: a symlink is exit 3, a missing required file exit 2; undefined for a missing optional one.
 */
export function workspaceFilePath(dir: string, name: string, required: boolean): string | undefined {
  const p = join(dir, name);
  const st = lstat(p);
  if (!st) {
    if (required) throw missingFile(name, p);
    return undefined;
  }
  if (st.isSymbolicLink()) {
    throw new RefusedError(`${name} is a symbolic link: ${p}`, { kind: "unsafe-file", hint: "replace the link with a regular file; the engine never writes through links" });
  }
  if (!st.isFile()) throw new RefusedError(`${name} is ${kindOf(st)}, not a regular file: ${p}`, { kind: "unsafe-file" });
  return p;
}

/**
 * Create `root/work/<slug>` for `init` (parents too). An existing directory is returned
 * as is when it holds no workspace file yet (an init killed before its commit).
 * @throws RefusedError when the workspace exists; NoWorkspaceError when the path is a symlink.
 */
export function createWorkspaceDir(root: string, slug: string, files: readonly string[]): Workspace {
  // Every level must be a real directory: a symlinked `.devrites` or `work/` would put the
  // workspace (and every later write) outside the project.
  for (const p of [root, join(root, "work")]) {
    const up = lstat(p);
    if (up?.isSymbolicLink()) throw new NoWorkspaceError(`unsafe root: ${p} is a symbolic link`, { kind: "unsafe-root", hint: "replace the link with a real directory" });
    if (up && !up.isDirectory()) throw new RefusedError(`${p} exists and is not a directory`, { kind: "unsafe-file", hint: "move it away, then run init again" });
  }
  const dir = join(root, "work", slug);
  const st = lstat(dir);
  if (st?.isSymbolicLink()) throw new NoWorkspaceError(`unsafe workspace: ${dir} is a symbolic link`, { kind: "unsafe-root" });
  if (st && !st.isDirectory()) throw new RefusedError(`${dir} exists and is not a directory`, { kind: "unsafe-file" });
  // A journal there is an init killed mid-commit: the lock holder finishes it before checking again.
  if (st && !lstat(join(dir, ".journal")) && files.some((f) => lstat(join(dir, f)) !== undefined)) {
    throw new RefusedError(`workspace ${slug} already exists at ${dir}`, {
      kind: "workspace-exists",
      hint: `pick another slug, or work in it: devrites-engine status --workspace ${shellWord(slug)}`,
    });
  }
  try {
    makeDirs(dir);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const hint = code === "EROFS" ? "the file system is mounted read-only: run init in a project on a writable file system (or remount it read-write)" : "check the directory's permissions and free space";
    throw new InternalError(`cannot create ${dir} (${code ?? "error"}${code === "EROFS" ? ": read-only file system" : ""})`, { kind: "io", hint, cause: e });
  }
  return { root, slug, dir };
}

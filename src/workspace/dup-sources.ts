// The source `check dup` scans and the lines a diff changed (Go: RunCheckDup, dupReadFiles and
// dupReadIndex in engine/internal/lib/dup.go): git's tracked files (and, outside --staged, the
// untracked ones it does not ignore), each read whole as a project file; with --staged the
// index's exact blobs from one `git cat-file --batch`; then the `git diff -U0` ranges of the
// chosen mode. Git runs through adapters/git.ts (fixed environment, timeout, capped output;
// external diff and textconv off). Only files inside the project root are scanned: when the
// repository is larger than the project (a monorepo), the files outside it are left out.
// Paths stay repository-relative, as the Go engine prints them and hashes them into a cluster.

import { realpathSync } from "node:fs";
import { isAbsolute, relative, sep } from "node:path";
import { RefusedError } from "../errors.js";
import { dupChangedRanges, type ChangedRanges, type DupMode } from "../domain/dup-report.js";
import { dupScannable, dupStyleFor, GENERATED_HEAD_BYTES, isDupGenerated, normalizeDupSource } from "../domain/dup-normalize.js";
import type { DupFile } from "../domain/dup-detect.js";
import { GIT_TIMEOUT_MS } from "./git-staged.js";
import { lookupProjectFile, ProjectPathError, readProjectFile } from "./project-files.js";

/** Eligible files at most; more is a refusal, not a partial scan. */
const DUP_MAX_FILES = 8192;
/** Source bytes read in all, and per file. */
const DUP_MAX_BYTES = 64 * 1024 * 1024;
const DUP_MAX_FILE_BYTES = 1024 * 1024;
/** What a git listing or diff may print. */
const DUP_GIT_OUTPUT_CAP = 16 * 1024 * 1024;

type Env = Readonly<Record<string, string | undefined>>;

interface DupSources {
  files: DupFile[];
  /** Generated files left out. */
  skipped: number;
  /** Eligible files not read whole: missing, not a regular file, a link, over a cap. */
  failed: number;
  changed: ChangedRanges;
  allChanged: boolean;
}

function cannot(what: string, detail: string): RefusedError {
  return new RefusedError(`dup: cannot inspect ${what} (${detail})`, { prefix: "", hint: "run it inside a git work tree with git on PATH; an unscanned tree is not a pass" });
}

/** An index the scan cannot take as it is: the Go engine's `incomplete scan`. */
function incomplete(detail: string): RefusedError {
  return new RefusedError(`dup: incomplete scan: ${detail}`, { prefix: "", hint: "resolve the index (a merge in progress, a staged link or oversized file), then retry; a partial scan is not a pass" });
}

async function git(dir: string, args: string[], env: Env, what: string, maxBytes = DUP_GIT_OUTPUT_CAP, input?: Uint8Array): Promise<Buffer> {
  const { runGit } = await import("../adapters/git.js");
  const r = await runGit(dir, ["--no-replace-objects", "-c", "core.quotePath=false", ...args], { env, timeoutMs: GIT_TIMEOUT_MS, maxBytes, ...(input ? { input } : {}) });
  if (r.failure === "output-cap") throw cannot(what, "git printed more than the scan's byte budget");
  if (!r.ok) throw cannot(what, `git ${args[0]}: ${r.failure ?? "failed"}${r.stderr ? `: ${r.stderr.trim().split("\n")[0]}` : ""}`);
  return r.stdout;
}

/**
 * Where git lists from (`scope`) and how a repository path maps to a project-relative one: the
 * repository is the project, lies inside it (`inner`), or holds it — then git lists and diffs
 * from the project's directory only, and a path outside it maps to nothing.
 */
function projectScope(project: string, toplevel: string): { scope: string; inProject: (p: string) => string | undefined } {
  const realProject = realpathSync(project);
  const down = relative(realProject, toplevel);
  if (down === "") return { scope: toplevel, inProject: (p) => p };
  if (!down.startsWith("..") && !isAbsolute(down)) {
    const inner = down.split(sep).join("/");
    return { scope: toplevel, inProject: (p) => `${inner}/${p}` };
  }
  const up = relative(toplevel, realProject);
  if (up.startsWith("..") || isAbsolute(up)) throw cannot("the repository", `${toplevel} is neither the project nor inside or above it`);
  const prefix = `${up.split(sep).join("/")}/`;
  return { scope: realProject, inProject: (p) => (p.startsWith(prefix) ? p.slice(prefix.length) : undefined) };
}

const nulList = (out: Buffer) => out.toString("utf8").split("\0").filter((p) => p !== "");

/** The scan's files and changed ranges, for git run in `dir` (inside `project`). @throws RefusedError */
export async function dupSources(project: string, dir: string, mode: DupMode, base: string | undefined, exclude: readonly string[], env: Env): Promise<DupSources> {
  const toplevel = (await git(dir, ["rev-parse", "--show-toplevel"], env, "the repository", 64 * 1024)).toString("utf8").trim();
  const { scope, inProject } = projectScope(project, toplevel);
  const eligible = (p: string) => dupScannable(p, exclude) && inProject(p) !== undefined;
  const paths = nulList(await git(scope, ["ls-files", "--full-name", "-z"], env, "the tracked files")).filter(eligible);
  const untracked = mode === "staged" ? [] : nulList(await git(scope, ["ls-files", "--full-name", "--others", "--exclude-standard", "-z"], env, "the untracked files")).filter(eligible);
  const count = paths.length + untracked.length;
  if (count > DUP_MAX_FILES) throw cannot("the source", `too many files (${count} > ${DUP_MAX_FILES})`);
  const read = mode === "staged" ? await readIndex(scope, eligible, env) : readFiles(project, [...paths, ...untracked], inProject);

  const diffArgs = ["diff", "--no-ext-diff", "--no-textconv", "--no-color", "--src-prefix=a/", "--dst-prefix=b/"];
  let changed: ChangedRanges = new Map();
  let allChanged = false;
  if (mode === "staged") changed = dupChangedRanges((await git(scope, [...diffArgs, "--cached", "-U0", "--", "."], env, "the staged diff")).toString("utf8"));
  else if (mode === "base") changed = dupChangedRanges((await git(scope, [...diffArgs, base as string, "-U0", "--", "."], env, `the diff from ${base}`)).toString("utf8"));
  else if (mode === "worktree") {
    const { runGit } = await import("../adapters/git.js");
    const head = await runGit(scope, ["rev-parse", "--verify", "--quiet", "HEAD"], { env, timeoutMs: GIT_TIMEOUT_MS, maxBytes: 4096 });
    if (head.failure === "exit 1") allChanged = true;
    else if (!head.ok) throw cannot("HEAD", `git rev-parse: ${head.failure ?? "failed"}`);
    else changed = dupChangedRanges((await git(scope, [...diffArgs, "HEAD", "-U0", "--", "."], env, "the work tree diff")).toString("utf8"));
    for (const p of untracked) changed.set(p, [[1, 2 ** 30]]);
  }
  return { ...read, changed, allChanged };
}

/** The work tree's bytes of each path, under the per-file and total caps; what cannot be read whole counts as failed. */
function readFiles(project: string, paths: readonly string[], inProject: (p: string) => string | undefined): Pick<DupSources, "files" | "skipped" | "failed"> {
  const files: DupFile[] = [];
  let skipped = 0;
  let failed = 0;
  let remaining = DUP_MAX_BYTES;
  for (const p of paths) {
    const rel = inProject(p) as string;
    let bytes: Buffer;
    try {
      const found = lookupProjectFile(project, rel, Math.min(DUP_MAX_FILE_BYTES, remaining));
      if (found.kind === "absent") {
        failed++;
        continue;
      }
      bytes = readProjectFile(project, rel, found.st, Math.min(DUP_MAX_FILE_BYTES, remaining));
    } catch (e) {
      if (!(e instanceof ProjectPathError)) throw e;
      failed++;
      continue;
    }
    remaining -= bytes.length;
    if (!add(files, p, bytes)) skipped++;
  }
  return { files, skipped, failed };
}

/** Normalize one file into `files`, unless it is generated (false). */
function add(files: DupFile[], p: string, bytes: Buffer): boolean {
  if (isDupGenerated(bytes.subarray(0, GENERATED_HEAD_BYTES).toString("latin1"))) return false;
  files.push({ path: p, lines: normalizeDupSource(bytes.toString("utf8"), dupStyleFor(p)!) });
  return true;
}

const isOid = (s: string) => /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(s);

/**
 * The index's eligible blobs, read in one `git cat-file --batch`: an unmerged entry, a link or
 * submodule at an eligible path, or a malformed answer is a refusal (an incomplete scan); a blob
 * over a cap counts as failed.
 */
async function readIndex(scope: string, eligible: (p: string) => boolean, env: Env): Promise<Pick<DupSources, "files" | "skipped" | "failed">> {
  const entries: { path: string; oid: string }[] = [];
  for (const entry of (await git(scope, ["ls-files", "--full-name", "--stage", "-z"], env, "the index")).toString("utf8").split("\0")) {
    if (entry === "") continue;
    const tab = entry.indexOf("\t");
    const fields = tab < 0 ? [] : entry.slice(0, tab).split(/\s+/).filter((f) => f !== "");
    if (tab < 0 || fields.length !== 3 || fields[2] !== "0") throw incomplete("unresolved or malformed index");
    const path = entry.slice(tab + 1);
    if (!eligible(path)) continue;
    if (fields[0] !== "100644" && fields[0] !== "100755") throw incomplete(`non-regular indexed source ${JSON.stringify(path)}`);
    if (!isOid(fields[1]!) || /^0+$/.test(fields[1]!)) throw incomplete("invalid indexed blob");
    entries.push({ path, oid: fields[1]! });
    if (entries.length > DUP_MAX_FILES) throw incomplete("too many eligible files");
  }
  const files: DupFile[] = [];
  let skipped = 0;
  let failed = 0;
  if (entries.length === 0) return { files, skipped, failed };
  const data = await git(scope, ["cat-file", "--batch"], env, "the staged blobs", DUP_MAX_BYTES + DUP_MAX_FILES * 128, Buffer.from(entries.map((e) => `${e.oid}\n`).join("")));
  let cursor = 0;
  let total = 0;
  for (const e of entries) {
    const nl = data.indexOf(0x0a, cursor);
    if (nl < 0) throw incomplete("missing blob header");
    const header = data.subarray(cursor, nl).toString("utf8").split(" ");
    cursor = nl + 1;
    if (header.length !== 3 || header[0] !== e.oid || header[1] !== "blob") throw incomplete("unavailable indexed blob");
    const size = Number(header[2]);
    if (!Number.isInteger(size) || size < 0 || cursor + size >= data.length || data[cursor + size] !== 0x0a) throw incomplete("invalid blob size");
    const bytes = data.subarray(cursor, cursor + size);
    cursor += size + 1;
    total += size;
    if (size > DUP_MAX_FILE_BYTES || total > DUP_MAX_BYTES) {
      failed++;
      continue;
    }
    if (!add(files, e.path, bytes)) skipped++;
  }
  if (cursor !== data.length) throw incomplete("unexpected blob output");
  return { files, skipped, failed };
}

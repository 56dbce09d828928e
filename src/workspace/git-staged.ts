// What git has staged, for `secret-scan --staged` (Go: gitStagedBlobs and scanStagedBlobs in
// engine/internal/lib/secretscan.go): the index's added, modified and type-changed entries
// from `git diff --cached --raw -z`, their exact blobs from one `git cat-file --batch`, and the
// changed paths for the default mode. Git runs through adapters/git.ts (fixed environment,
// timeout, capped output); a malformed or over-cap answer is a refusal, never a partial scan.

import { RefusedError } from "../errors.js";

export const GIT_TIMEOUT_MS = 30_000;
export const MAX_SCAN_ENTRIES = 4096;

export interface StagedBlob {
  path: string;
  oid: string;
  bytes: Buffer;
}

/** A git answer the scan cannot use: a refusal (exit 3; the Go engine's `cannot inspect …` is exit 2), never a pass. */
function cannot(what: string, detail: string): RefusedError {
  return new RefusedError(`secret-scan: cannot inspect ${what} (${detail})`, { prefix: "", hint: "run it inside a git work tree with git on PATH; an unscanned commit is not a pass" });
}

const isOid = (s: string) => /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(s);
const isZero = (s: string) => isOid(s) && /^0+$/.test(s);

async function git(project: string, args: string[], env: Readonly<Record<string, string | undefined>>, maxBytes: number, what: string, input?: Uint8Array): Promise<Buffer> {
  const { runGit } = await import("../adapters/git.js");
  const r = await runGit(project, ["--no-replace-objects", ...args], { env, timeoutMs: GIT_TIMEOUT_MS, maxBytes, ...(input ? { input } : {}) });
  if (!r.ok) throw cannot(what, r.failure === "output-cap" ? "git printed more than the scan's byte budget" : `git ${args[0]}: ${r.failure ?? "failed"}`);
  return r.stdout;
}

/** The staged blobs of `project`'s index, read whole; at most `maxBytes` in all. */
export async function stagedBlobs(project: string, env: Readonly<Record<string, string | undefined>>, maxBytes: number): Promise<StagedBlob[]> {
  const raw = await git(project, ["diff", "--cached", "--raw", "-z", "--no-abbrev", "--no-renames", "--no-ext-diff", "--no-textconv", "--"], env, maxBytes, "staged index");
  if (raw.length === 0) return [];
  const fields = raw.toString("utf8").split("\0");
  if (fields.length % 2 !== 1 || fields[fields.length - 1] !== "") throw cannot("staged index", "malformed git diff --raw output");
  if ((fields.length - 1) / 2 > MAX_SCAN_ENTRIES) throw cannot("staged index", `more than ${MAX_SCAN_ENTRIES} staged entries`);
  const entries: { path: string; oid: string }[] = [];
  for (let i = 0; i < fields.length - 1; i += 2) {
    const header = (fields[i] as string).trim().split(/\s+/);
    const path = fields[i + 1] as string;
    if (header.length !== 5 || !header[0]!.startsWith(":") || path === "" || header[4] === "") throw cannot("staged index", "malformed entry");
    const [, mode, , oid, status] = header as [string, string, string, string, string];
    if (status[0] === "D") {
      if (mode !== "000000" || !isZero(oid)) throw cannot("staged index", "malformed staged deletion");
      continue;
    }
    if (!["A", "M", "T"].includes(status[0]!)) throw cannot("staged index", `unsupported staged status ${status}`);
    if (!["100644", "100755", "120000"].includes(mode)) throw cannot("staged index", `unsupported staged object mode ${mode} at ${JSON.stringify(path)}`);
    if (!isOid(oid) || isZero(oid)) throw cannot("staged index", "malformed staged object id");
    entries.push({ path, oid });
  }
  if (entries.length === 0) return [];
  const data = await git(project, ["cat-file", "--batch"], env, maxBytes - raw.length, "staged blobs", Buffer.from(entries.map((e) => `${e.oid}\n`).join("")));
  const out: StagedBlob[] = [];
  let cursor = 0;
  for (const e of entries) {
    const nl = data.indexOf(0x0a, cursor);
    if (nl < 0) throw cannot("staged blobs", "malformed blob header");
    const header = data.subarray(cursor, nl).toString("utf8").split(" ");
    cursor = nl + 1;
    const size = Number(header[2]);
    if (header.length !== 3 || header[0] !== e.oid || header[1] !== "blob" || !Number.isInteger(size) || size < 0 || cursor + size >= data.length) {
      throw cannot("staged blobs", `unreadable staged blob for ${JSON.stringify(e.path)}`);
    }
    if (data[cursor + size] !== 0x0a) throw cannot("staged blobs", "malformed blob boundary");
    out.push({ path: e.path, oid: e.oid, bytes: data.subarray(cursor, cursor + size) });
    cursor += size + 1;
  }
  if (cursor !== data.length) throw cannot("staged blobs", "unexpected output after the last blob");
  return out;
}

/** Tracked paths that differ from HEAD in the index or the work tree (the index alone before a first commit). */
export async function changedPaths(project: string, env: Readonly<Record<string, string | undefined>>, maxBytes: number): Promise<string[]> {
  const { runGit } = await import("../adapters/git.js");
  const head = await runGit(project, ["--no-replace-objects", "rev-parse", "--verify", "--quiet", "HEAD"], { env, timeoutMs: GIT_TIMEOUT_MS, maxBytes: 4096 });
  const args = head.ok ? ["diff", "--name-only", "-z", "--no-renames", "--no-ext-diff", "HEAD", "--"] : ["diff", "--cached", "--name-only", "-z", "--no-renames", "--no-ext-diff", "--"];
  const raw = await git(project, args, env, maxBytes, "changed paths");
  const names = raw.toString("utf8").split("\0").filter((n) => n !== "");
  if (names.length > MAX_SCAN_ENTRIES) throw cannot("changed paths", `more than ${MAX_SCAN_ENTRIES} changed paths`);
  return names;
}

// Adapter over `execa` for the git the ship gates read (secret-scan's staged blobs): git runs
// with a fixed environment — the variables that retarget it or inject configuration removed
// (the Go engine's engine/internal/gitenv/env.go list), no pager, no prompt, no optional
// locks — and with hooks, fsmonitor and external diff drivers switched off on the command
// line; every call has a timeout and a cap on what it may print. Loaded lazily (execa's own
// chunk); imports nothing from src/.

import { execa } from "execa";

/** Variables that make git read another repository, index, object store or configuration. */
const TARGETING = new Set([
  "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES",
  "GIT_QUARANTINE_PATH", "GIT_PREFIX", "GIT_NAMESPACE", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_CONFIG_SYSTEM",
  "GIT_CONFIG_GLOBAL", "GIT_CONFIG_NOSYSTEM", "GIT_CEILING_DIRECTORIES", "GIT_DISCOVERY_ACROSS_FILESYSTEM", "GIT_GRAFT_FILE",
  "GIT_SHALLOW_FILE", "GIT_REPLACE_REF_BASE", "GIT_EXEC_PATH", "GIT_LITERAL_PATHSPECS", "GIT_GLOB_PATHSPECS",
  "GIT_NOGLOB_PATHSPECS", "GIT_ICASE_PATHSPECS", "GIT_REFERENCE_BACKEND",
]);

/** Fixed on every call: nothing interactive, nothing paged, nothing run on the side. */
const FIXED: Record<string, string> = {
  GIT_PAGER: "cat",
  PAGER: "cat",
  GIT_TERMINAL_PROMPT: "0",
  GIT_OPTIONAL_LOCKS: "0",
  GIT_ASKPASS: "",
  SSH_ASKPASS: "",
  GIT_EXTERNAL_DIFF: "",
  LC_ALL: "C",
};

/** `-c` settings that keep configuration from running commands (hooks, fsmonitor, diff drivers). */
const SAFE_CONFIG = ["-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", "-c", "diff.external=", "-c", "core.pager=cat", "--no-pager"];

/** The environment git runs with: `env` without the targeting variables, plus FIXED. */
export function gitEnvironment(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) {
    const key = k.toUpperCase();
    if (v === undefined || TARGETING.has(key) || key.startsWith("GIT_CONFIG_KEY_") || key.startsWith("GIT_CONFIG_VALUE_")) continue;
    out[k] = v;
  }
  return { ...out, ...FIXED };
}

export interface GitResult {
  ok: boolean;
  stdout: Buffer;
  /** Why the call failed: `timeout`, `output-cap`, `not-found` (no git), `exit <n>`, or the spawn error. */
  failure: string | undefined;
  stderr: string;
}

/**
 * Run `git <args>` in `cwd` with gitEnvironment(env), `input` on stdin, at most `timeoutMs`
 * and `maxBytes` of stdout. Never throws: a failure is described in the result.
 */
export async function runGit(cwd: string, args: readonly string[], opts: { env: Readonly<Record<string, string | undefined>>; input?: Uint8Array; timeoutMs: number; maxBytes: number }): Promise<GitResult> {
  const child = execa("git", [...SAFE_CONFIG, ...args], {
    cwd,
    env: gitEnvironment(opts.env),
    extendEnv: false,
    input: opts.input ?? new Uint8Array(0),
    // stdout is collected here, chunk by chunk, and cut at the cap (execa's own buffering
    // re-grows its buffer at every chunk: minutes for a 64 MiB blob).
    buffer: { stdout: false, stderr: true },
    encoding: "buffer",
    timeout: opts.timeoutMs,
    maxBuffer: { stderr: 64 * 1024 },
    reject: false,
  });
  const chunks: Buffer[] = [];
  let total = 0;
  let overCap = false;
  child.stdout.on("data", (chunk: Buffer) => {
    if (overCap) return;
    total += chunk.length;
    if (total > opts.maxBytes) {
      overCap = true;
      child.kill();
      return;
    }
    chunks.push(chunk);
  });
  const r = await child;
  const stderr = Buffer.from((r.stderr as Uint8Array | undefined) ?? new Uint8Array(0)).toString("utf8").slice(0, 2000);
  let failure: string | undefined;
  if (overCap) failure = "output-cap";
  else if (r.timedOut) failure = "timeout";
  else if ((r as { code?: string }).code === "ENOENT") failure = "not-found";
  else if (r.failed) failure = r.exitCode !== undefined ? `exit ${r.exitCode}` : (r.shortMessage ?? "failed");
  return { ok: failure === undefined, stdout: overCap ? Buffer.alloc(0) : Buffer.concat(chunks, total), failure, stderr };
}

// Spawn the built CLI the way users and agents do: a fresh process, DEVRITES_* pinned.

import { execa } from "execa";
import { CLI_PATH } from "./project.js";

export const T = "2026-07-20T10:00:00Z";

export interface CliResult {
  exit: number;
  stdout: string;
  stderr: string;
}

/** Run `devrites-engine ...args` in `cwd` with DEVRITES_NOW pinned to T and NO_COLOR set. */
export async function runCli(args: string[], opts: { cwd: string; env?: Record<string, string | undefined>; input?: string; timeoutMs?: number }): Promise<CliResult> {
  const env: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("DEVRITES_")) env[k] = v;
  Object.assign(env, { DEVRITES_NOW: T, NO_COLOR: "1" }, opts.env ?? {});
  const r = await execa(process.execPath, [CLI_PATH, ...args], {
    cwd: opts.cwd,
    env,
    extendEnv: false,
    input: opts.input ?? "",
    reject: false,
    stripFinalNewline: false,
    ...(opts.timeoutMs !== undefined ? { timeout: opts.timeoutMs } : {}),
  });
  return { exit: r.exitCode ?? -1, stdout: String(r.stdout), stderr: String(r.stderr) };
}

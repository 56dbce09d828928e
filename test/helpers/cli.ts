// Spawn the built CLI the way users and agents do: a fresh process, DEVRITES_* pinned; or run
// main() in-process with the same pins and result shape, where no process boundary matters.

import os from "node:os";
import { execa } from "execa";
import { main } from "../../src/cli/main.js";
import type { Io } from "../../src/io.js";
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

/**
 * runCli's twin in process: main(argv, io) with DEVRITES_NOW = T, `input` lines as replies,
 * stdin not a terminal (stdout one only with `stdoutIsTTY`). For the many steps where a
 * process of its own proves nothing and costs most of a test's time. `io` overrides any other
 * part of the Io (e.g. `notifyTimeoutMs`, so a hang test takes milliseconds).
 */
export async function runMain(args: string[], opts: { cwd: string; env?: Record<string, string | undefined>; input?: string; stdoutIsTTY?: boolean; io?: Partial<Io> }): Promise<CliResult> {
  const replies = (opts.input ?? "").split("\n");
  if (replies[replies.length - 1] === "") replies.pop();
  // Printed times follow the process's zone (Node re-reads TZ when it is assigned): a TZ in
  // `env` is this process's zone for the run, as it would be a spawned CLI's.
  const zone = process.env.TZ;
  const setZone = opts.env !== undefined && "TZ" in opts.env;
  if (setZone) {
    if (opts.env!.TZ === undefined) delete process.env.TZ;
    else process.env.TZ = opts.env!.TZ;
  }
  try {
    return await runMainIn(args, opts, replies);
  } finally {
    if (setZone) {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  }
}

async function runMainIn(args: string[], opts: Parameters<typeof runMain>[1], replies: string[]): Promise<CliResult> {
  let stdout = "";
  let stderr = "";
  const exit = await main(args, {
    env: { DEVRITES_NOW: T, NO_COLOR: "1", ...opts.env },
    cwd: opts.cwd,
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    readLine: async () => replies.shift(),
    stdinIsTTY: false,
    stdoutIsTTY: opts.stdoutIsTTY ?? false,
    now: () => new Date(T),
    pid: process.pid,
    hostname: os.hostname(),
    ...opts.io,
  });
  return { exit, stdout, stderr };
}

// Run a command in process through main(argv, io), the way the CLI would, with the clock and
// DEVRITES_* pinned like runCli (helpers/cli.ts): for sessions of many steps, where spawning
// Node for each one would be most of the test's time.

import os from "node:os";
import type { Io } from "../../src/io.js";
import { main } from "../../src/cli/main.js";
import { T, type CliResult } from "./cli.js";

/** Run `devrites-engine ...args` in process in `cwd`; stdin is not a terminal. */
export async function runMain(args: string[], opts: { cwd: string; env?: Record<string, string | undefined> }): Promise<CliResult> {
  let stdout = "";
  let stderr = "";
  const env: Record<string, string | undefined> = { DEVRITES_NOW: T, NO_COLOR: "1", ...(opts.env ?? {}) };
  const io: Io = {
    env,
    cwd: opts.cwd,
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    stdinIsTTY: false,
    stdoutIsTTY: false,
    now: () => new Date(T),
    pid: process.pid,
    hostname: os.hostname(),
  };
  const exit = await main(args, io);
  return { exit, stdout, stderr };
}

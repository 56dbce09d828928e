// Run main() in-process with the same shape as runCli (exit, stdout, stderr): for details that
// need no process of their own. DEVRITES_NOW pinned, no colour, not a terminal.

import os from "node:os";
import { main } from "../../src/cli/main.js";
import type { Io } from "../../src/io.js";
import { T, type CliResult } from "./cli.js";

export async function runMain(argv: string[], opts: { cwd: string; env?: Record<string, string | undefined>; stdoutIsTTY?: boolean }): Promise<CliResult> {
  let stdout = "";
  let stderr = "";
  const io: Io = {
    env: { DEVRITES_NOW: T, NO_COLOR: "1", ...opts.env },
    cwd: opts.cwd,
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    stdinIsTTY: false,
    stdoutIsTTY: opts.stdoutIsTTY ?? false,
    now: () => new Date(T),
    pid: process.pid,
    hostname: os.hostname(),
  };
  const exit = await main(argv, io);
  return { exit, stdout, stderr };
}

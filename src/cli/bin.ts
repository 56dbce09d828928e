#!/usr/bin/env node
// The executable: wires the real process into main() and sets the exit code. Nothing else.

import os from "node:os";
import { main } from "./main.js";
import { nodeReadLine } from "./read-line.js";

const readLine = nodeReadLine();

// A reader that went away (`questions | head -1`) is not an error: stop writing to that
// stream and finish quietly, with the command's own exit code. Anything else still throws.
const gone = { stdout: false, stderr: false };
for (const name of ["stdout", "stderr"] as const) {
  process[name].on("error", (e: NodeJS.ErrnoException) => {
    if (e.code !== "EPIPE" && e.code !== "ERR_STREAM_DESTROYED") throw e;
    gone[name] = true;
  });
}

const io = {
  env: process.env,
  cwd: process.cwd(),
  stdout: (t: string) => void (gone.stdout || process.stdout.write(t)),
  stderr: (t: string) => void (gone.stderr || process.stderr.write(t)),
  readLine,
  // Read only by the one command that asks (interactive resolve): touching process.stdin builds
  // its stream, which loads Node's fs-stream and readline modules before any command runs.
  get stdinIsTTY() {
    return process.stdin.isTTY === true;
  },
  stdoutIsTTY: process.stdout.isTTY === true,
  now: () => new Date(),
  pid: process.pid,
  hostname: os.hostname(),
  // V8 grows its young generation (up to 16 MB semi-spaces) while a command allocates fast, as
  // the parse of a large questions.md does: on a 40,000-question file that growth was a fifth
  // of `status`'s peak memory (132 against 106 MB) and saved no time. The flag is read at each
  // growth decision, so setting it now takes effect. Only for large files: loading node:v8
  // costs a small command about 2 ms, and a small command never grows the young generation.
  // (Not every flag is safe to set while running: --single-threaded-gc aborts Node 20 in its
  // next full collection. test/e2e/large-input.test.ts runs the commands on a large file.)
  largeInput: () => process.getBuiltinModule("node:v8").setFlagsFromString("--semi-space-growth-factor=1"),
};

// No top-level await: the bundle is CommonJS (Node starts a CommonJS entry about 9 ms sooner).
void main(process.argv.slice(2), io).then((code) => {
  process.exitCode = code;
  readLine.close();
});

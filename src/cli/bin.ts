// The engine's process entry: wires the real process into main() and sets the exit code. Nothing
// else. The executable is src/cli/launcher.cjs, which turns on Node's compile cache and loads this bundle.

import { fstatSync, readFileSync, writeSync } from "node:fs";
import { main } from "./main.js";
import { armSignalRelease, lastTurn } from "./signals.js";
import { nodeReadLine } from "./read-line.js";

const readLine = nodeReadLine();

// A reader that went away (`questions | head -1`) is not an error: stop writing to that
// stream and finish quietly, with the command's own exit code. Anything else still throws.
// The handler goes on each stream when it is built, by whoever builds it (a fallback below,
// the TTY check, the mcp server), so a command that never builds one does not pay for it.
const gone = { stdout: false, stderr: false };
for (const name of ["stdout", "stderr"] as const) {
  const onError = (e: NodeJS.ErrnoException) => {
    if (e.code !== "EPIPE" && e.code !== "ERR_STREAM_DESTROYED") throw e;
    gone[name] = true;
  };
  const d = Object.getOwnPropertyDescriptor(process, name);
  const get = d?.get;
  if (d?.configurable !== true || get === undefined) {
    process[name].on("error", onError);
    continue;
  }
  let stream: NodeJS.WriteStream | undefined;
  Object.defineProperty(process, name, {
    configurable: true,
    enumerable: d.enumerable,
    get: () => (stream ??= (get.call(process) as NodeJS.WriteStream).on("error", onError)),
  });
}

/**
 * Whether fd 1 or 2 is not a terminal, known without building process.stdout (which loads
 * Node's stream and net modules, a few ms of every call): a terminal is a character device,
 * so a pipe, socket or file says so in one fstat. A character device asks the stream, as before.
 */
function notTerminal(fd: 1 | 2): boolean {
  try {
    return !fstatSync(fd).isCharacterDevice();
  } catch {
    return false;
  }
}

/**
 * A writer for fd 1 or 2; `direct` when it is not a terminal: written with fs.writeSync, which is
 * what Node's own stream does for a file and, on Linux, for a pipe. A write that fails
 * (EPIPE, EAGAIN on a non-blocking pipe, a full disk) hands what is left, and every later
 * write, to the stream, which fails or finishes exactly as it always did.
 */
function writer(name: "stdout" | "stderr", fd: 1 | 2, direct: boolean): (t: string) => void {
  return (t) => {
    if (gone[name]) return;
    if (direct) {
      const bytes = Buffer.from(t, "utf8");
      let off = 0;
      try {
        while (off < bytes.length) off += writeSync(fd, bytes, off);
        return;
      } catch {
        direct = false;
        process[name].write(bytes.subarray(off));
        return;
      }
    }
    process[name].write(t);
  };
}

/**
 * This machine's name, as os.hostname() gives it (gethostname(2)). On Linux the kernel's own
 * file holds the same name, and reading it keeps node:os off a resolve's path (the cost is in
 * docs/performance.md); elsewhere, node:os.
 */
function hostName(): string {
  try {
    return readFileSync("/proc/sys/kernel/hostname", "utf8").replace(/\n$/, "");
  } catch {
    return process.getBuiltinModule("node:os").hostname();
  }
}

// One fstat of fd 1 serves both its writer and the TTY check.
const stdoutNotTerminal = notTerminal(1);
let hostname: string | undefined;
const io = {
  env: process.env,
  cwd: process.cwd(),
  script: process.argv[1],
  stdout: writer("stdout", 1, stdoutNotTerminal),
  stderr: writer("stderr", 2, notTerminal(2)),
  readLine,
  // Read only by the one command that asks (interactive resolve): touching process.stdin builds
  // its stream, which loads Node's fs-stream and readline modules before any command runs.
  get stdinIsTTY() {
    return process.stdin.isTTY === true;
  },
  stdoutIsTTY: !stdoutNotTerminal && process.stdout.isTTY === true,
  now: () => new Date(),
  pid: process.pid,
  // Read only when a command takes the workspace lock.
  get hostname() {
    return (hostname ??= hostName());
  },
  // V8 grows its young generation while a command allocates fast, as the parse of a large
  // questions.md does: that growth was a large share of `status`'s peak memory and saved no
  // time (docs/performance.md, Memory on large files). The flag is read at each growth
  // decision, so setting it now takes effect. Only for large files: loading node:v8 costs a
  // small command time, and a small command never grows the young generation.
  // A writer also turns off V8's optimising compiler: its work on the file is a pass or two per
  // entry, and the optimised code it would get costs more than it saves in a process that
  // lives for one command (compiled on a thread of its own, in memory the process has not
  // touched yet, which is what costs time here). A read-only command on a large file runs
  // the same rules over every block, which the optimised code does pay for.
  // (Not every flag is safe to set while running: --single-threaded-gc aborts Node 20 in its
  // next full collection. test/e2e/large-input.test.ts runs the commands on a large file.)
  largeInput: (writing: boolean) =>
    process.getBuiltinModule("node:v8").setFlagsFromString(writing ? "--semi-space-growth-factor=1 --no-turbofan" : "--semi-space-growth-factor=1"),
  // A killed command releases the lock it holds and exits 128 + signo (cli/signals.ts); armed at
  // the first lock, so start-up and the read-only commands do not pay for it.
  lockTaken: armSignalRelease,
};

// No top-level await: the bundle is CommonJS (Node starts a CommonJS entry sooner; docs/performance.md).
void main(process.argv.slice(2), io).then((code) => {
  process.exitCode = code;
  readLine.close();
  lastTurn();
});

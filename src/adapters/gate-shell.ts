// Adapter over `execa` for a gate's CHECK: project code named by gates.md (and approved by an
// exact row of test-plan.md's Build-entry preflight table). The Go engine runs it as
// `/bin/sh -c <check>` in a process group (engine/internal/acceptance/exec.go, exec_unix.go);
// so do we, with what Go left open closed: a fixed environment (none of the engine's variables
// but the few a shell needs, so no token or key reaches the check), a timeout that kills the
// whole process group, and each stream collected here and cut at a cap (an overflow fails the
// gate, never truncates into a match). Loaded lazily; imports nothing from src/.

import { execa } from "execa";

/** The variables a check sees from the engine's environment; every other one is dropped. */
const PASSED = ["PATH", "HOME", "TMPDIR", "TEMP", "TMP", "LANG", "TZ", "SystemRoot", "ComSpec", "PATHEXT"];

export function gateEnvironment(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of PASSED) {
    const v = env[k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}

export interface GateRun {
  exitCode: number;
  /** stdout, a newline when both streams are non-empty, then stderr (the Go canonical output). */
  output: string;
  /** Why the check did not complete: `timed out after <n>s`, `output exceeded <n> bytes`, or the spawn error. */
  failure: string | undefined;
}

/** Run `sh -c <check>` in `cwd`; never throws. */
export async function runGateCheck(check: string, cwd: string, opts: { env: Readonly<Record<string, string | undefined>>; timeoutMs: number; maxBytes: number }): Promise<GateRun> {
  const windows = process.platform === "win32";
  const [file, args] = windows ? [opts.env.ComSpec ?? "C:\\Windows\\System32\\cmd.exe", ["/C", check]] : ["/bin/sh", ["-c", check]];
  const child = execa(file as string, args as string[], {
    cwd,
    env: gateEnvironment(opts.env),
    extendEnv: false,
    stdin: "ignore",
    buffer: false,
    encoding: "buffer",
    detached: !windows,
    reject: false,
    windowsHide: true,
  });
  const streams = { stdout: [] as Buffer[], stderr: [] as Buffer[] };
  const sizes = { stdout: 0, stderr: 0 };
  let failure: string | undefined;
  const killGroup = (): void => {
    try {
      if (!windows && child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      else child.kill("SIGKILL");
    } catch {
      // already gone
    }
  };
  for (const name of ["stdout", "stderr"] as const) {
    child[name]?.on("data", (chunk: Buffer) => {
      if (failure !== undefined) return;
      sizes[name] += chunk.length;
      if (sizes[name] > opts.maxBytes) {
        failure = `check output exceeded ${opts.maxBytes} bytes`;
        killGroup();
        return;
      }
      streams[name].push(chunk);
    });
  }
  const timer = setTimeout(() => {
    if (failure === undefined) failure = `check timed out after ${Math.round(opts.timeoutMs / 1000)}s`;
    killGroup();
  }, opts.timeoutMs);
  const r = await child;
  clearTimeout(timer);
  // A grandchild that outlived sh in the group is killed too, so nothing keeps running.
  if (!windows) killGroup();
  if (failure === undefined && (r as { code?: string }).code !== undefined && r.exitCode === undefined) failure = `check could not start: ${r.shortMessage ?? "spawn failed"}`;
  const out = Buffer.concat(streams.stdout).toString("utf8");
  const err = Buffer.concat(streams.stderr).toString("utf8");
  const output = out + (out !== "" && err !== "" ? "\n" : "") + err;
  return { exitCode: r.exitCode ?? -1, output: failure === undefined ? output : "", failure };
}

// Adapter over `execa` for the AFK `notify` hook: runs the sentinel's command through `sh -c`
// with the question in the environment only. Loaded lazily (its own chunk; execa costs about a
// Node start-up) and imports nothing from src/.

import { execa } from "execa";

interface NotifyResult {
  ok: boolean;
  /** The shell's exit code, when it exited by itself. */
  exitCode: number | undefined;
  signal: string | undefined;
  timedOut: boolean;
  /** The last part of what the command wrote to stderr, trimmed. */
  stderr: string;
  /** Why the command could not be started at all. */
  error: string | undefined;
}

const STDERR_TAIL_CHARS = 500;

/**
 * Run `command` with `sh -c` in `cwd` and exactly `env` as its environment; wait at most
 * `timeoutMs`. The command runs in its own process group, so a timeout kills everything it
 * started. Never throws: every failure is described in the result.
 */
export async function runNotify(command: string, env: Record<string, string | undefined>, timeoutMs: number, cwd: string): Promise<NotifyResult> {
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  try {
    const child = execa("sh", ["-c", command], {
      cwd,
      env,
      extendEnv: false,
      stdin: "ignore",
      // The hook's own output must not mix into the engine's stdout (--json stays one object).
      stdout: "ignore",
      stderr: "pipe",
      detached: true,
      reject: false,
      maxBuffer: 64 * 1024,
    });
    timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }, timeoutMs);
    const r = await child;
    const stderr = String(r.stderr ?? "").trim().slice(-STDERR_TAIL_CHARS);
    const exitCode = typeof r.exitCode === "number" ? r.exitCode : undefined;
    // The shell's own exit decides; a background job it left running is killed at the timeout.
    const ok = exitCode === 0;
    return { ok, exitCode, signal: r.signal ?? undefined, timedOut: timedOut && exitCode === undefined, stderr, error: r.failed && exitCode === undefined && !r.signal ? r.shortMessage : undefined };
  } catch (e) {
    return { ok: false, exitCode: undefined, signal: undefined, timedOut, stderr: "", error: (e as Error).message };
  } finally {
    if (timer) clearTimeout(timer);
  }
}

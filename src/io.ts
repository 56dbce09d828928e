// The outside world as one object: environment, working directory, streams and clock.
// Commands and the workspace layer receive it; tests pin every part of it.

export interface Io {
  env: Record<string, string | undefined>;
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Reads one line from standard input (interactive mode); undefined at end of input. */
  readLine?: () => Promise<string | undefined>;
  stdinIsTTY: boolean;
  stdoutIsTTY: boolean;
  /** The real clock; `DEVRITES_NOW` overrides it (cli/main.ts, through domain/clock.ts resolveNow). */
  now: () => Date;
  /** Host name and pid for the workspace lock. */
  pid: number;
  hostname: string;
  /**
   * The path the process was started as (process.argv[1]): a printed command starts the way
   * the engine can be run again (cli/program-name.ts). Unset: `devrites-engine`.
   */
  script?: string;
  /** How long the notify hook may run; unset is the documented 10 s (a seam for tests). */
  notifyTimeoutMs?: number;
  /**
   * Called once a workspace file of at least LARGE_INPUT_BYTES has been read, before it is
   * parsed: the process may tune its memory for it (bin.ts does; an embedder need not).
   * `writing`: the read is part of a commit (under the workspace lock), not a read-only command.
   */
  largeInput?: (writing: boolean) => void;
  /**
   * Called each time this process takes a workspace lock: bin.ts arms its SIGINT/SIGTERM
   * handlers there (cli/signals.ts), so a command that never locks never pays for them.
   */
  lockTaken?: () => void;
}

/**
 * The size from which a read file counts as large for Io.largeInput: 256 KiB, some 800
 * questions (a large batch peaks lower with it and runs no slower; docs/performance.md,
 * Memory on large files).
 */
export const LARGE_INPUT_BYTES = 256 * 1024;

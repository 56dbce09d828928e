// The contract between the CLI and a command: parsed options in, an Outcome out.
// Commands format text and JSON; the CLI decides which one is printed and where.

import type { Io } from "../io.js";
import type { ExitCode } from "../errors.js";
import type { Workspace } from "../workspace/locate.js";
import type { WorkspaceSession } from "../workspace/session.js";

export type OptionValue = string | boolean | string[] | undefined;

export interface CommandArgs {
  /** Positionals after the command words (and everything after `--`). */
  positionals: string[];
  options: Record<string, OptionValue>;
}

export interface CommandContext {
  io: Io;
  /** The run's clock (DEVRITES_NOW or real), validated before any command runs. */
  now: Date;
  json: boolean;
  /** `--root` / `--workspace` as given. */
  rootOption: string | undefined;
  workspaceOption: string | undefined;
  /** Locate the root and the selected workspace (exit 2 on failure). */
  workspace(): WorkspaceSession;
  /** Locate only the `.devrites` root. */
  root(): string;
  /** A session on a workspace the command located itself (init, merge-manifest). */
  session(ws: Workspace): WorkspaceSession;
  /**
   * The CLI itself, main(argv, io) → exit code, passed in by it: for a command that runs
   * further command lines (mcp serves each tool call through it). Commands never import cli/.
   */
  runCli: (argv: readonly string[], io: Io) => Promise<number>;
}

export interface Outcome {
  exit: ExitCode;
  /** Lines for stdout in text mode. */
  lines: string[];
  /** The JSON object printed with --json (ok/exit are added by the CLI). */
  data: Record<string, unknown>;
  /** Lines for stderr in text mode (warnings, or a failure message for exit ≠ 0 outcomes). */
  errors?: string[];
  /** Runs after the outcome is printed (the notify hook); never changes the exit code. */
  after?: () => Promise<string[]>;
}

export type CommandRun = (ctx: CommandContext, args: CommandArgs) => Outcome | Promise<Outcome>;

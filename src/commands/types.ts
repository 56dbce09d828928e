// The contract between the CLI and a command: parsed options in, an Outcome out.
// Commands format text and JSON; the CLI decides which one is printed and where.

import type { Io } from "../io.js";
import type { ForReaders } from "../for-readers.js";
import type { ExitCode } from "../errors.js";
import type { Workspace } from "../workspace/locate.js";
import type { WorkspaceSession } from "../workspace/session.js";
import type { NameOption } from "../domain/option-names.js";

export type { CommandArgs, CommandCall, OptionValue } from "../command-row.js";
import type { CommandArgs, CommandCall, CommandSpec } from "../command-row.js";

export interface CommandContext {
  io: Io;
  /** The run's clock (DEVRITES_NOW or real), validated before any command runs. */
  now: Date;
  json: boolean;
  /** `--root` / `--workspace` as given. */
  rootOption: string | undefined;
  workspaceOption: string | undefined;
  /**
   * Locate the root and the selected workspace (exit 2 on failure): `--workspace`, else
   * DEVRITES_WORKSPACE, else `found` (a workspace the command's input names: a ticket
   * thread's), else ACTIVE.
   */
  workspace(found?: string): WorkspaceSession;
  /** Locate only the `.devrites` root. */
  root(): string;
  /** A session on a workspace the command located itself (init, merge-manifest). */
  session(ws: Workspace): WorkspaceSession;
  /** How a message names an option: `--name` on the command line, the tool's field over MCP. */
  flag: NameOption;
  /**
   * The usage for a bad-input hint: over MCP the tool's; on the command line `cliUsage`, or
   * without it the command's own usage line (its row's).
   */
  usage(cliUsage?: string | ForReaders): string | ForReaders;
  /**
   * A command run in process with typed arguments, passed in by the CLI (mcp serves each tool
   * call through it): the `--json` object the command line would print. Commands never import cli/.
   */
  runCommand: (call: CommandCall, io: Io) => Promise<Record<string, unknown>>;
  /** The command table's rows, built on the call (mcp derives its tools from them). */
  commands: () => readonly CommandSpec[];
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

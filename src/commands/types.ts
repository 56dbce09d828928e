// The contract between the CLI and a command: parsed options in, an Outcome out.
// Commands format text and JSON; the CLI decides which one is printed and where.

import type { Io } from "../io.js";
import type { ForReaders } from "../for-readers.js";
import type { ExitCode } from "../errors.js";
import type { Workspace } from "../workspace/locate.js";
import type { WorkspaceSession } from "../workspace/session.js";
import type { NameOption } from "../domain/option-names.js";

export type OptionValue = string | boolean | string[] | undefined;

export interface CommandArgs {
  /** Positionals after the command words (and everything after `--`). */
  positionals: string[];
  options: Record<string, OptionValue>;
  /**
   * Input a caller in process already holds, instead of the file an option names (the MCP
   * tools): `batch` is the text of `--batch`'s file, `comments` the items of `--from-comments`'
   * JSON. The option still names it in messages.
   */
  input?: { batch?: string; comments?: unknown[] };
}

/** One command run in process with typed arguments (the MCP tools): what runCommand takes. */
export interface CommandCall {
  /** The command's words in the command table (`["state", "resolve"]`). */
  words: readonly string[];
  /** Built inside the run, so a refusal while building it is mapped like any command error. */
  args: () => CommandArgs;
  root: string | undefined;
  workspace: string | undefined;
  /** How messages name an option (default `--name`): the MCP tools name their own fields. */
  flag?: NameOption;
  /** The usage a bad-input hint shows instead of the CLI's (a tool's fields). */
  usage?: string;
}

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
  /** The usage for a bad-input hint: `cliUsage` on the command line, the tool's over MCP. */
  usage(cliUsage: string | ForReaders): string | ForReaders;
  /**
   * A command run in process with typed arguments, passed in by the CLI (mcp serves each tool
   * call through it): the `--json` object the command line would print. Commands never import cli/.
   */
  runCommand: (call: CommandCall, io: Io) => Promise<Record<string, unknown>>;
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

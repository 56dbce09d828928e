// Builds the CommandContext: the validated clock and lazy workspace lookup from
// --root/--workspace and the DEVRITES_* environment, how messages name options, and the CLI's
// in-process command runner (passed in by it).

import type { CommandContext } from "../commands/types.js";
import type { Io } from "../io.js";
import type { ForReaders } from "../for-readers.js";
import { cliOption, type NameOption } from "../domain/option-names.js";
import { isKind } from "../errors.js";
import { badWorkspaceName, findRoot, isExistingSlug, openWorkspace, selectedSlug } from "../workspace/locate.js";
import { finishInterruptedInits } from "../workspace/interrupted-init.js";
import { WorkspaceSession } from "../workspace/session.js";
import { allCommands } from "./command-table.js";

export function makeContext(
  io: Io,
  now: Date,
  opts: {
    json: boolean;
    root: string | undefined;
    workspace: string | undefined;
    runCommand: CommandContext["runCommand"];
    flag?: NameOption | undefined;
    usage?: string | undefined;
    /** The command's own usage line (its row's), for a hint that names no other. */
    rowUsage?: () => string | ForReaders;
  },
): CommandContext {
  let root: string | undefined;
  const ctx: CommandContext = {
    io,
    now,
    json: opts.json,
    rootOption: opts.root,
    workspaceOption: opts.workspace,
    root() {
      root ??= findRoot(io.cwd, opts.root, io.env.DEVRITES_ROOT);
      return root;
    },
    workspace(found) {
      const r = ctx.root();
      // Before ACTIVE is read: a killed init may be about to change it.
      finishInterruptedInits(r, io, now);
      const envSlug = io.env.DEVRITES_WORKSPACE;
      const option = opts.workspace ?? (envSlug === undefined || envSlug === "" ? found : undefined);
      const ws = openWorkspace(r, selectedSlug(r, option, envSlug));
      return new WorkspaceSession(ws, io, now);
    },
    session(ws) {
      return new WorkspaceSession(ws, io, now);
    },
    flag: opts.flag ?? cliOption,
    usage: (cliUsage) => opts.usage ?? cliUsage ?? opts.rowUsage?.() ?? "devrites-engine --help",
    runCommand: opts.runCommand,
    commands: allCommands,
  };
  checkNamedWorkspace(ctx, opts.workspace ?? (io.env.DEVRITES_WORKSPACE || undefined));
  return ctx;
}

/**
 * A workspace named by --workspace or DEVRITES_WORKSPACE is checked before any command runs:
 * a command that never opens it (a budget command in HITL, a gate given its slug as an argument)
 * would otherwise pass a name no workspace can have (`../../etc`) in silence.
 * @throws NoWorkspaceError (2), as opening it would.
 */
function checkNamedWorkspace(ctx: CommandContext, named: string | undefined): void {
  if (named === undefined || isExistingSlug(named)) return;
  let root: string | undefined;
  try {
    root = ctx.root();
  } catch (e) {
    // The name is the first thing wrong: its refusal is given whether or not there is a root.
    if (!isKind(e, "no-workspace", "unsafe-root")) throw e;
  }
  throw badWorkspaceName(root, named);
}

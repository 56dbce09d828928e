// `mcp`: serve the agent-facing commands as MCP tools on stdio until the client leaves.
// The server and the SDK are one lazily loaded chunk; the CLI's main() is passed in.

import path from "node:path";
import { BadInputError } from "../errors.js";
import { findRoot } from "../workspace/locate.js";
import type { RunCli } from "../mcp/serve.js";
import type { CommandArgs, CommandContext, Outcome } from "./types.js";

/** Build the mcp command over the CLI's main() and version (the command table passes them lazily). */
export function makeMcp(cli: () => Promise<{ main: RunCli; ENGINE_VERSION: string }>) {
  return async function mcp(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
    if (args.positionals.length > 0) throw new BadInputError("mcp takes no arguments", { hint: "devrites-engine mcp [--root DIR]" });
    const io = ctx.io;
    // Fixed for the session; a relative --root is relative to where the server started.
    const root = ctx.rootOption !== undefined ? path.resolve(io.cwd, ctx.rootOption) : undefined;
    const [{ serveProcessStdio }, { main, ENGINE_VERSION }] = await Promise.all([import("../mcp/serve.js"), cli()]);
    await serveProcessStdio({
      io,
      root,
      workspace: ctx.workspaceOption,
      runCli: main,
      locateRoot: () => findRoot(io.cwd, undefined, io.env.DEVRITES_ROOT),
      version: ENGINE_VERSION,
    });
    return { exit: 0, lines: [], data: {} };
  };
}

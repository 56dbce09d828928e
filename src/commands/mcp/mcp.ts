// `mcp`: serve the agent-facing commands as MCP tools on stdio until the client leaves.
// The server and the SDK are one lazily loaded chunk; each tool call runs its command in
// process through the CLI's runner, which the context carries (ctx.runCommand), so this file
// never imports cli/.

import { resolve } from "node:path";
import { ENGINE_VERSION } from "../../version.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

export async function mcp(ctx: CommandContext, _args: CommandArgs): Promise<Outcome> {
  const io = ctx.io;
  // Fixed for the session; a relative --root is relative to where the server started.
  const root = ctx.rootOption !== undefined ? resolve(io.cwd, ctx.rootOption) : undefined;
  const { serveProcessStdio } = await import("../../mcp/serve.js");
  await serveProcessStdio({
    io,
    root,
    workspace: ctx.workspaceOption,
    runCommand: ctx.runCommand,
    commands: ctx.commands(),
    version: ENGINE_VERSION,
  });
  return { exit: 0, lines: [], data: {} };
}

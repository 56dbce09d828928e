// The library build's stand-in for serve.ts (vite.config.ts aliases it in lib mode): the MCP
// server and its SDK ship in the CLI bundle only, so importing the library does not parse them.

import { UnknownCommandError } from "../errors.js";
import type { EngineServerOptions } from "./serve.js";

/** @throws UnknownCommandError (exit 2): `mcp` runs from the CLI. */
export async function serveProcessStdio(_opts: EngineServerOptions): Promise<void> {
  throw new UnknownCommandError("mcp is served by the CLI, not by the library", { hint: "run devrites-engine mcp [--root DIR]" });
}

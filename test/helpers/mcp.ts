// MCP clients for tests: the SDK's own Client against the engine's server, in process (the
// SDK's InMemoryTransport) or over a spawned `devrites-engine mcp` (StdioClientTransport).

import fs from "node:fs";
import os from "node:os";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { runCommand } from "../../src/cli/run-command.js";
import { allCommands } from "../../src/cli/command-table.js";
import { ENGINE_VERSION } from "../../src/version.js";
import type { Io } from "../../src/io.js";
import { createEngineServer, type EngineServer } from "../../src/mcp/serve.js";
import { T } from "./cli.js";
import { CLI_PATH, projectFromExample } from "./project.js";

/** A temp project holding a copy of the bundled example (`.devrites.example/` → `.devrites/`). */
export const exampleProject = projectFromExample;

interface ToolResult {
  isError: boolean;
  data: Record<string, unknown>;
  text: string;
}

/** Call a tool and return its structured result (the CLI's JSON object). */
export async function call(client: Client, name: string, args: Record<string, unknown> = {}, opts: { timeout?: number } = {}): Promise<ToolResult> {
  const r = (await client.callTool({ name, arguments: args }, undefined, opts)) as { isError?: boolean; structuredContent?: Record<string, unknown>; content: { type: string; text?: string }[] };
  return { isError: r.isError === true, data: r.structuredContent ?? {}, text: r.content.map((c) => c.text ?? "").join("\n") };
}

/** An io like bin.ts's, with the clock pinned to T and stderr captured. */
function testIo(cwd: string, env: Record<string, string | undefined> = {}): Io & { errors: () => string } {
  let err = "";
  return {
    env: { DEVRITES_NOW: T, ...env },
    cwd,
    stdout: () => {
      throw new Error("the server must never write to the CLI's stdout");
    },
    stderr: (t) => void (err += t),
    stdinIsTTY: false,
    stdoutIsTTY: false,
    now: () => new Date(T),
    pid: process.pid,
    hostname: os.hostname(),
    errors: () => err,
  };
}

export interface InProcess {
  client: Client;
  server: EngineServer;
  close(): Promise<void>;
}

/**
 * The engine's server and an SDK client linked in memory; `root` is the server's --root.
 * `tmpdir`: a directory the caller watches; the server writes no temp files (tool input goes
 * to the command in process), so serverTempDirs(tmpdir) stays empty.
 */
export async function connectInProcess(opts: { cwd: string; root?: string; workspace?: string; env?: Record<string, string | undefined>; tmpdir?: string }): Promise<InProcess> {
  const io = testIo(opts.cwd, opts.env);
  const server = createEngineServer({
    io,
    root: opts.root,
    workspace: opts.workspace,
    runCommand,
    commands: allCommands(),
    version: ENGINE_VERSION,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "devrites-test", version: "0" });
  await client.connect(clientSide);
  return {
    client,
    server,
    async close() {
      await client.close();
      await server.settle();
      await server.close();
    },
  };
}

/** A spawned `node dist/devrites-engine.cjs mcp --root <root>` and an SDK client on its stdio. */
export async function connectSpawned(root: string, env: Record<string, string> = {}): Promise<{ client: Client; transport: StdioClientTransport; stderr: () => string }> {
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("DEVRITES_")) childEnv[k] = v;
  Object.assign(childEnv, { DEVRITES_NOW: T, NO_COLOR: "1" }, env);
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI_PATH, "mcp", "--root", root], env: childEnv, stderr: "pipe" });
  let err = "";
  transport.stderr?.on("data", (d: Buffer) => void (err += d.toString()));
  const client = new Client({ name: "devrites-test", version: "0" });
  await client.connect(transport);
  return { client, transport, stderr: () => err };
}

/** Temp dirs named like the batch files servers once wrote (`devrites-mcp-*`) in `tmpdir`. */
export function serverTempDirs(tmpdir: string): string[] {
  return fs.readdirSync(tmpdir).filter((n) => n.startsWith("devrites-mcp-"));
}

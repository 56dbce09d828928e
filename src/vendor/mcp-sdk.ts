// Adapter over `@modelcontextprotocol/sdk` and `zod` for `devrites-engine mcp`: turns our own
// tool descriptions into zod schemas and registered tools, and serves them on a transport.
// Loaded lazily (its own chunk, with the SDK) and imports nothing else from src/.

import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { Readable, Writable } from "node:stream";
import * as z from "zod";

/** One input field, in the terms of the CLI's options. */
export type FieldSpec =
  | { type: "string" | "boolean" | "integer" | "number" | "string[]"; describe: string; required?: boolean }
  | { type: "object[]"; describe: string; required?: boolean; fields: Record<string, FieldSpec> };

export interface ToolReply {
  /** The CLI's `--json` object (ok/exit included). */
  data: Record<string, unknown>;
  text: string;
  isError: boolean;
}

export interface ToolSpec {
  name: string;
  description: string;
  input: Record<string, FieldSpec>;
  readOnly: boolean;
  call(input: Record<string, unknown>): Promise<ToolReply>;
}

export interface McpHandle {
  /** Attach to any SDK transport (tests use the SDK's InMemoryTransport). */
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}

/** Largest tools/call argument payload, counted in array elements and object members. */
const MAX_TOOL_INPUT_ELEMENTS = 100_000;
/** Largest single JSON-RPC line read from stdin; a longer one ends the session (SDK behaviour). */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

function zodField(f: FieldSpec): z.ZodType {
  let t: z.ZodType;
  switch (f.type) {
    case "string":
      t = z.string();
      break;
    case "boolean":
      t = z.boolean();
      break;
    case "integer":
      t = z.number().int();
      break;
    case "number":
      t = z.number();
      break;
    case "string[]":
      t = z.array(z.string());
      break;
    case "object[]":
      t = z.array(zodObject(f.fields));
      break;
  }
  t = t.describe(f.describe);
  return f.required ? t : t.optional();
}

function zodObject(fields: Record<string, FieldSpec>): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, f] of Object.entries(fields)) shape[name] = zodField(f);
  // Strict, like the CLI's option parser: an unknown key is refused, not ignored.
  return z.strictObject(shape);
}

/** The result every tool declares: the CLI's JSON object, which always carries ok and exit. */
const OUTPUT_SCHEMA = z.looseObject({
  ok: z.boolean().describe("true when exit is 0"),
  exit: z.number().int().describe("the CLI's exit code (0 done, 3 refused, 5 bad input, 7 budget stop, 9 busy, …)"),
  error: z.string().optional().describe("what went wrong, when ok is false"),
  hint: z.string().optional().describe("what to do next, when ok is false"),
});

/** Build a server exposing `tools`; nothing is read or started until connect(). */
export function createMcpServer(info: { name: string; version: string }, tools: readonly ToolSpec[]): McpHandle {
  const server = new McpServer(info, { capabilities: { tools: {} }, maxToolInputElements: MAX_TOOL_INPUT_ELEMENTS });
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        description: tool.description,
        inputSchema: zodObject(tool.input),
        outputSchema: OUTPUT_SCHEMA,
        annotations: { readOnlyHint: tool.readOnly, destructiveHint: false, openWorldHint: false },
      },
      async (input: Record<string, unknown>) => {
        const r = await tool.call(input);
        return { content: [{ type: "text" as const, text: r.text }], structuredContent: r.data, isError: r.isError };
      },
    );
  }
  return { connect: (t) => server.connect(t), close: () => server.close() };
}

/**
 * Serve on a stdio pair until the input ends or the transport closes.
 * Protocol errors (a malformed line, an oversized message) are reported to `onError`.
 */
export async function serveStdio(handle: McpHandle, io: { stdin: Readable; stdout: Writable; onError: (e: Error) => void }): Promise<{ closed: Promise<void> }> {
  const transport = new StdioServerTransport(io.stdin, io.stdout, { maxBufferSize: MAX_MESSAGE_BYTES });
  // Set before connect(): the protocol keeps and calls both.
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
  });
  transport.onerror = io.onError;
  await handle.connect(transport);
  return { closed };
}

// Adapter over `@modelcontextprotocol/sdk` and `zod` for `devrites-engine mcp`: turns our own
// tool descriptions into zod schemas and registered tools, and serves them on a transport.
// Loaded lazily (its own chunk, with the SDK); imports nothing from src/ but mcp-zod-jitless.ts
// and mcp-stdio.ts (the stdio framing), and the exit table (errors.ts).

// First: zod's configuration must be set before the SDK's modules build their schemas.
import "./mcp-zod-jitless.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ErrorCode, ListToolsRequestSchema, McpError, type CallToolRequest, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { answeringStdioTransport } from "./mcp-stdio.js";
import type { Readable, Writable } from "node:stream";
import * as z from "zod";
import { ERROR_KINDS } from "../errors.js";

/** One input field, in the terms of the CLI's options. */
export type FieldSpec =
  | { type: "string" | "boolean" | "number" | "string[]"; describe: string; required?: boolean }
  /** A whole number, at least `min` when given (an option number, a count). */
  | { type: "integer"; describe: string; required?: boolean; min?: number }
  /** One of a fixed set of codes (a gate, a pause reason). */
  | { type: "enum"; values: readonly string[]; describe: string; required?: boolean }
  /** Objects passed through as data (ticket comments): the command checks their shape itself. */
  | { type: "object[] (any)"; describe: string; required?: boolean }
  | { type: "object[]"; describe: string; required?: boolean; fields: Record<string, FieldSpec> };

export interface ToolReply {
  /** The CLI's `--json` object (ok/exit included). */
  data: Record<string, unknown>;
  text: string;
  isError: boolean;
}

interface ToolSpec {
  name: string;
  description: string;
  input: Record<string, FieldSpec>;
  readOnly: boolean;
  /** Result fields beyond ok/exit/error/hint: name → description. */
  result: Record<string, string>;
  call(input: Record<string, unknown>): Promise<ToolReply>;
}

export interface McpHandle {
  /** Attach to any SDK transport (tests use the SDK's InMemoryTransport). */
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}

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
      t = f.min !== undefined ? z.number().int().min(f.min) : z.number().int();
      break;
    case "enum":
      t = z.enum(f.values as [string, ...string[]]);
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
    case "object[] (any)":
      t = z.array(z.looseObject({}));
      break;
  }
  t = t.describe(f.describe);
  return f.required ? t : t.optional();
}

export function zodObject(fields: Record<string, FieldSpec>): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, f] of Object.entries(fields)) shape[name] = zodField(f);
  // Strict, like the CLI's option parser: an unknown key is refused, not ignored.
  return z.strictObject(shape);
}


/**
 * The SDK validates JSON Schemas only for elicitation answers, which this server never asks
 * for; this stands in for its default (Ajv, about a third of the chunk's start-up) and refuses.
 */
const NO_SCHEMA_VALIDATION = {
  getValidator: () => () => ({ valid: false as const, data: undefined, errorMessage: "devrites-engine mcp validates no client schemas" }),
};

function result(r: ToolReply): CallToolResult {
  return { content: [{ type: "text", text: r.text }], structuredContent: r.data, isError: r.isError };
}

/** A refusal shaped like the CLI's `--json` error: the exit code an agent already knows. */
function refusal(exit: number, error: string, hint: string): CallToolResult {
  return result({ data: { ok: false, exit, error, hint }, text: `exit ${exit}: ${error}\nhint: ${hint}`, isError: true });
}

function issuesText(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length > 0 ? i.path.join(".") : "arguments"}: ${i.message}`)
    .join("; ");
}

type JsonSchema = Record<string, unknown>;

/**
 * A field as JSON Schema, written straight from our own field description: the same object
 * zod's toJSONSchema makes of zodField(f) (a test holds the two equal), without running the
 * converter at the first tools/list of every session.
 */
function fieldJsonSchema(f: FieldSpec): JsonSchema {
  let t: JsonSchema;
  switch (f.type) {
    case "string":
    case "boolean":
    case "number":
      t = { type: f.type };
      break;
    case "integer":
      t = { type: "integer", minimum: f.min ?? Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };
      break;
    case "enum":
      t = { type: "string", enum: [...f.values] };
      break;
    case "string[]":
      t = { type: "array", items: { type: "string" } };
      break;
    case "object[]":
      t = { type: "array", items: objectJsonSchema(f.fields) };
      break;
    case "object[] (any)":
      t = { type: "array", items: { type: "object", properties: {}, additionalProperties: {} } };
      break;
  }
  t.description = f.describe;
  return t;
}

/** The JSON Schema of zodObject(fields), as tools/list carries it (no `$schema` key). */
export function objectJsonSchema(fields: Record<string, FieldSpec>): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, f] of Object.entries(fields)) {
    properties[name] = fieldJsonSchema(f);
    if (f.required) required.push(name);
  }
  return { type: "object", properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
}

/**
 * A tool's result: the CLI's JSON object, which always carries ok and exit, error and hint when
 * it failed, and the tool's own fields (which ones appear depends on the outcome, so none is required).
 */
export function outputJsonSchema(result: Record<string, string>): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    ok: { type: "boolean", description: "true when exit is 0" },
    exit: { type: "integer", minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER, description: EXIT_DESCRIPTION },
    error: { description: "what went wrong, when ok is false", type: "string" },
    hint: { description: "what to do next, when ok is false", type: "string" },
  };
  for (const [name, description] of Object.entries(result)) properties[name] = { description };
  return { type: "object", properties, required: ["ok", "exit"], additionalProperties: {} };
}

export const EXIT_DESCRIPTION = "the CLI's exit code: 0 done, 1 I/O or internal, 2 no workspace or unknown tool, 3 refused, 4 conflict, 5 bad input, 6 duplicate id, 7 budget stop, 8 pause deferred, 9 busy (retry)";

/** A request schema that names `method` and accepts any params: the handler checks them. */
function methodOnly<M extends string>(method: M) {
  return z.looseObject({ method: z.literal(method) });
}

/**
 * Build a server exposing `tools`; nothing is read or started until connect().
 * It sits on the SDK's protocol-level Server with its own tools/list and tools/call: the
 * SDK's McpServer answers a wrong type or an unknown tool with bare text, and pulls a second
 * (zod 3) JSON Schema converter into the start-up of every session.
 */
export function createMcpServer(info: { name: string; version: string; instructions?: string }, tools: readonly ToolSpec[]): McpHandle {
  const { instructions, ...serverInfo } = info;
  const server = new Server(serverInfo, { capabilities: { tools: {} }, jsonSchemaValidator: NO_SCHEMA_VALIDATION, ...(instructions !== undefined ? { instructions } : {}) });
  // A tool's zod schema is built at its first call: a session that calls three tools does not
  // build fourteen at start-up.
  const byName = new Map<string, { tool: ToolSpec; schema?: z.ZodObject }>();
  for (const tool of tools) byName.set(tool.name, { tool });
  // Rendered on the first tools/list and kept: the schemas never change within a session.
  let listed: Tool[] | undefined;
  // Registered under a schema that only names the method, then checked here: the SDK's own
  // check of a request's params answers a bad one with -32603 "internal error", not -32602.
  server.setRequestHandler(methodOnly("tools/list"), (request) => {
    const checked = ListToolsRequestSchema.safeParse(request);
    if (!checked.success) throw new McpError(ErrorCode.InvalidParams, `Invalid params for tools/list: ${issuesText(checked.error)}`);
    listed ??= [...byName.values()].map(({ tool }) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: objectJsonSchema(tool.input) as Tool["inputSchema"],
      outputSchema: outputJsonSchema(tool.result) as Tool["outputSchema"],
      annotations: { readOnlyHint: tool.readOnly, destructiveHint: false, openWorldHint: false },
    }));
    return { tools: listed };
  });
  // A refusal has the CLI's shape: unknown tool = exit 2 (unknown command), bad input = exit 5.
  // The Server checks a tools/call request itself (-32602 when it is bad) before this runs.
  server.setRequestHandler(methodOnly("tools/call"), async (raw) => {
    const request = raw as unknown as CallToolRequest;
    const name = request.params.name;
    const entry = byName.get(name);
    if (!entry) return refusal(ERROR_KINDS["unknown-command"], `unknown tool: ${name.slice(0, 200)}`, `the tools are: ${[...byName.keys()].join(", ")}`);
    entry.schema ??= zodObject(entry.tool.input);
    const parsed = entry.schema.safeParse(request.params.arguments ?? {});
    if (!parsed.success) return refusal(ERROR_KINDS["bad-input"], `${name}: ${issuesText(parsed.error)}`, `see the input schema of ${name} in tools/list`);
    try {
      return result(await entry.tool.call(parsed.data as Record<string, unknown>));
    } catch (e) {
      return refusal(ERROR_KINDS.internal, `internal error: ${(e as Error)?.message ?? String(e)}`, "this is a bug in devrites-engine; report it");
    }
  });
  return { connect: (t) => server.connect(t), close: () => server.close() };
}

/**
 * Serve on a stdio pair until the input ends or the transport closes. A line that is not a
 * JSON-RPC message is answered when a reply is owed (mcp-stdio.ts); protocol errors (a
 * malformed line, an oversized message) are reported to `onError`.
 */
export async function serveStdio(handle: McpHandle, io: { stdin: Readable; stdout: Writable; onError: (e: Error) => void }): Promise<{ closed: Promise<void> }> {
  const transport = answeringStdioTransport(io.stdin, io.stdout, MAX_MESSAGE_BYTES);
  // Set before connect(): the protocol keeps and calls both.
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
  });
  transport.onerror = io.onError;
  await handle.connect(transport);
  return { closed };
}

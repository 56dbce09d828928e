// The stdio framing of `devrites-engine mcp`: the SDK's transport with its read buffer replaced,
// because the SDK's drops a line that is not a JSON-RPC message and its client then waits forever;
// this one answers each such request with a JSON-RPC error (JSON-RPC 2.0, section 5.1).

// First, as in mcp-sdk.ts: zod's configuration before the SDK builds its schemas.
import "./mcp-zod-jitless.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { Readable, Writable } from "node:stream";

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const INVALID_PARAMS = -32602;
/** The members a request may have (the SDK's request schema is strict). */
const REQUEST_KEYS = new Set(["jsonrpc", "id", "method", "params"]);

export interface ErrorReply {
  jsonrpc: "2.0";
  id: string | number | null;
  error: { code: number; message: string };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string | number => typeof v === "string" || (typeof v === "number" && Number.isSafeInteger(v));
const reply = (id: string | number | null, code: number, message: string): ErrorReply => ({ jsonrpc: "2.0", id, error: { code, message } });

/**
 * The error a parsed message that is not valid JSON-RPC is owed, or undefined when none is:
 * a response (nothing answers a response) or a notification (a method and no id). A request
 * whose id cannot be read is answered with id null, as JSON-RPC asks.
 */
export function replyToInvalid(value: unknown): ErrorReply | undefined {
  if (!isObject(value)) return reply(null, INVALID_REQUEST, `Invalid Request: a message is a JSON object, not ${Array.isArray(value) ? "an array (batches are not supported)" : value === null ? "null" : typeof value}`);
  if ("result" in value || "error" in value) return undefined;
  if (!("id" in value)) {
    return typeof value.method === "string" ? undefined : reply(null, INVALID_REQUEST, "Invalid Request: method must be a string");
  }
  if (!isId(value.id)) return reply(null, INVALID_REQUEST, "Invalid Request: id must be a string or an integer");
  const id = value.id;
  if (value.jsonrpc !== "2.0") return reply(id, INVALID_REQUEST, 'Invalid Request: jsonrpc must be "2.0"');
  if (typeof value.method !== "string") return reply(id, INVALID_REQUEST, "Invalid Request: method must be a string");
  const extra = Object.keys(value).filter((k) => !REQUEST_KEYS.has(k));
  if (extra.length > 0) return reply(id, INVALID_REQUEST, `Invalid Request: unexpected member ${extra.slice(0, 3).map((k) => JSON.stringify(k)).join(", ")}`);
  if ("params" in value && !isObject(value.params)) return reply(id, INVALID_PARAMS, "Invalid params: params must be an object");
  return reply(id, INVALID_PARAMS, "Invalid params");
}

/** ReadBuffer's interface (append, readMessage, clear) with the lines it cannot use answered, not thrown. */
class AnsweringReadBuffer {
  #buffer: Buffer | undefined;
  constructor(
    private readonly maxBytes: number,
    private readonly answer: (reply: ErrorReply) => void,
    private readonly report: (error: Error) => void,
  ) {}

  append(chunk: Buffer): void {
    const size = (this.#buffer?.length ?? 0) + chunk.length;
    if (size > this.maxBytes) {
      this.clear();
      throw new Error(`ReadBuffer exceeded maximum size of ${this.maxBytes} bytes`);
    }
    this.#buffer = this.#buffer ? Buffer.concat([this.#buffer, chunk]) : chunk;
  }

  /** The next valid message, or null when no whole line is left; the lines in between are answered. */
  readMessage(): JSONRPCMessage | null {
    for (;;) {
      const index = this.#buffer?.indexOf("\n") ?? -1;
      if (this.#buffer === undefined || index < 0) return null;
      const line = this.#buffer.toString("utf8", 0, index).replace(/\r$/, "");
      this.#buffer = this.#buffer.subarray(index + 1);
      if (line.trim() === "") continue;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (e) {
        this.answer(reply(null, PARSE_ERROR, "Parse error: the line is not JSON"));
        this.report(e as Error);
        continue;
      }
      const parsed = JSONRPCMessageSchema.safeParse(value);
      if (parsed.success) return parsed.data;
      const owed = replyToInvalid(value);
      if (owed) this.answer(owed);
      this.report(new Error(`not a JSON-RPC message (${owed ? `answered ${owed.error.code}` : "no reply owed"}): ${line.slice(0, 200)}`));
    }
  }

  clear(): void {
    this.#buffer = undefined;
  }
}

/** The SDK's stdio transport on `stdin`/`stdout`, answering what its own buffer would drop. */
export function answeringStdioTransport(stdin: Readable, stdout: Writable, maxBytes: number): StdioServerTransport {
  const transport = new StdioServerTransport(stdin, stdout, { maxBufferSize: maxBytes });
  const inner = transport as unknown as { _readBuffer?: unknown };
  // The SDK version is pinned (package.json); a rename of this private field fails here, at
  // start-up, rather than silently dropping requests again (test/e2e/mcp.test.ts sends them).
  if (inner._readBuffer === undefined) throw new Error("the MCP SDK's stdio transport changed: no _readBuffer to replace");
  inner._readBuffer = new AnsweringReadBuffer(
    maxBytes,
    (r) => void transport.send(r as unknown as JSONRPCMessage).catch((e: unknown) => transport.onerror?.(e as Error)),
    (e) => transport.onerror?.(e),
  );
  return transport;
}

// replyToInvalid: which parsed messages that are not valid JSON-RPC are owed an error reply
// (JSON-RPC 2.0, section 5.1), with which code and id. The stdio transport sends it
// (test/e2e/mcp.test.ts sends the lines to a spawned server).

import { describe, expect, it } from "vitest";
import { replyToInvalid } from "../../src/adapters/mcp-stdio.js";

describe("replyToInvalid", () => {
  it.each<[string, unknown, number | string | null, number]>([
    ["params null", { jsonrpc: "2.0", id: 1, method: "tools/list", params: null }, 1, -32602],
    ["params a number", { jsonrpc: "2.0", id: 2, method: "tools/call", params: 5 }, 2, -32602],
    ["params an array", { jsonrpc: "2.0", id: 3, method: "tools/call", params: [1] }, 3, -32602],
    ["params with a bad _meta", { jsonrpc: "2.0", id: "a", method: "tools/list", params: { _meta: 5 } }, "a", -32602],
    ['jsonrpc "1.0"', { jsonrpc: "1.0", id: 4, method: "tools/list" }, 4, -32600],
    ["no jsonrpc", { id: 5, method: "tools/list" }, 5, -32600],
    ["method a number", { jsonrpc: "2.0", id: 6, method: 5 }, 6, -32600],
    ["no method", { jsonrpc: "2.0", id: 7 }, 7, -32600],
    ["an unknown member", { jsonrpc: "2.0", id: 8, method: "ping", x: 1 }, 8, -32600],
    ["an id that is an object", { jsonrpc: "2.0", id: { a: 1 }, method: "ping" }, null, -32600],
    ["an id that is null", { jsonrpc: "2.0", id: null, method: "ping" }, null, -32600],
    ["a fractional id", { jsonrpc: "2.0", id: 1.5, method: "ping" }, null, -32600],
    ["no id and no method", { hello: "world" }, null, -32600],
    ["an array (a batch)", [{ jsonrpc: "2.0", id: 1, method: "ping" }], null, -32600],
    ["an empty array", [], null, -32600],
    ["null", null, null, -32600],
    ["a number", 5, null, -32600],
  ])("%s: code %s with id %j", (_name, message, id, code) => {
    expect(replyToInvalid(message)).toMatchObject({ jsonrpc: "2.0", id, error: { code } });
  });

  it.each<[string, unknown]>([
    ["a malformed notification (no id)", { jsonrpc: "2.0", method: "notifications/x", params: 5 }],
    ["a response with a bad result", { jsonrpc: "2.0", id: 1, result: 5 }],
    ["a malformed error response", { jsonrpc: "2.0", id: 1, error: "bad" }],
  ])("%s is owed nothing", (_name, message) => {
    expect(replyToInvalid(message)).toBeUndefined();
  });
});

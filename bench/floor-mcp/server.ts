// The MCP start floor's server (bench/floor-mcp-start.mjs): the engine's own adapter over the
// official SDK (src/adapters/mcp-sdk.ts), serving one tool on stdio and nothing else. Bundled,
// minified and started with Node's compile cache as the engine is, it is the least a server on
// that SDK loads and runs before it can answer `tools/list`.

import { createMcpServer, serveStdio } from "../../src/adapters/mcp-sdk.js";

const handle = createMcpServer({ name: "floor", version: "0" }, [
  {
    name: "status",
    description: "the workspace's status",
    input: {},
    readOnly: true,
    result: {},
    call: async () => ({ data: { ok: true, exit: 0 }, text: "", isError: false }),
  },
]);
void serveStdio(handle, { stdin: process.stdin, stdout: process.stdout, onError: () => {} });

// Builds bench/floor-mcp/server.ts as the engine's bundle is built (vite.config.ts): one minified
// CommonJS file, the SDK's schemas marked pure, Ajv replaced by the engine's stub. The output
// directory comes from FLOOR_MCP_OUT (bench/floor-mcp-start.mjs sets it).

import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { mcpSdkPureSchemas } from "../../vite.config.js";

export default defineConfig({
  plugins: [mcpSdkPureSchemas()],
  logLevel: "warn",
  build: {
    ssr: true,
    target: "node20",
    outDir: process.env.FLOOR_MCP_OUT ?? "dist-floor-mcp",
    emptyOutDir: true,
    minify: true,
    sourcemap: false,
    rollupOptions: {
      input: { server: fileURLToPath(new URL("./server.ts", import.meta.url)) },
      external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
      output: { format: "cjs", entryFileNames: "[name].cjs", codeSplitting: false },
    },
  },
  ssr: { noExternal: true, target: "node" },
  resolve: {
    alias: [{ find: /^\.\.\/validation\/ajv-provider\.js$/, replacement: fileURLToPath(new URL("../../src/adapters/mcp-no-ajv.ts", import.meta.url)) }],
  },
});

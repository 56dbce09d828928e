// Bundles the CLI into dist/devrites-engine.cjs (one file on the hot path) and the library
// into dist/index.mjs (its declarations come from tsconfig.build.json). Cold paths (remark for
// check, remark-stringify for --markdown, execa for notify, the MCP SDK for `mcp`) are dynamic imports of
// src/adapters/ adapters and land in their own chunks, in both builds.

import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };

export default defineConfig(({ mode }) => ({
  define: { __ENGINE_VERSION__: JSON.stringify(pkg.version) },
  build: {
    ssr: true,
    target: "node20",
    outDir: "dist",
    emptyOutDir: mode !== "lib",
    // Smaller and ASCII-only: Node reads, decodes and compiles the bundle on every call.
    minify: mode !== "lib",
    sourcemap: false,
    rollupOptions: {
      // Two builds so that neither entry shares a chunk with the other: `vite build` for the
      // CLI, `vite build --mode lib` for the library.
      input: (mode === "lib" ? { index: "src/index.ts" } : { "devrites-engine": "src/cli/bin.ts" }) as Record<string, string>,
      external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
      output: {
        // The CLI is CommonJS: Node starts a CommonJS entry about 9 ms sooner than an ES module
        // (its ESM loader is not set up at all), on every call (docs/performance.md).
        format: mode === "lib" ? "es" : "cjs",
        charset: "ascii",
        // Each entry is one file plus one chunk per lazily imported adapter (src/adapters/*:
        // yaml, remark, markdown comments, execa), which import nothing else from src/, and, in the CLI, the
        // `mcp` server chunk (src/mcp/* with the SDK and zod), which gets main() passed in. The
        // library used to inline them (1.2 MB); now an embedder loads one only by calling what needs it.
        codeSplitting: true,
        entryFileNames: mode === "lib" ? "[name].mjs" : "[name].cjs",
        chunkFileNames: mode === "lib" ? "lib/[name]-[hash].mjs" : "chunks/[name]-[hash].cjs",
      },
    },
  },
  ssr: { noExternal: true, target: "node" },
  // The MCP SDK's server imports its Ajv validator provider eagerly; the engine's server never
  // uses it (adapters/mcp-sdk.ts passes its own), so the CLI bundle gets a stub instead of Ajv.
  // The library does not serve MCP at all (src/mcp/serve-in-library.ts says so).
  resolve: {
    alias: [
      { find: /^\.\.\/validation\/ajv-provider\.js$/, replacement: fileURLToPath(new URL("./src/adapters/mcp-no-ajv.ts", import.meta.url)) },
      ...(mode === "lib" ? [{ find: /^\.\.\/mcp\/serve\.js$/, replacement: fileURLToPath(new URL("./src/mcp/serve-in-library.ts", import.meta.url)) }] : []),
    ],
  },
}));

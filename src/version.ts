// The engine's version, written in by the build (vite.config.ts `define`, from package.json).
// At the root of src/ so that every layer may read it: `--version`, help and the MCP handshake.

export const ENGINE_VERSION: string = typeof __ENGINE_VERSION__ === "string" ? __ENGINE_VERSION__ : "0.0.0-dev";

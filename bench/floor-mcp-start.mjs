#!/usr/bin/env node
// A lower bound for the bench's MCP start row (spawn to the answer of the first `tools/list`), not
// a product: bench/floor-mcp/server.ts is the engine's own adapter over the official SDK serving
// one tool, built as the engine's bundle is (bench/floor-mcp/vite.config.ts) and started through
// Node's compile cache as the engine's launcher does. Everything the engine adds — its command
// table, ~60 tools, the workspace — is left out, so the engine cannot start faster than this.
//
//   node bench/floor-mcp-start.mjs [--node PATH]... [--runs N] [--cli PATH]
// builds the floor into a temporary directory, then per Node binary alternates N starts of the
// floor (default 21), N of the engine's `mcp` (dist/devrites-engine.cjs unless --cli) and N of
// `node -e 0`, and prints each median and its ratio to `node -e 0`, as the bench's MCP start row.

import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { median, startToList as startToListOf } from "./mcp.mjs";

const BENCH = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    node: { type: "string", multiple: true, default: [process.execPath] },
    runs: { type: "string", default: "21" },
    cli: { type: "string", default: path.join(BENCH, "..", "dist", "devrites-engine.cjs") },
  },
});
const runs = Number(values.runs);

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "floor-mcp-"));
try {
  const out = path.join(scratch, "dist");
  const vite = path.join(BENCH, "..", "node_modules", "vite", "bin", "vite.js");
  execFileSync(process.execPath, [vite, "build", "-c", path.join(BENCH, "floor-mcp", "vite.config.ts")], { cwd: path.join(BENCH, ".."), env: { ...process.env, FLOOR_MCP_OUT: out }, stdio: ["ignore", "ignore", "inherit"] });
  const launcher = path.join(scratch, "launch.cjs");
  // As src/cli/launcher.cjs: Node's compile cache on (where Node has it), then the bundle.
  fs.writeFileSync(launcher, `require("node:module").enableCompileCache?.(${JSON.stringify(path.join(scratch, "cache"))});\nrequire(${JSON.stringify(path.join(out, "server.cjs"))});\n`);
  const root = path.join(scratch, "project");
  fs.mkdirSync(path.join(root, ".devrites"), { recursive: true });

  for (const node of values.node) {
    const version = execFileSync(node, ["-p", "process.versions.node"], { encoding: "utf8" }).trim();
    const floor = [launcher];
    const engine = [values.cli, "mcp", "--root", root];
    await startToList(node, floor); // the first starts fill the file cache and the compile caches
    await startToList(node, engine);
    const t = { floor: [], engine: [], zero: [] };
    for (let i = 0; i < runs; i++) {
      t.floor.push(await startToList(node, floor));
      t.engine.push(await startToList(node, engine));
      t.zero.push(await exitTime(node));
    }
    const ratio = (xs) => median(xs.map((x, i) => x / t.zero[i])).toFixed(2);
    console.log(`Node ${version}: node -e 0 ${median(t.zero).toFixed(1)} ms; floor ${median(t.floor).toFixed(1)} ms (${ratio(t.floor)}×); engine ${median(t.engine).toFixed(1)} ms (${ratio(t.engine)}×); median of ${runs} alternated runs`);
  }
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}

/** Spawn to the first tools/list answer, in ms; a start that lists no tool is not timed. */
async function startToList(node, args) {
  const { ms, tools } = await startToListOf(node, args);
  if (tools === 0) throw new Error(`${args.join(" ")} listed no tool`);
  return ms;
}

function exitTime(node) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(node, ["-e", "0"], { stdio: "ignore" });
    child.on("error", reject);
    child.on("close", () => resolve(Number(process.hrtime.bigint() - t0) / 1e6));
  });
}

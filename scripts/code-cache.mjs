#!/usr/bin/env node
// Build step (npm run build, after the CLI bundle): a V8 code cache beside every file of the
// bundle, <file>.v8cache, which dist/devrites-engine.cjs (src/cli/launcher.cjs) hands to V8 so that
// no call compiles the engine again. Each cache holds every function of its file compiled
// (--no-lazy while compiling): which functions a call needs depends on the command.
//
// V8 uses a cache only with the V8 version and flags it was made with; with any other Node (a
// package built elsewhere) it is ignored and the file compiled as before. This script exits
// non-zero if this very Node would not accept what it just wrote.

import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "dist");
const LAUNCHER = path.join(DIST, "devrites-engine.cjs");

globalThis[Symbol.for("devrites-engine.launcher.load-only")] = true;
const { compile, CACHE_SUFFIX } = createRequire(import.meta.url)(LAUNCHER);

const files = [DIST, path.join(DIST, "chunks")]
  .flatMap((dir) => fs.readdirSync(dir).filter((f) => f.endsWith(".cjs")).map((f) => path.join(dir, f)))
  .filter((f) => f !== LAUNCHER);

let bytes = 0;
for (const file of files) {
  // The launcher's loader is Node's: it reads the text as UTF-8 and compiles the same wrapper.
  const content = fs.readFileSync(file, "utf8");
  v8.setFlagsFromString("--no-lazy");
  let script;
  try {
    script = compile(content, file, undefined);
  } finally {
    // Back to the default, so the flags' hash in the cache is that of a plain `node`.
    v8.setFlagsFromString("--lazy");
  }
  const data = script.createCachedData();
  if (compile(content, file, data).cachedDataRejected !== false) {
    console.error(`code cache: V8 rejects the cache it just made for ${path.relative(DIST, file)}`);
    process.exit(1);
  }
  fs.writeFileSync(file + CACHE_SUFFIX, data);
  bytes += data.length;
}
if (process.env.DEVRITES_BUILD_VERBOSE === "1") console.log(`code cache: ${files.length} files, ${(bytes / 1024).toFixed(0)} KiB`);

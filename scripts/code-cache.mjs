#!/usr/bin/env node
// A V8 code cache beside every file of the CLI bundle, <file>.v8cache, which dist/devrites-engine.cjs
// (src/cli/launcher.cjs) hands to V8 so that no call compiles the engine again. Run by
// `npm run build` after the CLI bundle, and by the package's postinstall (with --optional): a
// cache is only ever used by the Node binary that made it (dist/v8cache.json says which), so the
// published package ships none and each install makes its own.
//
// Each cache holds every function of its file compiled (--no-lazy while compiling): which
// functions a call needs depends on the command. With --optional (postinstall) nothing here can
// fail an install: without a built dist there is nothing to do, and on any error the CLI simply
// compiles as it would without a cache.

import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "dist");
const LAUNCHER = path.join(DIST, "devrites-engine.cjs");
const optional = process.argv.includes("--optional");

function makeCaches() {
  globalThis[Symbol.for("devrites-engine.launcher.load-only")] = true;
  const { compile, nodeIdentity, CACHE_SUFFIX, IDENTITY_FILE } = createRequire(import.meta.url)(LAUNCHER);
  const identityFile = path.join(DIST, IDENTITY_FILE);
  // No identity while the caches change: an interrupted run leaves caches nobody uses.
  fs.rmSync(identityFile, { force: true });
  const files = [DIST, path.join(DIST, "chunks")]
    .flatMap((dir) => fs.readdirSync(dir).filter((f) => f.endsWith(".cjs")).map((f) => path.join(dir, f)))
    .filter((f) => f !== LAUNCHER);
  for (const file of files) {
    // The same text the launcher compiles: Node's loader reads the file as UTF-8.
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
    if (compile(content, file, data).cachedDataRejected !== false) throw new Error(`V8 rejects the cache it just made for ${path.relative(DIST, file)}`);
    fs.writeFileSync(file + CACHE_SUFFIX, data);
  }
  fs.writeFileSync(identityFile, `${JSON.stringify({ node: nodeIdentity() })}\n`);
}

if (!fs.existsSync(LAUNCHER)) {
  if (!optional) {
    console.error(`code cache: ${path.relative(process.cwd(), LAUNCHER)} is missing; run vite build first`);
    process.exit(1);
  }
} else {
  try {
    makeCaches();
  } catch (e) {
    if (!optional) throw e;
    console.error(`devrites-engine: no code cache made (${e instanceof Error ? e.message : String(e)}); the CLI works, each call compiles it`);
  }
}

#!/usr/bin/env node
// The executable, dist/devrites-engine.cjs: turns on Node's own module compile cache, then loads
// the engine bundle. It is not bundled: the cache must be on before the bundle is compiled, and
// the build copies this file with the bundle's file name written in (vite.config.ts).
"use strict";

// Node >= 22.1 has module.enableCompileCache(); an older Node (20 included) has not, and every
// call compiles the bundle, exactly as without a cache. Node's version decides, not a look at
// node:module: loading node:module brings in Node's ES module loader, which an older Node would
// load at every call only to find the function missing. Called without a directory so that
// Node's own rules pick it: NODE_COMPILE_CACHE when set, else <os tmpdir>/node-compile-cache;
// NODE_DISABLE_COMPILE_CACHE=1 turns it off. It never throws: a cache it cannot use is skipped.
// (A runtime that reports a Node version but lacks the function is passed over: `?.`.)
const [major, minor] = process.versions.node.split(".", 2).map(Number);
if (major > 22 || (major === 22 && minor >= 1)) require("node:module").enableCompileCache?.();

require("__DEVRITES_ENGINE_ENTRY__");

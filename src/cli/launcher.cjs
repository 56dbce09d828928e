#!/usr/bin/env node
// The executable, dist/devrites-engine.cjs: turns on Node's own module compile cache, then loads
// the engine bundle. It is not bundled: the cache must be on before the bundle is compiled, and
// the build copies this file with the bundle's file name written in (vite.config.ts).
"use strict";

// Node >= 22.1 has module.enableCompileCache(); on an older Node (20 included) it is absent and
// every call compiles the bundle, exactly as without a cache. Called without a directory so that
// Node's own rules pick it: NODE_COMPILE_CACHE when set, else <os tmpdir>/node-compile-cache;
// NODE_DISABLE_COMPILE_CACHE=1 turns it off. It never throws: a cache it cannot use is skipped.
const { enableCompileCache } = require("node:module");
if (typeof enableCompileCache === "function") enableCompileCache();

require("__DEVRITES_ENGINE_ENTRY__");

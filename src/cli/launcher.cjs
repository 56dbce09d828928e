#!/usr/bin/env node
// The executable, dist/devrites-engine.cjs: loads the engine bundle with the V8 code cache the
// build made for it, so a call does not compile ~125 kB of JavaScript again (docs/performance.md,
// "Code cache"). The build copies this file and names the entry in it; it is not bundled.
"use strict";

const fs = require("node:fs");
const Module = require("node:module");
const path = require("node:path");
const vm = require("node:vm");

/** The bundle file this launcher runs, relative to it (replaced by the build). */
const ENTRY = "__DEVRITES_ENGINE_ENTRY__";
/** Each bundle file's cache sits beside it with this suffix; its name carries the file's content hash. */
const CACHE_SUFFIX = ".v8cache";
/** Written last by the cache step: which Node binary made the caches (nodeIdentity). */
const IDENTITY_FILE = "v8cache.json";

/**
 * The Node binary running now: version, platform and the executable file itself. V8 checks a
 * cache only by its header (V8 version, flags, source length), so two builds of one Node
 * version (a distribution's and nodejs.org's) could take each other's. The caches are used only
 * by the binary that made them.
 */
function nodeIdentity() {
  const s = fs.statSync(process.execPath);
  return [process.version, process.platform, process.arch, s.dev, s.ino, s.size, s.mtimeMs].join(" ");
}

/** Whether the caches in `dist` were made by this Node binary (no identity file: no caches). */
function cachesAreOurs(dist) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dist, IDENTITY_FILE), "utf8")).node === nodeIdentity();
  } catch {
    return false;
  }
}

/**
 * The source V8 compiles for one CommonJS file: Node's own wrapper around the text, a leading
 * `#!` line turned into a comment of the same length. The build's cache is made from exactly
 * this string (scripts/code-cache.mjs calls it), so the two can never differ.
 */
function wrappedSource(content) {
  const text = content.charCodeAt(0) === 35 && content.charCodeAt(1) === 33 ? `//${content.slice(2)}` : content;
  return Module.wrap(text);
}

/**
 * Compile one file's wrapped source, with `cachedData` when there is one. V8 checks the cache
 * against its own version, its flags and the source's length and uses it only if all match;
 * otherwise (`cachedDataRejected`) it compiles as if there were none.
 */
function compile(content, filename, cachedData) {
  return new vm.Script(wrappedSource(content), {
    filename,
    cachedData,
    // The bundle has no import() today; if it gets one, it resolves as in any CommonJS module.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
}

/** A file's cache, or undefined when it has none (a copy without it, a file added since). */
function readCache(filename) {
  try {
    return fs.readFileSync(filename + CACHE_SUFFIX);
  } catch {
    return undefined;
  }
}

/**
 * Load the engine: every .cjs file in this launcher's directory and its chunks/ folder goes through
 * the code cache; every other module (Node's builtins, a preload) loads exactly as Node loads it.
 * The rest of Node's loader is unchanged: resolution, require.cache, module objects.
 */
function run() {
  const dist = __dirname;
  const useCaches = cachesAreOurs(dist);
  const chunks = path.join(dist, "chunks");
  const ours = (filename) => filename.endsWith(".cjs") && (path.dirname(filename) === dist || path.dirname(filename) === chunks);
  const nodeCompile = Module.prototype._compile;
  Module.prototype._compile = function compileWithCache(content, filename, ...rest) {
    if (!ours(filename)) return nodeCompile.call(this, content, filename, ...rest);
    const fn = compile(content, filename, useCaches ? readCache(filename) : undefined).runInThisContext({ displayErrors: true });
    const mod = this;
    const req = Object.assign((id) => mod.require(id), { resolve: (request, options) => Module._resolveFilename(request, mod, false, options), main: require.main, cache: Module._cache });
    return fn.call(mod.exports, mod.exports, req, mod, filename, path.dirname(filename));
  };
  require(path.join(dist, ENTRY));
}

module.exports = { wrappedSource, compile, nodeIdentity, CACHE_SUFFIX, IDENTITY_FILE };
// Required or run, it runs the engine (tests require it with their own argv); only the build's
// cache step, which sets this symbol in its own process first, takes the functions without running.
if (globalThis[Symbol.for("devrites-engine.launcher.load-only")] !== true) run();

// Bundles the CLI into dist/devrites-engine.cjs (one file on the hot path) and the library
// into dist/index.mjs (its declarations come from tsconfig.build.json). Cold paths (micromark for
// check, remark-stringify for --markdown, execa for notify, the MCP SDK for `mcp`) are dynamic imports of
// src/adapters/ adapters and land in their own chunks, in both builds.

import { readFileSync } from "node:fs";
import { posix } from "node:path";
import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";
import type { CodeSplittingGroup } from "rolldown";
import { defineConfig, parseAst, type Plugin } from "vite";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };

/**
 * The MCP SDK's types.js builds about 150 zod schemas at load, and the bundler keeps them all
 * (a call might have side effects). Each top-level `const …Schema = <call>` is a pure zod
 * builder chain, so it is marked pure here (an annotated IIFE): the ones the server never
 * reaches are dropped, which `mcp` no longer builds at every start. A declaration of another
 * shape is left as it is (an SDK upgrade can only make this do less, never change behaviour).
 */
export function mcpSdkPureSchemas(): Plugin {
  const typesJs = /[\\/]@modelcontextprotocol[\\/]sdk[\\/]dist[\\/]esm[\\/]types\.js$/;
  return {
    name: "devrites-mcp-sdk-pure-schemas",
    transform(code, id) {
      if (!typesJs.test(id)) return null;
      const spans: [number, number][] = [];
      for (const stmt of parseAst(code).body) {
        const decl = stmt.type === "ExportNamedDeclaration" ? stmt.declaration : stmt;
        if (decl?.type !== "VariableDeclaration" || decl.kind !== "const") continue;
        for (const d of decl.declarations) {
          if (d.id.type === "Identifier" && d.id.name.endsWith("Schema") && d.init?.type === "CallExpression") spans.push([d.init.start, d.init.end]);
        }
      }
      let out = code;
      for (const [start, end] of spans.reverse()) out = `${out.slice(0, start)}/* @__PURE__ */ (() => ${out.slice(start, end)})()${out.slice(end)}`;
      return { code: out, map: null };
    },
  };
}

/**
 * Node's compile cache (launcher.cjs) is made when a file is compiled, before it runs, so it holds
 * only what V8 compiled then: a file's top level, not the functions V8 leaves to compile at their
 * first call, which every call of the CLI then parses and compiles again. V8 compiles a function
 * at once when `(function` (or `(async function`) opens it. So each top-level function
 * declaration of the entry and hot chunks but a generator becomes `var f=(function f(…){…});`
 * at the chunk's start, where a declaration is initialised anyway (hoisting): the cache then
 * holds them (docs/performance.md, "Where the time goes on Node 24 and 26"). Nested functions
 * are left as they are.
 */
export function eagerFunctions(): Plugin {
  return {
    name: "devrites-eager-functions",
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !(chunk.isEntry || chunk.name === "hot")) continue;
        const body = parseAst(chunk.code).body;
        if (body[0]?.type === "ExpressionStatement" && "directive" in body[0]) this.error(`${chunk.fileName} starts with a directive`);
        const hoisted: string[] = [];
        let rest = "";
        let pos = 0;
        for (const stmt of body) {
          if (stmt.type !== "FunctionDeclaration" || stmt.id === null || stmt.generator) continue;
          rest += chunk.code.slice(pos, stmt.start);
          hoisted.push(`var ${stmt.id.name}=(${chunk.code.slice(stmt.start, stmt.end)});`);
          pos = stmt.end;
        }
        chunk.code = hoisted.join("") + rest + chunk.code.slice(pos);
      }
    },
  };
}

/**
 * The hot chunk holds its own copy of the bundler's runtime (the few helpers that build a
 * dynamically imported module's namespace object) instead of loading rolldown-runtime-<hash>.cjs:
 * `status` and `budget check` then read, check and deserialise one file fewer (docs/performance.md,
 * "After argument parsing: the typical rows"). The helpers keep no state, so a second copy beside
 * the one the other chunks load changes nothing. Runs before eagerFunctions.
 */
export function hotChunkOwnRuntime(): Plugin {
  return {
    name: "devrites-hot-chunk-own-runtime",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
      const hot = chunks.find((c) => c.name === "hot");
      const runtime = chunks.find((c) => c.moduleIds.some((id) => id.includes("rolldown/runtime")));
      if (hot === undefined || runtime === undefined || !hot.imports.includes(runtime.fileName)) return;
      const call = `require(${JSON.stringify(`./${posix.relative(posix.dirname(hot.fileName), runtime.fileName)}`)})`;
      const at = hot.code.indexOf(call);
      if (at < 0 || hot.code.indexOf(call, at + 1) >= 0) this.error(`${hot.fileName} does not load ${runtime.fileName} exactly once as ${call}`);
      hot.code = `${hot.code.slice(0, at)}(function(exports){${runtime.code}\nreturn exports})({})${hot.code.slice(at + call.length)}`;
      hot.imports = hot.imports.filter((f) => f !== runtime.fileName);
    },
  };
}

/**
 * The executable, dist/devrites-engine.cjs: src/cli/launcher.cjs (which turns on Node's compile
 * cache before the bundle is compiled) with the entry's file name written in.
 */
export function launcher(): Plugin {
  return {
    name: "devrites-launcher",
    generateBundle(_options, bundle) {
      const entries = Object.values(bundle).filter((c) => c.type === "chunk" && c.isEntry);
      if (entries.length !== 1) this.error(`expected one CLI entry chunk, found ${entries.length}`);
      const source = readFileSync(new URL("./src/cli/launcher.cjs", import.meta.url), "utf8");
      const placeholder = `"__DEVRITES_ENGINE_ENTRY__"`;
      if (!source.includes(placeholder)) this.error(`src/cli/launcher.cjs has no ${placeholder}`);
      this.emitFile({ type: "asset", fileName: "devrites-engine.cjs", source: source.replace(placeholder, JSON.stringify(`./${entries[0]!.fileName}`)) });
    },
  };
}

/**
 * The modules the given roots import statically, directly or not, read from the module graph
 * once it is built; with `dynamic`, through `import()` too, except into the modules `stopAt` names.
 */
function reachedFrom(roots: string[], opts: { dynamic?: boolean; stopAt?: ReadonlySet<string> } = {}): { plugin: Plugin; reached: Set<string> } {
  const reached = new Set<string>();
  const plugin: Plugin = {
    name: "devrites-reached-from",
    buildEnd() {
      reached.clear();
      const todo = [...roots];
      for (const m of todo) reached.add(m);
      while (todo.length > 0) {
        const info = this.getModuleInfo(todo.pop()!);
        for (const dep of [...(info?.importedIds ?? []), ...(opts.dynamic === true ? (info?.dynamicallyImportedIds ?? []) : [])]) {
          if (!reached.has(dep) && opts.stopAt?.has(dep) !== true) {
            reached.add(dep);
            todo.push(dep);
          }
        }
      }
    },
  };
  return { plugin, reached };
}

const TABLE = readFileSync(new URL("./src/cli/command-table.ts", import.meta.url), "utf8");
/** The command files src/cli/command-table.ts loads with `loader(() => import("../commands/<file>.js"), …)`. */
function commandFiles(loader: "hotChunk" | "lazy"): string[] {
  return [...TABLE.matchAll(new RegExp(`\\b${loader}\\(\\(\\) => import\\("\\.\\./commands/([\\w/-]+)\\.js"\\)`, "g"))].map((m) => m[1]!);
}
const commandPath = (file: string) => fileURLToPath(new URL(`./src/commands/${file}.ts`, import.meta.url));

/**
 * The `hot` chunk: the commands src/cli/command-table.ts loads with hotChunk(…) and every
 * module they import, directly or not, that the entry does not hold (a module the entry
 * imports stays in the entry: the `$initial` group comes first).
 */
export function hotChunk(): { plugin: Plugin; group: CodeSplittingGroup } {
  const roots = commandFiles("hotChunk");
  if (roots.length === 0) throw new Error("src/cli/command-table.ts loads no command with hotChunk()");
  const { plugin, reached } = reachedFrom(roots.map(commandPath));
  return { plugin, group: { name: "hot", test: (id) => reached.has(id), priority: 4 } };
}

/**
 * The DevRites pack's build-loop and ship verbs (gates, parallel, claim, dispatch, notes,
 * metrics, the ship gates and the read-only project checks): what only they import goes into a
 * `pack-verbs` chunk, so that the workspace writer's everyday commands (questions, resolve,
 * orient, …) do not read and compile them on each call. What they share with those commands
 * stays in `commands`.
 */
const PACK_VERB = /^(gates|parallel|claim|dispatch|note|next|handoff|metrics|detect|secret-scan)\/|^check\/(candidate|seal|slice|diff-scope|drift|regression|windows|indexes|skill-trust|dup|path-disjoint)$/;
export function packVerbsChunk(): { plugins: Plugin[]; packOnly: (id: string) => boolean; group: CodeSplittingGroup } {
  const lazyFiles = commandFiles("lazy");
  const packRoots = lazyFiles.filter((f) => PACK_VERB.test(f)).map(commandPath);
  const pack = reachedFrom(packRoots);
  // Everything the CLI reaches without going through a pack verb, lazily loaded code included.
  const coreRoots = [...lazyFiles.filter((f) => !PACK_VERB.test(f)), ...commandFiles("hotChunk")].map(commandPath);
  const core = reachedFrom([fileURLToPath(new URL("./src/cli/bin.ts", import.meta.url)), ...coreRoots], { dynamic: true, stopAt: new Set(packRoots) });
  if (!lazyFiles.some((f) => PACK_VERB.test(f))) throw new Error("src/cli/command-table.ts loads none of the pack's verbs lazily");
  const packOnly = (id: string) => pack.reached.has(id) && !core.reached.has(id);
  return { plugins: [pack.plugin, { ...core.plugin, name: "devrites-reached-from-core" }], packOnly, group: { name: "pack-verbs", test: packOnly, priority: 2 } };
}

const hot = hotChunk();
const packVerbs = packVerbsChunk();

/** The modules of the lazily loaded commands chunk (below). */
const COMMANDS_CHUNK = /[\\/](src[\\/](commands|domain|documents|workspace)|templates)[\\/]/;
/**
 * In the CLI, `mcp` is left out of it: the server's start loads `mcp.ts` and then the `mcp`
 * server's chunk, not every other lazily loaded command with it (a command runs from its chunk
 * at its first call). The library serves no MCP (its `mcp` is a stand-in): one chunk there.
 */
const MCP_COMMAND = /[\\/]src[\\/]commands[\\/]mcp[\\/]mcp\.ts$/;

export default defineConfig(({ mode }) => ({
  plugins: [mcpSdkPureSchemas(), ...(mode === "lib" ? [] : [launcher(), hot.plugin, ...packVerbs.plugins, hotChunkOwnRuntime(), eagerFunctions()])],
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
      input: (mode === "lib" ? { index: "src/index.ts" } : { engine: "src/cli/bin.ts" }) as Record<string, string>,
      external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
      output: {
        // The CLI is CommonJS: Node starts a CommonJS entry about 9 ms sooner than an ES module
        // (its ESM loader is not set up at all), on every call (docs/performance.md).
        format: mode === "lib" ? "es" : "cjs",
        charset: "ascii",
        // The library stays readable (not minified), but its doc comments are the .d.ts files'
        // (tsconfig.build.json): the JavaScript that Node reads and compiles on each load
        // carries none of them, only the legal and annotation comments.
        comments: { legal: true, annotation: true, jsdoc: false },
        // No list of commands here: src/cli/command-table.ts decides, by importing a command
        // statically (hot: in the entry) or through lazy(import(…)) (loaded on first use).
        // The groups below only say how what is loaded lazily is cut into files:
        codeSplitting: {
          groups: [
            // Every module the entry imports statically stays in the entry file: left to itself,
            // rolldown moves what two lazy chunks share with the entry into chunks of their own,
            // which every command would then load (one file read and compile each).
            { name: mode === "lib" ? "index" : "engine", tags: ["$initial"], priority: 5 },
            // The hot commands the table loads with hotChunk() (status, budget check) and what
            // only they use, beside the entry: one chunk, loaded only by them.
            ...(mode === "lib" ? [] : [hot.group]),
            // Every lazily loaded command (and interactive resolve, init's templates) with what
            // only they use: one chunk, not one per command (36 small files were slower).
            { name: "commands", test: (id) => COMMANDS_CHUNK.test(id) && (mode === "lib" || (!MCP_COMMAND.test(id) && !packVerbs.packOnly(id))), priority: 3 },
            // The pack's build-loop and ship verbs, with what only they use (packVerbsChunk).
            // Below `commands`: a group takes in what its modules import, so the shared modules
            // must be taken by `commands` first.
            ...(mode === "lib" ? [] : [packVerbs.group]),
            // What only a person or a shell asks for (help, completion answers): one chunk.
            { name: "person-facing", test: /[\\/]src[\\/]cli[\\/]/, priority: 1 },
          ],
        },
        // Left to rolldown: one chunk per adapter (src/adapters/*: yaml, remark, markdown
        // comments, execa, which import nothing else from src/) and, in the CLI, the `mcp`
        // server's (src/mcp/* with the SDK and zod). The library used to inline all of it
        // (1.2 MB); now an embedder loads a chunk only by calling what needs it.
        // The CLI's entry is engine-<hash>.cjs; the executable beside it is the launcher (above).
        entryFileNames: mode === "lib" ? "[name].mjs" : "[name]-[hash].cjs",
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

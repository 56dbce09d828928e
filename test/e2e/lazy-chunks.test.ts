// Start-up cost: the hot commands (status, budget check, state resolve) never load the lazily
// loaded commands, help, micromark, remark-stringify (markdown comment) or MCP chunks, and the
// command table's hot/lazy split is the one the bundle has. A preload records every module the
// spawned CLI required; the cold paths that do load them (check, --markdown) prove the method sees chunks.

import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadsHotChunk, loadsLazily } from "../../src/cli/command-def.js";
import { allCommands } from "../../src/cli/command-table.js";
import { runCli } from "../helpers/cli.js";
import { caseCount } from "../helpers/counts.js";
import { makeProject, projectFromExample, projectFromFixture, type Project } from "../helpers/project.js";

let p: Project | undefined;
afterEach(() => p?.cleanup());

const COLD = /(^|\/)chunks\/(commands|person-facing|markdown-comment|micromark|serve|notify)-[^/]*\.cjs$/;

/** The workspaces the recordings run in: a fixture, the bundled example, or an empty directory. */
type Where = "table-awaiting" | "example" | "empty";
const PROJECTS: Record<Where, () => Project> = { "table-awaiting": () => projectFromFixture("table-awaiting"), example: projectFromExample, empty: () => makeProject() };

/** What one spawned run loaded: require.cache's keys and Node's process.moduleLoadList, written by a preload at exit. */
interface Recording {
  modules: string[];
  builtins: string[];
}

/**
 * Run the CLI once in a fresh copy of `where` with a preload that writes both lists at exit.
 * A run is deterministic in its workspace and arguments, so tests that ask about the same run
 * (its chunks, its built-ins) share one process: each distinct run is spawned once per file.
 */
const recordings = new Map<string, Promise<Recording>>();
function record(where: Where, args: string[]): Promise<Recording> {
  const key = JSON.stringify([where, args]);
  let r = recordings.get(key);
  if (r === undefined) recordings.set(key, (r = spawnRecorded(where, args)));
  return r;
}
async function spawnRecorded(where: Where, args: string[]): Promise<Recording> {
  const project = PROJECTS[where]();
  try {
    const preload = project.path("record-modules.cjs");
    const out = project.path("modules.json");
    fs.writeFileSync(preload, `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(out)}, JSON.stringify({ modules: Object.keys(require.cache), builtins: process.moduleLoadList })));\n`);
    const r = await runCli(args, { cwd: project.dir, env: { NODE_OPTIONS: `--require ${preload}` } });
    expect(r.exit, r.stderr).toBeLessThan(8);
    return JSON.parse(fs.readFileSync(out, "utf8")) as Recording;
  } finally {
    project.cleanup();
  }
}

/** The built-in modules Node loaded for `args` (process.moduleLoadList). */
async function builtinsLoaded(where: Where, args: string[]): Promise<string[]> {
  return (await record(where, args)).builtins;
}

/** The chunk files the CLI loaded for `args`. */
async function chunksLoaded(where: Where, args: string[]): Promise<string[]> {
  return (await record(where, args)).modules.filter((m) => m.includes(`${path.sep}chunks${path.sep}`)).map((m) => m.split(path.sep).slice(-2).join("/"));
}

const RUNTIME = /^chunks\/rolldown-runtime-[\w-]+\.cjs$/;
const HOT = /^chunks\/hot-[\w-]+\.cjs$/;
/** A chunk file's name without its 8-character hash, which may hold "-" (hot-S-DZd8uG.cjs → hot). */
const chunkName = (m: string) => m.replace(/^chunks\/(.*)-[\w-]{8}\.cjs$/, "$1");

describe("cold-path chunks stay off the hot path", () => {
  it.each([
    [["status"], ["hot"]],
    [["budget", "check"], ["hot"]],
    [["state", "resolve", "q-2026-09-02-003", "--option", "1", "--human"], []],
  ])("%j loads none of the lazily loaded commands, help, micromark, remark-stringify, notify or MCP chunks: no chunk but the bundler's runtime and %j", async (args, chunks) => {
    const loaded = await chunksLoaded("table-awaiting", args);
    expect(loaded.filter((m) => COLD.test(m))).toEqual([]);
    expect(loaded.filter((m) => !RUNTIME.test(m)).map(chunkName)).toEqual(chunks);
  });

  // The hot chunk holds its own copy of the runtime's helpers (vite.config.ts, hotChunkOwnRuntime).
  it.each([[["status"]], [["budget", "check"]]])("%j loads the hot chunk and no other chunk file, not even the bundler's runtime", async (args) => {
    expect((await chunksLoaded("table-awaiting", args)).map(chunkName)).toEqual(["hot"]);
  });

  // The entry imports Node's built-ins by name, so it needs none of the bundler's interop helpers
  // and a resolve reads one file of code (test/layers.test.ts keeps src/ to named imports).
  it("a resolve loads no chunk at all, not even the bundler's runtime", async () => {
    expect(await chunksLoaded("table-awaiting", ["state", "resolve", "q-2026-09-02-003", "--option", "1", "--human"])).toEqual([]);
  });

  // A resolve compiles the entry alone: the code only status and budget check run is in the hot
  // chunk, which a resolve never loads (docs/performance.md, start-up).
  it("the entry holds none of status's or budget check's own code: their files are in the hot chunk", () => {
    const dist = path.resolve(__dirname, "../../dist");
    const entry = fs.readdirSync(dist).find((f) => /^engine-[\w-]+\.cjs$/.test(f))!;
    const hot = fs.readdirSync(path.join(dist, "chunks")).find((f) => HOT.test(`chunks/${f}`));
    expect(hot).toBeDefined();
    const entryText = fs.readFileSync(path.join(dist, entry), "utf8");
    const hotText = fs.readFileSync(path.join(dist, "chunks", hot!), "utf8");
    // A message each command's own file prints (commands/status/status.ts, commands/budget/check.ts).
    for (const own of ["slice counter malformed", "admit: another slice may be dispatched"]) {
      expect(entryText.includes(own), own).toBe(false);
      expect(hotText.includes(own), own).toBe(true);
    }
  });

  it.each([
    [["check"], "micromark"],
    [["log"], "commands"],
    [["status", "--markdown"], "markdown-comment"],
    [["questions"], "commands"],
    [["state", "pause", "--reason", "usage_cap"], "commands"],
    [["status", "--help"], "person-facing"],
  ])("%j does load its chunk (%s): the recording sees lazy chunks", async (args, chunk) => {
    expect((await chunksLoaded("table-awaiting", args)).some((m) => m.startsWith(`chunks/${chunk}-`))).toBe(true);
  });
});

/** `words` and a value for each positional and value option its row requires. */
function withRequired(words: string): string[] {
  const def = allCommands().find((d) => d.words.join(" ") === words)!;
  const value = (kind: unknown) => (kind === "slice" ? "SLICE-001" : kind === "count" ? "1" : typeof kind === "object" ? (kind as { oneOf: string[] }).oneOf[0]! : "some-slug");
  if (def.notProvided) return [...def.words];
  const options = Object.entries(def.options).filter(([, o]) => o.required && o.type === "string").flatMap(([n, o]) => [`--${n}`, value(o.kind)]);
  return [...def.words, ...(def.positionals ?? []).filter((q) => !q.optional).map((q) => value(q.kind)), ...options];
}

describe("the command table decides what is hot, and the bundle agrees", () => {
  const lazyCount = allCommands().filter(loadsLazily).length;
  it("status and budget check load from the hot chunk; state resolve is in the entry", () => {
    expect(allCommands().filter(loadsHotChunk).map((d) => d.words.join(" "))).toEqual(["status", "budget check"]);
  });
  it("the table has hot and lazy commands", () => {
    expect(lazyCount).toBeGreaterThan(0);
    expect(lazyCount).toBeLessThan(allCommands().length);
  });

  // Run in a directory with no workspace, with the arguments its row requires (a row's own checks
  // refuse a call without them before any command code loads): each command loads its code, then
  // fails (or, for completion and mcp with stdin closed, finishes).
  // `mcp` is lazy too but has a chunk of its own (vite.config.ts): the server's start loads it and
  // the server's chunk, and a tool's command loads from the commands chunk at its first call.
  // Every command under `npm run test:full`; in `npm test` the first command of each first word
  // and every command that is not lazy (the loading is decided per row, so per noun is a sample).
  const everyCommand = caseCount("DEVRITES_LAZY_CHUNK_COMMANDS", 0, 1) === 1;
  const firstOfNoun = new Set<string>();
  const sampled = allCommands().filter((def) => def.words.join(" ") !== "mcp").filter((def) => {
    if (everyCommand || !loadsLazily(def) || !firstOfNoun.has(def.words[0]!)) return firstOfNoun.add(def.words[0]!), true;
    return false;
  });
  it("the sample covers every first word of the table", () => {
    expect(new Set(sampled.map((d) => d.words[0]))).toEqual(new Set(allCommands().filter((d) => d.words.join(" ") !== "mcp").map((d) => d.words[0])));
  });
  it.each(sampled.map((def) => [def.words.join(" "), loadsLazily(def)] as const))(
    "%s (lazy: %s) loads the commands chunk exactly when the table loads it lazily",
    async (words, lazy) => {
      const loaded = await chunksLoaded("empty", withRequired(words));
      expect(loaded.some((m) => /^chunks\/commands-[\w-]+\.cjs$/.test(m)), loaded.join(", ")).toBe(lazy);
      if (!lazy) expect(loaded.filter((m) => !RUNTIME.test(m) && !HOT.test(m))).toEqual([]);
    },
  );

  // The pack's build-loop and ship verbs (gates, parallel, dup, …) are in a chunk of their own
  // (vite.config.ts, packVerbsChunk): an everyday call reads and compiles none of their code.
  it.each([
    ["questions"], ["question", "add", "Keep it?", "--gate", "advisory"], ["log"], ["orient", "session-token-rotation"],
    ["observe", "slice", "session-token-rotation", "SLICE-001"], ["check", "readiness", "session-token-rotation"], ["check"], ["status"], ["budget", "check"],
  ])("%j does not load the pack verbs' chunk", async (...args) => {
    const loaded = await chunksLoaded("example", args);
    expect(loaded.map(chunkName)).not.toContain("pack-verbs");
  });
  it("a pack verb (gates status) loads it", async () => {
    expect((await chunksLoaded("example", ["gates", "status", "session-token-rotation"])).map(chunkName)).toContain("pack-verbs");
  });

  it("mcp (lazy) loads its own chunk and the server's, not the commands chunk: the server's start compiles no other command", async () => {
    expect(loadsLazily(allCommands().find((d) => d.words.join(" ") === "mcp")!)).toBe(true);
    const loaded = (await chunksLoaded("empty", ["mcp"])).filter((m) => !RUNTIME.test(m) && !HOT.test(m)).map(chunkName);
    expect(loaded.sort()).toEqual(["mcp", "serve"]);
  });

  // The server tunes V8 for a long session (mcp/serve.ts, tuneForLongSession) once its first
  // tool call has answered, so node:v8 and node:vm (a dozen of Node's own modules, and a new
  // context) are not on the way to its first answer. test/e2e/mcp-memory.test.ts sees the tuning.
  it("mcp's start loads neither node:v8 nor node:vm: the memory tuning waits for the first tool call", async () => {
    const loaded = await builtinsLoaded("empty", ["mcp"]);
    expect(loaded).toContain("NativeModule stream"); // the server's stdin: the list holds what the start loaded
    expect(loaded.filter((m) => /^NativeModule (v8|vm)$/.test(m))).toEqual([]);
  });

  // Every command under `npm run test:full`; in `npm test` the same sample as above, with mcp
  // and every command of the hot chunk.
  const hotSample = allCommands().filter((def) => sampled.includes(def) || loadsHotChunk(def) || def.words.join(" ") === "mcp");
  it("the hot-chunk sample holds every command of the hot chunk and every command that is not lazy", () => {
    for (const def of allCommands().filter((d) => loadsHotChunk(d) || !loadsLazily(d))) expect(hotSample).toContain(def);
  });
  it.each(hotSample.map((def) => [def.words.join(" "), loadsHotChunk(def)] as const))("%s (hot chunk: %s) loads the hot chunk exactly when the table says so", async (words, hot) => {
    const loaded = await chunksLoaded("empty", words.split(" "));
    // A cold command may use a module of the hot chunk (check lints as status does); a command
    // of the entry never loads it.
    if (hot) expect(loaded.some((m) => HOT.test(m)), loaded.join(", ")).toBe(true);
    else if (!loadsLazily(allCommands().find((d) => d.words.join(" ") === words)!)) expect(loaded.filter((m) => HOT.test(m))).toEqual([]);
  });
});

describe("the hot commands never build process.stdout or process.stderr", () => {
  // Built for a pipe, the streams load Node's stream and net modules (a few ms of every call);
  // a pipe or file is written with fs.writeSync instead (cli/bin.ts). Stdout and stderr are pipes here.
  // A small commit computes its CRC-32 itself: no node:zlib, and so no node:stream (journal.ts).
  it.each([
    [["status"], ["net", "stream", "tty"]],
    [["status", "--json"], ["net", "stream", "tty"]],
    [["budget", "check"], ["net", "stream", "tty"]],
    // Nor Node's rimraf: a commit and the lock remove single files (disk.ts removeFile).
    [["state", "resolve", "q-2026-09-02-003", "--option", "1", "--human"], ["net", "stream", "tty", "zlib", "internal/fs/rimraf"]],
  ])("%j loads none of node:%j", async (args, never) => {
    const builtins = await builtinsLoaded("table-awaiting", args);
    expect(builtins.filter((m) => never.some((n) => m === `NativeModule ${n}`))).toEqual([]);
  });

  it("a refused command still prints its message and hint on stderr (exit 3), with no stream built", async () => {
    p = projectFromFixture("table-awaiting");
    const r = await runCli(["state", "resolve", "q-2099-01-01-001", "x"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    expect(r.stderr).toMatch(/\nhint: open questions: q-2026-09-02-001/);
    expect(r.stderr).toMatch(/^devrites-engine: /);
    const builtins = await builtinsLoaded("table-awaiting", ["state", "resolve", "q-2099-01-01-001", "x"]);
    expect(builtins).not.toContain("NativeModule net");
  });
});

describe("a plain command line loads no argument parser module", () => {
  // A plain command line (words and known `--name [value]` options) is read without parseArgs,
  // whose module Node loads and compiles on first use (cli/argv.ts, plainCommandLine).
  it.each([
    [["status"]],
    [["budget", "check", "--agents-used", "4", "--minutes-used", "30", "--findings", "1"]],
    [["state", "resolve", "q-2026-09-02-003", "--option", "1", "--human"]],
  ])("%j does not load node:util's parseArgs", async (args) => {
    const builtins = await builtinsLoaded("table-awaiting", args);
    expect(builtins.length).toBeGreaterThan(10);
    expect(builtins.filter((m) => m.includes("parse_args"))).toEqual([]);
    // The method sees it where it is loaded: an option after `--` goes to parseArgs.
    const parsed = await builtinsLoaded("table-awaiting", ["state", "resolve", "q-2026-09-02-003", "--", "-x"]);
    expect(parsed.filter((m) => m.includes("parse_args")).length).toBeGreaterThan(0);
  });
});


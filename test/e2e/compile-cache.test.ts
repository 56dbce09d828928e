// The executable turns on Node's own compile cache (module.enableCompileCache, Node >= 22.1) before
// the bundle is compiled, lets Node choose the directory, and on a Node without it (20) runs
// exactly as with it, without loading node:module at all. Preloads stand in for the runtime
// (the version Node reports, the function), so both sides run on any Node; where the real
// function exists, a last test checks that a cache appears where NODE_COMPILE_CACHE says.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import module from "node:module";
import os from "node:os";
import path from "node:path";
import { parseAst } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_PATH, projectFromExample, type Project } from "../helpers/project.js";
import { T } from "../helpers/cli.js";

/** A preload's first line: Node reports version `v` from here on (the launcher reads process.versions.node). */
const reportVersion = (v: string) => `Object.defineProperty(process, "versions", { value: { ...process.versions, node: ${JSON.stringify(v)} } });`;

/** A preload that reports Node version `v` and, at exit, whether node:module was loaded before it ran and after. */
const moduleProbe = (v: string) => `${reportVersion(v)} const before = process.moduleLoadList.includes("NativeModule module");
process.on("exit", () => process.stderr.write("MODULE " + JSON.stringify({ before, after: process.moduleLoadList.includes("NativeModule module") }) + "\\n"));`;

/**
 * Preloads, each given to `node --require` before the launcher runs. `record` is a Node >= 22.1
 * whose function writes one line per call (its arguments, and whether any engine bundle file was
 * loaded yet) to stderr; `absent` reports 22.1 but has no function (a runtime that lacks it);
 * `failing` answers as Node does when it cannot use the directory (status FAILED, never a
 * throw); `older` and `newer` report 22.0.0 and 22.1.0 and, at exit, whether node:module was loaded.
 */
const PRELOADS = {
  record: `${reportVersion("22.1.0")} const M = require("node:module"); M.enableCompileCache = function (...args) {
  const loaded = Object.keys(require.cache).filter((f) => /[\\\\/]engine-[^\\\\/]*\\.cjs$/.test(f));
  process.stderr.write("ENABLE " + JSON.stringify({ args, loaded }) + "\\n");
  return { status: 1, directory: "/nowhere" };
};`,
  absent: `${reportVersion("22.1.0")} const M = require("node:module"); delete M.enableCompileCache; M.enableCompileCache = undefined;`,
  failing: `${reportVersion("22.1.0")} const M = require("node:module"); M.enableCompileCache = () => ({ status: 0, message: "EACCES: permission denied" });`,
  older: moduleProbe("22.0.0"),
  newer: moduleProbe("22.1.0"),
} as const;

let p: Project;
let tmp: string;
beforeAll(() => {
  p = projectFromExample();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "devrites-compile-cache-"));
  for (const [name, text] of Object.entries(PRELOADS)) fs.writeFileSync(path.join(tmp, `${name}.cjs`), text);
});
afterAll(() => {
  p.cleanup();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** `node [--require <preload>] dist/devrites-engine.cjs ...args` in the example project. */
function run(args: string[], preload?: keyof typeof PRELOADS, extraEnv: Record<string, string> = {}) {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("DEVRITES_") && !k.startsWith("NODE_")) env[k] = v;
  const pre = preload ? ["--require", path.join(tmp, `${preload}.cjs`)] : [];
  const r = spawnSync(process.execPath, [...pre, CLI_PATH, ...args], { cwd: p.dir, env: { ...env, DEVRITES_NOW: T, NO_COLOR: "1", ...extraEnv }, encoding: "utf8" });
  const lines = r.stderr.split("\n");
  const module = lines.find((l) => l.startsWith("MODULE "));
  return {
    exit: r.status,
    stdout: r.stdout,
    stderr: lines.filter((l) => !l.startsWith("ENABLE ") && !l.startsWith("MODULE ")).join("\n"),
    calls: lines.filter((l) => l.startsWith("ENABLE ")).map((l) => JSON.parse(l.slice(7)) as { args: unknown[]; loaded: string[] }),
    nodeModule: module === undefined ? undefined : (JSON.parse(module.slice(7)) as { before: boolean; after: boolean }),
  };
}

const COMMANDS = [["status"], ["status", "--json"], ["questions"], ["check"], ["no-such-command"], ["--version"]];

describe("Node's compile cache", () => {
  it.each(COMMANDS)("%j: on Node >= 22.1 the executable calls module.enableCompileCache() once, with no directory, before any bundle file loads", (...args) => {
    const r = run(args, "record");
    expect(r.calls).toEqual([{ args: [], loaded: [] }]);
  });

  it("on Node < 22.1 the executable never loads node:module (it would bring Node's ES module loader, for nothing)", (ctx) => {
    for (const args of COMMANDS) {
      const r = run(args, "older");
      expect(r.calls).toEqual([]);
      expect(r.nodeModule, r.stderr).toBeDefined();
      // A Node that loads node:module itself before any user code leaves nothing to see here.
      if (r.nodeModule!.before) ctx.skip();
      expect(r.nodeModule!.after, args.join(" ")).toBe(false);
    }
  });

  it("the version check can fail: a preload that reports 22.1 sees node:module loaded by the launcher", () => {
    const r = run(["--version"], "newer");
    expect(r.nodeModule, r.stderr).toBeDefined();
    expect(r.nodeModule!.after).toBe(true);
  });

  it("without enableCompileCache (Node < 22.1, or a runtime that lacks it), or when Node cannot use its directory, every command prints the same bytes with the same exit code", () => {
    for (const args of COMMANDS) {
      const want = run(args, "record");
      expect(want.exit, want.stderr).not.toBeNull();
      for (const preload of ["older", "absent", "failing"] as const) {
        const got = run(args, preload);
        expect({ exit: got.exit, stdout: got.stdout, stderr: got.stderr }, `${args.join(" ")} with enableCompileCache ${preload}`).toEqual({ exit: want.exit, stdout: want.stdout, stderr: want.stderr });
      }
    }
  });

  it("the executable overrides nothing of Node's module loader: the launcher is the one file that names node:module, for enableCompileCache alone", () => {
    const launcher = fs.readFileSync(CLI_PATH, "utf8");
    expect(launcher).not.toMatch(/_compile|vm\.Script|cachedData|Module\.wrap/);
    expect(launcher.match(/require\("node:module"\)/g)).toHaveLength(1);
  });

  it("the entry and hot chunks declare no top-level function, async ones included: each is a parenthesised function expression, which V8 compiles with the file, so Node's compile cache holds it (vite.config.ts, eagerFunctions)", () => {
    const dist = path.dirname(CLI_PATH);
    const launcher = fs.readFileSync(CLI_PATH, "utf8");
    const entry = /require\("\.\/(engine-[^"]+\.cjs)"\)/.exec(launcher)?.[1];
    expect(entry, "the launcher names the entry chunk").toBeDefined();
    const hot = fs.readdirSync(path.join(dist, "chunks")).filter((f) => f.startsWith("hot-"));
    expect(hot).toHaveLength(1);
    for (const file of [path.join(dist, entry!), path.join(dist, "chunks", hot[0]!)]) {
      const body = parseAst(fs.readFileSync(file, "utf8")).body;
      const declared = body.filter((s) => s.type === "FunctionDeclaration" && !s.generator).map((s) => (s.type === "FunctionDeclaration" ? s.id?.name : ""));
      expect(declared, path.basename(file)).toEqual([]);
      const eager = body.filter((s) => s.type === "VariableDeclaration" && s.declarations[0]?.init?.type === "FunctionExpression");
      expect(eager.length, path.basename(file)).toBeGreaterThan(10);
    }
  });

  it.runIf(typeof (module as { enableCompileCache?: unknown }).enableCompileCache === "function")("on this Node (>= 22.1) the cache lands in NODE_COMPILE_CACHE and a second run prints the same", () => {
    const dir = path.join(tmp, "cache");
    const first = run(["status"], undefined, { NODE_COMPILE_CACHE: dir });
    const second = run(["status"], undefined, { NODE_COMPILE_CACHE: dir });
    expect(first.exit, first.stderr).toBe(0);
    expect(fs.readdirSync(dir, { recursive: true }).length).toBeGreaterThan(0);
    expect(second).toEqual(first);
  });
});

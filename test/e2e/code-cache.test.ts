// The executable loads the bundle with the build's V8 code cache (src/cli/launcher.cjs,
// scripts/code-cache.mjs): this Node accepts every cache the build wrote, a call uses them, and a
// copy whose caches are missing, cut short, swapped or made by another Node binary behaves byte
// for byte like one that has them.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleFiles, CLI_PATH, projectFromExample, projectWithLongListing, type Project } from "../helpers/project.js";
import { T } from "../helpers/cli.js";

const DIST = path.dirname(CLI_PATH);

/** A preload that reports every vm.Script the launcher compiles: file, whether it had a cache, whether V8 took it. */
const RECORD = `const vm = require("node:vm"); const S = vm.Script;
vm.Script = function (src, o) { const s = new S(src, o); if (o && o.filename) process.stderr.write("CACHE " + require("node:path").basename(o.filename) + " " + (o.cachedData ? (s.cachedDataRejected ? "rejected" : "used") : "none") + "\\n"); return s; };`;

let p: Project;
let tmp: string;
let preload: string;
beforeAll(() => {
  p = projectFromExample();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "devrites-cc-"));
  preload = path.join(tmp, "record.cjs");
  fs.writeFileSync(preload, RECORD);
});
afterAll(() => {
  p.cleanup();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** `node [--require preload] <cli> ...args` in the example project, DEVRITES_NOW pinned. */
function run(cli: string, args: string[], record = false) {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("DEVRITES_") && k !== "NODE_OPTIONS") env[k] = v;
  const r = spawnSync(process.execPath, [...(record ? ["--require", preload] : []), cli, ...args], { cwd: p.dir, env: { ...env, DEVRITES_NOW: T, NO_COLOR: "1" }, encoding: "utf8" });
  const lines = r.stderr.split("\n");
  return {
    exit: r.status,
    stdout: r.stdout,
    stderr: lines.filter((l) => !l.startsWith("CACHE ")).join("\n"),
    caches: Object.fromEntries(lines.filter((l) => l.startsWith("CACHE ")).map((l) => l.slice(6).split(" ") as [string, string])),
  };
}

/** A copy of dist/ in which `damage` is done to each cache (and `identity` to the file naming their Node). */
function distCopy(name: string, damage: (cacheFile: string) => void, identity?: (file: string) => void): string {
  const dir = path.join(tmp, name);
  fs.cpSync(DIST, dir, { recursive: true });
  for (const f of bundleFiles(dir)) damage(`${f}.v8cache`);
  identity?.(path.join(dir, "v8cache.json"));
  return path.join(dir, "devrites-engine.cjs");
}

describe("the build's code cache", () => {
  it("every bundle file has one, and this Node accepts each", () => {
    const files = bundleFiles(DIST);
    expect(files.length).toBeGreaterThan(5);
    const script = `globalThis[Symbol.for("devrites-engine.launcher.load-only")] = true;
const { compile, CACHE_SUFFIX } = require(${JSON.stringify(CLI_PATH)}); const fs = require("node:fs");
const { nodeIdentity, IDENTITY_FILE } = require(${JSON.stringify(CLI_PATH)});
console.log(JSON.parse(fs.readFileSync(require("node:path").join(${JSON.stringify(DIST)}, IDENTITY_FILE), "utf8")).node === nodeIdentity());
for (const f of ${JSON.stringify(files)}) console.log(f, compile(fs.readFileSync(f, "utf8"), f, fs.readFileSync(f + CACHE_SUFFIX)).cachedDataRejected);`;
    const r = spawnSync(process.execPath, ["-e", script], { encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } });
    expect(r.stderr).toBe("");
    expect(r.stdout.trim().split("\n")).toEqual(["true", ...files.map((f) => `${f} false`)]);
  });

  it("the entry's file name carries its content hash, so a cache never meets another build's text", () => {
    const launcher = fs.readFileSync(CLI_PATH, "utf8");
    const entry = /const ENTRY = "\.\/(engine-[\w-]{8}\.cjs)";/.exec(launcher)?.[1];
    expect(entry).toBeDefined();
    expect(fs.existsSync(path.join(DIST, entry!))).toBe(true);
  });

  it.each([["status"], ["budget", "check"], ["questions", "--json"]])("%j compiles the entry from its cache", (...args) => {
    const r = run(CLI_PATH, args, true);
    expect(r.exit, r.stderr).toBe(0);
    const entry = Object.keys(r.caches).find((f) => f.startsWith("engine-"));
    expect(entry).toBeDefined();
    expect(Object.values(r.caches).every((v) => v === "used"), JSON.stringify(r.caches)).toBe(true);
  });

  it("check on a questions.md large enough to tune the heap still compiles remark from its cache (loaded before the flag changes)", () => {
    const big = projectWithLongListing();
    try {
      expect(fs.statSync(big.path(".devrites/work/big/questions.md")).size).toBeGreaterThan(256 * 1024);
      const saved = p;
      p = big;
      try {
        const r = run(CLI_PATH, ["check"], true);
        expect(r.exit, r.stderr).toBeLessThan(4);
        expect(Object.keys(r.caches).some((f) => f.startsWith("remark-"))).toBe(true);
        expect(Object.values(r.caches).every((v) => v === "used"), JSON.stringify(r.caches)).toBe(true);
      } finally {
        p = saved;
      }
    } finally {
      big.cleanup();
    }
  });

  it("without caches, with caches cut short, with each file given another's cache, or with caches of another Node binary: the same bytes and exit codes, from a plain compile", () => {
    const missing = distCopy("missing", (c) => fs.rmSync(c));
    const truncated = distCopy("truncated", (c) => fs.writeFileSync(c, fs.readFileSync(c).subarray(0, 64)));
    const swapped = distCopy("swapped", (c) => fs.writeFileSync(c, fs.readFileSync(path.join(DIST, "chunks", fs.readdirSync(path.join(DIST, "chunks")).find((f) => f.startsWith("rolldown-runtime-") && f.endsWith(".v8cache"))!))));
    // Valid caches, but the file naming their Node names another binary (or is gone): not even read.
    const otherNode = distCopy("other-node", () => {}, (f) => fs.writeFileSync(f, JSON.stringify({ node: "v20.20.2 linux x64 1 2 3 4" })));
    const noIdentity = distCopy("no-identity", () => {}, (f) => fs.rmSync(f));
    for (const args of [["status"], ["status", "--json"], ["questions"], ["no-such-command"], ["check"]]) {
      const want = run(CLI_PATH, args);
      for (const [cli, expected] of [[missing, "none"], [truncated, "rejected"], [swapped, "rejected"], [otherNode, "none"], [noIdentity, "none"]] as const) {
        const got = run(cli, args, true);
        expect({ exit: got.exit, stdout: got.stdout, stderr: got.stderr }, `${args.join(" ")} with caches ${expected}`).toEqual({ exit: want.exit, stdout: want.stdout, stderr: want.stderr });
        const entry = Object.entries(got.caches).find(([f]) => f.startsWith("engine-"));
        expect(entry?.[1], `${args.join(" ")}: ${JSON.stringify(got.caches)}`).toBe(expected);
      }
    }
  });
});

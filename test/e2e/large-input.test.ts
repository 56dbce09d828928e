// The built CLI on a large workspace (a 12,000-question, 3.9 MB questions.md, far above Io.largeInput's size): there bin.ts
// retunes V8's heap at run time (Io.largeInput), which only a process of its own exercises —
// a flag that is unsafe to set late aborts Node in its next full collection (this file's
// commands run two). Each run must agree with main() in-process, which sets no flag.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: the bench's generator is plain JavaScript
import { generateScalingWorkspace } from "../../bench/workspaces.mjs";
import { runCli, runMain } from "../helpers/cli.js";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "devrites-large-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const { project: source, awaited, bytes } = generateScalingWorkspace(root, 12_000) as { project: string; awaited: string; bytes: number };

/** A fresh copy of the generated project for each run of each step. */
function copy(name: string): string {
  const to = path.join(root, name);
  fs.cpSync(source, to, { recursive: true });
  return to;
}

const STEPS: { args: string[]; exit: number }[] = [
  { args: ["status"], exit: 0 },
  { args: ["questions", "--all", "--json"], exit: 0 },
  { args: ["check"], exit: 0 },
  { args: ["state", "resolve", awaited, "Ship it", "--human"], exit: 0 },
];

describe("the CLI on a large questions.md exits and prints as main() does", () => {
  it("the file is large enough for Io.largeInput", () => {
    expect(bytes).toBeGreaterThan(3 * 1024 * 1024);
  });
  it.each(STEPS.map((s, i) => [s.args.join(" "), s, i] as const))("%s", async (_name, step, i) => {
    const spawned = copy(`cli-${i}`);
    const inProcess = copy(`main-${i}`);
    const cli = await runCli(step.args, { cwd: spawned });
    const main = await runMain(step.args, { cwd: inProcess });
    expect(cli.stderr).toBe(main.stderr);
    expect(cli.exit).toBe(step.exit);
    expect(main.exit).toBe(step.exit);
    expect(cli.stdout).toBe(main.stdout);
    const q = ".devrites/work/session-token-rotation/questions.md";
    expect(fs.readFileSync(path.join(spawned, q), "utf8")).toBe(fs.readFileSync(path.join(inProcess, q), "utf8"));
  });
});

// Tuning the heap (Io.largeInput) costs a call the load of node:v8, and voids Node's code cache
// for the built-ins loaded after it (zlib for the commit's CRC): only a command that parses the
// large file whole pays it. A resolve of a few questions finds them in the bytes.
describe("Io.largeInput on a large questions.md: called by what parses it whole, not by a resolve that searches it", () => {
  const questionIds = (dir: string) => [...fs.readFileSync(path.join(dir, ".devrites/work/session-token-rotation/questions.md"), "utf8").matchAll(/^## (q-\S+)\n+status: open$/gm)].map((m) => m[1]!);
  it.each([
    ["state resolve <awaited> <answer> (searches): no call", (_dir: string) => ["state", "resolve", awaited, "Ship it"], 0],
    ["state resolve --batch of 20 entries (parses): one call", (dir: string) => {
      fs.writeFileSync(path.join(dir, "answers.txt"), questionIds(dir).slice(0, 20).map((q) => `${q}: yes`).join("\n") + "\n");
      return ["state", "resolve", "--batch", "answers.txt"];
    }, 1],
    ["status (parses): one call", (_dir: string) => ["status"], 1],
  ] as const)("%s", async (_name, args, calls) => {
    const dir = copy(`large-input-${calls}-${Math.random().toString(36).slice(2)}`);
    let seen = 0;
    const r = await runMain(args(dir), { cwd: dir, io: { largeInput: () => void seen++ } });
    expect(r.exit, r.stderr).toBe(0);
    expect(seen).toBe(calls);
  });
});

// The flag changes V8's flag hash, after which Node's code cache for its own built-ins no longer
// matches: a built-in first loaded later is compiled from source. A writer's commit checksums
// the large file with node:zlib, so it loads zlib before the flag; a reader never loads it.
describe("a writer on a large questions.md loads node:zlib before the heap flags are set, and only a writer turns off the optimising compiler", () => {
  const preloadFor = (dir: string, out: string) => {
    const file = path.join(dir, "record-flag.cjs");
    fs.writeFileSync(file, `const v8 = require("node:v8"); const set = v8.setFlagsFromString;
v8.setFlagsFromString = function (flags) { require("node:fs").appendFileSync(${JSON.stringify(out)}, JSON.stringify({ flags, zlib: process.moduleLoadList.includes("NativeModule zlib") }) + "\\n"); return set.call(this, flags); };
process.on("exit", () => require("node:fs").appendFileSync(${JSON.stringify(out)}, JSON.stringify({ exit: true, zlib: process.moduleLoadList.includes("NativeModule zlib") }) + "\\n"));\n`);
    return file;
  };
  it.each([
    ["state resolve --batch of 20 entries", true, (dir: string) => {
      const ids = [...fs.readFileSync(path.join(dir, ".devrites/work/session-token-rotation/questions.md"), "utf8").matchAll(/^## (q-\S+)\n+status: open$/gm)].map((m) => m[1]!);
      fs.writeFileSync(path.join(dir, "answers.txt"), ids.slice(0, 20).map((q) => `${q}: yes`).join("\n") + "\n");
      return ["state", "resolve", "--batch", "answers.txt"];
    }],
    ["status", false, (_dir: string) => ["status"]],
  ] as const)("%s (writes: %s)", async (_name, writes, args) => {
    const dir = copy(`flag-order-${writes}`);
    const out = path.join(dir, "flag-order.jsonl");
    const r = await runCli(args(dir), { cwd: dir, env: { NODE_OPTIONS: `--require ${preloadFor(dir, out)}` } });
    expect(r.exit, r.stderr).toBe(0);
    const seen = fs.readFileSync(out, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { flags?: string; zlib: boolean });
    // A writer also turns off the optimising compiler (bin.ts); a reader keeps it.
    const flags = writes ? "--semi-space-growth-factor=1 --no-turbofan" : "--semi-space-growth-factor=1";
    expect(seen).toEqual([{ flags, zlib: writes }, { exit: true, zlib: writes }]);
  });
});

// bench/floor-cli.cjs is the bench's lower bound for its command rows (docs/performance.md, "The
// floors"): the least each command must do, done as fast as we know how. It is only a floor while
// it does that work: on the bench's generated files its listing is the engine's byte for byte, its
// control test finds every form of the class, and what its writers commit the engine reads back.
describe("the bench's floor program does the work it claims", () => {
  it("questions: the same bytes as main()", async () => {
    const { execFileSync } = await import("node:child_process");
    const cwd = copy("floor");
    const floor = execFileSync(process.execPath, [path.resolve(__dirname, "../../bench/floor-cli.cjs"), "questions"], { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    const main = await runMain(["questions"], { cwd });
    expect(main.exit).toBe(0);
    expect(floor.split("\n").length).toBeGreaterThan(4_000);
    expect(floor).toBe(main.stdout);
  });
  // The control-character test is the floor's share of the lint; a floor that skipped bytes would
  // not be a floor. Each form of the class, written into one block's question, is found.
  it.each([
    ["a C0 byte", "\u0001"],
    ["DEL", "\u007f"],
    ["C1 (C2 80–9F)", "\u0085"],
    ["a bidi embedding (E2 80 AA–AE)", "\u202e"],
    ["a bidi isolate (E2 81 A6–A9)", "\u2068"],
  ])("status and check find %s", async (_name, ch) => {
    const { execFileSync } = await import("node:child_process");
    const cwd = copy(`floor-control-${ch.codePointAt(0)}`);
    const file = path.join(cwd, ".devrites", "work", fs.readdirSync(path.join(cwd, ".devrites", "work"))[0]!, "questions.md");
    const run = (command: string) => execFileSync(process.execPath, [path.resolve(__dirname, "../../bench/floor-cli.cjs"), command], { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    expect(run("check")).not.toContain("control characters");
    const text = fs.readFileSync(file, "utf8");
    const at = text.indexOf("\nquestion: ", text.length >> 1) + 11;
    fs.writeFileSync(file, text.slice(0, at) + ch + text.slice(at));
    expect(run("check")).toContain("control characters");
    expect(run("status")).toMatch(/^Open questions: \d+ \(control characters\)$/m);
  });
  // The writers' floor commits what it says (bench/floor-write.cjs): the engine reads the answers
  // back, the run is running again, one event per answer, and no journal, lock or temp is left.
  it.each([
    ["one answer", false],
    ["a batch of 40", true],
  ])("state resolve, %s: the engine reads back what the floor committed", async (_name, batch) => {
    const { execFileSync } = await import("node:child_process");
    const cwd = copy(`floor-resolve-${batch ? "batch" : "one"}`);
    const open = JSON.parse((await runMain(["questions", "--json"], { cwd })).stdout) as { questions: { qid: string }[] };
    const ids = batch ? open.questions.slice(0, 40).map((q) => q.qid) : [awaited];
    const args = ["state", "resolve", ...(batch ? ["--batch", "answers.txt"] : [awaited, "Ship it"])];
    if (batch) fs.writeFileSync(path.join(cwd, "answers.txt"), ids.map((id) => `${id}: Ship it`).join("\n") + "\n");
    const out = execFileSync(process.execPath, [path.resolve(__dirname, "../../bench/floor-cli.cjs"), ...args], { cwd, encoding: "utf8" });
    expect(out).toBe(ids.map((id) => `Resolved: ${id}\n`).join(""));
    const after = JSON.parse((await runMain(["questions", "--all", "--json"], { cwd })).stdout) as { questions: { qid: string; status: string; answer: string | null }[] };
    for (const id of ids) expect(after.questions.find((q) => q.qid === id)).toMatchObject({ status: "answered", answer: "Ship it" });
    expect(after.questions.filter((q) => q.status === "open")).toHaveLength(open.questions.length - ids.length);
    const dir = path.join(cwd, ".devrites", "work", fs.readdirSync(path.join(cwd, ".devrites", "work"))[0]!);
    expect(fs.readFileSync(path.join(dir, "state.md"), "utf8")).toContain("| status | running |");
    expect(fs.readFileSync(path.join(dir, "events.jsonl"), "utf8").trim().split("\n")).toHaveLength(ids.length);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith("."))).toEqual([]);
  });
});

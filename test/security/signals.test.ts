// A command killed by SIGTERM or SIGINT while it holds the workspace lock releases the lock on
// the way out and exits 128 + the signal's number (143, 130): the next writer finds no stale
// lock to break. The signal never cuts a commit short (the handler runs only once the
// synchronous commit has finished), so the workspace is the whole new result, with no journal.
// The built CLI, spawned, stopped (SIGSTOP) while it holds the lock so the signal lands there.

import { spawn } from "node:child_process";
import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { T, runMain } from "../helpers/cli.js";
import { makeRng, questionsFile, stateFile } from "../helpers/generate.js";
import { CLI_PATH, makeProject, type Project } from "../helpers/project.js";

const WS = ".devrites/work/feat";
const LOCK = `${WS}/.engine.lock`;
const posix = process.platform !== "win32";

let p: Project | undefined;
afterEach(() => p?.cleanup());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A workspace whose batch resolve holds the lock long enough to be caught holding it. */
function bigBatchProject(): Project {
  const rng = makeRng(0x5161);
  const q = questionsFile(rng, { count: 2500, open: 2500 });
  const batch = q.open.map((id) => `${id}: keep it`).join("\n") + "\n";
  return makeProject({ ".devrites/ACTIVE": "feat\n", [`${WS}/state.md`]: stateFile(rng, { form: "table", phase: "build" }), [`${WS}/questions.md`]: q.text, "answers.txt": batch });
}

/**
 * Run the batch, stop the child while it holds the lock (30 ms after the lock appeared: past
 * the few microseconds between creating it and arming the handler), send `signal`, let it go
 * on, and report how it ended. Retries when the stop came after the command had finished.
 */
async function killWhileLocked(project: Project, signal: "SIGTERM" | "SIGINT") {
  for (let attempt = 0; attempt < 8; attempt++) {
    const env: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("DEVRITES_")) env[k] = v;
    const child = spawn(process.execPath, [CLI_PATH, "state", "resolve", "--batch", "answers.txt"], { cwd: project.dir, env: { ...env, DEVRITES_NOW: T }, stdio: "ignore" });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("exit", (code, sig) => resolve({ code, signal: sig })));
    let done = false;
    void exited.then(() => (done = true));
    while (!done && !fs.existsSync(project.path(LOCK))) await sleep(1);
    await sleep(30);
    if (done) {
      await exited;
      continue;
    }
    child.kill("SIGSTOP");
    const held = fs.existsSync(project.path(LOCK));
    child.kill(signal);
    child.kill("SIGCONT");
    const end = await exited;
    if (held) return end;
  }
  throw new Error("never caught the command holding the lock");
}

describe.skipIf(!posix)("a killed command releases the workspace lock", () => {
  it.each([
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const)("%s while the lock is held: exit %i (128 + signo), no lock, no journal, the commit whole", async (signal, exit) => {
    p = bigBatchProject();
    const before = p.read(`${WS}/questions.md`);
    const end = await killWhileLocked(p, signal);
    expect(end).toEqual({ code: exit, signal: null });
    expect(fs.existsSync(p.path(LOCK)), "the lock is released").toBe(false);
    expect(fs.existsSync(p.path(`${WS}/.journal`)), "no journal left").toBe(false);
    // The commit the signal waited for is whole: every entry answered, and the workspace checks.
    const after = p.read(`${WS}/questions.md`);
    expect(after).not.toBe(before);
    expect(after).not.toMatch(/^status: open$/m);
    const check = await runMain(["check"], { cwd: p.dir });
    expect(check.exit, check.stdout).toBe(0);
  }, 120_000);

  it("a command that takes no lock arms no handler: SIGTERM ends it at once, as before", async () => {
    const rng = makeRng(2);
    const q = questionsFile(rng, { count: 2, open: 2 });
    p = makeProject({ ".devrites/ACTIVE": "feat\n", [`${WS}/state.md`]: stateFile(rng, { form: "table" }), [`${WS}/questions.md`]: q.text });
    // Interactive resolve waits for an answer on stdin before it takes any lock.
    const child = spawn(process.execPath, [CLI_PATH, "state", "resolve", "--interactive"], { cwd: p.dir, stdio: ["pipe", "pipe", "ignore"] });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("exit", (code, sig) => resolve({ code, signal: sig })));
    await new Promise((resolve) => child.stdout.once("data", resolve));
    child.kill("SIGTERM");
    expect(await exited).toEqual({ code: null, signal: "SIGTERM" });
    expect(fs.existsSync(p.path(LOCK))).toBe(false);
  });
});

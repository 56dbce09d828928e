// `state close` is one transaction under the one workspace lock (issues 36 and 40): it never
// writes through a hard link or a FIFO (exit 3, nothing moved), not even when undoing a close
// journal an earlier engine left; it serialises with `init` on ACTIVE, so a concurrent init's
// ACTIVE is never emptied; a failed step at any point leaves either the whole close (exit 0) or
// the whole workspace back in work/ with ACTIVE as it was (exit 1); SIGTERM releases its lock;
// and a close killed before or after its directory move ends in one consistent workspace.

import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { disk } from "../../src/workspace/disk.js";
import { renderCloseJournal } from "../../src/workspace/close-journal.js";
import { runCli, runMain, T } from "../helpers/cli.js";
import { CLI_PATH, makeProject, REPO_DIR, type Project } from "../helpers/project.js";
import { makeSandbox, rebaseline, run, type Sandbox } from "./harness.js";

const SLUG = "feat";
const W = `.devrites/work/${SLUG}`;
const A = `.devrites/archive/${SLUG}`;
const DONE = "# State: feat\n\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n| phase | done |\n| status | done |\n";
const EVENTS = '{"v":1,"id":"ev-1","ts":"2026-07-20T09:00:00Z","event":"resolved"}\n';
const PAUSE = path.join(REPO_DIR, "test/helpers/pause-at-rename.cjs");
const KILL = path.join(REPO_DIR, "test/helpers/kill-at-rename.cjs");
const posix = process.platform !== "win32";

let p: Project | undefined;
let sb: Sandbox | undefined;
afterEach(() => {
  vi.restoreAllMocks();
  p?.cleanup();
  p = undefined;
  sb?.cleanup();
  sb = undefined;
});

function project(files: Record<string, string> = {}): Project {
  p = makeProject({ ".devrites/ACTIVE": `${SLUG}\n`, [`${W}/state.md`]: DONE, [`${W}/questions.md`]: "# Questions\n", [`${W}/events.jsonl`]: EVENTS, ...files });
  return p;
}

/** Every name under `.devrites/` that is a lock, journal or temp file. */
function litter(pr: Project): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const n of fs.readdirSync(d)) {
      const full = path.join(d, n);
      if (fs.lstatSync(full).isDirectory()) walk(full);
      else if (/\.engine\.lock|journal|\.tmp$/.test(n)) out.push(path.relative(pr.dir, full));
    }
  };
  walk(pr.path(".devrites"));
  return out;
}

/** The workspace closed whole: archived with one closed event, ACTIVE emptied, nothing left behind (but `allowed`). */
function expectClosed(pr: Project, allowed?: RegExp): void {
  expect(pr.exists(W)).toBe(false);
  expect(pr.read(`${A}/state.md`)).toBe(DONE);
  expect(pr.read(`${A}/events.jsonl`).startsWith(EVENTS)).toBe(true);
  expect(pr.read(`${A}/events.jsonl`).match(/"event":"closed"/g)).toHaveLength(1);
  expect(pr.read(".devrites/ACTIVE")).toBe("");
  expect(litter(pr).filter((n) => !allowed?.test(n))).toEqual([]);
}

/** The workspace as it was before the close: in work/, its events and ACTIVE untouched, no archive. */
function expectOpen(pr: Project): void {
  expect(pr.read(`${W}/state.md`)).toBe(DONE);
  expect(pr.read(`${W}/events.jsonl`)).toBe(EVENTS);
  expect(pr.exists(A)).toBe(false);
  expect(pr.read(".devrites/ACTIVE")).toBe(`${SLUG}\n`);
  expect(litter(pr)).toEqual([]);
}

describe("a close journal found on disk never writes outside .devrites/", () => {
  it("a forged .close-journal with events.jsonl hard-linked to an outside file: status is exit 3 and the outside file keeps every byte", async () => {
    sb = makeSandbox();
    const slug = path.basename(sb.ws);
    const head = '{"v":1,"id":"ev-0","event":"resolved","x":"ab"}\n';
    const event = JSON.stringify({ v: 1, id: "ev-1", ts: T, event: "closed", detail: { archived: `archive/${slug}`, active_cleared: true } }) + "\n";
    const victim = path.join(sb.outside, "victim.txt");
    fs.writeFileSync(victim, head + event);
    const events = path.join(sb.ws, "events.jsonl");
    fs.rmSync(events, { force: true });
    fs.linkSync(victim, events);
    const journal = { v: 1 as const, nonce: "0123456789abcdef", slug, clear_active: true, offset: Buffer.byteLength(head), event };
    fs.writeFileSync(path.join(sb.ws, ".close-journal"), renderCloseJournal(journal));
    sb = rebaseline(sb);
    const r = await run(sb.project, ["status"]);
    expect(r.exit, r.err).toBe(3);
    expect(r.err).toContain(`${events} has 2 hard links`);
    expect(fs.readFileSync(victim, "utf8")).toBe(head + event);
    expect(sb.outsideChanges()).toEqual([]);
  });
});

describe("state close refuses a linked or special events.jsonl before it moves anything", () => {
  it("events.jsonl hard-linked to a file outside .devrites/: exit 3 naming it, nothing moved, the other file untouched", async () => {
    const pr = project();
    fs.writeFileSync(pr.path("victim.txt"), EVENTS);
    fs.rmSync(pr.path(`${W}/events.jsonl`));
    fs.linkSync(pr.path("victim.txt"), pr.path(`${W}/events.jsonl`));
    const r = await runMain(["state", "close", SLUG], { cwd: pr.dir });
    expect(r.exit, r.stderr).toBe(3);
    expect(r.stderr).toContain("has 2 hard links");
    expectOpen(pr);
    expect(pr.read("victim.txt")).toBe(EVENTS);
  });

  it.skipIf(!posix)("events.jsonl a FIFO: exit 3 naming it, nothing moved", async () => {
    const pr = project();
    fs.rmSync(pr.path(`${W}/events.jsonl`));
    execFileSync("mkfifo", [pr.path(`${W}/events.jsonl`)]);
    const r = await runMain(["state", "close", SLUG], { cwd: pr.dir });
    expect(r.exit, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/events\.jsonl is a FIFO/);
    expect(pr.exists(A)).toBe(false);
    expect(fs.lstatSync(pr.path(`${W}/events.jsonl`)).isFIFO()).toBe(true);
    expect(pr.read(".devrites/ACTIVE")).toBe(`${SLUG}\n`);
    expect(litter(pr)).toEqual([]);
  });
});

/**
 * Run `state close` once per disk call, the nth call (counted from the first for which `from`
 * is true) failing with EIO; the outcome must match the exit code every time.
 * @returns how many runs hit a call.
 */
async function sweepFaults(from: (name: string, args: unknown[]) => boolean): Promise<number> {
  let n = 0;
  for (; n < 200; n++) {
    const pr = project();
    let calls = -1;
    for (const k of Object.keys(disk) as (keyof typeof disk)[]) {
      const real = disk[k] as (...a: unknown[]) => unknown;
      vi.spyOn(disk, k).mockImplementation(((...a: unknown[]) => {
        if (calls < 0 && from(k, a)) calls = 0;
        else if (calls >= 0 && calls++ === n) throw Object.assign(new Error(`EIO: i/o error (injected at call ${n})`), { code: "EIO" });
        return real(...a);
      }) as never);
    }
    const r = await runMain(["state", "close", SLUG], { cwd: pr.dir });
    vi.restoreAllMocks();
    // After the commit point a backup that could not be removed is litter the next command sweeps.
    if (r.exit === 0) expectClosed(pr, /\.old\.tmp$/);
    else {
      expect(r.exit, `call ${n}: ${r.stderr}`).toBe(1);
      expectOpen(pr);
    }
    pr.cleanup();
    p = undefined;
    if (calls <= n) break; // fewer calls than n: every one has been failed once
  }
  return n;
}

describe("a failed step leaves the whole close or none of it", () => {
  it("an EIO at each disk call in turn: exit 0 with the workspace closed, or exit 1 with it back in work/ and ACTIVE as it was", async () => {
    expect(await sweepFaults(() => true)).toBeGreaterThan(10);
  });

  it("an EIO at each disk call after ACTIVE was emptied: the close is reported as done, or rolled back with ACTIVE restored, never half", async () => {
    expect(await sweepFaults((name, args) => name === "renameSync" && path.basename(String(args[1])) === "ACTIVE")).toBeGreaterThan(2);
  });
});

describe.skipIf(!posix)("state close among other processes", () => {
  /** `state close feat`, spawned, held still at its rename onto `at` until the test has acted. */
  function pausedClose(pr: Project, at: string, ms: number) {
    const mark = pr.path("paused");
    const env: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("DEVRITES_")) env[k] = v;
    const child = spawn(process.execPath, [CLI_PATH, "state", "close", SLUG], {
      cwd: pr.dir,
      env: { ...env, DEVRITES_NOW: T, NODE_OPTIONS: `--require ${PAUSE}`, PAUSE_AT_RENAME: at, PAUSE_MS: String(ms), PAUSE_MARK: mark },
      stdio: "ignore",
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
    const paused = async () => {
      while (!fs.existsSync(mark)) await new Promise((r) => setTimeout(r, 2));
    };
    return { child, exited, paused };
  }

  it("an init of another slug while the close is about to empty ACTIVE: both exit 0 and ACTIVE names the new workspace", async () => {
    const pr = project();
    const close = pausedClose(pr, "ACTIVE", 600);
    await close.paused();
    const init = await runCli(["init", "newb"], { cwd: pr.dir });
    expect(await close.exited).toEqual({ code: 0, signal: null });
    expect(init.exit, init.stderr).toBe(0);
    expect(pr.read(".devrites/ACTIVE")).toBe("newb\n");
    expect(pr.exists(A)).toBe(true);
    expect(pr.exists(".devrites/work/newb/state.md")).toBe(true);
  }, 30_000);

  it("SIGTERM while the close holds its lock: exit 143, the close whole, no lock left anywhere", async () => {
    const pr = project();
    const close = pausedClose(pr, "ACTIVE", 400);
    await close.paused();
    close.child.kill("SIGTERM");
    expect(await close.exited).toEqual({ code: 143, signal: null });
    expectClosed(pr);
  }, 30_000);

  it("killed before its directory move: the next command there undoes it, and state close then closes it", async () => {
    const pr = project();
    const r = await runCli(["state", "close", SLUG], { cwd: pr.dir, env: { NODE_OPTIONS: `--require ${KILL}`, KILL_AT_RENAME: SLUG } });
    expect(r.exit).toBe(-1);
    expect(pr.exists(W)).toBe(true);
    const status = await runCli(["status", "--workspace", SLUG], { cwd: pr.dir });
    expect(status.exit, status.stderr).toBe(0);
    expect(pr.read(`${W}/events.jsonl`)).toMatch(/"event":"recovered"/);
    expect(pr.read(".devrites/ACTIVE")).toBe(`${SLUG}\n`);
    expect(litter(pr)).toEqual([]);
    expect((await runCli(["state", "close", SLUG], { cwd: pr.dir })).exit).toBe(0);
    expect(pr.read(".devrites/ACTIVE")).toBe("");
    expect(pr.read(`${A}/events.jsonl`).match(/"event":"closed"/g)).toHaveLength(1);
  }, 30_000);

  it("killed after its directory move: status names the command, and state close again finishes it once", async () => {
    const pr = project();
    const r = await runCli(["state", "close", SLUG], { cwd: pr.dir, env: { NODE_OPTIONS: `--require ${KILL}`, KILL_AT_RENAME: "ACTIVE" } });
    expect(r.exit).toBe(-1);
    expect(pr.exists(W)).toBe(false);
    const status = await runCli(["status"], { cwd: pr.dir });
    expect(status.exit).toBe(2);
    expect(status.stderr).toContain(`hint: finish it with devrites-engine state close ${SLUG}`);
    const again = await runCli(["state", "close", SLUG], { cwd: pr.dir });
    expect(again).toMatchObject({ exit: 0, stdout: `state close: already closed: ${SLUG} is in archive/${SLUG}; finished its interrupted close and cleared ACTIVE\n` });
    expectClosed(pr);
  }, 30_000);
});

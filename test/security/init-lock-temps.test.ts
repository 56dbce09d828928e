// init, the lock and temp names (commands.md, Trust boundary): init never writes through a
// symlinked `.devrites` or `work/`, and killed at any step leaves either no new workspace or the
// new workspace with ACTIVE and its `initialized` event; the lock wait always ends by its deadline
// whatever lock files were forged; the engine deletes only its own nonce'd temps.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { disk } from "../../src/workspace/disk.js";
import { runCli } from "../helpers/cli.js";
import { REPO_DIR } from "../helpers/project.js";
import { AWAITED, DEAD_PID, makeSandbox, rebaseline, run, type Sandbox } from "./harness.js";

let sb: Sandbox;
afterEach(() => {
  vi.restoreAllMocks();
  sb?.cleanup();
});

describe("init stays inside the root", () => {
  it("a symlinked work/ is refused (exit 2) and nothing is created where it points", async () => {
    sb = makeSandbox();
    fs.renameSync(path.join(sb.devrites, "work"), path.join(sb.outside, "work"));
    fs.symlinkSync(path.join(sb.outside, "work"), path.join(sb.devrites, "work"));
    sb = rebaseline(sb);
    const r = await run(sb.project, ["init", "fresh"]);
    expect(r.exit).toBe(2);
    expect(r.err).toMatch(/symbolic link/);
    expect(sb.outsideChanges()).toEqual([]);
  });

  it("a symlinked .devrites is refused (exit 2) and nothing is created where it points", async () => {
    sb = makeSandbox();
    fs.renameSync(sb.devrites, path.join(sb.outside, "dv"));
    fs.symlinkSync(path.join(sb.outside, "dv"), sb.devrites);
    sb = rebaseline(sb);
    const r = await run(sb.project, ["init", "fresh"]);
    expect(r.exit).toBe(2);
    expect(sb.outsideChanges()).toEqual([]);
  });
});

/** Make every mutating disk call after the first `n` throw, as if the process died there. */
function dieAfter(n: number): void {
  let left = n;
  const die = <F extends (...a: never[]) => unknown>(real: F) =>
    ((...a: Parameters<F>) => {
      if (left-- <= 0) throw Object.assign(new Error("killed (simulated)"), { code: "EIO" });
      return real(...a);
    }) as unknown as F;
  for (const k of ["writeSync", "fsyncSync", "renameSync", "linkSync", "unlinkSync", "ftruncateSync"] as const) {
    vi.spyOn(disk, k).mockImplementation(die(disk[k] as never) as never);
  }
}

describe("init is one journaled commit", () => {
  it("killed at every step: the next init leaves the new workspace, the new ACTIVE and one initialized event, or refuses with both intact", async () => {
    sb = makeSandbox();
    const snap = fs.mkdtempSync(path.join(sb.base, "snap-"));
    fs.cpSync(sb.devrites, snap, { recursive: true });
    const newWs = path.join(sb.devrites, "work", "fresh");
    for (let n = 0; n < 40; n++) {
      fs.rmSync(sb.devrites, { recursive: true });
      fs.cpSync(snap, sb.devrites, { recursive: true });
      dieAfter(n);
      const first = await run(sb.project, ["init", "fresh"]);
      vi.restoreAllMocks();
      if (first.exit === 0) break; // past the last step: nothing left to kill
      const second = await run(sb.project, ["init", "fresh"]);
      expect([0, 3], `step ${n}: ${second.err}`).toContain(second.exit);
      if (second.exit === 3) expect(second.err, `step ${n}`).toMatch(/already exists/);
      for (const f of ["state.md", "questions.md", "decisions.md", "touched-files.md"]) expect(fs.existsSync(path.join(newWs, f)), `step ${n}: ${f}`).toBe(true);
      expect(fs.readFileSync(path.join(sb.devrites, "ACTIVE"), "utf8"), `step ${n}`).toBe("fresh\n");
      const events = fs.readFileSync(path.join(newWs, "events.jsonl"), "utf8");
      expect(events.match(/"event":"initialized"/g)?.length, `step ${n}`).toBe(1);
      expect(fs.readdirSync(newWs).filter((f) => f.startsWith(".") && f !== ".engine.lock")).toEqual([]);
      expect(fs.readdirSync(sb.devrites).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    }
    expect(sb.outsideChanges().filter((c) => !c.includes("snap-"))).toEqual([]);
  });
});

describe("init SIGKILLed just before a rename: the next command, of any kind, finishes it", () => {
  const KILL = path.join(REPO_DIR, "test/helpers/kill-at-rename.cjs");
  const fresh = () => path.join(sb.devrites, "work", "fresh");

  /** `init fresh` (plus `extra`) killed at the rename onto `at`, as a real process. */
  async function killedInit(at: "ACTIVE" | "state.md", extra: string[] = []): Promise<void> {
    const r = await runCli(["init", "fresh", ...extra], { cwd: sb.project, env: { NODE_OPTIONS: `--require ${KILL}`, KILL_AT_RENAME: at } });
    expect(r.exit, r.stderr).toBe(-1); // killed by a signal: no exit code
    expect(fs.existsSync(path.join(fresh(), ".journal"))).toBe(true);
  }

  /** The finished init: four files, one initialized event, no journal, temp or lock anywhere. */
  function expectFinished(active: string): void {
    for (const f of ["state.md", "questions.md", "decisions.md", "touched-files.md"]) expect(fs.existsSync(path.join(fresh(), f)), f).toBe(true);
    expect(fs.readFileSync(path.join(fresh(), "events.jsonl"), "utf8").match(/"event":"initialized"/g)).toHaveLength(1);
    expect(fs.readFileSync(path.join(sb.devrites, "ACTIVE"), "utf8")).toBe(`${active}\n`);
    expect(fs.readdirSync(fresh()).filter((f) => f.startsWith("."))).toEqual([]);
    expect(fs.readdirSync(sb.devrites).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  }

  it.each(["ACTIVE", "state.md"] as const)("killed before the rename onto %s: `status` finishes it first, then reports the new ACTIVE workspace", async (at) => {
    sb = makeSandbox();
    await killedInit(at);
    const r = await runCli(["status"], { cwd: sb.project });
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Workspace: fresh$/m);
    expectFinished("fresh");
    // Complete now, so a second init is the ordinary refusal.
    expect((await runCli(["init", "fresh"], { cwd: sb.project })).exit).toBe(3);
  });

  it.each(["ACTIVE", "state.md"] as const)("killed before the rename onto %s: `init` of the same slug finishes it and exits 0, saying so", async (at) => {
    sb = makeSandbox();
    await killedInit(at);
    const r = await runCli(["init", "fresh"], { cwd: sb.project });
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toContain("Initialized: fresh");
    expect(r.stdout).toContain("Recovered: the init of this workspace a killed process had begun is finished");
    expectFinished("fresh");
  });

  it("killed before the rename onto state.md: `init` of another slug finishes it first, so the new one's ACTIVE is the one that stays", async () => {
    sb = makeSandbox();
    await killedInit("state.md");
    const r = await runCli(["init", "other"], { cwd: sb.project });
    expect(r.exit, r.stderr).toBe(0);
    expectFinished("other");
    expect((await runCli(["status"], { cwd: sb.project })).stdout).toMatch(/^Workspace: other$/m);
  });

  it("a killed `init --no-activate`, then `init` of the same slug: finished, and this time activated", async () => {
    sb = makeSandbox();
    await killedInit("state.md", ["--no-activate"]);
    const r = await runCli(["init", "fresh"], { cwd: sb.project });
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toContain("Active:    fresh");
    expectFinished("fresh");
  });
});

describe("the lock wait always ends", () => {
  const host = os.hostname();
  const lockOf = (pid: number) => JSON.stringify({ pid, host, since: "2026-07-20T09:00:00Z" });

  it("a stale lock of a dead pid plus a break file held by a live process: exit 9 by the deadline, not a spin", async () => {
    sb = makeSandbox();
    fs.writeFileSync(path.join(sb.ws, ".engine.lock"), lockOf(DEAD_PID));
    fs.writeFileSync(path.join(sb.ws, ".engine.lock.break"), lockOf(process.pid));
    const t0 = Date.now();
    const r = await runCli(["state", "resolve", AWAITED, "Keep it"], { cwd: sb.project, env: { DEVRITES_LOCK_TIMEOUT_MS: "400" }, timeoutMs: 10_000 });
    expect(r.exit, r.stderr).toBe(9);
    expect(Date.now() - t0).toBeLessThan(5_000);
  });

  it.each<[string, (p: string) => void, number]>([
    ["garbage, older than the grace period", (p) => {
      fs.writeFileSync(p, "\u0000garbage{{");
      fs.utimesSync(p, new Date(0), new Date(0));
    }, 0],
    ["10 MB of garbage", (p) => {
      fs.writeFileSync(p, Buffer.alloc(10 * 1024 * 1024, 0x41));
      fs.utimesSync(p, new Date(0), new Date(0));
    }, 0],
    ["a directory", (p) => fs.mkdirSync(p), 3],
    ["a symbolic link to an outside file", (p) => fs.symlinkSync(path.join(path.dirname(p), "../../../../outside/victim.txt"), p), 3],
  ])("a forged lock that is %s: no hang, no internal error, exit %i", async (_name, forge, exit) => {
    sb = makeSandbox();
    forge(path.join(sb.ws, ".engine.lock"));
    sb = rebaseline(sb);
    const r = await run(sb.project, ["state", "resolve", AWAITED, "Keep it"]);
    expect(r.exit, r.err).toBe(exit);
    expect(r.err).not.toMatch(/internal error|this is a bug/);
    expect(sb.outsideChanges()).toEqual([]);
  });
});

describe("temp names", () => {
  it("a user's file that only looks like a temp is never deleted, by a commit or by recovery", async () => {
    sb = makeSandbox();
    const lookalikes = [".notes.md.2.ab.tmp", ".state.md.2.ab.tmp", ".questions.md.tmp", ".state.md.12.XYZ.tmp", ".draft.md.4242.0123456789abcdef.tmp"];
    for (const n of lookalikes) fs.writeFileSync(path.join(sb.ws, n), "mine\n");
    fs.writeFileSync(path.join(sb.ws, ".journal"), "torn{");
    expect((await run(sb.project, ["status"])).exit).toBe(0);
    expect((await run(sb.project, ["state", "resolve", AWAITED, "Keep it"])).exit).toBe(0);
    for (const n of lookalikes) expect(fs.readFileSync(path.join(sb.ws, n), "utf8"), n).toBe("mine\n");
    expect(fs.existsSync(path.join(sb.ws, ".journal"))).toBe(false);
  });

  it("the engine's own litter (its pattern and nonce) is removed; a directory with such a name is exit 3, not deleted", async () => {
    sb = makeSandbox();
    fs.writeFileSync(path.join(sb.ws, `.state.md.${DEAD_PID}.0123456789abcdef.tmp`), "half");
    expect((await run(sb.project, ["status"])).exit).toBe(0);
    expect(fs.readdirSync(sb.ws).filter((n) => n.endsWith(".tmp"))).toEqual([]);
    fs.mkdirSync(path.join(sb.ws, `.state.md.${DEAD_PID}.0123456789abcdef.tmp`));
    const r = await run(sb.project, ["status"]);
    expect(r.exit).toBe(3);
    expect(r.err).toMatch(/a directory named like an engine temp file/);
    expect(fs.existsSync(path.join(sb.ws, `.state.md.${DEAD_PID}.0123456789abcdef.tmp`))).toBe(true);
  });
});

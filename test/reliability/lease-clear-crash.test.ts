// `parallel lease-clear` SIGKILLed at random points: the removal is a journal entry, so after
// each kill the next command (`parallel status`, read-only) recovers and the lease is either
// whole (the bytes lease-write wrote) or gone with exactly one `parallel_lease_cleared` event;
// no journal, temp or backup remains. The hand-built crash states of every step are
// test/workspace/journal-remove.test.ts's.

import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli, T } from "../helpers/cli.js";
import { caseCount } from "../helpers/counts.js";
import { makeRng, suiteSeed } from "../helpers/generate.js";
import { CLI_PATH } from "../helpers/project.js";

const ITERATIONS = caseCount("DEVRITES_LEASE_CRASH_ITERATIONS", 5, 40);
const SEED = suiteSeed(0x1ea5e);
const WS = ".devrites/work/feat";
const LEASE = JSON.stringify({
  batch_id: "b1",
  base_sha: "2435cdb",
  n: 2,
  status: "running",
  slices: [
    { id: "S1", paths: ["src/a.ts"] },
    { id: "S2", paths: ["src/b.ts"] },
  ],
});

const childEnv = (): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("DEVRITES_")) env[k] = v;
  return { ...env, DEVRITES_NOW: T, NO_COLOR: "1" };
};

/** Run the CLI and SIGKILL it after `delayMs` (it may finish first). */
function runKilled(args: string[], cwd: string, delayMs: number): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI_PATH, ...args], { cwd, env: childEnv(), stdio: "ignore" });
    const timer = setTimeout(() => child.kill("SIGKILL"), delayMs);
    child.on("exit", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "devrites-lease-crash-")));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

describe(`lease-clear SIGKILLed at random points (${ITERATIONS} iterations, seed ${SEED})`, () => {
  it("after recovery the lease is whole or gone with one event, and nothing is left behind", { timeout: 120_000 }, async () => {
    const rng = makeRng(SEED);
    const outcomes = { kept: 0, cleared: 0 };
    for (let i = 0; i < ITERATIONS; i++) {
      const dir = path.join(base, `run-${i}`);
      fs.mkdirSync(path.join(dir, WS), { recursive: true });
      fs.writeFileSync(path.join(dir, WS, "state.md"), "# State\n");
      fs.writeFileSync(path.join(dir, ".devrites", "ACTIVE"), "feat\n");
      const w = await runCli(["parallel", "lease-write", "--json", "-"], { cwd: dir, input: LEASE });
      expect(w.exit).toBe(0);
      const leasePath = path.join(dir, WS, "parallel-lease.md");
      const written = fs.readFileSync(leasePath, "utf8");
      await runKilled(["parallel", "lease-clear"], dir, rng.int(0, 250));
      const s = await runCli(["parallel", "status"], { cwd: dir });
      expect(s.exit, s.stderr).toBe(0);
      const cleared = (fs.readFileSync(path.join(dir, WS, "events.jsonl"), "utf8").match(/"parallel_lease_cleared"/g) ?? []).length;
      if (fs.existsSync(leasePath)) {
        expect(fs.readFileSync(leasePath, "utf8"), `run ${i}: the lease is whole`).toBe(written);
        expect(cleared, `run ${i}: no clear event while the lease stays`).toBe(0);
        outcomes.kept++;
      } else {
        expect(cleared, `run ${i}: one clear event`).toBe(1);
        expect(s.stdout).toBe(`status: no lease at ${leasePath}\n`);
        outcomes.cleared++;
      }
      const left = fs.readdirSync(path.join(dir, WS)).filter((n) => n === ".journal" || n.endsWith(".tmp"));
      expect(left, `run ${i}: no litter`).toEqual([]);
    }
    expect(outcomes.kept + outcomes.cleared).toBe(ITERATIONS);
  });
});

// A failed `parallel integrate` or `parallel create` prints the warnings its cleanup collected
// before its refusal (Go: integrateLocked's fail() and createLocked's cleanupPartial in
// engine/internal/parallel/ops.go call warnf — `warning: parallel: …` on stderr — for each
// cleanup problem, then return the reason): `git worktree remove` is made to fail
// (test/helpers/git-steps.cjs), the directory goes anyway, and the warning says so. Over
// --json the refusal's object carries them.

import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { branches, CREATE, green, INTEGRATE, par, parallelRepo, readLease, type Repo, spawnWithSteps, wt } from "../helpers/parallel-repo.js";

let r: Repo | undefined;
afterEach(() => r?.remove());

/** Green slices whose first transfer touches the other slice's path: the exact-path proof fails after the staging worktree is made. */
async function failingBatch(): Promise<string> {
  r = parallelRepo();
  const { dir } = r;
  expect((await par(dir, ...CREATE)).exit).toBe(0);
  await green(dir, "S1", { "src/a.ts": "A\n", "src/b.ts": "stolen\n" });
  await green(dir, "S2", { "src/b.ts": "B\n" });
  return dir;
}

const PROOF = "parallel integrate: exact-path proof failed for slice S1: want=[src/a.ts] got=[src/a.ts src/b.ts]";
const warning = (stage: string) => `warning: parallel: worktree cleanup ${stage}: git worktree remove --force ${stage}: exit 128: fatal: Needed a single revision`;

describe("parallel integrate failing with cleanup warnings", () => {
  it("prints each warning on stderr before its refusal (exit 3); the lease is integrate-failed and no staging is left", { timeout: 30_000 }, async () => {
    const dir = await failingBatch();
    const run = await spawnWithSteps(dir, ["parallel", ...INTEGRATE], { FAIL_GIT: "worktree remove" });
    expect(run).toEqual({ exit: 3, signal: null, stdout: "", stderr: `${warning(wt(dir, "integrate"))}\n${PROOF}\n` });
    expect(readLease(dir)?.status).toBe("integrate-failed");
    expect(fs.existsSync(wt(dir, "integrate"))).toBe(false);
    expect(branches(dir)).not.toContain("devrites/parallel/feat/b1/integrate");
  });

  it("--json: the refusal's object {ok, exit, error} carries the warnings", { timeout: 30_000 }, async () => {
    const dir = await failingBatch();
    const run = await spawnWithSteps(dir, ["parallel", ...INTEGRATE, "--json"], { FAIL_GIT: "worktree remove" });
    expect(run.exit).toBe(3);
    expect(JSON.parse(run.stdout)).toEqual({ ok: false, exit: 3, error: PROOF.replace("parallel integrate: ", ""), warnings: [warning(wt(dir, "integrate")).replace("warning: parallel: ", "")] });
  });

  it("with nothing to warn about, the refusal alone, as before (text and --json)", { timeout: 30_000 }, async () => {
    const dir = await failingBatch();
    expect(await par(dir, ...INTEGRATE)).toEqual({ exit: 3, stdout: "", stderr: `${PROOF}\n` });
    expect(JSON.parse((await par(dir, ...INTEGRATE, "--json")).stdout)).toEqual({ ok: false, exit: 3, error: PROOF.replace("parallel integrate: ", "") });
  });
});

describe("parallel create failing with cleanup warnings", () => {
  it("a taken place refuses the batch (exit 3); the warning about the worktree it removed comes first, then the refusal and its hint", { timeout: 30_000 }, async () => {
    r = parallelRepo();
    const { dir } = r;
    fs.mkdirSync(wt(dir, "S2"), { recursive: true });
    fs.writeFileSync(`${wt(dir, "S2")}/note`, "mine\n");
    const run = await spawnWithSteps(dir, ["parallel", ...CREATE], { FAIL_GIT: "worktree remove" });
    const s1 = wt(dir, "S1");
    expect(run).toEqual({
      exit: 3,
      signal: null,
      stdout: "",
      stderr: [
        `warning: parallel: worktree cleanup ${s1}: git worktree remove --force ${s1}: exit 128: fatal: Needed a single revision`,
        `parallel create: worktree path already exists: ${wt(dir, "S2")} (${wt(dir, "S2")} is not a worktree of this repository)`,
        "hint: remove it, or use another --batch; parallel status lists what is left",
        "",
      ].join("\n"),
    });
    expect([fs.existsSync(s1), branches(dir), fs.readFileSync(`${wt(dir, "S2")}/note`, "utf8")]).toEqual([false, ["main"], "mine\n"]);
  });
});

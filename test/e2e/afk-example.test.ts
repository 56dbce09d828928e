// The sentinel a user copies (`.devrites.example/AFK.example` → `.devrites/AFK`) must let a
// run go on unattended as it stands: `budget check` admits a dispatch when the host reports
// what the example caps, and a pause does not warn about a notify program the machine lacks.

import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { projectFromExample, REPO_DIR, type Project } from "../helpers/project.js";

const EXAMPLE_AFK = path.join(REPO_DIR, ".devrites.example", "AFK.example");
let p: Project | undefined;
afterEach(() => p?.cleanup());

/** The example with the user's copy of AFK.example armed. */
function armed(): Project {
  p = projectFromExample();
  p.write(".devrites/AFK", fs.readFileSync(EXAMPLE_AFK, "utf8"));
  return p;
}

describe("the bundled AFK.example, copied as it is", () => {
  it("admits a dispatch: budget check with the agents and minutes used is exit 0, not a stop on a cap nobody observes", async () => {
    const p = armed();
    // The example waits on a blocking question; once it is answered the run may go on.
    await runCli(["state", "resolve", "q-2026-09-02-003", "--option", "1", "--human"], { cwd: p.dir });
    const r = await runCli(["budget", "check", "--agents-used", "1", "--minutes-used", "5"], { cwd: p.dir });
    expect({ exit: r.exit, stderr: r.stderr }).toEqual({ exit: 0, stderr: "" });
    expect(r.stdout).toMatch(/^admit: /);
  });

  it("says how the token and cost caps get observed: each is commented out beside the budget check option that reports it", () => {
    const text = fs.readFileSync(EXAMPLE_AFK, "utf8");
    expect(text).toMatch(/^# max_tokens: \d+ .*--tokens-used/m);
    expect(text).toMatch(/^# max_cost_usd: [\d.]+ .*--cost-used/m);
    expect(text).not.toMatch(/^max_(tokens|cost_usd):/m);
  });

  it("a pause runs its notify hook without a warning where notify-send is not installed", async () => {
    const p = armed();
    // No notify-send on this PATH: only the system directories of a minimal machine, without it.
    const bin = p.path("bin");
    fs.mkdirSync(bin);
    for (const tool of ["sh", "command"]) if (fs.existsSync(`/bin/${tool}`)) fs.symlinkSync(`/bin/${tool}`, path.join(bin, tool));
    await runCli(["state", "resolve", "q-2026-09-02-003", "--option", "1", "--human"], { cwd: p.dir });
    const r = await runCli(["question", "add", "--gate", "blocking", "--slice", "SLICE-004", "--question", "Ship it?", "--option", "Yes", "--option", "No"], { cwd: p.dir, env: { PATH: bin } });
    expect(r.exit).toBe(0);
    expect(r.stdout).toMatch(/^Paused: /m);
    expect(r.stderr).toBe("");
  });
});

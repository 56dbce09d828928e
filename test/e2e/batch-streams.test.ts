// `state resolve --batch` reads what a shell hands it, not only regular files: `-` is standard
// input (as `--from-comments -` is), a process substitution `<(…)` is a pipe at /dev/fd/N, and
// /dev/null is an empty file. None of them is "not found". Spawned through bash: the pipe and
// the /dev/fd path exist only in a real process.

import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { CLI_PATH, projectFromExample, type Project } from "../helpers/project.js";
import { T } from "../helpers/cli.js";

let p: Project | undefined;
afterEach(() => p?.cleanup());

async function sh(script: string, input = "") {
  p?.cleanup();
  p = projectFromExample();
  const env: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("DEVRITES_")) env[k] = v;
  const r = await execa("bash", ["-c", script.replaceAll("ENGINE", `"${process.execPath}" "${CLI_PATH}"`)], { cwd: p.dir, env: { ...env, DEVRITES_NOW: T, NO_COLOR: "1" }, extendEnv: false, input, reject: false });
  return { exit: r.exitCode, stdout: String(r.stdout), stderr: String(r.stderr) };
}

const RESOLVED = "Resolved: q-2026-09-02-003\nWorkspace: questions.md + state.md updated.";

describe("--batch from a stream", () => {
  it("- reads the batch from standard input", async () => {
    const r = await sh("ENGINE state resolve --batch - --human", "q-2026-09-02-003: --option 1\n");
    expect(r).toEqual({ exit: 0, stdout: RESOLVED, stderr: "" });
    expect(p!.read(".devrites/work/session-token-rotation/questions.md")).toMatch(/answer: Keep one release, drop in follow-up\nanswered_by: human/);
  });

  it("a process substitution <(…) is read (a pipe at /dev/fd/N)", async () => {
    const r = await sh("ENGINE state resolve --batch <(printf 'q-2026-09-02-003: --option 1\\n') --human");
    expect(r).toEqual({ exit: 0, stdout: RESOLVED, stderr: "" });
  });

  it("/dev/null is an empty batch (exit 5, no entries), not a missing file", async () => {
    const r = await sh("ENGINE state resolve --batch /dev/null");
    expect(r.exit).toBe(5);
    expect(r.stderr).toMatch(/^devrites-engine: \/dev\/null has no entries\n/);
  });

  it("a stream over the batch cap is refused after reading at most the cap (an endless /dev/zero ends)", async () => {
    const r = await sh("ENGINE state resolve --batch /dev/zero");
    expect(r.exit).toBe(5);
    expect(r.stderr).toMatch(/^devrites-engine: batch file \/dev\/zero is too large: more than \d+ bytes/);
  });

  it("a directory is named as one, and a missing file is still not found", async () => {
    const dir = await sh("mkdir d && ENGINE state resolve --batch d");
    expect(dir.exit).toBe(5);
    expect(dir.stderr).toMatch(/^devrites-engine: batch file d is not a file \(a directory\)/);
    const missing = await sh("ENGINE state resolve --batch nope.txt");
    expect(missing.exit).toBe(5);
    expect(missing.stderr).toMatch(/^devrites-engine: Batch file not found: nope\.txt\nhint: no readable file at nope\.txt \(relative to .*\); - reads the answers from standard input$/);
  });
});

// A reader that goes away (`questions | head -1`) ends the engine quietly: no EPIPE stack
// trace on stderr, and the command's own exit code (0). Spawned: only a real pipe closes.

import { spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { T } from "../helpers/cli.js";
import { CLI_PATH, makeProject, type Project } from "../helpers/project.js";

let project: Project | undefined;
afterEach(() => project?.cleanup());

/** A workspace whose `questions` listing is far larger than a pipe buffer (≈ 300 KB). */
function bigQueue(): Project {
  const blocks = Array.from({ length: 3000 }, (_, i) => `## q-2026-07-01-${String(i + 1).padStart(3, "0")}\nstatus: open\ngate: advisory\nquestion: Question ${i + 1}, padded so the listing is much longer than one pipe buffer?\n`);
  return makeProject({
    ".devrites/ACTIVE": "big\n",
    ".devrites/work/big/state.md": "# State: big\n\n## Cursor\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n| phase | build |\n| status | running |\n| next_action | /rite-build SLICE-001 |\n\n## Log\n",
    ".devrites/work/big/questions.md": `# Questions: big\n\n${blocks.join("\n")}`,
  });
}

/** Spawn the CLI, read stdout until the first newline, then close the pipe like `head -1`. */
function firstLineThenClose(args: string[], cwd: string): Promise<{ line: string; exit: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string | undefined> = { ...process.env, DEVRITES_NOW: T, NO_COLOR: "1" };
    for (const k of Object.keys(env)) if (k.startsWith("DEVRITES_") && k !== "DEVRITES_NOW") delete env[k];
    const child = spawn(process.execPath, [CLI_PATH, ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let stderr = "";
    child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
    child.stdout.on("data", (b: Buffer) => {
      out += b.toString();
      if (out.includes("\n")) child.stdout.destroy();
    });
    child.on("error", reject);
    child.on("close", (exit) => resolve({ line: out.split("\n")[0]!, exit, stderr }));
  });
}

describe("EPIPE on stdout", () => {
  it.each([[["questions"]], [["status"]]])("%j with the reader gone after one line: exit 0, empty stderr", async (args) => {
    project = bigQueue();
    for (let n = 0; n < 2; n++) {
      const r = await firstLineThenClose(args, project.dir);
      expect(r.line).not.toBe("");
      expect(r.stderr).toBe("");
      expect(r.exit).toBe(0);
    }
  });
});

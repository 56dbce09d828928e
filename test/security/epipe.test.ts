// A reader that goes away (`questions | head -1`) ends the engine quietly: no EPIPE stack
// trace on stderr, and the command's own exit code (0). Spawned: only a real pipe closes.

import { spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { T } from "../helpers/cli.js";
import { CLI_PATH, projectWithLongListing, type Project } from "../helpers/project.js";

let project: Project | undefined;
afterEach(() => project?.cleanup());

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
    project = projectWithLongListing();
    for (let n = 0; n < 2; n++) {
      const r = await firstLineThenClose(args, project.dir);
      expect(r.line).not.toBe("");
      expect(r.stderr).toBe("");
      expect(r.exit).toBe(0);
    }
  });
});

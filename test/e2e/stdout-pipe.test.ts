// The CLI writes a pipe or file with fs.writeSync (cli/bin.ts); a write the kernel refuses
// hands the rest to Node's stream. Spawned: only a real non-blocking pipe returns EAGAIN.

import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, T } from "../helpers/cli.js";
import { CLI_PATH, projectWithLongListing, type Project } from "../helpers/project.js";

let project: Project | undefined;
afterEach(() => project?.cleanup());

const hasPython = spawnSync("python3", ["-c", "import os; os.set_blocking"], { encoding: "utf8" }).status === 0;

// Python opens the pipe, makes the CLI's end non-blocking and reads only after the CLI has
// filled it, so the CLI's first write stops at the pipe's size and the next one gets EAGAIN.
const READER = `
import os, subprocess, sys, time
r, w = os.pipe()
os.set_blocking(w, False)
p = subprocess.Popen(sys.argv[1:], stdout=w, stderr=subprocess.PIPE)
os.close(w)
time.sleep(0.4)
out = b""
while True:
    b = os.read(r, 65536)
    if not b: break
    out += b
err = p.stderr.read()
sys.stdout.buffer.write(b"%d\\n%d\\n" % (p.wait(), len(err)) + out)
`;

describe("stdout on a non-blocking pipe", () => {
  it.skipIf(!hasPython)("a listing larger than the pipe arrives whole and in order (the stream takes over after EAGAIN), exit 0, empty stderr", async () => {
    project = projectWithLongListing();
    const env: Record<string, string | undefined> = { ...process.env, DEVRITES_NOW: T, NO_COLOR: "1" };
    for (const k of Object.keys(env)) if (k.startsWith("DEVRITES_") && k !== "DEVRITES_NOW") delete env[k];
    const r = spawnSync("python3", ["-c", READER, process.execPath, CLI_PATH, "questions"], { cwd: project.dir, env, encoding: "utf8", maxBuffer: 16 << 20 });
    const [exit, errBytes, ...rest] = r.stdout.split("\n");
    expect(exit, r.stderr).toBe("0");
    expect(errBytes).toBe("0");
    const blocking = await runCli(["questions"], { cwd: project.dir });
    expect(blocking.stdout.length).toBeGreaterThan(200_000);
    expect(rest.join("\n")).toBe(blocking.stdout);
  });
});

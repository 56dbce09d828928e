// A gate's CHECK is project code: it is killed at its timeout (with what it started), its output
// is capped, and it sees none of the engine's secrets (issue 38's "done when" for `gates run`).
import { describe, expect, it } from "vitest";
import { gateEnvironment, runGateCheck } from "../../src/adapters/gate-shell.js";

const env = { PATH: process.env.PATH, HOME: "/tmp", DEVRITES_TEST_SECRET: "s3cr3t-token", GITHUB_TOKEN: "ghp_x" };
const opts = { env, timeoutMs: 1500, maxBytes: 1 << 20 };

describe.skipIf(process.platform === "win32")("runGateCheck", () => {
  it("a check that hangs, and the sleep it started, are killed at the timeout", async () => {
    const t0 = Date.now();
    const r = await runGateCheck("sleep 30 & sleep 30", "/tmp", opts);
    expect(r.failure).toMatch(/timed out/);
    expect(Date.now() - t0).toBeLessThan(10_000);
  });

  it("a check that prints 100 MB is stopped at the cap and fails, its output not kept", async () => {
    const t0 = Date.now();
    const r = await runGateCheck("head -c 100000000 /dev/zero; echo done", "/tmp", opts);
    expect(r.failure).toMatch(/exceeded 1048576 bytes/);
    expect(r.output).toBe("");
    expect(Date.now() - t0).toBeLessThan(10_000);
  });

  it("a check does not see the engine's secrets; PATH and HOME pass", async () => {
    const r = await runGateCheck('echo "[$DEVRITES_TEST_SECRET][$GITHUB_TOKEN][$HOME]"; env', "/tmp", opts);
    expect(r.failure).toBeUndefined();
    expect(r.output).toContain("[][][/tmp]");
    expect(r.output).not.toContain("s3cr3t");
    expect(r.output).not.toContain("ghp_x");
  });

  it("exit code and canonical output (stdout, newline, stderr) come back", async () => {
    const r = await runGateCheck("echo out; echo err >&2; exit 3", "/tmp", opts);
    expect(r).toEqual({ exitCode: 3, output: "out\n\nerr\n", failure: undefined });
  });
});

it("gateEnvironment keeps only the listed variables", () => {
  expect(gateEnvironment({ PATH: "/bin", AWS_SECRET_ACCESS_KEY: "k", HOME: "/h", X: undefined })).toEqual({ PATH: "/bin", HOME: "/h" });
});

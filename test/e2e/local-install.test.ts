// A project-local install (README, Install: `npm install --save-dev …`, then `npx devrites-engine`):
// there is no `devrites-engine` on PATH, so the commands the engine prints start with
// `npx devrites-engine` and run as printed; the MCP configuration docs/mcp.md gives
// (`"command": "npx", "args": ["devrites-engine", "mcp", "--root", "."]`) starts the server.
// npx finds the project's own bin without the network (the registry here is a closed port).
// The same engine on the person's PATH, or started as a file, still prints `devrites-engine`.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_PATH, projectFromExample, type Project } from "../helpers/project.js";

let project: Project;
/** The environment of a shell without the engine on PATH, npm's own variables left out, and no network for npm. */
let env: Record<string, string>;

beforeAll(() => {
  project = projectFromExample();
  const pkg = project.path("node_modules/devrites-engine");
  fs.mkdirSync(pkg, { recursive: true });
  fs.cpSync(path.dirname(CLI_PATH), path.join(pkg, "dist"), { recursive: true });
  fs.copyFileSync(path.join(path.dirname(CLI_PATH), "..", "package.json"), path.join(pkg, "package.json"));
  fs.chmodSync(path.join(pkg, "dist", "devrites-engine.cjs"), 0o755);
  fs.mkdirSync(project.path("node_modules/.bin"));
  fs.symlinkSync("../devrites-engine/dist/devrites-engine.cjs", project.path("node_modules/.bin/devrites-engine"));
  project.write("package.json", '{ "name": "tour", "private": true, "devDependencies": { "devrites-engine": "*" } }\n');
  env = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("npm_") && !k.startsWith("DEVRITES_")) env[k] = v;
  Object.assign(env, { DEVRITES_NOW: "2026-09-02T15:00:00Z", NO_COLOR: "1", TZ: "UTC", npm_config_registry: "http://127.0.0.1:9/", npm_config_update_notifier: "false" });
  env.PATH = (env.PATH ?? "").split(path.delimiter).filter((p) => !fs.existsSync(path.join(p, "devrites-engine"))).join(path.delimiter);
}, 60_000);
afterAll(() => project.cleanup());

const sh = (line: string, extra: Record<string, string> = {}) => spawnSync("bash", ["--norc", "--noprofile", "-c", line], { cwd: project.dir, env: { ...env, ...extra }, encoding: "utf8", timeout: 60_000 });

describe("a project-local install", () => {
  it("`npx devrites-engine status` prints npx commands, and the printed resolve line runs as printed", () => {
    expect(sh("command -v devrites-engine").status).not.toBe(0);
    const status = sh("npx devrites-engine status");
    expect(status.status, status.stderr).toBe(0);
    expect(status.stdout).toContain("\n    npx devrites-engine state resolve q-2026-09-02-003 --option 1 --human\n");
    expect(status.stdout).not.toMatch(/^\s*devrites-engine /m);
    const line = status.stdout.split("\n").find((l) => l.includes("--option 1 --human"))!.trim();
    const resolved = sh(line);
    expect(resolved.status, resolved.stderr).toBe(0);
    expect(resolved.stdout).toContain("Resolved: q-2026-09-02-003");
    expect(project.read(".devrites/work/session-token-rotation/state.md")).toMatch(/\| status \| running \|/);
  }, 60_000);

  it("the bin on the person's PATH prints `devrites-engine`; started as a file it does too", () => {
    const onPath = sh("devrites-engine questions show q-2026-09-02-002", { PATH: `${project.path("node_modules/.bin")}${path.delimiter}${env.PATH}` });
    expect(onPath.status, onPath.stderr).toBe(0);
    expect(onPath.stdout).toMatch(/^ {2}devrites-engine state resolve q-2026-09-02-002 /m);
    const asFile = sh(`${JSON.stringify(process.execPath)} node_modules/devrites-engine/dist/devrites-engine.cjs questions show q-2026-09-02-002`);
    expect(asFile.stdout).toMatch(/^ {2}devrites-engine state resolve q-2026-09-02-002 /m);
    // Called by path, off PATH: the way back is npx.
    const byPath = sh("./node_modules/.bin/devrites-engine questions show q-2026-09-02-002");
    expect(byPath.stdout).toMatch(/^ {2}npx devrites-engine state resolve q-2026-09-02-002 /m);
  }, 60_000);

  it("docs/mcp.md's .mcp.json for a local install (npx devrites-engine mcp --root .) serves the tools", async () => {
    const transport = new StdioClientTransport({ command: "npx", args: ["devrites-engine", "mcp", "--root", "."], cwd: project.dir, env, stderr: "pipe" });
    const client = new Client({ name: "local-install-test", version: "0" });
    await client.connect(transport);
    try {
      const tools = await client.listTools();
      expect(tools.tools.map((t) => t.name)).toContain("status");
    } finally {
      await client.close();
    }
  }, 60_000);
});

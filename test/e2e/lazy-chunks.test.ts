// Start-up cost: the hot commands (status, budget check, state resolve) never load the remark,
// remark-stringify (markdown comment) or MCP chunks. A preload records every module the spawned CLI required;
// the cold paths that do load them (check, --markdown) prove the method sees chunks.

import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { projectFromFixture, type Project } from "../helpers/project.js";

let p: Project | undefined;
afterEach(() => p?.cleanup());

const COLD = /(^|\/)chunks\/(cold|markdown-comment|remark|serve|notify)-[^/]*\.cjs$/;

/** Run the CLI with a preload that writes require.cache's keys at exit; returns the chunk files loaded. */
async function chunksLoaded(project: Project, args: string[]): Promise<string[]> {
  const preload = project.path("record-modules.cjs");
  const out = project.path("modules.txt");
  fs.writeFileSync(preload, `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(out)}, Object.keys(require.cache).join("\\n")));\n`);
  const r = await runCli(args, { cwd: project.dir, env: { NODE_OPTIONS: `--require ${preload}` } });
  expect(r.exit, r.stderr).toBeLessThan(8);
  return fs.readFileSync(out, "utf8").split("\n").filter((m) => m.includes(`${path.sep}chunks${path.sep}`)).map((m) => m.split(path.sep).slice(-2).join("/"));
}

describe("cold-path chunks stay off the hot path", () => {
  it.each([
    [["status"]],
    [["budget", "check"]],
    [["state", "resolve", "q-2026-09-02-003", "--option", "1", "--human"]],
  ])("%j loads none of the cold commands, remark, remark-stringify, notify or MCP chunks", async (args) => {
    p = projectFromFixture("table-awaiting");
    const loaded = await chunksLoaded(p, args);
    expect(loaded.filter((m) => COLD.test(m))).toEqual([]);
  });

  it.each([
    [["check"], "remark"],
    [["log"], "cold"],
    [["status", "--markdown"], "markdown-comment"],
  ])("%j does load its chunk (%s): the recording sees lazy chunks", async (args, chunk) => {
    p = projectFromFixture("table-awaiting");
    expect((await chunksLoaded(p, args)).some((m) => m.startsWith(`chunks/${chunk}-`))).toBe(true);
  });
});

// A real MCP client nobody here wrote — the protocol's inspector CLI
// (@modelcontextprotocol/inspector-cli, a dev dependency) — lists the tools of
// `devrites-engine mcp` and calls status, resolve and budget_check on the bundled example.
// (Its successor, @modelcontextprotocol/inspector 2.x, needs Node 22; this project runs on 20.)

import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { CLI_PATH, makeProject, REPO_DIR, type Project } from "../helpers/project.js";
import { T } from "../helpers/cli.js";

const run = promisify(execFile);
const INSPECTOR = path.join(REPO_DIR, "node_modules", "@modelcontextprotocol", "inspector-cli", "build", "index.js");

let p: Project | undefined;
afterEach(() => p?.cleanup());

/** The inspector's `--cli` call of one method against a server on the example copy. */
async function inspect(dir: string, ...method: string[]): Promise<Record<string, unknown>> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("DEVRITES_")) env[k] = v;
  // inspector-cli 1.0.3 looks for its own package.json as `../package.json` relative to the
  // working directory (and imports it relative to itself): a package.json one level up
  // satisfies that check; it is not ours to fix.
  const { stdout } = await run(process.execPath, [INSPECTOR, process.execPath, CLI_PATH, "mcp", "--root", ".", ...method], {
    cwd: dir,
    env: { ...env, DEVRITES_NOW: T, NO_COLOR: "1" },
    timeout: 30_000,
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe("the MCP inspector CLI as the client", () => {
  it("lists the tools and calls status, resolve and budget_check on the bundled example", async () => {
    p = makeProject();
    fs.writeFileSync(p.path("package.json"), "{}\n");
    const dir = p.path("project");
    fs.cpSync(path.join(REPO_DIR, ".devrites.example"), path.join(dir, ".devrites"), { recursive: true });

    const list = await inspect(dir, "--method", "tools/list");
    const names = (list.tools as { name: string }[]).map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["status", "questions", "question_show", "resolve", "resolve_batch", "budget_check", "check", "log"]));

    const status = await inspect(dir, "--method", "tools/call", "--tool-name", "status");
    expect(status).toMatchObject({ isError: false, structuredContent: { ok: true, status: "awaiting_human", awaiting: [{ qid: "q-2026-09-02-003" }] } });

    const resolved = await inspect(dir, "--method", "tools/call", "--tool-name", "resolve", "--tool-arg", "qid=q-2026-09-02-003", "option=1", "human=true");
    expect(resolved).toMatchObject({ isError: false, structuredContent: { ok: true, results: [{ qid: "q-2026-09-02-003", outcome: "answered" }], files: ["questions.md", "state.md"] } });
    expect(fs.readFileSync(path.join(dir, ".devrites/work/session-token-rotation/questions.md"), "utf8")).toContain("answered_by: human\n");

    const budget = await inspect(dir, "--method", "tools/call", "--tool-name", "budget_check");
    expect(budget).toMatchObject({ isError: false, structuredContent: { ok: true, verdict: "admit" } });
  }, 60_000);
});

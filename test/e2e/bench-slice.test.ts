// The bench's /rite-build slice row (bench/mcp.mjs, issue 39 item 4) times eight MCP calls on
// its own 5.x build workspace (bench/workspaces.mjs, a copy of the pack5 compatibility corpus
// made AFK). A step that errors, or answers without doing its work, must fail the row rather
// than be timed: this runs the row once over the built CLI and holds every step to succeed.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: the bench is plain JavaScript
import { sliceTraffic } from "../../bench/mcp.mjs";
// @ts-expect-error: the bench is plain JavaScript
import { generateWorkspaces } from "../../bench/workspaces.mjs";
import { CLI_PATH } from "../helpers/project.js";
import { T } from "../helpers/cli.js";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "devrites-bench-slice-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe("the bench's /rite-build slice row", () => {
  it("calls all eight tools on its workspace and every step succeeds with its own result", async () => {
    const ws = generateWorkspaces(scratch);
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("DEVRITES_")) env[k] = v;
    const row = await sliceTraffic(process.execPath, CLI_PATH, { ...env, DEVRITES_NOW: T, NO_COLOR: "1" }, scratch, ws.slice, 1);
    expect(row.missing).toEqual([]);
    expect(row.steps.map((s: { tool: string }) => s.tool)).toEqual(["orient", "observe_slice", "check_readiness", "budget_check", "question_add", "resolve", "budget_spend", "merge_manifest"]);
    expect(Number.isFinite(row.median_ms)).toBe(true);
  }, 60_000);
});

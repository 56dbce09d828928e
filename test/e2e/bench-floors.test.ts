// The bench's floor programs for the MCP rows (docs/performance.md, "The floors"): the slice's
// (bench/floor-slice.cjs) and the start's (bench/floor-mcp-start.mjs). Each must run end to end
// and print what it measured; what they do is what the floors claim (floor-write.cjs's commit is
// held to commit real answers in large-input.test.ts, and the start's floor must get a tool
// listed before it is timed). Their figures are the bench's business, never a test's.

import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLI_PATH } from "../helpers/project.js";

const BENCH = path.resolve(__dirname, "../../bench");
const MS = String.raw`\d+\.\d+ ms`;

describe("the bench's MCP floors", () => {
  it("floor-slice: the eight calls with four durable commits, with and without fsync", () => {
    const out = execFileSync(process.execPath, [path.join(BENCH, "floor-slice.cjs"), "--slices", "2"], { encoding: "utf8" });
    expect(out).toMatch(new RegExp(String.raw`^slice floor: median ${MS}, fastest ${MS}, slowest ${MS} \(2 slices, Node [\d.]+\)$`, "m"));
    expect(out).toMatch(new RegExp(String.raw`^slice floor without fsync: median ${MS}`, "m"));
  }, 60_000);

  it("floor-mcp-start: the one-tool server built like the engine lists its tool, and so does the engine", () => {
    const out = execFileSync(process.execPath, [path.join(BENCH, "floor-mcp-start.mjs"), "--runs", "1", "--cli", CLI_PATH], { encoding: "utf8" });
    expect(out).toMatch(new RegExp(String.raw`^Node [\d.]+: node -e 0 ${MS}; floor ${MS} \(\d+\.\d+×\); engine ${MS} \(\d+\.\d+×\); median of 1 alternated runs$`, "m"));
  }, 120_000);
});

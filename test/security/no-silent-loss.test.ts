// No answer is dropped silently (CHANGES 2026-12-04): a batch — CLI or MCP — in which any
// entry is invalid is exit 5 naming each bad entry, also when every entry is invalid, and
// writes nothing; batch files are size-capped like every other input.

import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { call, connectInProcess, type InProcess } from "../helpers/mcp.js";
import { readUserFile } from "../../src/workspace/user-files.js";
import { AWAITED, makeSandbox, run, type Sandbox } from "./harness.js";

const OPEN = ["q-2026-09-02-001", "q-2026-09-02-002", AWAITED];

let sb: Sandbox;
let mcp: InProcess | undefined;
afterEach(async () => {
  await mcp?.close();
  mcp = undefined;
  sb?.cleanup();
});

/** Write `lines` as a batch file in the project; returns its name. */
function batch(lines: string[], name = "answers.txt"): string {
  fs.writeFileSync(path.join(sb.project, name), lines.join("\n") + "\n");
  return name;
}

describe("a batch in which every entry is invalid is exit 5 naming each, and writes nothing", () => {
  it.each<[string, string]>([
    ["an answer of 10,001 characters", `${AWAITED}: ${"a".repeat(10_001)}`],
    ["an empty answer", `${AWAITED}:`],
    ["a line without ':'", "Keep one release"],
    ["an ESC in the answer", `${AWAITED}: red \u001b[31mtext`],
    ["a C1 control in the answer", `${AWAITED}: odd \u0085 text`],
  ])("its one entry is %s: exit 5 naming line 1, not `nothing to resolve`", async (_name, line) => {
    sb = makeSandbox();
    const before = sb.workspaceFiles();
    const r = await run(sb.project, ["state", "resolve", "--batch", batch([line])]);
    expect(r.exit, r.err).toBe(5);
    expect(r.out).not.toContain("nothing to resolve");
    expect(r.err).toContain("answers.txt:1");
    expect(sb.workspaceFiles()).toEqual(before);
  });

  it("three entries, each invalid in its own way: exit 5, every line named, with --dry-run too", async () => {
    sb = makeSandbox();
    const before = sb.workspaceFiles();
    const file = batch(["# three bad entries", `${OPEN[0]}: ${"b".repeat(10_001)}`, `${OPEN[1]}:`, `${AWAITED}: bell \u0007`]);
    for (const extra of [[], ["--dry-run"]]) {
      const r = await run(sb.project, ["state", "resolve", "--batch", file, ...extra]);
      expect(r.exit, r.err).toBe(5);
      expect(r.err).toContain("3 entries refused");
      for (const line of [2, 3, 4]) expect(r.err).toContain(`answers.txt:${line}`);
      expect(sb.workspaceFiles()).toEqual(before);
    }
  });

  it("--json: exit 5 with one failure object per bad line", async () => {
    sb = makeSandbox();
    const r = await run(sb.project, ["state", "resolve", "--json", "--batch", batch([`${OPEN[0]}:`, `${OPEN[1]}: ${"c".repeat(10_001)}`])]);
    expect(r.exit).toBe(5);
    const data = JSON.parse(r.out) as { ok: boolean; failures: { line: number; exit: number }[] };
    expect(data.ok).toBe(false);
    expect(data.failures.map((f) => [f.line, f.exit])).toEqual([[1, 5], [2, 5]]);
  });
});

describe("many invalid entries: every one counted, the first 100 named, memory bounded by the input", () => {
  it("a batch of 1,000 invalid lines is exit 5 with failure_count 1000, the first 100 failures listed and the rest counted in the message", async () => {
    sb = makeSandbox();
    const before = sb.workspaceFiles();
    const file = batch(Array.from({ length: 1000 }, () => `${AWAITED}:`));
    const r = await run(sb.project, ["state", "resolve", "--json", "--batch", file]);
    expect(r.exit).toBe(5);
    const data = JSON.parse(r.out) as { failure_count: number; failures: { line: number }[]; error: string };
    expect(data.failure_count).toBe(1000);
    expect(data.failures.map((f) => f.line)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(data.error).toMatch(/^answers\.txt: 1000 entries refused, nothing written:\n/);
    expect(data.error).toMatch(/\n {2}…and 900 more refused line\(s\), not listed$/);
    expect(sb.workspaceFiles()).toEqual(before);
  });
});

describe("over MCP, one bad entry is a refusal, never ok with no results", () => {
  it.each<[string, string, Record<string, unknown>]>([
    ["resolve_batch with its only entry over 10,000 characters", "resolve_batch", { entries: [{ qid: AWAITED, answer: "d".repeat(10_001) }] }],
    ["resolve_batch with its only entry an empty answer", "resolve_batch", { entries: [{ qid: AWAITED, answer: "  " }] }],
    ["resolve_batch with its only entry an ESC", "resolve_batch", { entries: [{ qid: AWAITED, answer: "x\u001b[2J" }] }],
    ["resolve dry_run with an answer of 10,001 characters", "resolve", { qid: AWAITED, answer: "e".repeat(10_001), dry_run: true }],
  ])("%s: isError, exit 5, nothing written", async (_name, tool, args) => {
    sb = makeSandbox();
    const before = sb.workspaceFiles();
    mcp = await connectInProcess({ cwd: sb.project, root: sb.project, tmpdir: sb.base });
    const r = await call(mcp.client, tool, args);
    expect(r.isError).toBe(true);
    expect(r.data).toMatchObject({ ok: false, exit: 5 });
    expect(r.data.results).toBeUndefined();
    expect(sb.workspaceFiles()).toEqual(before);
  });
});

describe("batch files are size-capped like every other input", () => {
  it.each([
    ["just over the 64 MiB cap", 64 * 1024 * 1024 + 1],
    ["1 GiB (sparse)", 1024 * 1024 * 1024],
  ])("a batch file %s is exit 5 naming the file and the cap, before a byte is read", async (_name, size) => {
    sb = makeSandbox();
    const before = sb.workspaceFiles();
    const file = path.join(sb.project, "huge.txt");
    fs.writeFileSync(file, `${AWAITED}: Keep it\n`);
    fs.truncateSync(file, size);
    const rss = process.memoryUsage().rss;
    const r = await run(sb.project, ["state", "resolve", "--batch", "huge.txt"]);
    expect(r.exit, r.err).toBe(5);
    expect(r.err).toContain("huge.txt");
    expect(r.err).toContain(`${size} bytes, the limit is ${64 * 1024 * 1024} bytes (64 MiB)`);
    expect(r.err).not.toMatch(/this is a bug|internal error/);
    expect(process.memoryUsage().rss - rss).toBeLessThan(32 * 1024 * 1024);
    expect(sb.workspaceFiles()).toEqual(before);
  });

  it.each([
    [99, "read"],
    [100, "read"],
    [101, "refused"],
  ])("a file of %i bytes under a 100-byte cap is %s (the boundary, in bytes)", (size, what) => {
    sb = makeSandbox();
    fs.writeFileSync(path.join(sb.project, "b.txt"), "#".repeat(size - 1) + "\n");
    const read = () => readUserFile(sb.project, "b.txt", 100);
    if (what === "read") expect(read()).toHaveLength(size);
    else expect(read).toThrow(/the limit is 100 bytes/);
  });
});

// Files the engine finds (commands.md, Trust boundary): only regular files are read, opened
// once and fstat'ed (no TOCTOU), size-capped. A FIFO, a device or a directory at a file's path
// is exit 3 naming it — never a hang, never unbounded memory — and a file the engine may not
// read is an I/O failure (exit 1) with a hint, not "internal error … a bug". Hangs are what
// these prove absent, so the FIFO and device cases spawn the built CLI with a timeout.

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runCli } from "../helpers/cli.js";
import { AWAITED, makeSandbox, rebaseline, run, type Sandbox } from "./harness.js";

let sb: Sandbox;
afterEach(() => {
  vi.restoreAllMocks();
  syncBuiltinESMExports();
  sb?.cleanup();
});

const HANG_MS = 8_000;
const mkfifo = (p: string) => execFileSync("mkfifo", [p]);
const spawned = (argv: string[]) => runCli(argv, { cwd: sb.project, env: { DEVRITES_LOCK_TIMEOUT_MS: "500" }, timeoutMs: HANG_MS });

describe("special files never hang a command", () => {
  it.each([
    ["ACTIVE", ["status"]],
    ["ACTIVE", ["questions"]],
    ["ACTIVE", ["state", "resolve", AWAITED, "Keep it"]],
    ["work/session-token-rotation/state.md", ["status"]],
    ["work/session-token-rotation/questions.md", ["state", "resolve", AWAITED, "Keep it"]],
    ["work/session-token-rotation/events.jsonl", ["log"]],
    ["work/session-token-rotation/events.jsonl", ["state", "resolve", AWAITED, "Keep it"]],
  ])("a FIFO at %s: `%s` is exit 3 naming it within the timeout, the lock released, outside untouched", async (rel, argv) => {
    sb = makeSandbox();
    const p = path.join(sb.devrites, rel);
    fs.rmSync(p, { force: true });
    mkfifo(p);
    sb = rebaseline(sb);
    const before = rel.endsWith("ACTIVE") ? sb.workspaceFiles() : {};
    const r = await spawned(argv);
    expect(r.exit, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/FIFO/);
    expect(r.stderr).toContain(path.basename(rel));
    expect(fs.existsSync(path.join(sb.ws, ".engine.lock"))).toBe(false);
    expect(sb.outsideChanges()).toEqual([]);
    for (const [f, text] of Object.entries(before)) if (!rel.endsWith(f)) expect(sb.workspaceFiles()[f]).toBe(text);
  });

  it.each(["/dev/zero", "/dev/urandom", "/dev/null"])("ACTIVE a link to %s is exit 3 (a character device), never read", async (dev) => {
    sb = makeSandbox();
    fs.rmSync(path.join(sb.devrites, "ACTIVE"));
    fs.symlinkSync(dev, path.join(sb.devrites, "ACTIVE"));
    const r = await spawned(["status"]);
    expect(r.exit, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/character device/);
  });

  it("a 1 TB sparse events.jsonl is refused by its size (exit 3), not read into memory", async () => {
    sb = makeSandbox();
    const p = path.join(sb.ws, "events.jsonl");
    fs.writeFileSync(p, "");
    fs.truncateSync(p, 1e12);
    const r = await run(sb.project, ["log"]);
    expect(r.exit).toBe(3);
    expect(r.err).toMatch(/too large/);
  });

  it("check reads events.jsonl under the events cap (256 MiB), not the 64 MiB workspace-file cap: a 65 MiB log is linted, a 1 TB one refused", async () => {
    sb = makeSandbox();
    const p = path.join(sb.ws, "events.jsonl");
    fs.writeFileSync(p, '{"v":1,"id":"ev-1","ts":"2026-07-20T09:00:00Z","event":"resolved"}\n');
    // The rest of the 65 MiB is a sparse run of NUL bytes: one line that is not an event.
    fs.truncateSync(p, 65 * 1024 * 1024);
    const r = await run(sb.project, ["check", "--json"]);
    expect(r.exit, r.out + r.err).not.toBe(3);
    const d = JSON.parse(r.out) as { diagnostics: { file: string; line: number; rule: string }[] };
    expect(d.diagnostics.filter((x) => x.rule === "events-line").map((x) => [x.file.replace(/^.*\//, ""), x.line])).toEqual([["events.jsonl", 2]]);
    fs.truncateSync(p, 1e12);
    const big = await run(sb.project, ["check"]);
    expect(big.exit).toBe(3);
    expect(big.err).toMatch(/events\.jsonl is too large \(1000000000000 bytes, the limit is 268435456\)/);
  });

  it.each(["state.md", "questions.md"])("a directory at %s is exit 3 naming it", async (name) => {
    sb = makeSandbox();
    fs.rmSync(path.join(sb.ws, name));
    fs.mkdirSync(path.join(sb.ws, name));
    const r = await run(sb.project, ["status"]);
    expect(r.exit).toBe(3);
    expect(r.err).toContain(`${name} is a directory`);
  });
});

describe("links and unreadable files", () => {
  it("log refuses a symlinked events.jsonl (exit 3) and prints nothing of its target", async () => {
    sb = makeSandbox();
    fs.writeFileSync(path.join(sb.outside, "secret.jsonl"), '{"v":1,"event":"resolved","detail":{"answer":"TOP-SECRET"}}\n');
    fs.symlinkSync(path.join(sb.outside, "secret.jsonl"), path.join(sb.ws, "events.jsonl"));
    sb = rebaseline(sb);
    const r = await run(sb.project, ["log"]);
    expect(r.exit).toBe(3);
    expect(r.err).toMatch(/events\.jsonl is a symbolic link/);
    expect(r.out + r.err).not.toContain("TOP-SECRET");
    expect(sb.outsideChanges()).toEqual([]);
  });

  it("a file the engine may not open (chmod 000, injected: root ignores modes) is exit 1 naming it, not a bug", async () => {
    sb = makeSandbox();
    const real = fs.openSync;
    const target = path.join(sb.ws, "state.md");
    vi.spyOn(fs, "openSync").mockImplementation(((p: fs.PathLike, ...rest: unknown[]) => {
      if (String(p) === target) throw Object.assign(new Error(`EACCES: permission denied, open '${target}'`), { code: "EACCES" });
      return (real as (...a: unknown[]) => number)(p, ...rest);
    }) as typeof fs.openSync);
    // src imports node:fs by name: a named import of a built-in sees the spy once Node syncs it.
    syncBuiltinESMExports();
    const r = await run(sb.project, ["status"]);
    vi.restoreAllMocks();
    syncBuiltinESMExports();
    expect(r.exit).toBe(1);
    expect(r.err).toContain("state.md");
    expect(r.err).toContain("EACCES");
    expect(r.err).not.toMatch(/this is a bug/);
  });

  it("`.devrites` as a regular file: status is exit 2 and init exit 3, neither an internal error", async () => {
    sb = makeSandbox();
    fs.rmSync(sb.devrites, { recursive: true });
    fs.writeFileSync(sb.devrites, "not a directory\n");
    const status = await run(sb.project, ["status"]);
    expect(status.exit).toBe(2);
    const init = await run(sb.project, ["init", "fresh"]);
    expect(init.exit).toBe(3);
    expect(init.err).toContain("is not a directory");
    for (const r of [status, init]) expect(r.err).not.toMatch(/internal error|this is a bug/);
    expect(fs.readFileSync(sb.devrites, "utf8")).toBe("not a directory\n");
  });
});

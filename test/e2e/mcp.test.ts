// `devrites-engine mcp` as a process: the SDK's StdioClientTransport spawning the built CLI,
// and raw JSON-RPC lines on its stdin (malformed input never ends it; stdin close and
// SIGTERM end it with exit 0 and no temp files).

import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { T } from "../helpers/cli.js";
import { call, connectSpawned, exampleProject, serverTempDirs } from "../helpers/mcp.js";
import { CLI_PATH, type Project } from "../helpers/project.js";
import { litter } from "../helpers/snapshot.js";

const WS = ".devrites/work/session-token-rotation";
const AWAITED = "q-2026-09-02-003";

let p: Project;
afterEach(() => p?.cleanup());

/** The server process with raw stdio: send lines, await the response with a given id. */
function rawServer(root: string, tmpdir: string) {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("DEVRITES_")) env[k] = v;
  Object.assign(env, { DEVRITES_NOW: T, TMPDIR: tmpdir });
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [CLI_PATH, "mcp", "--root", root], { env });
  let buf = "";
  let stderr = "";
  const waiting = new Map<number | string | null, (m: Record<string, unknown>) => void>();
  /** Replies with id null (nothing else identifies them), in order. */
  const nullReplies: Record<string, unknown>[] = [];
  child.stdout.on("data", (d: Buffer) => {
    buf += d.toString();
    let nl: number;
    while ((nl = buf.indexOf("\n")) >= 0) {
      const m = JSON.parse(buf.slice(0, nl)) as Record<string, unknown>;
      buf = buf.slice(nl + 1);
      if (m.id === null) nullReplies.push(m);
      else if (typeof m.id === "number" || typeof m.id === "string") waiting.get(m.id)?.(m);
    }
  });
  child.stderr.on("data", (d: Buffer) => void (stderr += d.toString()));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  return {
    child,
    exited,
    stderr: () => stderr,
    send: (line: string) => child.stdin.write(line + "\n"),
    nullReplies,
    /** Send a raw line and await the reply carrying `id`. */
    raw(id: number | string, line: string): Promise<Record<string, unknown>> {
      const r = new Promise<Record<string, unknown>>((resolve, reject) => {
        waiting.set(id, resolve);
        setTimeout(() => reject(new Error(`no reply to ${line} within 5 s`)), 5_000).unref();
      });
      child.stdin.write(line + "\n");
      return r;
    },
    request(id: number, method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
      const r = new Promise<Record<string, unknown>>((resolve) => waiting.set(id, resolve));
      child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n");
      return r;
    },
  };
}

/** The bundle's chunks a CLI run loaded (required in the same process, listed after it ends). */
function chunksLoadedBy(args: string[], cwd: string): string[] {
  const script = `process.argv = [process.argv[0], "cli", ...${JSON.stringify(args)}]; require(${JSON.stringify(CLI_PATH)});
process.on("beforeExit", () => { process.stderr.write("CHUNKS " + Object.keys(require.cache).filter((k) => k.includes("/chunks/")).map((k) => k.split("/").pop()).join(",") + "\\n"); });`;
  const r = spawnSync(process.execPath, ["-e", script], { cwd, env: { ...process.env, DEVRITES_NOW: T }, input: "", encoding: "utf8" });
  const line = r.stderr.split("\n").find((l) => l.startsWith("CHUNKS ")) ?? "CHUNKS ";
  return line.slice("CHUNKS ".length).split(",").filter(Boolean);
}

const INIT = { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } };

describe("the mcp chunk is loaded lazily", () => {
  it("status, resolve and budget check never load the mcp chunk; mcp does", () => {
    p = exampleProject();
    for (const args of [["status"], ["budget", "check"], ["state", "resolve", AWAITED, "Keep"]]) {
      expect(chunksLoadedBy(args, p.dir).filter((c) => c.startsWith("serve-")), args.join(" ")).toEqual([]);
    }
    expect(chunksLoadedBy(["mcp", "--root", p.dir], p.dir).filter((c) => c.startsWith("serve-"))).toHaveLength(1);
  });
});

describe("mcp over stdio (spawned)", () => {
  it("the SDK client lists the tools and calls status, resolve and budget_check on the bundled example", async () => {
    p = exampleProject();
    const { client } = await connectSpawned(p.dir);
    try {
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(47);
      expect((await call(client, "status")).data).toMatchObject({ ok: true, status: "awaiting_human" });
      expect((await call(client, "resolve", { qid: AWAITED, option: 1 })).data).toMatchObject({ ok: true, results: [{ outcome: "answered" }] });
      expect((await call(client, "status")).data).toMatchObject({ ok: true, status: "running" });
      expect((await call(client, "budget_check")).data).toMatchObject({ ok: true, exit: 0, admit: true });
    } finally {
      await client.close();
    }
    expect(p.read(`${WS}/questions.md`)).toContain("answer: Keep one release, drop in follow-up\n");
    expect(litter(p)).toEqual([]);
  });

  it("malformed JSON-RPC, an unknown method and a wrong-typed call never end the server", async () => {
    p = exampleProject();
    const tmp = p.path("tmp");
    fs.mkdirSync(tmp);
    const s = rawServer(p.dir, tmp);
    expect(await s.request(1, "initialize", INIT)).toHaveProperty("result");
    s.send(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
    s.send("{not json");
    s.send(JSON.stringify({ hello: "world" }));
    s.send("[]");
    expect(await s.request(2, "no/such/method")).toMatchObject({ error: { code: -32601 } });
    expect(await s.request(3, "tools/call", { name: "resolve", arguments: "not an object" })).toHaveProperty("error");
    const typed = await s.request(4, "tools/call", { name: "resolve", arguments: { qid: [1], answer: { a: 1 } } });
    expect(typed).toMatchObject({ result: { isError: true, structuredContent: { ok: false, exit: 5 } } });
    const ok = await s.request(5, "tools/call", { name: "resolve_batch", arguments: { entries: [{ qid: AWAITED, answer: "Keep" }] } });
    expect(ok).toMatchObject({ result: { isError: false, structuredContent: { ok: true, exit: 0 } } });
    s.child.stdin.end();
    expect(await s.exited).toEqual({ code: 0, signal: null });
    expect(serverTempDirs(tmp)).toEqual([]);
    expect(litter(p)).toEqual([]);
  });

  it("a malformed request that carries an id gets a JSON-RPC error reply (never silence); a line that is not JSON gets -32700", async () => {
    p = exampleProject();
    const tmp = p.path("tmp");
    fs.mkdirSync(tmp);
    const s = rawServer(p.dir, tmp);
    expect(await s.request(1, "initialize", INIT)).toHaveProperty("result");
    s.send(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
    const cases: [number | string, Record<string, unknown>, number][] = [
      [10, { jsonrpc: "2.0", id: 10, method: "tools/list", params: null }, -32602],
      [11, { jsonrpc: "2.0", id: 11, method: "tools/call", params: 5 }, -32602],
      [12, { jsonrpc: "1.0", id: 12, method: "tools/list" }, -32600],
      [13, { jsonrpc: "2.0", id: 13, method: 5 }, -32600],
      ["fourteen", { id: "fourteen", method: "tools/list" }, -32600],
      [15, { jsonrpc: "2.0", id: 15, method: "tools/list", extra: true }, -32600],
      [16, { jsonrpc: "2.0", id: 16, method: "tools/list", params: { _meta: 5 } }, -32602],
      [17, { jsonrpc: "2.0", id: 17, method: "tools/call", params: {} }, -32602],
      [18, { jsonrpc: "2.0", id: 18, method: "tools/list", params: { cursor: 5 } }, -32602],
    ];
    for (const [id, message, code] of cases) {
      const r = await s.raw(id, JSON.stringify(message));
      expect(r, JSON.stringify(message)).toMatchObject({ jsonrpc: "2.0", id, error: { code } });
    }
    // No id to answer to: -32700 for a line that is not JSON, -32600 for an array, both with id null.
    s.send("{not json");
    s.send("[1,2]");
    // A notification that is malformed and a stray response are owed nothing.
    s.send(JSON.stringify({ jsonrpc: "2.0", method: "notifications/x", params: 5 }));
    s.send(JSON.stringify({ jsonrpc: "2.0", id: 99, result: 5 }));
    // The server still answers, in order, after all of it.
    expect(await s.request(20, "tools/call", { name: "status", arguments: {} })).toMatchObject({ result: { structuredContent: { ok: true } } });
    expect(s.nullReplies.map((m) => (m.error as { code: number }).code)).toEqual([-32700, -32600]);
    s.child.stdin.end();
    expect(await s.exited).toEqual({ code: 0, signal: null });
  });

  it.each([
    ["stdin closing", (s: ReturnType<typeof rawServer>) => void s.child.stdin.end()],
    ["SIGTERM", (s: ReturnType<typeof rawServer>) => void s.child.kill("SIGTERM")],
  ])("%s ends the server with exit 0 and leaves no temp files", async (_name, stop) => {
    p = exampleProject();
    const tmp = p.path("tmp");
    fs.mkdirSync(tmp);
    const s = rawServer(p.dir, tmp);
    await s.request(1, "initialize", INIT);
    expect(await s.request(2, "tools/call", { name: "status", arguments: {} })).toHaveProperty("result");
    stop(s);
    expect(await s.exited).toEqual({ code: 0, signal: null });
    expect(s.stderr()).toBe("");
    expect(serverTempDirs(tmp)).toEqual([]);
    expect(litter(p)).toEqual([]);
  });
});

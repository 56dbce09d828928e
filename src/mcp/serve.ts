// The MCP server: every tool call becomes the CLI command line it mirrors, run in process by
// main() with a captured io, so locks, journals, recovery and every check are the CLI's own.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import type { Io } from "../io.js";
import { createMcpServer, serveStdio, type McpHandle, type ToolReply } from "../adapters/mcp-sdk.js";
import { INSTRUCTIONS, TOOLS, type Invocation } from "./tools.js";

export type RunCli = (argv: readonly string[], io: Io) => Promise<number>;

export interface EngineServerOptions {
  io: Io;
  /** `--root` as given to `mcp`, already absolute; undefined = found per call like the CLI. */
  root: string | undefined;
  /** `--workspace` as given to `mcp`: every call's default, which a tool's `workspace` overrides. */
  workspace?: string | undefined;
  /** The CLI's main(). */
  runCli: RunCli;
  /** The root a call would use (for batch files read relative to a temp dir); throws like the CLI. */
  locateRoot: () => string;
  version: string;
  /** Where batch temp dirs go (default: the OS temp dir, never inside .devrites). */
  tmpdir?: string;
  /** Called after each tool call has replied (the stdio server's periodic full GC). */
  afterCall?: () => void;
}

/**
 * The stdio server runs a full GC after every this many calls: what a call leaves in the old
 * generation is garbage by then, and collecting it keeps resident memory flat over a session
 * (docs/performance.md: +5–9 % from call 10 to call 1,000 instead of +13–22 %). A full GC of
 * a heap this size costs about 10–15 ms (a synthetic 20 MB heap here: 12–17 ms), once per hundred
 * calls: the median call does not see it.
 */
const GC_EVERY_CALLS = 100;
/**
 * Up to this size the text content is the JSON itself (what the MCP spec asks of a tool with
 * structured content, for clients that read only text); a longer result (a 10,000-question
 * listing) gets a one-line summary instead of megabytes of duplicated text.
 */
const TEXT_JSON_MAX_CHARS = 20_000;

function reply(data: Record<string, unknown>, json = JSON.stringify(data)): ToolReply {
  const exit = typeof data.exit === "number" ? data.exit : 1;
  if (exit === 0) {
    const text = json.length <= TEXT_JSON_MAX_CHARS ? json : `ok (exit 0): ${Object.keys(data).join(", ")}; ${json.length} characters of JSON in structuredContent`;
    return { data, text, isError: false };
  }
  const error = typeof data.error === "string" ? data.error : `exit ${exit}`;
  const hint = typeof data.hint === "string" ? `\nhint: ${data.hint}` : "";
  return { data, text: `exit ${exit}: ${error}${hint}`, isError: true };
}

export interface EngineServer extends McpHandle {
  /** Calls still running (shutdown waits for them) and temp dirs still on disk. */
  settle(): Promise<void>;
}

/** The engine's tools over main(); connect it to any MCP transport. */
export function createEngineServer(opts: EngineServerOptions): EngineServer {
  const inflight = new Set<Promise<unknown>>();
  const tempDirs = new Set<string>();

  async function run(inv: Invocation): Promise<ToolReply> {
    if ("refuse" in inv) return reply({ ok: false, exit: 5, error: inv.refuse.error, hint: inv.refuse.hint });
    let out = "";
    let cwd = opts.io.cwd;
    // Server defaults first: a later `--workspace` from the tool input wins (the CLI keeps the last).
    const argv = [...(opts.root !== undefined ? [`--root=${opts.root}`] : []), ...(opts.workspace !== undefined ? [`--workspace=${opts.workspace}`] : []), ...inv.argv];
    let dir: string | undefined;
    try {
      if (inv.file !== undefined) {
        // The input goes through the CLI's own parser: a private temp dir outside .devrites
        // holds it, and the call reads it relative to that dir (messages say `resolve_batch:N`
        // for entry N). The root is fixed first, as the CLI would find it.
        let root: string | undefined;
        try {
          root = opts.root ?? opts.locateRoot();
        } catch {
          root = undefined; // main() reports the missing workspace itself, before any file is read
        }
        dir = fs.mkdtempSync(path.join(opts.tmpdir ?? os.tmpdir(), "devrites-mcp-"));
        tempDirs.add(dir);
        fs.writeFileSync(path.join(dir, inv.file.name), inv.file.text, { mode: 0o600 });
        if (root !== undefined) {
          cwd = dir;
          if (opts.root === undefined) argv.unshift(`--root=${root}`);
          argv.push(`--${inv.file.flag}=${inv.file.name}`);
        } else {
          argv.push(`--${inv.file.flag}=${path.join(dir, inv.file.name)}`);
        }
      }
      const io: Io = {
        ...opts.io,
        cwd,
        stdout: (t) => void (out += t),
        stderr: (t) => opts.io.stderr(t),
        readLine: undefined,
        stdinIsTTY: false,
        stdoutIsTTY: false,
      };
      const exit = await opts.runCli(argv, io);
      const json = out.trim();
      try {
        return reply(JSON.parse(json) as Record<string, unknown>, json);
      } catch {
        return reply({ ok: false, exit: exit === 0 ? 1 : exit, error: "internal error: the command printed no JSON", hint: "this is a bug in devrites-engine; report it" });
      }
    } finally {
      if (dir !== undefined) {
        fs.rmSync(dir, { recursive: true, force: true });
        tempDirs.delete(dir);
      }
    }
  }

  const handle = createMcpServer(
    { name: "devrites-engine", version: opts.version, instructions: INSTRUCTIONS },
    TOOLS.map((t) => ({
      name: t.name,
      description: `${t.description} (CLI: devrites-engine ${t.command} --json)`,
      input: t.input,
      readOnly: t.readOnly,
      result: t.result,
      call(input: Record<string, unknown>) {
        const p = run(t.invoke(input));
        inflight.add(p);
        void p.finally(() => {
          inflight.delete(p);
          opts.afterCall?.();
        }).catch(() => {});
        return p;
      },
    })),
  );
  return {
    ...handle,
    async settle() {
      await Promise.allSettled([...inflight]);
      for (const d of tempDirs) fs.rmSync(d, { recursive: true, force: true });
      tempDirs.clear();
    },
  };
}

/**
 * Serve the tools on this process's stdin/stdout until stdin ends, the client goes away,
 * or SIGTERM/SIGINT; then let running calls finish, remove temp files and return.
 */
export async function serveProcessStdio(opts: EngineServerOptions): Promise<void> {
  // Resident memory of a long session (docs/performance.md, the MCP section). The young
  // generation keeps the size start-up gave it (4 MB here) instead of doubling to 32 MB over the
  // first few thousand calls: a call's garbage dies within the call, so a larger one only costs
  // memory. The old generation is collected when it has grown 10 % past what survived the last
  // full GC, not 2–4×: what a call promotes is garbage by then. V8 reads both flags at each
  // decision, so setting them now takes effect (--max-semi-space-size would not).
  v8.setFlagsFromString("--semi-space-growth-factor=1");
  v8.setFlagsFromString("--heap-growing-percent=10");
  // `gc` exists only in contexts created after --expose-gc is set (the way jest's leak detector gets it).
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as () => void;
  let calls = 0;
  const server = createEngineServer({ ...opts, afterCall: () => void (++calls % GC_EVERY_CALLS === 0 && gc()) });
  let stop: () => void = () => {};
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const onSignal = () => stop();
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
  process.stdin.once("end", onSignal);
  process.stdin.once("close", onSignal);
  // A client that closed its end: writing to it is EPIPE, which ends the session, not the engine.
  process.stdout.on("error", onSignal);
  const { closed } = await serveStdio(server, {
    stdin: process.stdin,
    stdout: process.stdout,
    onError: (e) => opts.io.stderr(`devrites-engine mcp: ${e.message}\n`),
  });
  await Promise.race([closed, stopped]);
  await server.settle();
  await server.close().catch(() => {});
  process.off("SIGTERM", onSignal);
  process.off("SIGINT", onSignal);
  process.stdin.destroy();
}

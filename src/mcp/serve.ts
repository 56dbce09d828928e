// The MCP server: every tool call runs its command from the command table in process with
// typed arguments (ctx.runCommand), so locks, journals, recovery and every check are the
// command's own, and the result is the object its `--json` prints.

import { ERROR_KINDS } from "../errors.js";
import type { Io } from "../io.js";
import { createMcpServer, serveStdio, type McpHandle, type ToolReply } from "../adapters/mcp-sdk.js";
import type { CommandCall, CommandSpec } from "../command-row.js";
import { commandArgs, INSTRUCTIONS, toolsFrom, type ToolDef } from "./tools.js";

/**
 * The CLI's in-process command runner (cli/run-command.ts runCommand, handed over by
 * ctx.runCommand): the command `words` of the command table with typed arguments → the `--json` object.
 */
export type RunCommand = (call: CommandCall, io: Io) => Promise<Record<string, unknown>>;

/** C1 control characters as \u escapes in JSON text, as the CLI's --json output has them (commands/format.ts jsonText). */
const escapeC1 = (json: string) => json.replace(/[\u007f-\u009f]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);

export interface EngineServerOptions {
  io: Io;
  /** `--root` as given to `mcp`, already absolute; undefined = found per call like the CLI. */
  root: string | undefined;
  /** `--workspace` as given to `mcp`: every call's default, which a tool's `workspace` overrides. */
  workspace?: string | undefined;
  /** The CLI's in-process command runner. */
  runCommand: RunCommand;
  /** The command table's rows: the tools are derived from them. */
  commands: readonly CommandSpec[];
  version: string;
  /** Called after each tool call has replied (the stdio server's periodic full GC). */
  afterCall?: () => void;
}

/**
 * The stdio server runs a full GC after every this many calls: what a call leaves in the old
 * generation is garbage by then, and collecting it keeps resident memory flat over a session
 * (docs/performance.md, the MCP section, has the measurements). A full GC of a heap this
 * size is paid once per hundred calls: the median call does not see it.
 */
const GC_EVERY_CALLS = 100;
/**
 * Up to this size the text content is the JSON itself (what the MCP spec asks of a tool with
 * structured content, for clients that read only text); a longer result (a 10,000-question
 * listing) gets a one-line summary instead of megabytes of duplicated text.
 */
const TEXT_JSON_MAX_CHARS = 20_000;

function reply(data: Record<string, unknown>): ToolReply {
  const exit = typeof data.exit === "number" ? data.exit : ERROR_KINDS.internal;
  if (exit === 0) {
    // The JSON text the command line would print (C1 controls escaped, as --json prints them).
    const json = escapeC1(JSON.stringify(data));
    const text = json.length <= TEXT_JSON_MAX_CHARS ? json : `ok (exit 0): ${Object.keys(data).join(", ")}; ${json.length} characters of JSON in structuredContent`;
    return { data, text, isError: false };
  }
  const error = typeof data.error === "string" ? data.error : `exit ${exit}`;
  const hint = typeof data.hint === "string" ? `\nhint: ${data.hint}` : "";
  const text = `exit ${exit}: ${error}${hint}`;
  if (text.length <= TEXT_JSON_MAX_CHARS) return { data, text, isError: true };
  // A refusal that lists many entries: its first line, and where the rest is.
  const firstLine = error.split("\n", 1)[0]!.slice(0, 2000).replace(/:$/, "");
  return { data, text: `exit ${exit}: ${firstLine} (${text.length} characters of refusal; error, hint and each entry are in structuredContent)`, isError: true };
}

export interface EngineServer extends McpHandle {
  /** Calls still running (shutdown waits for them). */
  settle(): Promise<void>;
}

/**
 * How a tool's messages name an option: by the field it maps from (`--name` for one it has none
 * for), without the command line's placeholder (`TEXT`, `N`): the field's schema gives its type.
 */
export function fieldNames(t: ToolDef): (option: string) => string {
  const byOption = new Map(Object.entries(t.options).map(([field, option]) => [option, field]));
  return (option) => byOption.get(option) ?? `--${option}`;
}

/** The engine's tools over the command table; connect it to any MCP transport. */
export function createEngineServer(opts: EngineServerOptions): EngineServer {
  const inflight = new Set<Promise<unknown>>();
  // No prompts, no terminal; and stdout is the protocol's channel: a command prints nothing in
  // process (its result is returned), so anything written there would be a bug, kept off the pipe.
  const io: Io = { ...opts.io, stdout: (t) => opts.io.stderr(t), readLine: undefined, stdinIsTTY: false, stdoutIsTTY: false };

  async function run(t: ToolDef, flag: (option: string) => string, input: Record<string, unknown>): Promise<ToolReply> {
    const data = await opts.runCommand(
      {
        words: t.words,
        args: () => commandArgs(t, input),
        root: opts.root,
        // The server's default, unless the call names its own.
        workspace: typeof input.workspace === "string" ? input.workspace : opts.workspace,
        flag,
        ...(t.usage !== undefined ? { usage: t.usage } : {}),
      },
      io,
    );
    return reply(data);
  }

  const handle = createMcpServer(
    { name: "devrites-engine", version: opts.version, instructions: INSTRUCTIONS },
    toolsFrom(opts.commands).map((t) => {
      const flag = fieldNames(t);
      return {
        name: t.name,
        description: `${t.description} (CLI: devrites-engine ${t.cli} --json)`,
        input: t.input,
        readOnly: t.readOnly,
        result: t.result,
        call(input: Record<string, unknown>) {
          const p = run(t, flag, input);
          inflight.add(p);
          void p.finally(() => {
            inflight.delete(p);
            opts.afterCall?.();
          }).catch(() => {});
          return p;
        },
      };
    }),
  );
  return {
    ...handle,
    async settle() {
      await Promise.allSettled([...inflight]);
    },
  };
}

/**
 * Resident memory of a long session (docs/performance.md, the MCP section). The young
 * generation keeps the size it has instead of doubling several times over the first few
 * thousand calls: a call's garbage dies within the call, so a larger one only costs memory. The
 * old generation is collected when it has grown 10 % past what survived the last full GC, not
 * 2–4×: what a call promotes is garbage by then. V8 reads both flags at each decision, so
 * setting them while running takes effect (--max-semi-space-size would not). Done once the
 * first tool call has answered, not at start: node:v8 and node:vm load a dozen of Node's own
 * modules, which the server's start (to its first answer) would otherwise wait for, and the
 * flags only matter over many calls. No function is optimised from then on (Maglev and TurboFan
 * off, Sparkplug's baseline code kept): on Node 22 and later their compile memory is most of what
 * the resident set grows by over a session's first hundred calls, and a call is too short to win
 * back the compile; only a large batch runs slower. Returns `gc`, which exists only in contexts
 * created after --expose-gc is set (the way jest's leak detector gets it).
 */
function tuneForLongSession(): () => void {
  const { setFlagsFromString } = process.getBuiltinModule("node:v8");
  setFlagsFromString("--semi-space-growth-factor=1");
  setFlagsFromString("--heap-growing-percent=10");
  setFlagsFromString("--no-maglev");
  setFlagsFromString("--no-turbofan");
  setFlagsFromString("--expose-gc");
  return process.getBuiltinModule("node:vm").runInNewContext("gc") as () => void;
}

/**
 * The served process's `afterCall`: `tune` (which returns `gc`) once, on the turn after the
 * first call (`afterCall` runs as a call's result is ready, before its reply is written, so
 * the tuning delays no reply), then a full GC every `every` calls.
 */
export function sessionTuning(tune: () => () => void, every = GC_EVERY_CALLS, later: (f: () => void) => void = setImmediate): () => void {
  let gc: (() => void) | undefined;
  let calls = 0;
  return () => {
    calls += 1;
    if (calls === 1) later(() => (gc = tune()));
    else if (calls % every === 0) gc?.();
  };
}

/**
 * Serve the tools on this process's stdin/stdout until stdin ends, the client goes away,
 * or SIGTERM/SIGINT; then let running calls finish, remove temp files and return.
 */
export async function serveProcessStdio(opts: EngineServerOptions): Promise<void> {
  const server = createEngineServer({ ...opts, afterCall: sessionTuning(tuneForLongSession) });
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

// One command of the table run in process with typed arguments (the MCP tools), and what it
// shares with main(): the outcome and error → `--json` object mapping, the after hook, the io
// copy. Its own file, so main()'s declaration (a library export) names none of its types.

import { EngineError } from "../errors.js";
import type { Io } from "../io.js";
import { jsonText, terminalText } from "../commands/format.js";
import type { CommandArgs, CommandCall, Outcome } from "../commands/types.js";
import { resolveNow } from "../domain/clock.js";
import type { NameOption } from "../domain/option-names.js";
import { unknownCommand } from "./argv.js";
import type { CommandDef } from "./command-def.js";
import { checkArguments, usageForReaders } from "./command-rules.js";
import { findCommand, GLOBAL_OPTIONS } from "./command-table.js";
import { makeContext } from "./context.js";
import { cliOption } from "../domain/option-names.js";

/** The `--json` object of an outcome. */
export function outcomeJson(outcome: Outcome): Record<string, unknown> {
  return { ok: outcome.exit === 0, exit: outcome.exit, ...outcome.data };
}

/** The `--json` object of an error: {ok: false, exit, error, hint?, …its data}. */
export function errorJson(err: EngineError): Record<string, unknown> {
  const body: Record<string, unknown> = { ok: false, exit: err.exitCode, error: err.message };
  // An agent's hint: it never suggests --human (for-readers.ts).
  if (err.agentHint !== undefined) body.hint = err.agentHint;
  if (err.data) Object.assign(body, err.data, { ok: false, exit: err.exitCode, error: err.message });
  return body;
}

/** Anything thrown, as an engine error: errno errors are the user's I/O failure, the rest a bug; the original is the cause. */
export function asEngineError(e: unknown): EngineError {
  if (e instanceof EngineError) return e;
  const message = (e as Error | undefined)?.message ?? String(e);
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === "string" && /^E[A-Z]+$/.test(code)) {
    // The file system said no (permissions, a full disk, a file where a directory should be):
    // an I/O failure the user can fix, not a bug in the engine.
    return new EngineError("io", `I/O failure (${code}): ${message}`, { hint: "check the path's permissions, type and free space, then retry", cause: e });
  }
  return new EngineError("internal", `internal error: ${message}`, {
    hint: "this is a bug in devrites-engine; rerun with DEVRITES_DEBUG=1 for a stack trace and report it",
    cause: e,
  });
}

/** DEVRITES_DEBUG is on when set to anything but empty or 0. */
export const debugOn = (v: string | undefined): boolean => v !== undefined && v !== "" && v !== "0";

/** Most causes a debug report follows (a cause chain is short; a cycle must not loop). */
const MAX_CAUSES = 10;

/**
 * DEVRITES_DEBUG's report, after the normal message and hint: the kind, each cause (name,
 * errno code, message), then the stacks, the error's own first and each cause's after it.
 */
export function debugText(err: EngineError): string {
  const lines = [`debug: kind ${err.kind} (exit ${err.exitCode})`];
  const stacks = [err.stack ?? `${err.name}: ${err.message}`];
  const seen = new Set<unknown>([err]);
  // Breadth first: a failed commit whose rollback failed too has both in an AggregateError.
  const queue: unknown[] = err.cause !== undefined ? [err.cause] : [];
  for (let n = 1; queue.length > 0 && n <= MAX_CAUSES; n++) {
    const c = queue.shift();
    if (seen.has(c)) continue;
    seen.add(c);
    const code = (c as { code?: unknown } | null)?.code;
    const kind = c instanceof EngineError ? ` [${c.kind}]` : "";
    const name = c instanceof Error ? c.name : typeof c;
    lines.push(`debug: cause ${n}: ${name}${kind}${code !== undefined ? ` ${String(code)}` : ""}: ${c instanceof Error ? c.message : String(c)}`);
    if (!(c instanceof Error)) continue;
    stacks.push(`caused by: ${c.stack ?? `${c.name}: ${c.message}`}`);
    if (c instanceof AggregateError) queue.push(...(c.errors as unknown[]));
    if (c.cause !== undefined) queue.push(c.cause);
  }
  return `${lines.join("\n")}\ndebug: stack:\n${stacks.join("\n")}\n`;
}

/**
 * `io` with its output functions replaced. Copied by descriptor, not spread: a spread would call
 * a getter such as bin.ts's lazy `stdinIsTTY` (which builds process.stdin) on every command.
 */
export function withOutput(io: Io, output: Pick<Io, "stdout" | "stderr">): Io {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(io)) as Io;
  copy.stdout = output.stdout;
  copy.stderr = output.stderr;
  return copy;
}

/** Warnings from an outcome's after hook (the notify hook), on stderr. */
export async function runAfter(io: Io, outcome: Outcome): Promise<void> {
  if (!outcome.after) return;
  const warnings = await outcome.after();
  if (warnings.length > 0) io.stderr(warnings.map((w) => `devrites-engine: warning: ${w}`).join("\n") + "\n");
}

/** How a run was asked for: the command line's or a tool call's. */
interface RunOptions {
  json: boolean;
  root: string | undefined;
  workspace: string | undefined;
  flag?: NameOption | undefined;
  usage?: string | undefined;
}

/**
 * The one run skeleton of the CLI and the MCP tools: the clock, the context, the checks the
 * command's row states, the command, then `print` and the after hook. Errors are the caller's
 * to map (text or JSON).
 */
export async function runDef(def: CommandDef, args: () => CommandArgs, io: Io, opts: RunOptions, print: (outcome: Outcome) => void): Promise<Outcome> {
  const now = resolveNow(io.env.DEVRITES_NOW, io.now);
  const ctx = makeContext(io, now, { ...opts, runCommand, rowUsage: () => usageForReaders(def, GLOBAL_OPTIONS) });
  const a = args();
  // A not-provided call's arguments are the Go engine's: never checked here.
  if (!def.notProvided) checkArguments(def, a, opts.flag ?? cliOption, () => ctx.usage());
  const outcome = await def.run(ctx, a);
  print(outcome);
  await runAfter(io, outcome);
  return outcome;
}

/**
 * Run one command of the table in process with typed arguments, as `--json` would: the same
 * context, the same after hook and the same error mapping as a command line. Never throws.
 */
export async function runCommand(call: CommandCall, outerIo: Io): Promise<Record<string, unknown>> {
  const io = withOutput(outerIo, { stdout: (t) => outerIo.stdout(jsonText(t)), stderr: (t) => outerIo.stderr(terminalText(t)) });
  try {
    const def = findCommand(call.words);
    if (!def) throw unknownCommand([...call.words]);
    const outcome = await runDef(def, call.args, io, { json: true, root: call.root, workspace: call.workspace, flag: call.flag, usage: call.usage }, () => {});
    return outcomeJson(outcome);
  } catch (e) {
    const err = asEngineError(e);
    if (debugOn(io.env.DEVRITES_DEBUG)) io.stderr(debugText(err));
    return errorJson(err);
  }
}


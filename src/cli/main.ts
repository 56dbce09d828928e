// main(argv, io) → exit code. The only place that turns errors into exit codes and
// decides between text and JSON output.

import { EngineError } from "../errors.js";
import type { Io } from "../io.js";
import { jsonText, terminalText } from "../commands/format.js";
import type { CommandCall, Outcome } from "../commands/types.js";
import { resolveNow } from "../domain/clock.js";
import { ENGINE_VERSION } from "../version.js";
import { COMPLETION_FLAGS, parseCommandLine, unknownCommand } from "./argv.js";
import { COMMANDS, GLOBAL_OPTIONS } from "./command-table.js";
import { makeContext } from "./context.js";

// Help and shell completions are imported when asked for: no command pays for compiling them
// (vite.config.ts puts what cli/ imports lazily into one chunk).
const help = () => import("./help.js");
const completions = () => Promise.all([import("./completions.js"), import("./completion-values.js")]);

/** The `--json` object of an outcome. */
function outcomeJson(outcome: Outcome): Record<string, unknown> {
  return { ok: outcome.exit === 0, exit: outcome.exit, ...outcome.data };
}

/** The `--json` object of an error: {ok: false, exit, error, hint?, …its data}. */
function errorJson(err: EngineError): Record<string, unknown> {
  const body: Record<string, unknown> = { ok: false, exit: err.exitCode, error: err.message };
  if (err.hint !== undefined) body.hint = err.hint;
  if (err.data) Object.assign(body, err.data, { ok: false, exit: err.exitCode, error: err.message });
  return body;
}

function printOutcome(io: Io, outcome: Outcome, json: boolean): void {
  if (json) {
    io.stdout(JSON.stringify(outcomeJson(outcome)) + "\n");
    return;
  }
  if (outcome.lines.length > 0) io.stdout(outcome.lines.join("\n") + "\n");
  if (outcome.errors && outcome.errors.length > 0) io.stderr(outcome.errors.join("\n") + "\n");
}

function printError(io: Io, err: EngineError, json: boolean): void {
  if (json) {
    io.stdout(JSON.stringify(errorJson(err)) + "\n");
    return;
  }
  io.stderr(`${err.prefix}${err.message}\n${err.hint !== undefined ? `hint: ${err.hint}\n` : ""}`);
}

/** Anything thrown, as an engine error: errno errors are the user's I/O failure, the rest a bug; the original is the cause. */
function asEngineError(e: unknown): EngineError {
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
const debugOn = (v: string | undefined): boolean => v !== undefined && v !== "" && v !== "0";

/** Most causes a debug report follows (a cause chain is short; a cycle must not loop). */
const MAX_CAUSES = 10;

/**
 * DEVRITES_DEBUG's report, after the normal message and hint: the kind, each cause (name,
 * errno code, message), then the stacks, the error's own first and each cause's after it.
 */
function debugText(err: EngineError): string {
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

/** The words after `word` that are not options: `help --json state resolve` → state, resolve. */
function commandWordsAfter(argv: readonly string[], word: string): string[] {
  return argv.slice(argv.indexOf(word) + 1).filter((a) => !a.startsWith("-"));
}

/**
 * `help [<command words>]`: the overview, a group's help or a command's help.
 * @throws UnknownCommandError (exit 2, with the nearest command) for words that name neither.
 */
async function helpFor(words: string[]): Promise<string> {
  const { groupHelpText, helpText, isGroup } = await help();
  if (words.length === 0) return helpText(undefined, ENGINE_VERSION);
  const def = COMMANDS.find((c) => c.words.length === words.length && c.words.every((w, i) => words[i] === w));
  if (def) return helpText(def, ENGINE_VERSION);
  if (isGroup(words)) return groupHelpText(words);
  throw unknownCommand(words);
}

/**
 * `io` with its output functions replaced. Copied by descriptor, not spread: a spread would call
 * a getter such as bin.ts's lazy `stdinIsTTY` (which builds process.stdin) on every command.
 */
function withOutput(io: Io, output: Pick<Io, "stdout" | "stderr">): Io {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(io)) as Io;
  copy.stdout = output.stdout;
  copy.stderr = output.stderr;
  return copy;
}

/** Warnings from an outcome's after hook (the notify hook), on stderr. */
async function runAfter(io: Io, outcome: Outcome): Promise<void> {
  if (!outcome.after) return;
  const warnings = await outcome.after();
  if (warnings.length > 0) io.stderr(warnings.map((w) => `devrites-engine: warning: ${w}`).join("\n") + "\n");
}

/**
 * Run one command of the table in process with typed arguments, as `--json` would: the same
 * context, the same after hook and the same error mapping as a command line. Never throws.
 */
export async function runCommand(call: CommandCall, outerIo: Io): Promise<Record<string, unknown>> {
  const io = withOutput(outerIo, { stdout: (t) => outerIo.stdout(jsonText(t)), stderr: (t) => outerIo.stderr(terminalText(t)) });
  try {
    const def = COMMANDS.find((c) => c.words.length === call.words.length && c.words.every((w, i) => call.words[i] === w));
    if (!def) throw unknownCommand([...call.words]);
    const now = resolveNow(io.env.DEVRITES_NOW, io.now);
    const args = call.args();
    const ctx = makeContext(io, now, { json: true, root: call.root, workspace: call.workspace, runCommand, flag: call.flag, usage: call.usage });
    const outcome = await def.run(ctx, args);
    await runAfter(io, outcome);
    return outcomeJson(outcome);
  } catch (e) {
    const err = asEngineError(e);
    if (debugOn(io.env.DEVRITES_DEBUG)) io.stderr(debugText(err));
    return errorJson(err);
  }
}

/** Run one command line. Never throws; returns the exit code. */
export async function main(argv: readonly string[], outerIo: Io): Promise<number> {
  // Known before parsing, so that even an option error is printed as JSON.
  const dashDash = argv.indexOf("--");
  let json = (dashDash < 0 ? argv : argv.slice(0, dashDash)).includes("--json");
  // Every byte the engine prints passes here: control characters from workspace files (or
  // arguments, or events) are shown escaped, never sent to the terminal.
  const io = withOutput(outerIo, {
    stdout: (t) => outerIo.stdout(json ? jsonText(t) : terminalText(t)),
    stderr: (t) => outerIo.stderr(terminalText(t)),
  });
  try {
    if ((COMPLETION_FLAGS as readonly string[]).includes(argv[0] ?? "")) {
      // The shell asking for completions (the script `completion` prints calls this).
      const [{ completionsFor }, { completionValues }] = await completions();
      io.stdout(completionsFor(COMMANDS, GLOBAL_OPTIONS, argv.slice(1), completionValues(io)).join("\n") + "\n");
      return 0;
    }
    const parsed = parseCommandLine(argv);
    json = parsed.json;
    if (parsed.version && parsed.words.length === 0) {
      io.stdout(`${ENGINE_VERSION}\n`);
      return 0;
    }
    // No command at all: on a terminal that is a person looking around, so show the overview
    // (exit 0); from a script or an agent (no terminal, or --json) it stays the table's "no
    // command" (exit 2), so a caller that lost its arguments can tell. --help is always help.
    if (parsed.words.length === 0 && (parsed.help || (!json && io.stdoutIsTTY))) {
      io.stdout((await help()).helpText(undefined, ENGINE_VERSION));
      return 0;
    }
    if (parsed.words[0] === "help" && !parsed.def) {
      io.stdout(await helpFor(commandWordsAfter(argv, "help")));
      return 0;
    }
    if (parsed.help) {
      const { groupHelpText, helpText, isGroup } = await help();
      if (parsed.def || isGroup(parsed.words)) {
        io.stdout(parsed.def ? helpText(parsed.def, ENGINE_VERSION) : groupHelpText(parsed.words));
        return 0;
      }
    }
    if (!parsed.def) throw unknownCommand(parsed.words);
    if (parsed.version) {
      io.stdout(`${ENGINE_VERSION}\n`);
      return 0;
    }
    if (parsed.def.deprecatedFor !== undefined) {
      // Before anything can fail, so that an agent learns the right call from this one run.
      io.stderr(`devrites-engine: note: '${parsed.def.words.join(" ")}' is deprecated; call 'devrites-engine ${parsed.def.deprecatedFor}' with the same arguments\n`);
    }
    const now = resolveNow(io.env.DEVRITES_NOW, io.now);
    const o = parsed.args.options;
    const ctx = makeContext(io, now, {
      json,
      root: typeof o.root === "string" ? o.root : undefined,
      workspace: typeof o.workspace === "string" ? o.workspace : undefined,
      runCommand,
    });
    const outcome = await parsed.def.run(ctx, parsed.args);
    printOutcome(io, outcome, json);
    await runAfter(io, outcome);
    return outcome.exit;
  } catch (e) {
    const err = asEngineError(e);
    printError(io, err, json);
    if (debugOn(io.env.DEVRITES_DEBUG)) io.stderr(debugText(err));
    return err.exitCode;
  }
}

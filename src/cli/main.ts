// main(argv, io) → exit code. The only place that turns errors into exit codes and
// decides between text and JSON output.

import { EngineError } from "../errors.js";
import type { Io } from "../io.js";
import { jsonText, terminalText } from "../commands/format.js";
import type { Outcome } from "../commands/types.js";
import { resolveNow } from "../domain/clock.js";
import { parseCommandLine, unknownCommand } from "./argv.js";
import { COMMANDS, GLOBAL_OPTIONS } from "./command-table.js";
import { completionValues } from "./completion-values.js";
import { COMPLETION_FLAGS } from "./completion-script.js";
import { completionsFor } from "./completions.js";
import { makeContext } from "./context.js";
import { groupHelpText, helpText, isGroup } from "./help.js";

export const ENGINE_VERSION: string = typeof __ENGINE_VERSION__ === "string" ? __ENGINE_VERSION__ : "0.0.0-dev";

function printOutcome(io: Io, outcome: Outcome, json: boolean): void {
  if (json) {
    io.stdout(JSON.stringify({ ok: outcome.exit === 0, exit: outcome.exit, ...outcome.data }) + "\n");
    return;
  }
  if (outcome.lines.length > 0) io.stdout(outcome.lines.join("\n") + "\n");
  if (outcome.errors && outcome.errors.length > 0) io.stderr(outcome.errors.join("\n") + "\n");
}

function printError(io: Io, err: EngineError, json: boolean): void {
  if (json) {
    const body: Record<string, unknown> = { ok: false, exit: err.exitCode, error: err.message };
    if (err.hint !== undefined) body.hint = err.hint;
    if (err.data) Object.assign(body, err.data, { ok: false, exit: err.exitCode, error: err.message });
    io.stdout(JSON.stringify(body) + "\n");
    return;
  }
  io.stderr(`${err.prefix}${err.message}\n${err.hint !== undefined ? `hint: ${err.hint}\n` : ""}`);
}

/** The words after `word` that are not options: `help --json state resolve` → state, resolve. */
function commandWordsAfter(argv: readonly string[], word: string): string[] {
  return argv.slice(argv.indexOf(word) + 1).filter((a) => !a.startsWith("-"));
}

/**
 * `help [<command words>]`: the overview, a group's help or a command's help.
 * @throws UnknownCommandError (exit 2, with the nearest command) for words that name neither.
 */
function helpFor(words: string[]): string {
  if (words.length === 0) return helpText(undefined, ENGINE_VERSION);
  const def = COMMANDS.find((c) => c.words.length === words.length && c.words.every((w, i) => words[i] === w));
  if (def) return helpText(def, ENGINE_VERSION);
  if (isGroup(words)) return groupHelpText(words);
  throw unknownCommand(words);
}

/** Run one command line. Never throws; returns the exit code. */
export async function main(argv: readonly string[], outerIo: Io): Promise<number> {
  // Known before parsing, so that even an option error is printed as JSON.
  const dashDash = argv.indexOf("--");
  let json = (dashDash < 0 ? argv : argv.slice(0, dashDash)).includes("--json");
  // Every byte the engine prints passes here: control characters from workspace files (or
  // arguments, or events) are shown escaped, never sent to the terminal.
  const io: Io = {
    ...outerIo,
    stdout: (t) => outerIo.stdout(json ? jsonText(t) : terminalText(t)),
    stderr: (t) => outerIo.stderr(terminalText(t)),
  };
  try {
    if ((COMPLETION_FLAGS as readonly string[]).includes(argv[0] ?? "")) {
      // The shell asking for completions (the script `completion` prints calls this).
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
      io.stdout(helpText(undefined, ENGINE_VERSION));
      return 0;
    }
    if (parsed.words[0] === "help" && !parsed.def) {
      io.stdout(helpFor(commandWordsAfter(argv, "help")));
      return 0;
    }
    if (parsed.help && (parsed.def || isGroup(parsed.words))) {
      io.stdout(parsed.def ? helpText(parsed.def, ENGINE_VERSION) : groupHelpText(parsed.words));
      return 0;
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
    });
    const outcome = await parsed.def.run(ctx, parsed.args);
    printOutcome(io, outcome, json);
    if (outcome.after) {
      const warnings = await outcome.after();
      if (warnings.length > 0) io.stderr(warnings.map((w) => `devrites-engine: warning: ${w}`).join("\n") + "\n");
    }
    return outcome.exit;
  } catch (e) {
    if (e instanceof EngineError) {
      printError(io, e, json);
      return e.exitCode;
    }
    const err = e as Error;
    const code = (e as NodeJS.ErrnoException | undefined)?.code;
    if (typeof code === "string" && /^E[A-Z]+$/.test(code)) {
      // The file system said no (permissions, a full disk, a file where a directory should be):
      // an I/O failure the user can fix, not a bug in the engine.
      printError(io, new EngineError(1, `I/O failure (${code}): ${err.message}`, { hint: "check the path's permissions, type and free space, then retry" }), json);
      if (io.env.DEVRITES_DEBUG) io.stderr(`${err?.stack ?? ""}\n`);
      return 1;
    }
    const internal = new EngineError(1, `internal error: ${err?.message ?? String(e)}`, {
      hint: "this is a bug in devrites-engine; rerun with DEVRITES_DEBUG=1 for a stack trace and report it",
    });
    printError(io, internal, json);
    if (io.env.DEVRITES_DEBUG) io.stderr(`${err?.stack ?? ""}\n`);
    return 1;
  }
}

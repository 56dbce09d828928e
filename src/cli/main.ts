// main(argv, io) → exit code: parses a command line and decides between text and JSON output.
// Errors become exit codes and JSON through run-command.ts's mapping, which the MCP tools share.

import type { EngineError } from "../errors.js";
import type { Io } from "../io.js";
import { jsonText, terminalText } from "../commands/format.js";
import type { Outcome } from "../commands/types.js";
import { ENGINE_VERSION } from "../version.js";
import { COMPLETION_FLAGS, jsonOutputAsked, parseCommandLine, unknownCommand } from "./argv.js";
import { allCommands, COMMAND_NOUNS, findCommand, GLOBAL_OPTIONS } from "./command-table.js";
import { asEngineError, debugOn, debugText, errorJson, outcomeJson, runDef, withOutput } from "./run-command.js";
import { PROGRAM, programName, renameProgram } from "./program-name.js";

// Help and shell completions are imported when asked for: no command pays for compiling them
// (vite.config.ts puts what cli/ imports lazily into one chunk).
const help = () => import("./help.js");
const completions = () => Promise.all([import("./completions.js"), import("./completion-values.js")]);

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

/** The first words of the commands: where a printed command line starts. */
const commandWords = (): Set<string> => new Set([...COMMAND_NOUNS, "help"]);

/** A copy of `err` whose hints (the person's and the agent's) pass through `rename`. */
function withHint(err: EngineError, rename: (t: string) => string): EngineError {
  const copy = Object.create(Object.getPrototypeOf(err) as object, Object.getOwnPropertyDescriptors(err)) as EngineError;
  for (const key of ["hint", "agentHint"] as const) {
    const value = (err as unknown as Record<string, unknown>)[key];
    if (typeof value === "string") Object.defineProperty(copy, key, { value: rename(value), writable: true, configurable: true, enumerable: true });
  }
  return copy;
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
  const def = findCommand(words);
  if (def) return helpText(def, ENGINE_VERSION);
  if (isGroup(words)) return groupHelpText(words);
  throw unknownCommand(words);
}

/** Run one command line. Never throws; returns the exit code. */
export async function main(argv: readonly string[], outerIo: Io): Promise<number> {
  // Known before parsing, so that even an option error is printed as JSON.
  let json = jsonOutputAsked(argv);
  // A printed command starts as the engine can be run again here (`npx devrites-engine` for a
  // project-local install run by npx): in text, and in a --json error's hint.
  const program = programName(outerIo.script, outerIo.env, outerIo.cwd);
  const named = program === PROGRAM ? (t: string) => t : (t: string) => renameProgram(t, program, commandWords());
  // Every byte the engine prints passes here: control characters from workspace files (or
  // arguments, or events) are shown escaped, never sent to the terminal.
  const io = withOutput(outerIo, {
    stdout: (t) => outerIo.stdout(json ? jsonText(t) : terminalText(named(t))),
    stderr: (t) => outerIo.stderr(terminalText(named(t))),
  });
  try {
    if ((COMPLETION_FLAGS as readonly string[]).includes(argv[0] ?? "")) {
      // The shell asking for completions (the script `completion` prints calls this).
      const [{ completionsFor }, { completionValues }] = await completions();
      io.stdout(completionsFor(allCommands(), GLOBAL_OPTIONS, argv.slice(1), completionValues(io)).join("\n") + "\n");
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
    const o = parsed.args.options;
    const root = typeof o.root === "string" ? o.root : undefined;
    const workspace = typeof o.workspace === "string" ? o.workspace : undefined;
    const outcome = await runDef(parsed.def, () => parsed.args, io, { json, root, workspace }, (out) => printOutcome(io, out, json));
    return outcome.exit;
  } catch (e) {
    const err = asEngineError(e);
    printError(io, json && err.hint !== undefined && program !== PROGRAM ? withHint(err, named) : err, json);
    if (debugOn(io.env.DEVRITES_DEBUG)) io.stderr(debugText(err));
    return err.exitCode;
  }
}

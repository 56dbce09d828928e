// argv → (command, options, positionals) with node:util parseArgs: the measured fastest
// parser (README, Performance). The command table drives it; yargs only renders completion.

import { parseArgs } from "node:util";
import { BadInputError, UnknownCommandError } from "../errors.js";
import type { CommandArgs } from "../commands/types.js";
import { COMMANDS, GLOBAL_OPTIONS, type CommandDef, type OptionDef } from "./command-table.js";

export interface ParsedCommandLine {
  def: CommandDef | undefined;
  /** Command words as typed (`["state", "resolve"]`), also when they name no command. */
  words: string[];
  args: CommandArgs;
  help: boolean;
  version: boolean;
  json: boolean;
}

const VALUE_GLOBALS = new Set(["--root", "--workspace"]);

function isPrefix(prefix: readonly string[], words: readonly string[]): boolean {
  return prefix.length <= words.length && prefix.every((w, i) => words[i] === w);
}

/** Pull the command words out of argv; options may come before them (`--root p1 state resolve`). */
function splitWords(argv: readonly string[]): { words: string[]; rest: string[] } {
  const words: string[] = [];
  const rest: string[] = [];
  let i = 0;
  let collecting = true;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") break;
    if (a.startsWith("-") && a !== "-") {
      rest.push(a);
      if (VALUE_GLOBALS.has(a) && i + 1 < argv.length) rest.push(argv[++i]!);
      continue;
    }
    if (collecting && COMMANDS.some((c) => isPrefix([...words, a], c.words))) {
      words.push(a);
      continue;
    }
    if (collecting && !COMMANDS.some((c) => c.words.length === words.length && isPrefix(c.words, words))) {
      // Not a command yet: keep the word so the error can name what was typed.
      words.push(a);
      collecting = false;
      continue;
    }
    collecting = false;
    rest.push(a);
  }
  rest.push(...argv.slice(i));
  return { words, rest };
}

function toParseArgsOptions(options: Record<string, OptionDef>) {
  const out: Record<string, { type: "string" | "boolean"; multiple?: boolean; short?: string }> = {};
  for (const [name, o] of Object.entries(options)) {
    out[name] = { type: o.type, ...(o.multiple ? { multiple: true } : {}), ...(o.short ? { short: o.short } : {}) };
  }
  return out;
}

/**
 * Parse a command line.
 * @throws UnknownCommandError (exit 2) for an unknown command; BadInputError (exit 5) for bad options.
 */
export function parseCommandLine(argv: readonly string[]): ParsedCommandLine {
  const { words, rest } = splitWords(argv);
  const def = COMMANDS.find((c) => c.words.length === words.length && isPrefix(c.words, words));
  const dashDash = argv.indexOf("--");
  const before = dashDash < 0 ? argv : argv.slice(0, dashDash);
  const help = before.includes("--help") || before.includes("-h");
  const version = before.includes("--version");
  const json = before.includes("--json");
  if (!def) {
    return { def, words, args: { positionals: [], options: {} }, help, version, json };
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: rest,
      options: toParseArgsOptions({ ...GLOBAL_OPTIONS, ...def.options }),
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    if (help || version) return { def, words, args: { positionals: [], options: {} }, help, version, json };
    const msg = (e as Error).message.replace(/\. To specify a positional argument starting with a '-'.*$/s, "");
    // Only resolve takes free-text answers: other commands' hints are just their usage.
    const answers = def.words[def.words.length - 1] === "resolve";
    throw new BadInputError(`${words.join(" ")}: ${msg}`, { hint: answers ? `${def.usage}  (an answer starting with '-' goes after --)` : def.usage });
  }
  return { def, words, args: { positionals: parsed.positionals, options: parsed.values as CommandArgs["options"] }, help, version, json };
}

/** The error for a command line that names no command. */
export function unknownCommand(words: readonly string[]): UnknownCommandError {
  if (words.length === 0) {
    return new UnknownCommandError("no command given", { hint: "run devrites-engine --help for the list of commands" });
  }
  const group = COMMANDS.filter((c) => isPrefix(words.slice(0, 1), c.words)).map((c) => c.words.join(" "));
  return new UnknownCommandError(`unknown command: ${words.join(" ")}`, {
    hint: group.length > 0 ? `did you mean one of: ${group.join(", ")}` : "run devrites-engine --help for the list of commands",
  });
}

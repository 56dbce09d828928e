// argv → (command, options, positionals) with node:util parseArgs: the measured fastest
// parser (README, Performance). The command table drives it; errors are in our own words.
// A plain line (words and known `--name [value]` options) is read here without it, to the same
// result: loading and compiling parseArgs' module was a large part of a typical call's cost.

import { parseArgs } from "node:util";
import { BadInputError, UnknownCommandError, type ErrorDetails } from "../errors.js";
import type { CommandArgs } from "../commands/types.js";
import type { CommandDef, OptionDef } from "./command-def.js";
import { valueName } from "./command-rules.js";
import { allCommands, commandsOf, findCommand, GLOBAL_OPTIONS } from "./command-table.js";
import { closest } from "./suggest.js";

interface ParsedCommandLine {
  def: CommandDef | undefined;
  /** Command words as typed (`["state", "resolve"]`), also when they name no command. */
  words: string[];
  args: CommandArgs;
  help: boolean;
  version: boolean;
  json: boolean;
}

/** The callback flags of the completion scripts (commands/completion/completion.ts); older scripts use the second. */
export const COMPLETION_FLAGS = ["--get-completions", "--get-yargs-completions"] as const;

/** The value's name: `--batch FILE`, as the row names it. */
export function placeholder(def: CommandDef | undefined, name: string): string {
  return valueName(name, def?.options[name] ?? GLOBAL_OPTIONS[name]);
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
    if (collecting && commandsOf(words[0] ?? a).some((c) => isPrefix([...words, a], c.words))) {
      words.push(a);
      continue;
    }
    if (collecting && !commandsOf(words[0] ?? a).some((c) => c.words.length === words.length && isPrefix(c.words, words))) {
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
 * Whether `--json` asks for JSON output. A row may declare its own `--json` that takes a value
 * (`parallel lease-write --json FILE`, the Go engine's spelling the pack calls verbatim): on
 * that command `--json` names the input, and the output is text.
 */
export function jsonOutput(def: CommandDef | undefined, argv: readonly string[]): boolean {
  if (def?.options.json?.type === "string") return false;
  const dashDash = argv.indexOf("--");
  return (dashDash < 0 ? argv : argv.slice(0, dashDash)).includes("--json");
}

/** jsonOutput before the command line is parsed (main's first look, so an option error prints as the output will). */
export function jsonOutputAsked(argv: readonly string[]): boolean {
  // The command is looked up only when `--json` is there: most calls pay nothing for it.
  return jsonOutput(undefined, argv) && jsonOutput(findCommand(splitWords(argv).words), argv);
}

/**
 * What parseArgs (strict, positionals allowed) returns for a command line made only of words
 * that do not start with `-` and of `--name` options the row knows, each named once (a string
 * option followed by its value, which does not start with `-` either); undefined for anything
 * else (`--`, `-x`, `--name=value`, an unknown or repeated option, a `multiple` one), which
 * parseArgs reads. The typical call is such a line: it then loads none of parseArgs' module.
 */
function plainCommandLine(rest: readonly string[], options: Record<string, OptionDef>): Pick<ReturnType<typeof parseArgs>, "values" | "positionals"> | undefined {
  const values: ReturnType<typeof parseArgs>["values"] = Object.create(null);
  const positionals: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (!a.startsWith("-")) {
      positionals.push(a);
      continue;
    }
    const name = a.slice(2);
    const o = Object.hasOwn(options, name) ? options[name]! : undefined;
    if (!a.startsWith("--") || o === undefined || o.multiple === true || Object.hasOwn(values, name)) return undefined;
    if (o.type === "boolean") {
      values[name] = true;
      continue;
    }
    const value = rest[i + 1];
    if (value === undefined || value.startsWith("-")) return undefined;
    values[name] = value;
    i++;
  }
  return { values, positionals };
}

/**
 * Parse a command line.
 * @throws UnknownCommandError (exit 2) for an unknown command; BadInputError (exit 5) for bad options.
 */
export function parseCommandLine(argv: readonly string[]): ParsedCommandLine {
  const { words, rest } = splitWords(argv);
  const def = findCommand(words);
  const dashDash = argv.indexOf("--");
  const before = dashDash < 0 ? argv : argv.slice(0, dashDash);
  const help = before.includes("--help") || before.includes("-h");
  const version = before.includes("--version") || before.includes("-V") || before.includes("-v");
  const json = jsonOutput(def, argv);
  if (!def) {
    return { def, words, args: { positionals: [], options: {} }, help, version, json };
  }
  // A pack call this engine does not provide: its arguments are the Go engine's, never
  // parsed here (an unknown option must not hide the answer that says what to call instead).
  if (def.notProvided) return { def, words, args: { positionals: rest, options: {} }, help, version, json };
  const options = { ...GLOBAL_OPTIONS, ...def.options };
  let parsed: Pick<ReturnType<typeof parseArgs>, "values" | "positionals"> | undefined = plainCommandLine(rest, options);
  try {
    parsed ??= parseArgs({ args: rest, options: toParseArgsOptions(options), allowPositionals: true, strict: true });
  } catch (e) {
    if (help || version) return { def, words, args: { positionals: [], options: {} }, help, version, json };
    throw optionError(def, rest, e);
  }
  return { def, words, args: { positionals: parsed.positionals, options: parsed.values as CommandArgs["options"] }, help, version, json };
}

/**
 * A bad option in our own words (parseArgs' text names its own API): which option, what is
 * wrong with it, and the nearest known option for a typo.
 */
function optionError(def: CommandDef, rest: readonly string[], parseArgsError: unknown): BadInputError {
  // parseArgs' own error stays the cause, for DEVRITES_DEBUG.
  const refuse = (message: string, details: ErrorDetails) => new BadInputError(message, { ...details, cause: parseArgsError });
  const options: Record<string, OptionDef> = { ...GLOBAL_OPTIONS, ...def.options };
  const shorts = new Map(Object.entries(options).flatMap(([n, o]) => (o.short ? [[o.short, n] as const] : [])));
  const cmd = def.words.join(" ");
  const usage = `usage: ${def.usage}`;
  // Only resolve takes free-text answers: other commands' hints are just their usage.
  const answerNote = def.words[def.words.length - 1] === "resolve" ? "  (an answer starting with '-' goes after --)" : "";
  const end = rest.indexOf("--");
  const args = end < 0 ? rest : rest.slice(0, end);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith("-") || a === "-") continue;
    if (!a.startsWith("--")) {
      const bad = [...a.slice(1)].find((ch) => !shorts.has(ch));
      if (bad === undefined) continue;
      return refuse(`${cmd}: unknown option -${bad}`, { hint: `${usage}${answerNote}` });
    }
    const eq = a.indexOf("=");
    const name = a.slice(2, eq < 0 ? undefined : eq);
    const o = options[name];
    if (!o) {
      const near = closest(name, Object.keys(options)).map((n) => `--${n}`);
      const hint = `${near.length > 0 ? `did you mean ${near.join(" or ")}? ` : ""}${usage}${answerNote}`;
      return refuse(`${cmd}: unknown option --${name}`, { hint });
    }
    const value = placeholder(def, name);
    if (o.type === "boolean" && eq >= 0) return refuse(`${cmd}: --${name} takes no value (got ${JSON.stringify(a.slice(eq + 1))})`, { hint: usage });
    if (o.type === "string" && eq < 0) {
      const next = args[i + 1];
      if (next === undefined) return refuse(`${cmd}: --${name} needs a value (${value})`, { hint: usage });
      if (next.startsWith("-")) {
        return refuse(`${cmd}: --${name} needs a value (${value}), but ${JSON.stringify(next)} after it looks like an option`, {
          hint: `if ${JSON.stringify(next)} is the value, write it as --${name}=${next}`,
        });
      }
      i++;
    }
  }
  // Not one of the cases above (a parseArgs we do not know yet): its own first sentence.
  return refuse(`${cmd}: ${String((parseArgsError as Error | undefined)?.message ?? parseArgsError).split(/\.\s/)[0]}`, { hint: `${usage}${answerNote}` });
}

/** The error for a command line that names no command. */
export function unknownCommand(words: readonly string[]): UnknownCommandError {
  if (words.length === 0) {
    return new UnknownCommandError("no command given", { hint: "run devrites-engine --help for the list of commands" });
  }
  // The word that went wrong, against the words that could stand there.
  const known = words.slice(0, -1);
  const typo = words[words.length - 1]!;
  const offered = allCommands().filter((c) => !c.notProvided);
  const here = [...new Set(offered.filter((c) => c.words.length > known.length && isPrefix(known, c.words)).map((c) => c.words[known.length]!))];
  const near = closest(typo, here).map((w) => [...known, w].join(" "));
  if (near.length > 0) {
    return new UnknownCommandError(`unknown command: ${words.join(" ")}`, { hint: `did you mean ${near.map((n) => `devrites-engine ${n}`).join(" or ")}?` });
  }
  const group = offered.filter((c) => isPrefix(words.slice(0, 1), c.words)).map((c) => c.words.join(" "));
  return new UnknownCommandError(`unknown command: ${words.join(" ")}`, {
    hint: group.length > 0 ? `did you mean one of: ${group.join(", ")}` : "run devrites-engine --help for the list of commands",
  });
}

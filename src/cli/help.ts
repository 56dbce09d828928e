// Help text rendered from the command table: the overview, a command's help (named
// placeholders, examples) and a group's help (`state --help`).

import { COMMANDS, GLOBAL_OPTIONS, type CommandDef, type OptionDef } from "./command-table.js";
import { EXAMPLES, GROUPS } from "./help-examples.js";
import { placeholder } from "./argv.js";

function optionLines(def: CommandDef | undefined, options: Record<string, OptionDef>): string[] {
  return Object.entries(options).map(([name, o]) => {
    const short = name === "version" ? "-v, -V, " : o.short ? `-${o.short}, ` : "";
    const flag = `${short}--${name}${o.type === "string" ? ` ${placeholder(def, name)}` : ""}${o.multiple ? " …" : ""}`;
    return `  ${flag.padEnd(26)} ${o.describe}`;
  });
}

const isPrefix = (prefix: readonly string[], words: readonly string[]) => prefix.length <= words.length && prefix.every((w, i) => words[i] === w);

/** The commands one word below `words` (`questions` → `questions show`). */
function subcommands(words: readonly string[]): CommandDef[] {
  return COMMANDS.filter((c) => c.words.length === words.length + 1 && isPrefix(words, c.words) && !c.notProvided);
}

/** True when `words` name a group of commands but no command (`state`, `budget`). */
export function isGroup(words: readonly string[]): boolean {
  return words.length > 0 && !COMMANDS.some((c) => c.words.length === words.length && isPrefix(c.words, words)) && COMMANDS.some((c) => isPrefix(words, c.words));
}

/** `text` broken at spaces into lines of at most `width` characters. */
function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  if (line !== "") lines.push(line);
  return lines;
}

function examplesOf(words: readonly string[]): string[] {
  const ex = EXAMPLES[words.join(" ")] ?? [];
  return ex.length > 0 ? ["Examples:", ...ex.map((e) => `  ${e}`), ""] : [];
}

/** Help for one command, or the overview when `def` is undefined. */
export function helpText(def: CommandDef | undefined, version: string): string {
  if (def) {
    const subs = subcommands(def.words);
    return [
      `usage: ${def.usage}`,
      "",
      def.describe,
      "",
      ...(Object.keys(def.options).length > 0 ? ["Options:", ...optionLines(def, def.options), ""] : []),
      "Global options:",
      ...optionLines(def, GLOBAL_OPTIONS),
      "",
      ...examplesOf(def.words),
      ...(subs.length > 0 ? ["Subcommands:", ...subs.map((c) => `  ${c.words.join(" ").padEnd(24)} ${c.describe}`), ""] : []),
    ].join("\n");
  }
  return [
    `devrites-engine ${version} — the single writer of a DevRites workspace`,
    "",
    "usage: devrites-engine <command> [subcommand] [arguments] [options]",
    "",
    "Commands:",
    ...COMMANDS.filter((c) => c.deprecatedFor === undefined && !c.notProvided).map((c) => `  ${c.words.join(" ").padEnd(24)} ${c.describe}`),
    "",
    "DevRites pack calls this engine does not provide (each says what to call instead):",
    ...wrapWords(COMMANDS.filter((c) => c.notProvided).map((c) => c.words.join(" ")).join(", "), 76).map((l) => `  ${l}`),
    "",
    "Global options:",
    ...optionLines(undefined, GLOBAL_OPTIONS),
    "",
    "Examples:",
    "  devrites-engine status",
    "  devrites-engine questions show q-2026-07-20-001",
    "  devrites-engine state resolve q-2026-07-20-001 --option 1 --human",
    "",
    "Run devrites-engine help <command> (or <command> --help) for a command's options and examples.",
    "",
  ].join("\n");
}

/** Help for a group of commands: each subcommand with what it does. */
export function groupHelpText(words: readonly string[]): string {
  const name = words.join(" ");
  const members = COMMANDS.filter((c) => isPrefix(words, c.words) && !c.notProvided);
  return [
    `devrites-engine ${name} — ${GROUPS[name] ?? `the ${name} commands`}`,
    "",
    `usage: devrites-engine ${name} <subcommand> [arguments] [options]`,
    "",
    "Subcommands:",
    ...members.map((c) => `  ${c.words.join(" ").padEnd(24)} ${c.describe}`),
    "",
    `Run devrites-engine help ${name} <subcommand> (or ${name} <subcommand> --help) for its options and examples.`,
    "",
  ].join("\n");
}

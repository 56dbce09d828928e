// Help text rendered from the command table: the overview, a command's help (named
// placeholders, examples) and a group's help (`state --help`).

import { allCommands, commandsOf, GLOBAL_OPTIONS } from "./command-table.js";
import type { CommandDef, OptionDef } from "./command-def.js";
import { placeholder } from "./argv.js";
import { exampleLines, paragraph, row, usageLines } from "./help-layout.js";

/** A line for each command group (`state`, `budget`, `question`), for `<group> --help`. */
const GROUPS: Record<string, string> = {
  state: "change the run: answer questions, pause and resume, merge release manifests, close a workspace",
  observe: "read one part of a workspace: its summary, one slice of tasks.md",
  budget: "the AFK budget: what is left, may a slice be dispatched, charge or seed the counter; a person grants more",
  question: "raise a question",
};

function optionLines(def: CommandDef | undefined, options: Record<string, OptionDef>): string[] {
  return Object.entries(options).map(([name, o]) => {
    const short = name === "version" ? "-v, -V, " : o.short ? `-${o.short}, ` : "";
    const flag = `${short}--${name}${o.type === "string" ? ` ${placeholder(def, name)}` : ""}${o.multiple ? " …" : ""}`;
    return row(flag, 29, o.describe);
  }).flat();
}

const isPrefix = (prefix: readonly string[], words: readonly string[]) => prefix.length <= words.length && prefix.every((w, i) => words[i] === w);

/** The commands one word below `words` (`questions` → `questions show`). */
function subcommands(words: readonly string[]): CommandDef[] {
  return commandsOf(words[0] ?? "").filter((c) => c.words.length === words.length + 1 && isPrefix(words, c.words) && !c.notProvided);
}

/** True when `words` name a group of commands but no command (`state`, `budget`). */
export function isGroup(words: readonly string[]): boolean {
  if (words.length === 0) return false;
  const family = commandsOf(words[0]!);
  return !family.some((c) => c.words.length === words.length && isPrefix(c.words, words)) && family.some((c) => isPrefix(words, c.words));
}

function examplesOf(def: CommandDef): string[] {
  return def.examples.length > 0 ? ["Examples:", ...def.examples.flatMap(exampleLines), ""] : [];
}

/** Help for one command, or the overview when `def` is undefined. */
export function helpText(def: CommandDef | undefined, version: string): string {
  if (def) {
    const subs = subcommands(def.words);
    return [
      ...usageLines(def.usage),
      "",
      ...paragraph(def.describe),
      "",
      ...(Object.keys(def.options).length > 0 ? ["Options:", ...optionLines(def, def.options), ""] : []),
      "Global options:",
      ...optionLines(def, GLOBAL_OPTIONS),
      "",
      ...examplesOf(def),
      ...(subs.length > 0 ? ["Subcommands:", ...subs.flatMap((c) => row(c.words.join(" "), 27, c.describe)), ""] : []),
    ].join("\n");
  }
  return [
    `devrites-engine ${version} — the single writer of a DevRites workspace`,
    "",
    "usage: devrites-engine <command> [subcommand] [arguments] [options]",
    "",
    "Commands:",
    ...allCommands().filter((c) => c.deprecatedFor === undefined && !c.notProvided).flatMap((c) => row(c.words.join(" "), 27, c.describe)),
    "",
    "Pack calls this engine does not provide (each says what to call instead):",
    ...paragraph(allCommands().filter((c) => c.notProvided).map((c) => c.words.join(" ")).join(", ")),
    "",
    "Global options:",
    ...optionLines(undefined, GLOBAL_OPTIONS),
    "",
    "Examples:",
    "  devrites-engine status",
    "  devrites-engine questions show q-2026-07-20-001",
    "  devrites-engine state resolve q-2026-07-20-001 --option 1 --human",
    "",
    ...paragraph("Run devrites-engine help <command> (or <command> --help) for a command's options and examples."),
    "",
  ].join("\n");
}

/** Help for a group of commands: each subcommand with what it does. */
export function groupHelpText(words: readonly string[]): string {
  const name = words.join(" ");
  const members = commandsOf(words[0] ?? "").filter((c) => isPrefix(words, c.words) && !c.notProvided);
  return [
    ...paragraph(`devrites-engine ${name} — ${GROUPS[name] ?? `the ${name} commands`}`),
    "",
    `usage: devrites-engine ${name} <subcommand> [arguments] [options]`,
    "",
    "Subcommands:",
    ...members.flatMap((c) => row(c.words.join(" "), 27, c.describe)),
    "",
    ...paragraph(`Run devrites-engine help ${name} <subcommand> (or ${name} <subcommand> --help) for its options and examples.`),
    "",
  ].join("\n");
}

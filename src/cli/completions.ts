// What the shell's TAB offers: the completion script (`devrites-engine completion`) calls
// `devrites-engine --get-completions <words…>`, and this answers from the command table.
// Values (question ids, gates, reason codes, slugs) come from `values` (completion-values.ts).
// (yargs answered it before, but it mixed up a subcommand with a top-level command of the
// same name: `budget check --<TAB>` offered the options of `check`, which has none.)

import type { OptionDef } from "./command-def.js";

interface CompletionCommand {
  words: readonly string[];
  options: Record<string, Pick<OptionDef, "type">>;
  /** Deprecated spellings are accepted but never offered. */
  deprecatedFor?: string;
  /** Nor are the pack calls this engine does not provide. */
  notProvided?: true;
}

/** Values to offer where the command line expects one (question ids, gates, reason codes…). */
export interface CompletionValues {
  /** For `--<option> <TAB>` of `command` (undefined before a command is named). */
  option(command: readonly string[] | undefined, option: string): string[];
  /** For a positional argument of `command` (`state resolve <TAB>`). */
  positional(command: readonly string[]): string[];
}

const NO_VALUES: CompletionValues = { option: () => [], positional: () => [] };

/**
 * Completions for a partial command line: `words` as the shell passes them, the program name
 * first and the word being completed last. After a dash, the options of the command named so
 * far and the global ones; otherwise the next command words; nothing where a value is expected
 * (the shell then completes file names).
 */
export function completionsFor(
  all: readonly CompletionCommand[],
  globals: Record<string, Pick<OptionDef, "type">>,
  words: readonly string[],
  values: CompletionValues = NO_VALUES,
): string[] {
  const commands = all.filter((c) => c.deprecatedFor === undefined && !c.notProvided);
  const typed = words.slice(1);
  const current = typed.length > 0 ? typed[typed.length - 1]! : "";
  const before = typed.slice(0, -1);
  const previous = before[before.length - 1];
  // The command words typed so far: the leading words that are not options or their values.
  const path: string[] = [];
  let positional = false;
  for (let i = 0; i < before.length && !positional; i++) {
    const w = before[i]!;
    if (w.startsWith("-")) {
      if (!w.includes("=") && globals[w.slice(2)]?.type === "string") i++;
      continue;
    }
    if (commands.some((c) => c.words.length > path.length && path.every((p, k) => c.words[k] === p) && c.words[path.length] === w)) path.push(w);
    else positional = true;
  }
  const command = commands.find((c) => c.words.length === path.length && path.every((p, k) => c.words[k] === p));
  // A word that names no command: an argument of the command named so far, or a typo.
  if (positional && !command) return [];
  const options = { ...globals, ...command?.options };
  if (previous?.startsWith("--") && options[previous.slice(2)]?.type === "string") return values.option(command?.words, previous.slice(2));
  if (current.startsWith("-")) return Object.keys(options).map((o) => `--${o}`);
  if (positional) return [];
  // A command without subcommands: its first argument.
  if (command && !commands.some((c) => c.words.length > path.length && path.every((p, k) => c.words[k] === p))) return values.positional(command.words);
  const next = new Set<string>();
  for (const c of commands) {
    if (c.words.length > path.length && path.every((p, k) => c.words[k] === p)) next.add(c.words[path.length]!);
  }
  return [...next];
}

// Adapter over yargs for the shell completion script: builds a yargs parser from the engine's
// command table (passed in) and renders yargs' bash/zsh template, which calls back with
// `--get-yargs-completions` (answered by src/cli/completions.ts). Loaded lazily by
// `completion` only; the hot path parses with node:util.

import yargs from "yargs";
import type { Argv } from "yargs";

export interface CompletionCommand {
  words: string[];
  describe: string;
  options: Record<string, { type: "string" | "boolean"; describe: string }>;
}

function build(commands: readonly CompletionCommand[], args: string[]): Argv {
  const y = yargs(args).scriptName("devrites-engine").help(false).version(false).exitProcess(false).strict(false);
  const addLevel = (parser: Argv, prefix: string[]) => {
    const heads = new Map<string, CompletionCommand[]>();
    for (const c of commands) {
      if (c.words.length <= prefix.length || !prefix.every((w, i) => c.words[i] === w)) continue;
      const head = c.words[prefix.length]!;
      heads.set(head, [...(heads.get(head) ?? []), c]);
    }
    for (const [head, group] of heads) {
      const exact = group.find((c) => c.words.length === prefix.length + 1);
      parser.command(head, exact?.describe ?? `${[...prefix, head].join(" ")} commands`, (sub: Argv) => {
        if (exact) for (const [name, o] of Object.entries(exact.options)) sub.option(name, { type: o.type, describe: o.describe });
        addLevel(sub, [...prefix, head]);
        return sub;
      });
    }
  };
  addLevel(y, []);
  for (const name of ["root", "workspace"]) y.option(name, { type: "string" });
  y.option("json", { type: "boolean" });
  return y;
}

/** Run `fn` with console.log captured (yargs prints scripts and completions through it). */
async function captureLog(fn: () => unknown): Promise<string> {
  const out: string[] = [];
  const original = console.log;
  console.log = (...parts: unknown[]) => void out.push(parts.map(String).join(" "));
  try {
    await fn();
  } finally {
    console.log = original;
  }
  return out.join("\n");
}

/** The bash/zsh completion script (yargs' template) for `devrites-engine`. */
export function completionScript(commands: readonly CompletionCommand[]): Promise<string> {
  const y = build(commands, []).completion("completion", false);
  // The typings omit showCompletionScript's ($0, cmd) parameters.
  return captureLog(() => (y as unknown as { showCompletionScript(bin: string, cmd: string): void }).showCompletionScript("devrites-engine", "completion"));
}

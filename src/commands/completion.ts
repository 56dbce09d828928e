// `completion`: print the shell completion script. yargs renders it (and answers the
// shell's `--get-yargs-completions` calls, see cli/main.ts); it is loaded only here.

import { BadInputError } from "../errors.js";
import type { CompletionCommand } from "../vendor/yargs-completion.js";
import type { CommandArgs, CommandContext, Outcome } from "./types.js";

/** Build the completion command over a command list (the CLI passes its table). */
export function makeCompletion(commands: () => readonly CompletionCommand[]) {
  return async function completion(_ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
    if (args.positionals.length > 0) throw new BadInputError("completion takes no arguments", { hint: "devrites-engine completion >> ~/.bashrc" });
    const { completionScript } = await import("../vendor/yargs-completion.js");
    const script = await completionScript(commands());
    return { exit: 0, lines: [script], data: { script } };
  };
}

// `completion`: print the shell completion script (bash, or zsh when $SHELL is zsh). The
// script calls back with `--get-completions`, which cli/main.ts hands to cli/completions.ts,
// answering from the command table.

import { BadInputError } from "../errors.js";
import { completionScript, shellOf } from "../cli/completion-script.js";
import type { CommandArgs, CommandContext, Outcome } from "./types.js";

export async function completion(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  if (args.positionals.length > 0) throw new BadInputError("completion takes no arguments", { hint: "devrites-engine completion >> ~/.bashrc (zsh: >> ~/.zshrc)" });
  const shell = shellOf(ctx.io.env.SHELL);
  const script = completionScript(shell);
  return { exit: 0, lines: [script], data: { shell, script } };
}

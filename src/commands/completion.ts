// `completion`: print the shell completion script (bash, or zsh when $SHELL is zsh). Each script
// calls back with `devrites-engine --get-completions <words…>`, which cli/main.ts hands to
// cli/completions.ts, answering from the command table. Plain text: the shells do the rest.

import type { CommandArgs, CommandContext, Outcome } from "./types.js";

type CompletionShell = "bash" | "zsh";

/** zsh when the user's login shell is zsh, else bash (the script is appended to its rc file). */
function shellOf(shellEnv: string | undefined): CompletionShell {
  return /(^|\/)zsh$/.test(shellEnv ?? "") ? "zsh" : "bash";
}

const BASH = `###-begin-devrites-engine-completions-###
#
# devrites-engine command completion for bash
#
# Installation: devrites-engine completion >> ~/.bashrc
#
_devrites_engine_completions()
{
    local cur_word candidates
    cur_word="\${COMP_WORDS[COMP_CWORD]}"
    # The engine lists what fits here: commands, options, question ids, gates, reason codes.
    candidates=$(devrites-engine --get-completions "\${COMP_WORDS[@]:0:COMP_CWORD+1}" 2>/dev/null)
    COMPREPLY=( $(compgen -W "\${candidates}" -- "\${cur_word}") )
    return 0
}
# Where the engine offers nothing (a file argument), bash completes file names.
complete -o bashdefault -o default -F _devrites_engine_completions devrites-engine
###-end-devrites-engine-completions-###`;

const ZSH = `#compdef devrites-engine
###-begin-devrites-engine-completions-###
#
# devrites-engine command completion for zsh
#
# Installation: devrites-engine completion >> ~/.zshrc
#
_devrites_engine_completions()
{
  local reply
  local si=$IFS
  # The engine lists what fits here: commands, options, question ids, gates, reason codes.
  IFS=$'\\n' reply=($(devrites-engine --get-completions "\${(@)words[1,CURRENT]}" 2>/dev/null))
  IFS=$si
  if [[ \${#reply} -gt 0 ]]; then
    _describe 'values' reply
  else
    _files
  fi
}
compdef _devrites_engine_completions devrites-engine
###-end-devrites-engine-completions-###`;

export async function completion(ctx: CommandContext, _args: CommandArgs): Promise<Outcome> {
  const shell = shellOf(ctx.io.env.SHELL);
  const script = shell === "zsh" ? ZSH : BASH;
  return { exit: 0, lines: [script], data: { shell, script } };
}

// `completion`: print the shell completion script (bash, or zsh when $SHELL is zsh). Each script
// calls back with `devrites-engine --get-completions <words…>`, which cli/main.ts hands to
// cli/completions.ts, answering from the command table. Plain text: the shells do the rest.

import type { CommandArgs, CommandContext, Outcome } from "../types.js";

type CompletionShell = "bash" | "zsh";

/** zsh when the user's login shell is zsh, else bash (the script is appended to its rc file). */
function shellOf(shellEnv: string | undefined): CompletionShell {
  return /(^|\/)zsh$/.test(shellEnv ?? "") ? "zsh" : "bash";
}

// Both scripts offer what the engine prints only as literal words: never through `compgen -W`
// or `eval` (which would run a `$(…)` from a question id someone committed), and only words of
// the plain set printed commands use (src/shell-word.ts), so no value can become shell syntax
// when it is inserted. The engine itself offers only ids and slugs of their grammar
// (cli/completion-values.ts): two locks on one door.
// `npx devrites-engine …` (a project-local install) completes too: the script then calls the
// project's node_modules/.bin/devrites-engine, found from the working directory up as npx finds
// it, and registers for npx only when npx has no completion of its own.

const BASH = `###-begin-devrites-engine-completions-###
#
# devrites-engine command completion for bash
#
# Installation: devrites-engine completion >> ~/.bashrc
#
_devrites_engine_completions()
{
    local word bin=devrites-engine dir=$PWD plain='^[A-Za-z0-9._/:@-]+$'
    local -a line=("\${COMP_WORDS[@]:0:COMP_CWORD+1}")
    COMPREPLY=()
    if [[ \${line[0]##*/} == npx ]]; then
        [[ \${#line[@]} -gt 2 && \${line[1]} == devrites-engine ]] || return 0
        line=("\${line[@]:1}")
        while [[ -n $dir ]]; do
            if [[ -x $dir/node_modules/.bin/devrites-engine ]]; then bin=$dir/node_modules/.bin/devrites-engine; break; fi
            dir=\${dir%/*}
        done
    fi
    # The engine lists what fits here, one a line: commands, options, question ids, gates, reason codes.
    while IFS= read -r word; do
        [[ $word =~ $plain && $word == "\${line[\${#line[@]}-1]}"* ]] && COMPREPLY+=("$word")
    done < <("$bin" --get-completions "\${line[@]}" 2>/dev/null)
    return 0
}
# Where the engine offers nothing (a file argument), bash completes file names.
complete -o bashdefault -o default -F _devrites_engine_completions devrites-engine
complete -p npx >/dev/null 2>&1 || complete -o bashdefault -o default -F _devrites_engine_completions npx
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
  local word bin=devrites-engine dir=$PWD
  local -a line reply offered
  line=("\${(@)words[1,CURRENT]}")
  if [[ \${line[1]:t} == npx ]]; then
    if (( CURRENT <= 2 )) || [[ \${line[2]} != devrites-engine ]]; then _files; return; fi
    line=("\${(@)line[2,-1]}")
    while [[ -n $dir ]]; do
      if [[ -x $dir/node_modules/.bin/devrites-engine ]]; then bin=$dir/node_modules/.bin/devrites-engine; break; fi
      dir=\${dir%/*}
    done
  fi
  # The engine lists what fits here, one a line: commands, options, question ids, gates, reason codes.
  reply=("\${(@f)$("$bin" --get-completions "\${(@)line}" 2>/dev/null)}")
  for word in "\${(@)reply}"; do
    [[ $word =~ '^[A-Za-z0-9._/:@-]+$' ]] && offered+=("$word")
  done
  if (( \${#offered} > 0 )); then
    compadd -- "\${(@)offered}"
  else
    _files
  fi
}
compdef _devrites_engine_completions devrites-engine
(( \${+_comps[npx]} )) || compdef _devrites_engine_completions npx
###-end-devrites-engine-completions-###`;

export async function completion(ctx: CommandContext, _args: CommandArgs): Promise<Outcome> {
  const shell = shellOf(ctx.io.env.SHELL);
  const script = shell === "zsh" ? ZSH : BASH;
  return { exit: 0, lines: [script], data: { shell, script } };
}

// Every command the CLI knows: its words, usage, options and runner. argv.ts parses with
// it, help.ts renders help from it, completion.ts feeds it to yargs.

import type { CommandRun } from "../commands/types.js";
import { init } from "../commands/init.js";
import { stateResolve, RESOLVE_USAGE } from "../commands/state-resolve.js";

export interface OptionDef {
  type: "string" | "boolean";
  multiple?: boolean;
  short?: string;
  describe: string;
}

export interface CommandDef {
  words: string[];
  usage: string;
  describe: string;
  options: Record<string, OptionDef>;
  run: CommandRun;
}

export const GLOBAL_OPTIONS: Record<string, OptionDef> = {
  root: { type: "string", describe: "project directory or its .devrites directory (env DEVRITES_ROOT)" },
  workspace: { type: "string", describe: "workspace slug instead of ACTIVE (env DEVRITES_WORKSPACE)" },
  json: { type: "boolean", describe: "print one JSON object on stdout (errors too)" },
  help: { type: "boolean", short: "h", describe: "show help" },
  version: { type: "boolean", describe: "show the engine version" },
};

export const COMMANDS: CommandDef[] = [
  {
    words: ["init"],
    usage: "devrites-engine init <slug> [--title TEXT] [--continues PARENT [--release]] [--no-activate]",
    describe: "create .devrites/work/<slug>/ from the templates and make it active",
    options: {
      title: { type: "string", describe: "title used in the files' headings (default: the slug)" },
      "no-activate": { type: "boolean", describe: "do not write ACTIVE" },
    },
    run: init,
  },
  {
    words: ["state", "resolve"],
    usage: RESOLVE_USAGE.replace(/^usage: /, ""),
    describe: "answer or drop a question (or a batch of them); clears state.md when the awaited question is resolved",
    options: {
      human: { type: "boolean", describe: "record answered_by: human" },
      "record-decision": { type: "boolean", describe: "also append the next DEC entry to decisions.md" },
      option: { type: "string", describe: "answer with option N's text" },
      proposed: { type: "boolean", describe: "answer with the proposed: value" },
      drop: { type: "boolean", describe: "drop the question (reason defaults to 'dropped')" },
      batch: { type: "string", describe: "resolve every entry of FILE, all or nothing" },
      "dry-run": { type: "boolean", describe: "with --batch: check and print, write nothing" },
      interactive: { type: "boolean", describe: "choose a question and an answer at prompts (also from a pipe)" },
    },
    run: stateResolve,
  },
];

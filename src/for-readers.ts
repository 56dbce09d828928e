// `--human` records an answer (or a budget grant) as a person's own. The engine suggests it to
// a person only: text printed for a terminal carries it; nothing an agent reads does (--json,
// and MCP, which runs the CLI with --json). Text naming such a command is built here, once per
// reader, and the CLI picks the rendering: errors' hints, check findings, budget stop advice.

/** The flag as a suggested command carries it, for a person. */
const AS_PERSON = " --human";

/** One text in two renderings: for a person at a terminal, and for an agent (no `--human`). */
export interface ForReaders {
  person: string;
  agent: string;
}

/**
 * Both renderings of a text that names commands a person runs as theirs: `flag` is ` --human`
 * for the person and empty for the agent. Write it where the flag goes:
 * `forReaders((h) => \`devrites-engine state resolve ${shellWord(qid)} "<answer>"${h}\`)`
 * (an id in a printed command always through shellWord: src/shell-word.ts).
 */
export function forReaders(render: (flag: string) => string): ForReaders {
  return { person: render(AS_PERSON), agent: render("") };
}

/** Two renderings that differ by more than the flag (advice only a person can follow). */
export function personOrAgent(person: string, agent: string): ForReaders {
  return { person, agent };
}

/** The rendering for this reader: `agent` under --json (and so over MCP). */
export function readerText(text: string | ForReaders, agent: boolean): string {
  return typeof text === "string" ? text : agent ? text.agent : text.person;
}

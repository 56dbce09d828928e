// Help text rendered from the command table (no yargs on this path: it costs start-up).

import { COMMANDS, GLOBAL_OPTIONS, type CommandDef, type OptionDef } from "./command-table.js";

function optionLines(options: Record<string, OptionDef>): string[] {
  return Object.entries(options).map(([name, o]) => {
    const flag = `${o.short ? `-${o.short}, ` : ""}--${name}${o.type === "string" ? " VALUE" : ""}`;
    return `  ${flag.padEnd(26)} ${o.describe}`;
  });
}

/** Help for one command, or the overview when `def` is undefined. */
export function helpText(def: CommandDef | undefined, version: string): string {
  if (def) {
    return [
      `usage: ${def.usage}`,
      "",
      def.describe,
      "",
      ...(Object.keys(def.options).length > 0 ? ["Options:", ...optionLines(def.options), ""] : []),
      "Global options:",
      ...optionLines(GLOBAL_OPTIONS),
      "",
    ].join("\n");
  }
  return [
    `devrites-engine ${version} — the single writer of a DevRites workspace`,
    "",
    "usage: devrites-engine <command> [subcommand] [arguments] [options]",
    "",
    "Commands:",
    ...COMMANDS.filter((c) => c.deprecatedFor === undefined).map((c) => `  ${c.words.join(" ").padEnd(24)} ${c.describe}`),
    "",
    "Global options:",
    ...optionLines(GLOBAL_OPTIONS),
    "",
    "Run devrites-engine <command> --help for a command's options. Exit codes: see the README.",
    "",
  ].join("\n");
}

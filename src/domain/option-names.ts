// How a message names one of a command's options. The command line says `--name`; a caller in
// process (the MCP tools) names its own input fields instead, so a domain message that names an
// option takes a namer from its command (commands/types.ts CommandContext.flag) and never
// spells `--` itself. Without one, the command line's names are used.

/**
 * `option`: the command's option name (`question`, `max-slices`). `placeholder`: the word the
 * command line writes for its value (`TEXT`, `N`); a tool's field states its type in its schema
 * instead, so a namer for fields leaves it out.
 */
export type { NameOption } from "../command-row.js";
import type { NameOption } from "../command-row.js";

/** The command line's names: `--question`, `--question TEXT`. */
export const cliOption: NameOption = (option, placeholder) => (placeholder === undefined ? `--${option}` : `--${option} ${placeholder}`);

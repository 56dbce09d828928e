// A required value option as a runner reads it. The row's `required` makes the CLI and MCP refuse
// a call without it before the runner starts (cli/command-rules.ts checkArguments, one wording:
// `<words> needs --name VALUE`), so a runner never restates that check; reaching one without the
// value is a bug in the caller, not bad input.

import type { CommandArgs } from "../command-row.js";

/** The text of the required value option `name`. */
export function requiredText(args: CommandArgs, name: string): string {
  const v = args.options[name];
  if (typeof v !== "string") throw new Error(`--${name} is required by its command's row and was not checked before the run`);
  return v;
}

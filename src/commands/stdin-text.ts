// Standard input as text for the commands that scan it (`secret-scan --stdin`,
// `check path-disjoint -`): read through the Io's line reader, so an embedder or a test that
// gives no input ends the read instead of waiting on a descriptor it does not own.

import { BadInputError } from "../errors.js";
import type { CommandContext } from "./types.js";

/** Every line of standard input joined with `\n`, at most `maxBytes`. @throws BadInputError past the cap or without a reader. */
export async function stdinText(ctx: CommandContext, maxBytes: number, what: string): Promise<string> {
  const read = ctx.io.readLine;
  if (read === undefined) throw new BadInputError(`${what}: standard input cannot be read here`, { hint: "pass a file instead" });
  const lines: string[] = [];
  let total = 0;
  for (let line = await read(); line !== undefined; line = await read()) {
    total += Buffer.byteLength(line) + 1;
    if (total > maxBytes) throw new BadInputError(`${what}: standard input is over the ${maxBytes / (1024 * 1024)} MiB cap`, { hint: "pass less input" });
    lines.push(line);
  }
  return lines.join("\n") + (lines.length > 0 ? "\n" : "");
}

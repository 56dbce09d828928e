// The JSON a `parallel` verb reads from the file `--json` names, or standard input for `-`
// (Go: readJSONInput in engine/internal/parallel/cli.go, which also refuses a path holding
// `..`). A read that fails is the verb's refusal, exit 3 `parallel <verb>: <why>`, as in Go.

import { RefusedError } from "../../errors.js";
import { readInputText as readCommandInput } from "../slice-input.js";
import type { CommandContext } from "../types.js";

/** The input's text. */
export async function readInputText(ctx: CommandContext, name: string, verb: string): Promise<string> {
  if (name !== "-" && name.includes("..")) throw new RefusedError("json path must not contain '..'", { prefix: `parallel ${verb}: `, hint: ctx.usage() });
  return readCommandInput(ctx, name, `parallel ${verb}: `);
}

/** The input parsed as JSON. */
export async function readJsonInput(ctx: CommandContext, name: string, verb: string): Promise<unknown> {
  const refuse = (why: string) => new RefusedError(why, { prefix: `parallel ${verb}: `, hint: ctx.usage() });
  const text = await readInputText(ctx, name, verb);
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw refuse(`invalid JSON in ${name === "-" ? "standard input" : name}: ${(e as Error).message}`);
  }
}

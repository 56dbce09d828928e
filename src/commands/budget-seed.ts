// PLACEHOLDER: replaced by the issue that implements this command.

import { InternalError } from "../errors.js";
import type { CommandArgs, CommandContext, Outcome } from "./types.js";

export async function budgetSeed(_ctx: CommandContext, _args: CommandArgs): Promise<Outcome> {
  throw new InternalError("budget-seed: not implemented yet");
}

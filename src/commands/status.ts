// PLACEHOLDER: replaced by the issue that implements this command.

import { InternalError } from "../errors.js";
import type { CommandArgs, CommandContext, Outcome } from "./types.js";

export async function status(_ctx: CommandContext, _args: CommandArgs): Promise<Outcome> {
  throw new InternalError("status: not implemented yet");
}

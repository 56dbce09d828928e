// state resolve's interactive mode, imported from the warm chunk (cli/warm-commands.ts) only
// when it runs: a person at prompts, never an agent's step, so no resolve compiles its code.

import type { interactiveResolve as InteractiveResolve } from "../commands/state-resolve-interactive.js";

export const interactiveResolve: typeof InteractiveResolve = async (...args) => (await import("./warm-commands.js")).interactiveResolve(...args);

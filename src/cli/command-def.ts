// The shape of a command table entry (command-table.ts; its contract is command-row.ts's), and
// lazy() and hotChunk(), the two ways an entry says that its command's file loads on first use
// instead of with the CLI's entry file.

import type { CommandSpec, OptionDef } from "../command-row.js";
import type { CommandRun } from "../commands/types.js";

export type { OptionDef } from "../command-row.js";

/** A command of the table: its contract (command-row.ts) and its runner. */
export interface CommandDef extends CommandSpec {
  run: CommandRun;
}

/**
 * A row as the table writes it: the usage line is derived from its positionals and options
 * (command-rules.ts usageLine), unless `usage` gives forms one line of options cannot say.
 */
export type CommandRow = Omit<CommandDef, "usage"> & { usage?: string };

export const str = (describe: string, more: Omit<OptionDef, "type" | "describe"> = {}): OptionDef => ({ type: "string", describe, ...more });
export const bool = (describe: string, more: Omit<OptionDef, "type" | "describe"> = {}): OptionDef => ({ type: "boolean", describe, ...more });

/** The runners lazy() made: how loadsLazily() tells them from the hot ones. */
const LAZY = new WeakSet<CommandRun>();

/**
 * A command whose file is imported the first time it runs. `load` must be a literal
 * `() => import("../commands/<file>.js")` for the bundler to see it; vite.config.ts then puts the
 * file in the lazily loaded commands chunk.
 */
export function lazy<M extends Record<K, CommandRun>, K extends string>(load: () => Promise<M>, name: K): CommandRun {
  const run: CommandRun = async (ctx, args) => (await load())[name](ctx, args);
  LAZY.add(run);
  return run;
}

/** The runners hotChunk() made. */
const HOT_CHUNK = new WeakSet<CommandRun>();

/**
 * A hot command (one with a start-up bar) that is not compiled with the entry: its file, and
 * what only the hotChunk() commands use, is the one small `hot` chunk, loaded when such a command
 * runs. `load` must be a literal `() => import("../commands/<file>.js")`, which is also how
 * vite.config.ts finds these commands in the table.
 */
export function hotChunk<M extends Record<K, CommandRun>, K extends string>(load: () => Promise<M>, name: K): CommandRun {
  const run: CommandRun = async (ctx, args) => (await load())[name](ctx, args);
  HOT_CHUNK.add(run);
  return run;
}

/** Whether `def`'s code loads from the chunk of every lazily loaded command (lazy), not with the entry or the hot chunk. */
export function loadsLazily(def: Pick<CommandDef, "run">): boolean {
  return LAZY.has(def.run);
}

/** Whether `def`'s code loads from the hot chunk (hotChunk()). */
export function loadsHotChunk(def: Pick<CommandDef, "run">): boolean {
  return HOT_CHUNK.has(def.run);
}

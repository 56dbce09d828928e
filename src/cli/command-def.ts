// The shape of a command table entry (command-table.ts), and lazy() and hotChunk(), the two ways
// an entry says that its command's file loads on first use instead of with the CLI's entry file.

import type { CommandRun } from "../commands/types.js";

export interface OptionDef {
  type: "string" | "boolean";
  multiple?: boolean;
  short?: string;
  describe: string;
}

export interface CommandDef {
  words: string[];
  usage: string;
  describe: string;
  /** Two or three command lines for its help, at least one starting `devrites-engine <words>`. */
  examples: string[];
  options: Record<string, OptionDef>;
  run: CommandRun;
  /** A deprecated spelling kept for older skill packs: the command it stands for (not in help). */
  deprecatedFor?: string;
  /**
   * A DevRites pack call outside the workspace writer's job: its arguments are not parsed, it
   * is not in help or completion, and it answers what to use instead (commands/not-provided.ts).
   */
  notProvided?: true;
}

export const str = (describe: string): OptionDef => ({ type: "string", describe });
export const bool = (describe: string): OptionDef => ({ type: "boolean", describe });

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

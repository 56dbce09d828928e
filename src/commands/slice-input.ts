// A command's input from a file or standard input (the parallel verbs' `--json` read it too),
// and the slices' path sets that `check path-disjoint` and `parallel select` read (Go:
// engine/internal/parallel/cli.go): a JSON file or standard input (`-`, the default), bad input
// refused as exit 3 with the command's own prefix; with --root (the global option: the project
// directory, or its .devrites), a path that is a symbolic link there is refused by the caller's rule.

import { basename, dirname, resolve } from "node:path";
import { BadInputError, RefusedError } from "../errors.js";
import { parseSlices, type SlicePaths } from "../domain/path-disjoint.js";
import { isProjectSymlink } from "../workspace/project-files.js";
import { readUserInput } from "../workspace/user-files.js";
import { stdinText } from "./stdin-text.js";
import type { CommandArgs, CommandContext } from "./types.js";

const MAX_INPUT_BYTES = 16 * 1024 * 1024;

export interface SliceInput {
  slices: SlicePaths[];
  /** Whether a path is a symbolic link in the project (undefined without --root). */
  isSymlink: ((path: string) => boolean) | undefined;
  /** The command's refusal (exit 3, `<prefix><why>`, the usage as hint). */
  blocked: (message: string) => RefusedError;
}

/**
 * The text of the file `name` (relative to the working directory) or of standard input for
 * `-`, capped; a read that fails is the command's refusal (exit 3, `<prefix><why>`, the usage as hint).
 */
export async function readInputText(ctx: CommandContext, name: string, prefix: string): Promise<string> {
  if (name === "") throw new BadInputError("the input's file name is empty: give a file, or - for standard input", { prefix, hint: ctx.usage() });
  try {
    return name === "-" ? await stdinText(ctx, MAX_INPUT_BYTES, "standard input") : readUserInput(ctx.io.cwd, name, MAX_INPUT_BYTES);
  } catch (e) {
    if (e instanceof BadInputError) throw new RefusedError(e.message, { prefix, hint: ctx.usage() });
    throw e;
  }
}

export async function readSliceInput(ctx: CommandContext, args: CommandArgs, prefix: string): Promise<SliceInput> {
  const blocked = (message: string) => new RefusedError(message, { prefix, hint: ctx.usage() });
  const text = await readInputText(ctx, args.positionals[0] ?? "-", prefix);
  const parsed = parseSlices(text);
  if ("problem" in parsed) throw blocked(parsed.problem);
  let root: string | undefined;
  if (ctx.rootOption !== undefined) {
    const r = resolve(ctx.io.cwd, ctx.rootOption);
    root = basename(r) === ".devrites" ? dirname(r) : r;
  }
  return { slices: parsed.slices, isSymlink: root === undefined ? undefined : (p) => isProjectSymlink(root, p), blocked };
}

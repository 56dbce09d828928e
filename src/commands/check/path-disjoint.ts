// `check path-disjoint [--root <dir>] [<json-file>|-]` (Go: runPathDisjoint in
// engine/internal/parallel/cli.go; usage in engine/help.go): the slices' path sets, from a
// JSON file or standard input, are pairwise disjoint — `path-disjoint: ok (<n> slices)`, exit
// 0 — or exit 3 `path-disjoint: <why>` on stderr. With --root (here the global option: the
// project directory), a path that is a symbolic link there is refused. Reads no workspace.

import { basename, dirname, resolve } from "node:path";
import { BadInputError, RefusedError } from "../../errors.js";
import { checkPathDisjoint, parseSlices } from "../../domain/path-disjoint.js";
import { isProjectSymlink } from "../../workspace/project-files.js";
import { readUserInput } from "../../workspace/user-files.js";
import { stdinText } from "../stdin-text.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

const MAX_INPUT_BYTES = 16 * 1024 * 1024;


export async function checkPathDisjointCommand(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const blocked = (message: string) => new RefusedError(message, { prefix: "path-disjoint: ", hint: ctx.usage() });
  const name = args.positionals[0] ?? "-";
  let text: string;
  try {
    text = name === "-" ? await stdinText(ctx, MAX_INPUT_BYTES, "standard input") : readUserInput(ctx.io.cwd, name, MAX_INPUT_BYTES);
  } catch (e) {
    if (e instanceof BadInputError) throw blocked(e.message);
    throw e;
  }
  const parsed = parseSlices(text);
  if ("problem" in parsed) throw blocked(parsed.problem);
  let root: string | undefined;
  if (ctx.rootOption !== undefined) {
    const r = resolve(ctx.io.cwd, ctx.rootOption);
    root = basename(r) === ".devrites" ? dirname(r) : r;
  }
  const result = checkPathDisjoint(parsed.slices, root === undefined ? undefined : (p) => isProjectSymlink(root!, p));
  if ("problem" in result) throw blocked(result.problem);
  return { exit: 0, lines: [`path-disjoint: ok (${result.ids.length} slices)`], data: { disjoint: true, slices: result.ids } };
}

// `check path-disjoint [--root <dir>] [<json-file>|-]` (Go: runPathDisjoint in
// engine/internal/parallel/cli.go; usage in engine/help.go): the slices' path sets, from a
// JSON file or standard input, are pairwise disjoint — `path-disjoint: ok (<n> slices)`, exit
// 0 — or exit 3 `path-disjoint: <why>` on stderr. With --root (here the global option: the
// project directory), a path that is a symbolic link there is refused. Reads no workspace.

import { checkPathDisjoint } from "../../domain/path-disjoint.js";
import { readSliceInput } from "../slice-input.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

export async function checkPathDisjointCommand(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const { slices, isSymlink, blocked } = await readSliceInput(ctx, args, "path-disjoint: ");
  const result = checkPathDisjoint(slices, isSymlink);
  if ("problem" in result) throw blocked(result.problem);
  return { exit: 0, lines: [`path-disjoint: ok (${result.ids.length} slices)`], data: { disjoint: true, slices: result.ids } };
}

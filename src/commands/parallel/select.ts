// `parallel select --cap N [<json-file>|-]` (Go: SelectGreedy and formatSelect in
// engine/internal/parallel/select.go, tested by select_test.go; called by
// rite-build/reference/parallel-batch.md step 1 and by /rite-autocomplete for every run, with
// or without --parallel): the ready slices' path sets, as `check path-disjoint` reads them,
// narrowed to the plan-order batch that may build at once. Prints `select: n_eff=<n>
// mode=none|serial|parallel slices=<ids>`, exit 0; bad input is exit 3 `parallel select:
// <why>`. With --root (the global option), a path that is a symbolic link there is refused.
// Reads no workspace and writes nothing.

import { basename, dirname, resolve } from "node:path";
import { BadInputError, RefusedError } from "../../errors.js";
import { parseSlices } from "../../domain/path-disjoint.js";
import { formatSelection, MAX_PARALLEL_SLICES, selectGreedy } from "../../domain/parallel-select.js";
import { isProjectSymlink } from "../../workspace/project-files.js";
import { readUserInput } from "../../workspace/user-files.js";
import { stdinText } from "../stdin-text.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

const MAX_INPUT_BYTES = 16 * 1024 * 1024;

export async function parallelSelect(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const f = ctx.flag;
  const capText = args.options.cap;
  if (typeof capText !== "string") throw new BadInputError(`parallel select needs ${f("cap", "N")} (the most slices to build at once)`, { hint: ctx.usage() });
  if (!/^\d{1,3}$/.test(capText.trim()) || Number(capText) < 1 || Number(capText) > MAX_PARALLEL_SLICES) {
    throw new BadInputError(`${f("cap")} must be 1-${MAX_PARALLEL_SLICES} (got ${JSON.stringify(capText)})`, { hint: ctx.usage() });
  }
  const cap = Number(capText);
  const blocked = (message: string) => new RefusedError(message, { prefix: "parallel select: ", hint: ctx.usage() });
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
  const result = selectGreedy(cap, parsed.slices, root === undefined ? undefined : (p) => isProjectSymlink(root!, p));
  if ("problem" in result) throw blocked(result.problem);
  const ids = result.selected.map((s) => s.id);
  const skipped = parsed.slices.map((s) => s.id).filter((id) => !ids.includes(id));
  return { exit: 0, lines: [formatSelection(result)], data: { n_eff: ids.length, mode: result.mode, slices: ids, cap, not_selected: skipped } };
}

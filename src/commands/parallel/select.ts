// `parallel select --cap N [<json-file>|-]` (Go: SelectGreedy and formatSelect in
// engine/internal/parallel/select.go, tested by select_test.go; called by
// rite-build/reference/parallel-batch.md step 1 and by /rite-autocomplete for every run, with
// or without --parallel): the ready slices' path sets, as `check path-disjoint` reads them,
// narrowed to the plan-order batch that may build at once. Prints `select: n_eff=<n>
// mode=none|serial|parallel slices=<ids>`, exit 0; bad input is exit 3 `parallel select:
// <why>`. With --root (the global option), a path that is a symbolic link there is refused.
// Reads no workspace and writes nothing.

import { BadInputError } from "../../errors.js";
import { formatSelection, MAX_PARALLEL_SLICES, selectGreedy } from "../../domain/parallel-select.js";
import { readSliceInput } from "../slice-input.js";
import { requiredText } from "../option-value.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

export async function parallelSelect(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const f = ctx.flag;
  const capText = requiredText(args, "cap");
  if (!/^\d{1,3}$/.test(capText.trim()) || Number(capText) < 1 || Number(capText) > MAX_PARALLEL_SLICES) {
    throw new BadInputError(`${f("cap")} must be 1-${MAX_PARALLEL_SLICES} (got ${JSON.stringify(capText)})`, { hint: ctx.usage() });
  }
  const cap = Number(capText);
  const { slices, isSymlink, blocked } = await readSliceInput(ctx, args, "parallel select: ");
  const result = selectGreedy(cap, slices, isSymlink);
  if ("problem" in result) throw blocked(result.problem);
  const ids = result.selected.map((s) => s.id);
  const skipped = slices.map((s) => s.id).filter((id) => !ids.includes(id));
  return { exit: 0, lines: [formatSelection(result)], data: { n_eff: ids.length, mode: result.mode, slices: ids, cap, not_selected: skipped } };
}

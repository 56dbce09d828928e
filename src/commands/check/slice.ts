// `check slice <slug> <SLICE-ID>` (Go: RunCheckSlice in engine/internal/lib/slicecheck.go;
// called by rite-build before a wright dispatch): exit 0 `check slice: <ID> ok (paths=<n>
// acs=<n>)`, exit 3 `check slice: <ID> BLOCKED` and one `  - <problem>` line each; a slice id
// that is not SLICE-### is exit 2, a slice tasks.md lacks exit 3. Reads tasks.md and spec.md only.

import { BadInputError, RefusedError } from "../../errors.js";
import { lintSlice, renderSlice } from "../../domain/slice-contract.js";
import { SLICE_ID, sliceSection } from "../../domain/task-graph.js";
import { readArtifact } from "../../workspace/artifacts.js";
import { READ_CAP_BYTES } from "../../workspace/disk.js";
import { openWorkspace } from "../../workspace/locate.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

export async function checkSlice(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const [slug, id] = args.positionals as [string, string];
  if (!SLICE_ID.test(id)) throw new BadInputError(`check slice: ${JSON.stringify(id)} is not a SLICE-### id`, { hint: ctx.usage() });
  const session = ctx.session(openWorkspace(ctx.root(), slug));
  session.recoverIfNeeded();
  const tasks = readArtifact(session.ws.dir, "tasks.md", READ_CAP_BYTES.workspaceFile);
  const blocked = (message: string, hint: string) => new RefusedError(`check slice: ${message}`, { prefix: "", hint, data: { workspace: slug, slice: id } });
  if (tasks.unreadable !== undefined) throw blocked(`tasks.md cannot be read (${tasks.unreadable})`, "fix tasks.md, then retry");
  if (tasks.bytes === undefined) throw blocked(`tasks.md missing in ${slug}`, "the plan phase writes tasks.md (/rite-define)");
  const found = sliceSection(tasks.bytes.toString("utf8"), id);
  if (found.lines === undefined) {
    throw blocked(`${id} not found in tasks.md`, found.ids.length > 0 ? `slices in tasks.md: ${found.ids.join(", ")}` : "tasks.md has no ## SLICE-… sections");
  }
  const spec = readArtifact(session.ws.dir, "spec.md", READ_CAP_BYTES.workspaceFile);
  const contract = lintSlice(found.lines, spec.bytes?.toString("utf8"));
  const ok = contract.problems.length === 0;
  return {
    exit: ok ? 0 : 3,
    lines: renderSlice(id, contract),
    data: { workspace: slug, slice: id, result: ok ? "ok" : "blocked", allowlist: contract.allowlist, acs: [...new Set(contract.acs)], problems: contract.problems },
  };
}

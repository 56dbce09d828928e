// `state close <slug>`: the DevRites pack's close-out (rite-ship step 6) — move
// `.devrites/work/<slug>` to `.devrites/archive/<slug>` and empty ACTIVE when it names the
// slug, with a `closed` event, as one transaction under the workspace lock and ACTIVE's
// (the move is an entry of the transaction journal: workspace/archive.ts, transaction.ts).
// Again on a closed workspace: exit 0, "already closed".

import { join, posix } from "node:path";
import { parseQuestions } from "../../documents/questions/parse-questions.js";
import { parseState } from "../../documents/state/parse-state.js";
import { assertClosable } from "../../domain/close-workspace.js";
import { assertSchema } from "../../domain/schema-gate.js";
import { assertArchivable, hasPendingClose } from "../../workspace/archive.js";
import { activeLine, locateAnyWorkspace, openWorkspace } from "../../workspace/locate.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

export async function stateClose(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const slug = args.positionals[0]!;
  const root = ctx.root();
  const found = locateAnyWorkspace(root, slug);
  // Neither live nor archived: the usual no-workspace answer (exit 2) with the slugs there are.
  if (!found) openWorkspace(root, slug);
  const display = posix.join("archive", slug);
  const session = ctx.session(found!.ws);
  if (found!.archived) {
    const finished = hasPendingClose(found!.ws.dir) ? session.finishClose() : undefined;
    const lines = [`state close: already closed: ${slug} is in ${display}${finished === undefined ? "" : `; finished its interrupted close${finished ? " and cleared ACTIVE" : ""}`}`];
    return { exit: 0, lines, data: { workspace: slug, archived: display, already_closed: true, active_cleared: finished === true } };
  }
  const activeCleared = session.mutate(
    () => {
      const state = parseState(session.read("state.md", true));
      assertSchema(state, slug);
      assertClosable(state, parseQuestions(session.read("questions.md", true)), slug);
      assertArchivable(session.ws);
      // Read under ACTIVE's lock: an init of another slug cannot set it between this look and the write.
      const clear = activeLine(root) === slug;
      const files = new Map<string, string>(clear ? [[join(root, "ACTIVE"), ""]] : []);
      return { changes: { files, events: [{ event: "closed", detail: { archived: display, active_cleared: clear } }], archive: true }, result: clear };
    },
    { active: true },
  );
  const tail = activeCleared ? "and cleared ACTIVE" : "(ACTIVE pointed elsewhere: left as-is)";
  return {
    exit: 0,
    lines: [`state close: archived ${slug} -> ${display} ${tail}`],
    data: { workspace: slug, archived: display, already_closed: false, active_cleared: activeCleared },
  };
}

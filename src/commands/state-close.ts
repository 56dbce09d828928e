// `state close <slug>`: the DevRites pack's close-out (rite-ship step 6) — move
// `.devrites/work/<slug>` to `.devrites/archive/<slug>` and empty ACTIVE when it names the
// slug, with a `closed` event, under the workspace lock and as one journaled step
// (workspace/archive.ts). Again on a closed workspace: exit 0, "already closed".

import { posix } from "node:path";
import { parseQuestions } from "../documents/questions/parse-questions.js";
import { parseState } from "../documents/state/parse-state.js";
import { assertClosable } from "../domain/close-workspace.js";
import { assertSchema } from "../domain/schema-gate.js";
import { archiveWorkspace, finishPendingClose } from "../workspace/archive.js";
import { renderEvents } from "../workspace/events.js";
import { locateAnyWorkspace, openWorkspace } from "../workspace/locate.js";
import { acquireLock, lockTimeoutMs } from "../workspace/lock.js";
import type { CommandArgs, CommandContext, Outcome } from "./types.js";

export async function stateClose(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const slug = args.positionals[0]!;
  const root = ctx.root();
  const found = locateAnyWorkspace(root, slug);
  // Neither live nor archived: the usual no-workspace answer (exit 2) with the slugs there are.
  if (!found) openWorkspace(root, slug);
  const display = posix.join("archive", slug);
  if (found!.archived) {
    const { io, now } = ctx;
    const lock = () => acquireLock(found!.ws.dir, { pid: io.pid, host: io.hostname, timeoutMs: lockTimeoutMs(io.env.DEVRITES_LOCK_TIMEOUT_MS), now: () => now });
    const finished = finishPendingClose(found!.ws, lock);
    const lines = [`state close: already closed: ${slug} is in ${display}${finished === undefined ? "" : `; finished its interrupted close${finished ? " and cleared ACTIVE" : ""}`}`];
    return { exit: 0, lines, data: { workspace: slug, archived: display, already_closed: true, active_cleared: finished === true } };
  }
  const session = ctx.session(found!.ws);
  const result = session.underLock((lock) => {
    const state = parseState(session.read("state.md", true));
    assertSchema(state, slug);
    assertClosable(state, parseQuestions(session.read("questions.md", true)), slug);
    return archiveWorkspace(session.ws, lock, (activeCleared) =>
      renderEvents([{ event: "closed", detail: { archived: display, active_cleared: activeCleared } }], ctx.now),
    );
  });
  const tail = result.activeCleared ? "and cleared ACTIVE" : "(ACTIVE pointed elsewhere: left as-is)";
  return {
    exit: 0,
    lines: [`state close: archived ${slug} -> ${display} ${tail}`],
    data: { workspace: slug, archived: display, already_closed: false, active_cleared: result.activeCleared },
  };
}

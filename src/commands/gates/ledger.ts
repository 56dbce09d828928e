// What the `gates` verbs share: the workspace their `<slug>` names, its gates.md (refused when
// missing, too large or a symlink), the approved commands of its test-plan.md, and the status
// report every verb but scaffold ends with. Contract: the Go engine's
// engine/internal/acceptance/cli.go (reportStatus, featurePaths, ReadLedgerFile in run.go).

import { RefusedError } from "../../errors.js";
import { type ApprovedCommand, approvedCommands } from "../../documents/gates-ledger/approved-commands.js";
import { allMet, reduceLedger } from "../../documents/gates-ledger/gate-state.js";
import { GATES_FILE, type Ledger, parseLedger } from "../../documents/gates-ledger/parse-ledger.js";
import { openWorkspace } from "../../workspace/locate.js";
import type { WorkspaceSession } from "../../workspace/session.js";
import { shellWord } from "../../shell-word.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

/** The Go engine's MaxLedgerBytes. */
const MAX_LEDGER_CHARS = 8 * 1024 * 1024;

export function gatesSession(ctx: CommandContext, args: CommandArgs): WorkspaceSession {
  const session = ctx.session(openWorkspace(ctx.root(), args.positionals[0]));
  session.recoverIfNeeded();
  return session;
}

/** gates.md's text: exit 3 when it is missing or larger than a ledger may be. */
export function readLedgerText(session: WorkspaceSession): string {
  const text = session.read(GATES_FILE, false);
  const where = session.path(GATES_FILE);
  if (text === undefined) throw new RefusedError(`${where} does not exist`, { hint: `create it with devrites-engine gates scaffold ${shellWord(session.ws.slug)}` });
  if (text.length > MAX_LEDGER_CHARS) throw new RefusedError(`${where} exceeds ${MAX_LEDGER_CHARS} bytes`, { hint: "a ledger holds one short block per gate; split or trim it" });
  return text;
}

/**
 * The (command, cwd) pairs test-plan.md's Build-entry preflight table approves. A missing plan
 * approves nothing (the Go engine's comment says so; its code then ran every CHECK): fail closed.
 */
export function approvedOf(session: WorkspaceSession): ApprovedCommand[] {
  const plan = session.read("test-plan.md", false);
  return plan === undefined ? [] : approvedCommands(plan);
}

/** `gates status`'s report: exit 0 only for a well-formed ledger with every gate met. */
export function statusReport(slug: string, doc: Ledger, approved: ApprovedCommand[]): Outcome {
  const r = reduceLedger(doc, approved);
  const result = doc.errors.length > 0 ? "malformed" : r.abandonedIds.length > 0 ? "handoff" : allMet(r) ? "all-met" : "not-met";
  const lines = [
    `feature: ${slug}`,
    `ledger: ${GATES_FILE}`,
    ...doc.errors.map((e) => `error: ${e}`),
    `gates: ${r.total}`,
    `met: ${r.met}`,
    `unmet: ${r.unmetIds.length}`,
    `stale: ${r.staleIds.length}`,
    `abandoned: ${r.abandonedIds.length}`,
    `unapproved: ${r.unapprovedIds.length}`,
    ...r.unmetIds.map((id) => `unmet-id: ${id}`),
    ...r.staleIds.map((id) => `stale-id: ${id}`),
    ...r.unapprovedIds.map((id) => `unapproved-id: ${id}`),
    ...r.abandonedIds.map((id) => `handoff-id: ${id}`),
    `result: ${result}`,
  ];
  return {
    exit: result === "all-met" ? 0 : 3,
    lines,
    data: {
      workspace: slug,
      ledger: GATES_FILE,
      errors: doc.errors,
      gates: r.total,
      met: r.met,
      unmet_ids: r.unmetIds,
      stale_ids: r.staleIds,
      unapproved_ids: r.unapprovedIds,
      abandoned: Object.fromEntries(r.abandonedIds.map((id) => [id, doc.abandoned.get(id)])),
      result,
    },
  };
}

/** `gates status <slug>`: the ledger reduced without running anything. */
export function gatesStatus(ctx: CommandContext, args: CommandArgs): Outcome {
  const session = gatesSession(ctx, args);
  return statusReport(session.ws.slug, parseLedger(readLedgerText(session)), approvedOf(session));
}


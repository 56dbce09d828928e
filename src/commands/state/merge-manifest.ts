// `state merge-manifest <slug> [<predecessor>…]`: fold a release sequence's candidate manifests
// into the release workspace's touched-files.md under that workspace's lock. Every refusal is
// `merge-manifest: BLOCKED: <reason>`, exit 3 (a missing or unsafe target too); no slug is exit 5.

import { BadInputError, EngineError, isKind, type ErrorKind } from "../../errors.js";
import { mergeSummary, planMergeManifest } from "../../domain/merge-manifest.js";
import { blocked } from "../../domain/sequence-chain.js";
import { openWorkspace, type Workspace } from "../../workspace/locate.js";
import { findSequenceMember, sequenceSource } from "../../workspace/sequence.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

/**
 * The kinds this command reports as BLOCKED: a missing or unsafe workspace, file or root, and
 * every refusal (a schema, a journal, a sequence). Busy, I/O, read-back and internal keep theirs.
 */
const BLOCKED_KINDS = [
  "no-workspace",
  "unsafe-root",
  "file-missing",
  "refused",
  "workspace-not-found",
  "schema-mismatch",
  "unsafe-file",
  "journal-corrupt",
] as const satisfies readonly ErrorKind[];

/** Refusals and workspace errors become BLOCKED (exit 3); busy (9) and internal (1) keep their codes. */
function asBlocked(e: unknown): unknown {
  if (!isKind(e, ...BLOCKED_KINDS)) return e;
  return blocked(e.message, { ...(e.hint !== undefined ? { hint: e.hint } : {}), ...(e.data ? { data: e.data } : {}) });
}

/**
 * The release workspace: live under work/ and safe. A missing one is named plainly
 * (the generic "No active workspace" text is about ACTIVE, which this command does not read).
 */
function locateTarget(ctx: CommandContext, slug: string): { root: string; ws: Workspace } {
  // Missing, not unsafe: a symlinked root or workspace keeps its own message.
  const missing = (e: unknown) => isKind(e, "no-workspace", "file-missing");
  let root: string;
  try {
    root = ctx.root();
  } catch (e) {
    if (missing(e)) throw blocked(`no workspace ${slug}: no .devrites directory found`, { hint: (e as EngineError).hint ?? ctx.usage() });
    throw e;
  }
  try {
    return { root, ws: openWorkspace(root, slug) };
  } catch (e) {
    if (findSequenceMember(root, slug)?.archived) {
      throw blocked(`workspace ${slug} is archived; archive/ is read-only, merge into a live workspace`);
    }
    if (missing(e)) throw blocked(`no workspace ${slug} in work/`, { hint: (e as EngineError).hint ?? ctx.usage() });
    throw e;
  }
}

/**
 * `state merge-manifest <slug> [<predecessor>…]`.
 * @throws BadInputError (exit 5) without a slug; RefusedError (exit 3, BLOCKED) for every refusal;
 * BusyError (exit 9) when the release workspace's lock stays taken.
 */
export async function stateMergeManifest(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const [slug, ...predecessors] = args.positionals;
  if (slug === undefined || slug === "") {
    throw new BadInputError("state merge-manifest needs the release workspace's slug", { hint: ctx.usage() });
  }
  if (predecessors.some((p) => p === "")) throw new BadInputError("an empty predecessor name", { hint: ctx.usage() });
  try {
    const { root, ws } = locateTarget(ctx, slug);
    const session = ctx.session(ws);
    const source = sequenceSource(root);
    const plan = session.mutate(() => {
      const p = planMergeManifest(
        { slug, state: session.read("state.md", true), manifest: session.read("touched-files.md", true), predecessors },
        source,
      );
      const files = new Map<string, string>();
      if (p.changed) files.set("touched-files.md", p.text);
      return { changes: { files, events: p.events }, result: p };
    });
    // Exactly the one line scripts parse, also on a re-run that writes nothing (commands.md).
    return {
      exit: 0,
      lines: [mergeSummary(plan)],
      data: {
        workspace: slug,
        mode: plan.mode,
        predecessors: plan.predecessors,
        manifests: plan.manifests,
        rows: plan.rows,
        collisions: plan.collisions,
        changed: plan.changed,
      },
    };
  } catch (e) {
    throw asBlocked(e);
  }
}

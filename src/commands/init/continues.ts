// `init <slug> --continues PARENT [--release]`: open (or complete) a release-sequence continuation.
// A live head gets its rows under its own lock, committed before the child's commit, so a crash
// in between leaves a parent a re-run derives the same values from: nothing is charged twice.

import { join, relative } from "node:path";
import { BadInputError, RefusedError } from "../../errors.js";
import { assertNewSlug, WORKSPACE_FILES } from "../../domain/init-workspace.js";
import { assertNoCycle, deriveFromParent, planContinuation, SEQUENCE_KEYS, type ContinueInput, type ContinuePlan } from "../../domain/continue-sequence.js";
import { readValidSentinel } from "../../workspace/afk.js";
import { createWorkspaceDir, isExistingSlug, locateAnyWorkspace, openWorkspace, readWorkspaceFile, rootForInit, selectedSlug } from "../../workspace/locate.js";
import { continuationDir, removeIfEmpty, sequenceSource } from "../../workspace/sequence.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

/**
 * `init` with `--continues`: see the file header.
 * @throws BadInputError (5) slug, parent name, parent row or sentinel; RefusedError (3) parent not found,
 * another parent, a cycle, schema; BudgetStopError (7) sequence budget exhausted; BusyError (9).
 */
export async function initContinues(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const slug = assertNewSlug(args.positionals[0]);
  const parentSlug = String(args.options.continues);
  if (parentSlug === "" || !isExistingSlug(parentSlug)) {
    throw new BadInputError(`--continues needs the slug of the parent workspace, got ${JSON.stringify(parentSlug)}`, { hint: "devrites-engine init <slug> --continues PARENT" });
  }
  if (parentSlug === slug) throw new BadInputError(`${slug} cannot continue itself`, { hint: "name the workspace this one follows in the sequence" });

  const root = rootForInit(ctx.io.cwd, ctx.rootOption, ctx.io.env.DEVRITES_ROOT);
  const parent = locateAnyWorkspace(root, parentSlug);
  if (!parent) {
    throw new RefusedError(`parent workspace not found: ${parentSlug}`, { kind: "workspace-not-found", hint: `no ${join(root, "work", parentSlug)} or ${join(root, "archive", parentSlug)}` });
  }
  const mode = await readValidSentinel(root);
  const input: ContinueInput = {
    slug,
    parent: parentSlug,
    parentArchived: parent.archived,
    release: args.options.release === true,
    title: typeof args.options.title === "string" ? args.options.title : undefined,
    activate: args.options["no-activate"] !== true,
    maxWorkspaces: mode.mode === "afk" ? mode.sentinel.counts.max_workspaces : undefined,
  };
  assertNoCycle(slug, parentSlug, sequenceSource(root));
  // An archived parent is never written, so it takes no lock either.
  const parentSession = parent.archived ? undefined : ctx.session(parent.ws);
  parentSession?.recoverIfNeeded();
  const readParent = () => (parentSession ? parentSession.read("state.md", true) : (readWorkspaceFile(parent.ws.dir, "state.md", true) as string));

  // Every refusal the parent can cause comes before the child's directory exists.
  const childAt = continuationDir(root, slug);
  if (childAt === "workspace") deriveFromParent(readParent(), input);
  else planContinuation({ parentState: readParent(), childState: undefined }, input, ctx.now);

  const ws = childAt === "workspace" ? openWorkspace(root, slug) : createWorkspaceDir(root, slug, WORKSPACE_FILES);
  const session = ctx.session(ws);
  let result: { plan: ContinuePlan; activated: boolean };
  try {
    result = session.mutate(() => {
      // Under the child's lock: a concurrent init may have created it meanwhile.
      const childState = session.read("state.md", false);
      const plan = () => planContinuation({ parentState: readParent(), childState }, input, ctx.now);
      // The parent commits first (under its own lock) so a crash before the child's commit is re-derivable.
      const p = parentSession ? parentSession.mutate(() => { const r = plan(); return { changes: r.parent, result: r }; }) : plan();
      // Only a workspace this command creates is activated: completing the rows of an
      // existing one (a retry, or a later --continues) leaves ACTIVE as the user set it.
      const activated = p.created && input.activate && selectedSlug(root, undefined, undefined) !== slug;
      const files = new Map(p.child.files);
      if (activated) files.set(join(root, "ACTIVE"), `${slug}\n`);
      return { changes: { files, events: p.child.events }, result: { plan: p, activated } };
    });
  } catch (e) {
    if (childAt === "none") removeIfEmpty(ws.dir);
    throw e;
  }
  return outcome(ctx, ws.dir, input, result.plan, result.activated);
}

function outcome(ctx: CommandContext, dir: string, input: ContinueInput, r: ContinuePlan, activated: boolean): Outcome {
  const { slug, parent, parentArchived: archived, activate } = input;
  const rows = r.rows;
  const described = SEQUENCE_KEYS.filter((k) => k !== "sequence_parent" && rows[k] !== undefined).map((k) => `${k.replace(/^sequence_/, "").replace(/_/g, " ")} ${rows[k]}`);
  const lines: string[] = [];
  const rel = relative(ctx.io.cwd, dir) || dir;
  if (r.created) {
    lines.push(`Initialized: ${slug}`, `Workspace: ${rel}/ (${WORKSPACE_FILES.join(", ")})`);
  }
  const activeLine = !r.created
    ? "Active:    unchanged (existing workspace)"
    : !activate
      ? "Active:    unchanged (--no-activate)"
      : activated
        ? `Active:    ${slug}`
        : `Active:    ${slug} (already)`;
  lines.push(`Continues: ${parent}${archived ? " (archived)" : ""}: ${described.join(", ")}`);
  if (r.parentWritten.length > 0) lines.push(`Parent:    ${parent} state.md: ${r.parentWritten.map(([k, v]) => `${k} ${v}`).join(", ")}`);
  if (!r.created) {
    lines.push(
      r.added.length > 0
        ? `Existing:  ${slug} gained ${r.added.map(([k]) => k).join(", ")}${r.kept.length > 0 ? `; kept ${r.kept.map(([k]) => k).join(", ")}` : ""}`
        : `Existing:  ${slug} already continues ${parent}; rows unchanged.`,
    );
  }
  lines.push(activeLine);
  const changed = r.created || r.added.length > 0 || r.parentWritten.length > 0 || activated;
  if (!changed) lines.push("Workspace: no change.");
  return {
    exit: 0,
    lines,
    data: {
      workspace: slug,
      dir,
      created: r.created,
      activated,
      continues: parent,
      parent_archived: archived,
      budget: r.derivation.budgetSource,
      sequence: {
        parent,
        position: rows.sequence_position === undefined ? null : Number(rows.sequence_position),
        workspaces_remaining: rows.sequence_workspaces_remaining === undefined ? null : Number(rows.sequence_workspaces_remaining),
        role: rows.sequence_role ?? null,
      },
      rows_added: r.added.map(([k]) => k),
      rows_kept: r.kept.map(([k]) => k),
      parent_rows_written: Object.fromEntries(r.parentWritten),
    },
  };
}

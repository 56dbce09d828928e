// `init <slug> --continues PARENT [--release]`: open (or complete) a release-sequence continuation.
// A live head gets its rows under its own lock, committed before the child's commit, so a crash
// in between leaves a parent a re-run derives the same values from: nothing is charged twice.

import path from "node:path";
import { BadInputError, RefusedError } from "../errors.js";
import { cursorValue, parseState } from "../documents/state/parse-state.js";
import { assertSchema } from "../domain/cursor.js";
import { assertNewSlug, renderWorkspace, WORKSPACE_FILES } from "../domain/init-workspace.js";
import { addRows, assertSequenceBudget, deriveSequence, missingRows, SEQUENCE_KEYS, type Derivation, type SequenceKey } from "../domain/continue-sequence.js";
import type { EventDraft } from "../domain/events.js";
import { readValidSentinel } from "../workspace/afk.js";
import { hasStateFile, locateAnyWorkspace, pathExists, removeIfEmpty, type FoundWorkspace } from "../workspace/continuation.js";
import { createWorkspaceDir, isExistingSlug, openWorkspace, readWorkspaceFile, rootForInit, selectedSlug } from "../workspace/locate.js";
import type { WorkspaceSession } from "../workspace/session.js";
import type { CommandArgs, CommandContext, Outcome } from "./types.js";

/** The longest `sequence_parent` chain walked when looking for a cycle (as merge-manifest). */
const MAX_CHAIN = 64;

interface ContinueResult {
  created: boolean;
  /** The child's sequence rows as they read after the command (kept rows keep their values). */
  rows: Partial<Record<SequenceKey, string>>;
  derivation: Derivation;
  added: [SequenceKey, string][];
  kept: [SequenceKey, string][];
  parentWritten: [SequenceKey, string][];
  activated: boolean;
}

/**
 * Refuse a continuation whose parent already descends from the child (live first, then
 * archive, as merge-manifest walks it). Unreadable ancestors end the walk: they cannot loop.
 * @throws RefusedError (3) naming the cycle.
 */
function assertNoCycle(root: string, parent: string, child: string): void {
  const seen = new Set<string>();
  let at: string | undefined = parent;
  for (let i = 0; at !== undefined && i < MAX_CHAIN && !seen.has(at); i++) {
    seen.add(at);
    let next: string | undefined;
    try {
      const found = locateAnyWorkspace(root, at);
      const text = found ? readWorkspaceFile(found.ws.dir, "state.md", false) : undefined;
      next = text === undefined ? undefined : cursorValue(parseState(text), "sequence_parent");
    } catch {
      next = undefined;
    }
    if (next === child) {
      throw new RefusedError(`sequence_parent cycle: ${parent} already descends from ${child}`, {
        hint: `a workspace cannot continue its own descendant; pick another slug for the continuation of ${parent}`,
      });
    }
    at = next;
  }
}

function sequenceRows(text: string): Partial<Record<SequenceKey, string>> {
  const doc = parseState(text);
  const out: Partial<Record<SequenceKey, string>> = {};
  for (const k of SEQUENCE_KEYS) {
    const v = cursorValue(doc, k);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

function parentText(parent: FoundWorkspace, session: WorkspaceSession | undefined): string {
  return session ? session.read("state.md", true) : (readWorkspaceFile(parent.ws.dir, "state.md", true) as string);
}

/**
 * `init` with `--continues`: see the file header.
 * @throws BadInputError (5) slug, parent name, parent row or sentinel; RefusedError (3) parent not found,
 * another parent, a cycle, schema; BudgetStopError (7) sequence budget exhausted; BusyError (9).
 */
export async function initContinues(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const slug = assertNewSlug(args.positionals[0]);
  if (args.positionals.length > 1) throw new BadInputError(`init takes one slug, got ${args.positionals.length}`, { hint: "devrites-engine init <slug> --continues PARENT [--release]" });
  const parentSlug = String(args.options.continues);
  if (parentSlug === "" || !isExistingSlug(parentSlug)) {
    throw new BadInputError(`--continues needs the slug of the parent workspace, got ${JSON.stringify(parentSlug)}`, { hint: "devrites-engine init <slug> --continues PARENT" });
  }
  if (parentSlug === slug) throw new BadInputError(`${slug} cannot continue itself`, { hint: "name the workspace this one follows in the sequence" });
  const release = args.options.release === true;
  const title = typeof args.options.title === "string" ? args.options.title : undefined;
  const activate = args.options["no-activate"] !== true;

  const root = rootForInit(ctx.io.cwd, ctx.rootOption, ctx.io.env.DEVRITES_ROOT);
  const parent = pathExists(root) ? locateAnyWorkspace(root, parentSlug) : undefined;
  if (!parent) {
    throw new RefusedError(`parent workspace not found: ${parentSlug}`, { hint: `no ${path.join(root, "work", parentSlug)} or ${path.join(root, "archive", parentSlug)}` });
  }
  const mode = await readValidSentinel(root);
  const maxWorkspaces = mode.mode === "afk" ? mode.sentinel.counts.max_workspaces : undefined;
  assertNoCycle(root, parentSlug, slug);
  // An archived parent is never written, so it takes no lock either.
  const parentSession = parent.archived ? undefined : ctx.session(parent.ws);
  parentSession?.recoverIfNeeded();

  const existing = hasStateFile(root, slug);
  const newFiles = existing ? undefined : renderWorkspace(slug, title, ctx.now);
  // Every refusal the parent can cause comes before the child's directory exists.
  const needsBudget = (d: Derivation, childDoc: ReturnType<typeof parseState> | undefined) =>
    d.parentRemaining !== undefined && (childDoc === undefined || cursorValue(childDoc, "sequence_workspaces_remaining") === undefined);
  const parentDoc = parseState(parentText(parent, parentSession));
  const pre = deriveSequence({ slug: parentSlug, state: parentDoc, archived: parent.archived }, maxWorkspaces, release);
  if (pre.parentRows.length > 0) assertSchema(parentDoc, parentSlug);
  if (!existing) assertSequenceBudget(pre, parentSlug, slug, maxWorkspaces);

  const dirExisted = pathExists(path.join(root, "work", slug));
  const ws = existing ? openWorkspace(root, slug) : createWorkspaceDir(root, slug, WORKSPACE_FILES);
  const session = ctx.session(ws);
  let result: ContinueResult;
  try {
    result = session.mutate(() => {
      // Under the child's lock: a concurrent init may have created it meanwhile.
      const childText = session.read("state.md", false);
      const childDoc = childText === undefined ? undefined : parseState(childText);
      if (childDoc) assertSchema(childDoc, slug);
      if (childDoc) missingRows(childDoc, slug, [["sequence_parent", parentSlug]]);

      const deriveLocked = (): { changes: { files: Map<string, string>; events: EventDraft[] }; result: Derivation } => {
        const text = parentText(parent, parentSession);
        const doc = parseState(text);
        const d = deriveSequence({ slug: parentSlug, state: doc, archived: parent.archived }, maxWorkspaces, release);
        if (needsBudget(d, childDoc)) assertSequenceBudget(d, parentSlug, slug, maxWorkspaces);
        const files = new Map<string, string>();
        const events: EventDraft[] = [];
        if (d.parentRows.length > 0) {
          assertSchema(doc, parentSlug);
          files.set("state.md", addRows(text, d.parentRows));
          events.push({ event: "sequence_opened", detail: { child: slug, role: "parent", rows: Object.fromEntries(d.parentRows) } });
        }
        return { changes: { files, events }, result: d };
      };
      // The parent commits first (under its own lock) so a crash before the child's commit is re-derivable.
      const derivation = parentSession ? parentSession.mutate(deriveLocked) : deriveLocked().result;

      // Rendered here too when the child vanished between the first look and the lock.
      const fresh = childDoc ? undefined : (newFiles ?? renderWorkspace(slug, title, ctx.now));
      const base = childText ?? fresh!.get("state.md")!;
      const added = childDoc ? missingRows(childDoc, slug, derivation.childRows) : derivation.childRows;
      const kept = derivation.childRows.filter(([k]) => !added.some(([a]) => a === k));
      const files = new Map<string, string>();
      const events: EventDraft[] = [];
      if (!childDoc) {
        for (const [name, text] of fresh!) files.set(name, text);
        events.push({ event: "initialized", detail: { slug, activated: activate, continues: parentSlug } });
      }
      const finalText = added.length > 0 ? addRows(base, added) : base;
      if (added.length > 0) {
        files.set("state.md", finalText);
        events.push({
          event: "sequence_opened",
          detail: { parent: parentSlug, parent_archived: parent.archived, budget: derivation.budgetSource, rows: Object.fromEntries(added) },
        });
      }
      // Only a workspace this command creates is activated: completing the rows of an
      // existing one (a retry, or a later --continues) leaves ACTIVE as the user set it.
      const activated = !childDoc && activate && selectedSlug(root, undefined, undefined) !== slug;
      if (activated) files.set(path.join(root, "ACTIVE"), `${slug}\n`);
      return {
        changes: { files, events },
        result: { created: !childDoc, rows: sequenceRows(finalText), derivation, added, kept, parentWritten: parentSession ? derivation.parentRows : [], activated },
      };
    });
  } catch (e) {
    if (!dirExisted) removeIfEmpty(ws.dir);
    throw e;
  }
  return outcome(ctx, ws.dir, slug, parentSlug, parent.archived, result, activate);
}

function outcome(ctx: CommandContext, dir: string, slug: string, parent: string, archived: boolean, r: ContinueResult, activate: boolean): Outcome {
  const rows = r.rows;
  const described = SEQUENCE_KEYS.filter((k) => k !== "sequence_parent" && rows[k] !== undefined).map((k) => `${k.replace(/^sequence_/, "").replace(/_/g, " ")} ${rows[k]}`);
  const lines: string[] = [];
  const rel = path.relative(ctx.io.cwd, dir) || dir;
  if (r.created) {
    lines.push(`Initialized: ${slug}`, `Workspace: ${rel}/ (${WORKSPACE_FILES.join(", ")})`);
  }
  const activeLine = !r.created
    ? "Active:    unchanged (existing workspace)"
    : !activate
      ? "Active:    unchanged (--no-activate)"
      : r.activated
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
  const changed = r.created || r.added.length > 0 || r.parentWritten.length > 0 || r.activated;
  if (!changed) lines.push("Workspace: no change.");
  return {
    exit: 0,
    lines,
    data: {
      workspace: slug,
      dir,
      created: r.created,
      activated: r.activated,
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

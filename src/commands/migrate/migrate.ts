// `migrate [<slug>] [--dry-run] [--answer phase=<phase>]…`: upgrade an older workspace to
// schema 4 after checking that its files parse, creating a missing questions.md / decisions.md
// from the templates; nothing to do is exit 0 with no change; `--dry-run` prints the plan and
// writes nothing; a cursor without a phase is exit 3 until `--answer phase=<phase>` gives one.

import { BadInputError, RefusedError } from "../../errors.js";
import { lintAll } from "../../domain/check/lint-all.js";
import { CREATABLE_FILES, renderMissingFile } from "../../domain/init-workspace.js";
import { planMigrate, type MigrateAnswers } from "../../domain/migrate-workspace.js";
import { PHASES } from "../../domain/phases.js";
import { emptyChanges } from "../../workspace/session.js";
import { REASON_CODES } from "../../domain/pause-reasons.js";
import { openWorkspace } from "../../workspace/locate.js";
import type { ForReaders } from "../../for-readers.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";
import { isFastLaneWorkspace } from "../../workspace/fast-lane.js";

/** Lint rules whose errors mean a file does not parse as a workspace file. */
const PARSE_RULES = new Set(["state-no-cursor", "question-bad-id", "question-no-status", "question-unknown-status"]);

/**
 * `--answer key=value` as given (repeatable): `phase` is the one question migrate asks.
 * @throws BadInputError (5) for another key, a key given twice (which answer was meant is not
 * ours to guess, even when both agree), a missing `=`, or a phase that is not one.
 */
function parseAnswers(raw: readonly string[], usage: string | ForReaders): MigrateAnswers {
  const answers: MigrateAnswers = {};
  for (const pair of raw) {
    const eq = pair.indexOf("=");
    const key = eq < 0 ? "" : pair.slice(0, eq).trim();
    const value = eq < 0 ? "" : pair.slice(eq + 1).trim();
    if (eq < 0 || key === "") throw new BadInputError(`invalid --answer ${JSON.stringify(pair)}: expected key=value`, { hint: usage });
    if (key !== "phase") throw new BadInputError(`--answer ${key}=…: migrate asks only about the phase`, { hint: usage });
    if (answers.phase !== undefined) {
      throw new BadInputError(`--answer phase given more than once (phase=${answers.phase}, then phase=${value}): give each key once`, { hint: usage });
    }
    if (!(PHASES as readonly string[]).includes(value)) throw new BadInputError(`--answer phase=${value}: not a phase`, { hint: `one of ${PHASES.join(", ")}` });
    answers.phase = value;
  }
  return answers;
}

export async function migrate(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const answers = parseAnswers(Array.isArray(args.options.answer) ? args.options.answer : [], ctx.usage());
  const slug = args.positionals[0];
  const session = slug !== undefined ? ctx.session(openWorkspace(ctx.root(), slug)) : ctx.workspace();
  const dryRun = args.options["dry-run"] === true;
  if (isFastLaneWorkspace(session.ws.dir)) {
    // The /rite-fast skill keeps its own files: nothing here is this engine's to migrate.
    return {
      exit: 0,
      lines: [`migrate: ${session.ws.slug} is a /rite-fast workspace (plan.md says "Lane: fast", no state.md): this engine leaves it alone; nothing to migrate`],
      data: { workspace: session.ws.slug, lane: "fast", migrated: false, dry_run: dryRun, changes: [] },
    };
  }
  const plan = session.mutate(() => {
    const texts = {
      state: session.read("state.md", true),
      questions: session.read("questions.md", true),
      decisions: session.read("decisions.md", false),
      touched: undefined,
      events: undefined,
    };
    const broken = lintAll(texts, { sentinel: undefined, reasonCodes: REASON_CODES }).filter((d) => d.severity === "error" && PARSE_RULES.has(d.rule));
    if (broken.length > 0) {
      const first = broken[0]!;
      throw new RefusedError(`cannot migrate ${session.ws.slug}: ${first.file}:${first.line}:${first.col} ${first.message}${broken.length > 1 ? ` (and ${broken.length - 1} more)` : ""}`, {
        hint: "fix the file by hand (devrites-engine check lists every problem), then run migrate again",
      });
    }
    const p = planMigrate(texts.state, session.ws.slug, ctx.now, answers);
    const files = new Map<string, string>();
    if (p.state !== undefined) files.set("state.md", p.state);
    // Real DevRites workspaces may lack these until their first question or decision.
    const created = CREATABLE_FILES.filter((name) => !session.check(name, false));
    for (const name of created) files.set(name, renderMissingFile(name, session.ws.slug, texts.state));
    const events = files.size > 0 ? [{ event: "migrated" as const, detail: { from: p.from, to: 4, ...(created.length > 0 ? { created } : {}) } }] : [];
    return { changes: dryRun ? emptyChanges() : { files, events }, result: { ...p, created } };
  });
  const ws = session.ws.slug;
  const written = [plan.state !== undefined ? "state.md" : undefined, ...plan.created].filter((f) => f !== undefined);
  const data = { workspace: ws, from: plan.from, to: 4, changed: !dryRun && written.length > 0, created: plan.created, ...(dryRun ? { dry_run: true, would_write: written } : {}) };
  if (dryRun && written.length > 0) {
    const lines = [plan.state === undefined ? `Would migrate: ${ws} (already at schema 4)` : `Would migrate: ${ws} (schema ${plan.from} → 4)`];
    for (const step of plan.steps) lines.push(`  ${step}`);
    for (const f of plan.created) lines.push(`  create ${f} (from the template)`);
    lines.push("  events.jsonl: one migrated event");
    lines.push("Workspace: no change (dry run).");
    return { exit: 0, lines, data };
  }
  const lines = [plan.state === undefined ? `Already at schema 4: ${ws}` : `Migrated: ${ws} (schema ${plan.from} → 4)`];
  if (plan.created.length > 0) lines.push(`Created: ${plan.created.join(", ")} (from the templates)`);
  lines.push(written.length > 0 && !dryRun ? `Workspace: ${written.join(" + ")} updated.` : "Workspace: no change.");
  return { exit: 0, lines, data };
}

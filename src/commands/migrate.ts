// `migrate [<slug>]`: upgrade an older workspace to schema 4 after checking that its files
// parse, creating a missing questions.md / decisions.md from the templates; nothing to do is
// exit 0 with no change.

import { BadInputError, RefusedError } from "../errors.js";
import { lintAll } from "../domain/check/lint-all.js";
import { CREATABLE_FILES, renderMissingFile } from "../domain/init-workspace.js";
import { planMigrate } from "../domain/migrate-workspace.js";
import { REASON_CODES } from "../domain/pause-reasons.js";
import { openWorkspace } from "../workspace/locate.js";
import type { CommandArgs, CommandContext, Outcome } from "./types.js";

/** Lint rules whose errors mean a file does not parse as a workspace file. */
const PARSE_RULES = new Set(["state-no-cursor", "question-bad-id", "question-no-status", "question-unknown-status"]);

export async function migrate(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  if (args.positionals.length > 1) throw new BadInputError("migrate takes at most one workspace slug", { hint: "devrites-engine migrate [<slug>]" });
  const slug = args.positionals[0];
  const session = slug !== undefined ? ctx.session(openWorkspace(ctx.root(), slug)) : ctx.workspace();
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
    const p = planMigrate(texts.state, session.ws.slug, ctx.now);
    const files = new Map<string, string>();
    if (p.state !== undefined) files.set("state.md", p.state);
    // Real DevRites workspaces may lack these until their first question or decision.
    const created = CREATABLE_FILES.filter((name) => !session.check(name, false));
    for (const name of created) files.set(name, renderMissingFile(name, session.ws.slug, texts.state));
    const events = files.size > 0 ? [{ event: "migrated" as const, detail: { from: p.from, to: 4, ...(created.length > 0 ? { created } : {}) } }] : [];
    return { changes: { files, events }, result: { ...p, created } };
  });
  const written = [plan.state !== undefined ? "state.md" : undefined, ...plan.created].filter((f) => f !== undefined);
  const lines = [plan.state === undefined ? `Already at schema 4: ${session.ws.slug}` : `Migrated: ${session.ws.slug} (schema ${plan.from} → 4)`];
  if (plan.created.length > 0) lines.push(`Created: ${plan.created.join(", ")} (from the templates)`);
  lines.push(written.length > 0 ? `Workspace: ${written.join(" + ")} updated.` : "Workspace: no change.");
  return { exit: 0, lines, data: { workspace: session.ws.slug, from: plan.from, to: 4, changed: written.length > 0, created: plan.created } };
}

// What a resolve prints: a line (or two) per entry, the files written (or, for a dry run,
// that would be), warnings about answers that look like option picks; and the same as JSON.

import { numberAnswerWarning } from "../../domain/bare-number.js";
import type { EntryOutcome, ResolvePlan } from "../../domain/resolve-question.js";
import type { Outcome } from "../types.js";

function entryLine(o: EntryOutcome, batch: boolean, describe: (qid: string) => string = () => ""): string[] {
  if (o.already) return [`Already resolved: ${o.qid}`];
  if (batch) return [o.kind === "answer" ? `Resolved: ${o.qid}${describe(o.qid)}` : `Dropped:  ${o.qid}: ${o.text}${describe(o.qid)}`];
  return o.kind === "answer" ? [`Resolved: ${o.qid}`, "Status:   answered"] : [`Dropped:  ${o.qid}`, `Reason:   ${o.text}`];
}

/** The files written — or, for a dry run, the files the same command would write. */
function workspaceLine(plan: ResolvePlan, dryRun: boolean): string {
  const names = [
    plan.questions !== undefined ? "questions.md" : undefined,
    plan.state !== undefined ? "state.md" : undefined,
    plan.decisions !== undefined ? "decisions.md" : undefined,
  ].filter((x): x is string => x !== undefined);
  if (names.length === 0) return "Workspace: no change.";
  return dryRun ? `Workspace: would update ${names.join(" + ")}.` : `Workspace: ${names.join(" + ")} updated.`;
}

/** The Outcome of a resolve transaction (`plan` undefined: there was nothing to resolve). */
export function reportResolve(slug: string, plan: ResolvePlan | undefined, opts: { batch: boolean; dryRun: boolean; describe?: (qid: string) => string }): Outcome {
  if (plan === undefined) {
    return { exit: 0, lines: ["nothing to resolve"], data: { workspace: slug, dry_run: opts.dryRun, results: [], files: [], warnings: [] } };
  }
  const warnings = plan.warnings.map((w) => numberAnswerWarning(w, opts.dryRun));
  const lines = plan.outcomes.flatMap((o) => entryLine(o, opts.batch, opts.describe));
  lines.push(workspaceLine(plan, opts.dryRun));
  if (opts.dryRun) lines.push("Dry run: nothing written.");
  return {
    exit: 0,
    lines,
    // On stderr, like every warning: stdout stays the report a script reads.
    ...(warnings.length > 0 ? { errors: warnings.map((w) => `devrites-engine: warning: ${w}`) } : {}),
    data: {
      workspace: slug,
      dry_run: opts.dryRun,
      results: plan.outcomes.map((o) => ({ qid: o.qid, outcome: o.already ? "already_resolved" : o.kind === "answer" ? "answered" : "dropped", text: o.text })),
      files: [plan.questions && "questions.md", plan.state && "state.md", plan.decisions && "decisions.md"].filter(Boolean),
      warnings,
    },
  };
}

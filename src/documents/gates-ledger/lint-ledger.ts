// `gates lint`'s findings: lexical signs that an oracle may be unable to fail honestly (a
// fixed-output CHECK, an EXPECT failure output also prints, a path read as a regex, an activity
// for a title, a number nothing measures, a mostly manual ledger) and the errors that stop a run
// (parse errors, an unapproved CHECK), and a live gate repeating an earlier one's oracle (the Go
// engine's TestLintDuplicateOracle). Nothing runs. Ported from the Go engine's
// engine/internal/acceptance/lint.go (LintLedger, LintCounts). Pure.

import { type ApprovedCommand, isApproved } from "./approved-commands.js";
import { compileExpect, type Ledger } from "./parse-ledger.js";

export interface LintFinding {
  level: "error" | "warn";
  /** The gate's id, or "ledger" for the whole file. */
  gate: string;
  rule: string;
  message: string;
}

const FIXED_OUTPUT = /^\s*(?:(?:echo|printf)(?:\s+[^&|;]*)?|true|:|exit\s+0)\s*$/;
const WEAK_EXPECT = new Set(["ok", "okay", "done", "pass", "passed", "success", "successful", "succeeded", "complete", "completed", "finished", "yes", "true", "0", "good", "fine", "working"]);
const ACTIVITY_START = /^(work(ing)? on|improve|enhance|handle|support|ensure|make sure|try|attempt|look (at|into)|investigate|consider|review|refactor|clean ?up|polish|update|tidy|address|deal with|add support)\b/i;
const q = (s: string): string => JSON.stringify(s);

export function lintLedger(doc: Ledger, approved: readonly ApprovedCommand[]): LintFinding[] {
  const out: LintFinding[] = [];
  const add = (level: LintFinding["level"], gate: string, rule: string, message: string): void => void out.push({ level, gate, rule, message });
  for (const e of doc.errors) add("error", "ledger", "parse", e);
  let live = 0;
  let runnable = 0;
  const oracles = new Map<string, string>();
  for (const gate of doc.gates) {
    if (doc.abandoned.has(gate.id)) continue;
    live++;
    if (gate.check === "") {
      add("warn", gate.id, "manual-gate", "no CHECK, so this outcome is judged by hand and its evidence is only as good as the reader");
      if (/\d/.test(gate.title)) add("warn", gate.id, "unmeasured-number", `title states a number that nothing measures: ${q(gate.title)}`);
    } else {
      runnable++;
      const oracle = JSON.stringify([gate.check.trim(), gate.expect, gate.cwd.replace(/[\\/]+$/, "")]);
      const first = oracles.get(oracle);
      if (first !== undefined) add("warn", gate.id, "duplicate-oracle", `CHECK, EXPECT and CWD repeat gate ${first}'s oracle; two outcomes cannot share one proof`);
      else oracles.set(oracle, gate.id);
      if (FIXED_OUTPUT.test(gate.check)) add("warn", gate.id, "tautological-check", `CHECK looks like a fixed-output command: ${q(gate.check)}; use an oracle that observes the named outcome`);
      if (!isApproved(gate.check, gate.cwd, approved)) add("error", gate.id, "unapproved-check", `CHECK ${q(gate.check)} with CWD ${q(gate.cwd)} matches no Build-entry preflight row in test-plan.md; the runner refuses it`);
    }
    if (gate.expect !== "") {
      if (WEAK_EXPECT.has(gate.expect.trim().toLowerCase())) add("warn", gate.id, "weak-expect", `EXPECT ${q(gate.expect)} also appears in failure output; match a line only success can print`);
      const e = compileExpect(gate.expect);
      if (typeof e !== "string" && e.kind === "regex" && e.pathLike) add("warn", gate.id, "path-read-as-regex", `EXPECT ${q(gate.expect)} looks like a literal path but is read as a regular expression, so its dots are wildcards`);
    }
    if (ACTIVITY_START.test(gate.title)) add("warn", gate.id, "activity-not-outcome", `names an activity, not an outcome a stranger could judge: ${q(gate.title)}`);
  }
  if (live > 0 && runnable * 2 < live) add("warn", "ledger", "mostly-manual", `${runnable}/${live} gates are runnable; a mostly manual ledger is prose with checkboxes`);
  return out;
}

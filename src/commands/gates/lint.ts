// `gates lint <slug> [--strict]`: audit the ledger's oracles without running anything; exit 3
// on an error (or, with --strict, a warning). Contract: the Go engine's
// engine/internal/acceptance/cli.go (cmdLint) and lint.go.

import { lintLedger } from "../../documents/gates-ledger/lint-ledger.js";
import { parseLedger } from "../../documents/gates-ledger/parse-ledger.js";
import { approvedOf, gatesSession, readLedgerText } from "./ledger.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

export function gatesLint(ctx: CommandContext, args: CommandArgs): Outcome {
  const strict = args.options.strict === true;
  const session = gatesSession(ctx, args);
  const findings = lintLedger(parseLedger(readLedgerText(session)), approvedOf(session));
  const errors = findings.filter((f) => f.level === "error").length;
  const warnings = findings.length - errors;
  const fail = errors > 0 || (strict && warnings > 0);
  return {
    exit: fail ? 3 : 0,
    lines: [...findings.map((f) => `${f.level}: ${f.gate}: ${f.rule}: ${f.message}`), `lint: ${errors} error(s), ${warnings} warning(s)`, fail ? "LINT FAIL" : "LINT OK"],
    data: { workspace: session.ws.slug, strict, errors, warnings, findings, result: fail ? "fail" : "ok" },
  };
}

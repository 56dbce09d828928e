// `handoff [<slug>]`: the deterministic resume record (domain/handoff-record.ts). Read-only;
// exit 0, 2 without a workspace or state.md. Contract: the Go engine's
// engine/internal/lib/handoff.go (RunHandoff; usage `handoff [slug]` in engine/help.go).

import { deadEnds } from "../../documents/decisions/dead-ends.js";
import { reduceLedger } from "../../documents/gates-ledger/gate-state.js";
import { GATES_FILE, parseLedger } from "../../documents/gates-ledger/parse-ledger.js";
import { parseQuestions } from "../../documents/questions/parse-questions.js";
import { cursorValue, parseState } from "../../documents/state/parse-state.js";
import { READ_NEXT_ORDER, readNext, renderHandoff, type HandoffInput } from "../../domain/handoff-record.js";
import { nextRequired } from "../../domain/next-path.js";
import { knownPhase } from "../../domain/phase-policy.js";
import { openHumanGates } from "../../domain/seal-gate.js";
import { gateSession } from "../check/readiness.js";
import { approvedOf } from "../gates/ledger.js";
import { nonEmptyArtifact, openQuestionCount, realContent } from "../phase-artifacts.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

export function handoff(ctx: CommandContext, args: CommandArgs): Outcome {
  const session = gateSession(ctx, args);
  const state = parseState(session.read("state.md", true));
  const value = (key: string) => cursorValue(state, key)?.trim();
  const raw = value("phase") ?? "";
  const phase = knownPhase(raw);
  const questionsText = session.read("questions.md", true);
  const ledgerText = session.read(GATES_FILE, false);
  const ledger = ledgerText === undefined ? undefined : parseLedger(ledgerText);
  const parent = value("sequence_parent") ?? "";
  const input: HandoffInput = {
    slug: session.ws.slug,
    phase: phase ?? raw,
    status: value("status"),
    nextAction: value("next_action"),
    sequence: parent === "" ? undefined : { parent, position: value("sequence_position") ?? "", remaining: value("sequence_workspaces_remaining") ?? "", role: value("sequence_role") ?? "" },
    openQuestions: openQuestionCount(parseQuestions(questionsText)),
    blockingGates: openHumanGates(questionsText),
    ledger: ledger === undefined ? undefined : { reduction: reduceLedger(ledger, approvedOf(session)), errors: ledger.errors },
    deadEnds: deadEnds(session.read("decisions.md", false) ?? ""),
    missingRequired: phase === undefined ? [] : nextRequired(phase).filter((name) => !realContent(session, name)),
    present: READ_NEXT_ORDER.filter((name) => nonEmptyArtifact(session, name)),
  };
  const r = input.ledger?.reduction;
  return {
    exit: 0,
    lines: renderHandoff(input),
    data: {
      workspace: input.slug,
      phase: input.phase,
      status: input.status ?? null,
      next_action: input.nextAction ?? null,
      sequence: input.sequence ?? null,
      awaiting_human: input.status === "awaiting_human",
      open_questions: input.openQuestions,
      blocking_question_gates: input.blockingGates,
      gates_ledger: r === undefined ? null : { total: r.total, met: r.met, unmet_ids: r.unmetIds, stale_ids: r.staleIds, unapproved_ids: r.unapprovedIds, abandoned_ids: r.abandonedIds, errors: input.ledger!.errors },
      dead_ends: input.deadEnds,
      missing_required: input.missingRequired,
      read_next: readNext(input.present),
    },
  };
}

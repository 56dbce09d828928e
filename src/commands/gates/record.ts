// `gates attest <slug> <id> <note>` (human evidence on a manual gate) and `gates abandon <slug>
// <id> <reason>` (a terminal ABANDON handoff). Contract: the Go engine's
// engine/internal/acceptance/cli.go (cmdAttest, cmdAbandon). Each is one transaction (gates.md
// by splices, parsed back, and an event); the text is flattened to one line first.

import { BadInputError, InternalError, RefusedError } from "../../errors.js";
import { abandonEdit, oneLine, resultEdits } from "../../documents/gates-ledger/edit-ledger.js";
import { GATES_FILE, parseLedger } from "../../documents/gates-ledger/parse-ledger.js";
import { applyEdits } from "../../documents/text-edit.js";
import { gatesSession, readLedgerText } from "./ledger.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

function textArgument(ctx: CommandContext, args: CommandArgs, what: string): { id: string; text: string } {
  const id = args.positionals[1] ?? "";
  const text = oneLine(args.positionals.slice(2).join(" ")).trim();
  if (text === "") throw new BadInputError(`${what} must be non-blank`, { hint: ctx.usage() });
  return { id, text };
}

export function gatesAttest(ctx: CommandContext, args: CommandArgs): Outcome {
  const { id, text } = textArgument(ctx, args, "the evidence note");
  const session = gatesSession(ctx, args);
  session.mutate(() => {
    const ledger = readLedgerText(session);
    const doc = parseLedger(ledger);
    const gate = doc.gates.find((g) => g.id === id);
    if (!gate) throw new RefusedError(`${GATES_FILE}: unknown gate id ${JSON.stringify(id)}`, { hint: "gates status lists the ledger's gates" });
    if (doc.abandoned.has(id)) throw new RefusedError(`gate ${id} is abandoned; a handoff cannot take evidence`);
    if (gate.check !== "") throw new RefusedError(`gate ${id} is runnable; evidence comes from \`gates run\`, not attestation`);
    const plan = resultEdits(ledger, gate, text, true);
    if ("moved" in plan) throw new InternalError(`${GATES_FILE}: gate ${id} moved while it was read under the lock`);
    const next = applyEdits(ledger, plan.edits);
    const back = parseLedger(next).gates.find((g) => g.id === id);
    if (!back || !back.checked || back.evidence !== text) throw new InternalError(`${GATES_FILE}: gate ${id}'s evidence did not read back after the edit`);
    return { changes: { files: new Map([[GATES_FILE, next]]), events: [{ event: "gate_attested" as const, detail: { gate: id } }] }, result: undefined };
  });
  return { exit: 0, lines: [`attested: ${id}`], data: { workspace: session.ws.slug, attested: id } };
}

export function gatesAbandon(ctx: CommandContext, args: CommandArgs): Outcome {
  const { id, text } = textArgument(ctx, args, "the reason");
  const session = gatesSession(ctx, args);
  session.mutate(() => {
    const ledger = readLedgerText(session);
    const doc = parseLedger(ledger);
    if (!doc.gates.some((g) => g.id === id)) throw new RefusedError(`${GATES_FILE}: unknown gate id ${JSON.stringify(id)}`, { hint: "gates status lists the ledger's gates" });
    if (doc.abandoned.has(id)) throw new RefusedError(`gate ${id} is already abandoned`);
    const next = applyEdits(ledger, [abandonEdit(ledger, id, text)]);
    if (parseLedger(next).abandoned.get(id) !== text) throw new InternalError(`${GATES_FILE}: ABANDON ${id} did not read back after the edit`);
    return { changes: { files: new Map([[GATES_FILE, next]]), events: [{ event: "gate_abandoned" as const, detail: { gate: id, reason: text } }] }, result: undefined };
  });
  return { exit: 0, lines: [`abandoned: ${id}`], data: { workspace: session.ws.slug, abandoned: id } };
}

// `parallel lease-write` and `parallel lease-clear` (Go: cmdLeaseWrite, cmdLeaseClear in
// engine/internal/parallel/cli.go; WriteLease, ClearLease in lease.go; the pack's line in
// rite-build/reference/parallel-batch.md "Engine verbs": `lease-write|lease-read|lease-clear
// --root <repo> --slug <slug>`). lease-write reads a lease as JSON (`--json FILE|-`, the Go
// engine's flag: on this verb `--json` names the input, so its output is text only), fills
// `created_at` when missing, validates it and writes parallel-lease.md; it prints the lease's
// path. lease-clear removes the lease (a removal entry of the transaction journal) and prints
// `cleared: <path>`, also when there was none. Both write through the workspace's transaction
// with an event, under its lock.

import { RefusedError } from "../../errors.js";
import { formatTimestamp } from "../../domain/clock.js";
import { emitLease, leaseFromJson } from "../../domain/parallel-lease.js";
import { lstat } from "../../workspace/disk.js";
import { readJsonInput } from "./input.js";
import { requiredText } from "../option-value.js";
import { LEASE_FILE, leaseSession } from "./status.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

export async function parallelLeaseWrite(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const value = await readJsonInput(ctx, requiredText(args, "json"), "lease-write");
  // Go fills created_at after unmarshalling, before validating.
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    if (v.created_at === undefined || v.created_at === null || v.created_at === "") v.created_at = formatTimestamp(ctx.now);
  }
  const parsed = leaseFromJson(value);
  if ("problem" in parsed) throw new RefusedError(parsed.problem, { prefix: "parallel lease-write: ", hint: "the lease's fields: docs/commands.md, parallel status" });
  const text = emitLease(parsed.lease);
  if ("problem" in text) throw new RefusedError(text.problem, { prefix: "parallel lease-write: " });
  const session = leaseSession(ctx, args);
  const path = session.path(LEASE_FILE);
  session.mutate(() => ({
    changes: { files: new Map([[LEASE_FILE, text.text]]), events: [{ event: "parallel_lease_written" as const, detail: { batch_id: parsed.lease.batch_id, status: parsed.lease.status } }] },
    result: undefined,
  }));
  return { exit: 0, lines: [path], data: { path, lease: parsed.lease } };
}

export function parallelLeaseClear(ctx: CommandContext, args: CommandArgs): Outcome {
  const session = leaseSession(ctx, args);
  const path = session.path(LEASE_FILE);
  const cleared = session.mutate(() => {
    if (lstat(path) === undefined) return { changes: { files: new Map(), events: [] }, result: false };
    return { changes: { files: new Map(), events: [{ event: "parallel_lease_cleared" as const, detail: { file: LEASE_FILE } }], removes: [LEASE_FILE] }, result: true };
  });
  return { exit: 0, lines: [`cleared: ${path}`], data: { path, cleared } };
}

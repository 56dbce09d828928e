// An append-only ledger in `.devrites/` itself (claims.jsonl, Go: engine/internal/lib/claims.go),
// written as a workspace file is: under `.devrites/.engine.lock` (ACTIVE's lock; no workspace
// lock is taken, so the one lock order holds), through transaction.ts's journal (`.devrites/.journal`,
// whose one entry kind is an append to the ledger), a journal a killed process left finished
// first. The append refuses a symlinked or hard-linked ledger, like every file the engine writes.

import { join } from "node:path";
import type { Io } from "../io.js";
import { EngineError, InternalError } from "../errors.js";
import { takeLock, lockTimeoutMs } from "./lock.js";
import { JOURNAL_FILE, readJournal } from "./journal.js";
import { applyJournal } from "./replay.js";
import { removeFile } from "./disk.js";
import { commit } from "./transaction.js";

/** Finish (or, when torn, drop) the root's journal of `ledger`; the caller holds the root's lock. */
function recoverLedger(root: string, ledger: string): void {
  const read = readJournal(root, ledger);
  if (read.kind === "torn") removeFile(join(root, JOURNAL_FILE));
  else if (read.kind === "ok") applyJournal(root, read.journal); // an append replays from its offset: idempotent
}

/** Whether a journal a killed process left is waiting in the root. */
export function ledgerNeedsRecovery(root: string, ledger: string): boolean {
  return readJournal(root, ledger).kind !== "none";
}

/**
 * Under the root's lock, finish a journal a killed process left, then run `decide` (it reads
 * the ledger itself) and append the text it returns (none: nothing is written) in one commit.
 */
export function appendToLedger<T>(root: string, ledger: string, io: Io, now: Date, decide: () => { append: string | undefined; result: T }): T {
  const lock = takeLock(io, root, lockTimeoutMs(io.env.DEVRITES_LOCK_TIMEOUT_MS), () => now);
  try {
    recoverLedger(root, ledger);
    const { append, result } = decide();
    if (append !== undefined && append !== "") {
      try {
        commit(root, [], [{ path: join(root, ledger), data: append }]);
      } catch (e) {
        if (e instanceof EngineError) throw e;
        throw new InternalError(`commit failed: ${(e as Error).message}`, { kind: "io", cause: e });
      }
    }
    return result;
  } finally {
    lock.release();
  }
}

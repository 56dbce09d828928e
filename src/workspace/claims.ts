// The reader of `.devrites/claims.jsonl`, the advisory file-claim ledger (Go:
// engine/internal/lib/claims.go): one place for every command that reads claims (`claim`,
// `parallel`). A link, FIFO or oversized file is refused like every file the engine reads.

import { join } from "node:path";
import { CLAIMS_FILE, parseClaims, type ClaimLedger } from "../domain/claims.js";
import { READ_CAP_BYTES, readRegularFile } from "./disk.js";

/** The ledger's path in a `.devrites` directory. */
export function claimsPath(devritesDir: string): string {
  return join(devritesDir, CLAIMS_FILE);
}

/**
 * Read the ledger of the `.devrites` directory `devritesDir`; no file is an empty ledger.
 * @throws RefusedError (exit 3) for a symlinked, non-regular or oversized claims.jsonl; InternalError (exit 1) when it cannot be read.
 */
export function readClaims(devritesDir: string): ClaimLedger {
  const bytes = readRegularFile(claimsPath(devritesDir), { name: CLAIMS_FILE, capBytes: READ_CAP_BYTES.workspaceFile, noFollow: true });
  return bytes === undefined ? { claims: [], unparsed: 0 } : parseClaims(bytes.toString("utf8"));
}

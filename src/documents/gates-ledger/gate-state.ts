// A gate's state from the ledger alone (nothing runs), the definition-bound evidence line, and
// the reduction `gates status` prints. Ported from the Go engine's
// engine/internal/acceptance/evidence.go (DefinitionDigest, FormatEvidence, GateState, Reduce).
// Pure: hashing is computation.

import { createHash } from "node:crypto";
import type { Ledger, LedgerGate } from "./parse-ledger.js";
import { type ApprovedCommand, isApproved } from "./approved-commands.js";

export type GateState = "met" | "unmet" | "stale-unmet" | "abandoned";

export const EVIDENCE_MARKER = "automatic-evidence=v1";
const AUTOMATIC_EVIDENCE = /^automatic-evidence=v1; def=([0-9a-f]{64}); exit=0; expect=matched; output-sha256=([0-9a-f]{64}); output-bytes=([0-9]+); at=(\S+)$/;

const sha256 = (s: string): string => createHash("sha256").update(s, "utf8").digest("hex");

/** SHA-256 over CHECK, EXPECT and CWD: editing any of them makes recorded evidence stale. */
export function definitionDigest(gate: LedgerGate): string {
  return sha256(`v1\u0000${gate.check}\u0000${gate.expect}\u0000${gate.cwd}`);
}

export function outputDigest(output: string): string {
  return sha256(output);
}

export function formatEvidence(gate: LedgerGate, output: string, at: string): string {
  return `${EVIDENCE_MARKER}; def=${definitionDigest(gate)}; exit=0; expect=matched; output-sha256=${outputDigest(output)}; output-bytes=${Buffer.byteLength(output, "utf8")}; at=${at}`;
}

export function gateState(gate: LedgerGate, doc: Ledger): GateState {
  if (doc.abandoned.has(gate.id)) return "abandoned";
  const evidence = gate.evidence.trim();
  if (gate.check === "") return gate.checked && evidence !== "" && evidence !== "pending" ? "met" : "unmet";
  if (!gate.checked) return "unmet";
  const m = AUTOMATIC_EVIDENCE.exec(evidence);
  return m && m[1] === definitionDigest(gate) ? "met" : "stale-unmet";
}

export interface Reduction {
  total: number;
  met: number;
  abandonedIds: string[];
  unmetIds: string[];
  staleIds: string[];
  unapprovedIds: string[];
}

export function reduceLedger(doc: Ledger, approved: readonly ApprovedCommand[] | undefined): Reduction {
  const r: Reduction = { total: doc.gates.length, met: 0, abandonedIds: [], unmetIds: [], staleIds: [], unapprovedIds: [] };
  for (const gate of doc.gates) {
    const state = gateState(gate, doc);
    if (state === "met") r.met++;
    else if (state === "abandoned") r.abandonedIds.push(gate.id);
    else {
      r.unmetIds.push(gate.id);
      if (gate.check === "") continue;
      if (state === "stale-unmet") r.staleIds.push(gate.id);
      if (approved && !isApproved(gate.check, gate.cwd, approved)) r.unapprovedIds.push(gate.id);
    }
  }
  return r;
}

export const allMet = (r: Reduction): boolean => r.total > 0 && r.met === r.total && r.abandonedIds.length === 0;

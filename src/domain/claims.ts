// The advisory file-claim ledger's rules (Go: engine/internal/lib/claims.go, `RunClaim`):
// `.devrites/claims.jsonl` is append-only, one JSON record a line; the last line of an id is
// that claim's state; a claim is live until it is released or its `expires_at` has passed. A
// claim never blocks a writer by force: a conflict is another session's live claim on a path.
// Pure: the reader (src/workspace/claims.ts) hands the text in.

import { parseTimestamp } from "./clock.js";
import { normalizeSlicePath } from "./path-disjoint.js";

export const CLAIMS_FILE = "claims.jsonl";
/** `--ttl` in minutes: its default, and the range a value is clamped to (Go: claimDefaultTTL, claimMinTTL, claimMaxTTL). */
export const CLAIM_TTL = { default: 30, min: 1, max: 240 } as const;

/** One ledger line (Go: claimRecord; the JSON keys are the Go engine's). */
export interface ClaimRecord {
  id: string;
  session: string;
  paths: string[];
  reason?: string;
  claimed_at: string;
  expires_at: string;
  released?: boolean;
}

export interface ClaimLedger {
  /** Each id's latest record, in the order ids first appeared. */
  claims: ClaimRecord[];
  /** Lines that are not a record with an id and a session (Go: `bad`). */
  unparsed: number;
}

function asRecord(line: string): ClaimRecord | undefined {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof v !== "object" || v === null || Array.isArray(v)) return undefined;
  const o = v as Record<string, unknown>;
  if (typeof o.id !== "string" || o.id === "" || typeof o.session !== "string" || o.session === "") return undefined;
  const paths = Array.isArray(o.paths) ? o.paths.filter((p): p is string => typeof p === "string") : [];
  const rec: ClaimRecord = {
    id: o.id,
    session: o.session,
    paths,
    claimed_at: typeof o.claimed_at === "string" ? o.claimed_at : "",
    expires_at: typeof o.expires_at === "string" ? o.expires_at : "",
  };
  if (typeof o.reason === "string" && o.reason !== "") rec.reason = o.reason;
  if (o.released === true) rec.released = true;
  return rec;
}

/** Parse the ledger's text (Go: readClaims): blank lines skipped, the rest records or counted as unparsed. */
export function parseClaims(text: string): ClaimLedger {
  const latest = new Map<string, ClaimRecord>();
  let unparsed = 0;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "") continue;
    const rec = asRecord(line);
    if (rec === undefined) {
      unparsed++;
      continue;
    }
    latest.set(rec.id, rec); // a Map keeps the first insertion's place: the order ids first appeared
  }
  return { claims: [...latest.values()], unparsed };
}

export type ClaimState = "live" | "released" | "expired";

/** A claim's state at `now` (Go: claimList); an unreadable `expires_at` reads as expired. */
export function claimState(rec: ClaimRecord, now: Date): ClaimState {
  if (rec.released === true) return "released";
  const expires = parseTimestamp(rec.expires_at);
  return expires !== undefined && expires.getTime() > now.getTime() ? "live" : "expired";
}

/** The claims live at `now`, in ledger order (Go: liveClaims). */
export function liveClaims(ledger: ClaimLedger, now: Date): ClaimRecord[] {
  return ledger.claims.filter((c) => claimState(c, now) === "live");
}

/** Live claims of other sessions that cover any of `paths` (Go: claimConflicts); an empty session conflicts with every claim. */
export function claimConflicts(live: readonly ClaimRecord[], session: string, paths: readonly string[]): ClaimRecord[] {
  const want = new Set(paths);
  return live.filter((c) => c.session !== session && c.paths.some((p) => want.has(p)));
}

/** A session id: 1–128 letters, digits, `- _ . : /` (Go: validSession). */
export function validSession(s: string): boolean {
  return /^[A-Za-z0-9\-_.:/]{1,128}$/.test(s);
}

/**
 * Normalize the paths of `claim add`/`claim check` (Go: normalizeClaimPaths): at least one,
 * project-relative, never under .devrites/ or .git/, no duplicates; sorted.
 */
export function normalizeClaimPaths(raw: readonly string[]): { paths: string[] } | { problem: string } {
  if (raw.length === 0) return { problem: "at least one path is required" };
  const seen = new Set<string>();
  for (const p of raw) {
    const n = normalizeSlicePath(p);
    if ("problem" in n) return n;
    const norm = n.path;
    if (norm === ".devrites" || norm.startsWith(".devrites/") || norm === ".git" || norm.startsWith(".git/")) {
      return { problem: `path must not claim control-tree or git internals: ${JSON.stringify(norm)}` };
    }
    if (seen.has(norm)) return { problem: `duplicate path ${JSON.stringify(norm)}` };
    seen.add(norm);
  }
  return { paths: [...seen].sort() };
}

/** `--ttl` minutes clamped to CLAIM_TTL's range (Go: claimAdd). */
export function clampTtl(minutes: number): number {
  return Math.min(Math.max(minutes, CLAIM_TTL.min), CLAIM_TTL.max);
}

/** A ledger line for `rec` (Go: appendClaim's json.Marshal: keys in this order, empty reason and false released left out). */
export function renderClaim(rec: ClaimRecord): string {
  const out: Record<string, unknown> = { id: rec.id, session: rec.session, paths: rec.paths };
  if (rec.reason !== undefined && rec.reason !== "") out.reason = rec.reason;
  out.claimed_at = rec.claimed_at;
  out.expires_at = rec.expires_at;
  if (rec.released === true) out.released = true;
  return JSON.stringify(out) + "\n";
}

// `claim add|release|list|check` (Go: RunClaim in engine/internal/lib/claims.go, usage in
// engine/help.go): the advisory file-claim ledger `.devrites/claims.jsonl`, shared by the agent
// sessions of one working tree. `add` appends a claim unless another session holds a live
// claim on one of its paths (exit 3, `claim: BLOCKED: …` on stderr, nothing written);
// `release` appends the claim's released record; `list` and `check` only read. The Go
// engine's usage errors (its exit 2) are this engine's bad input (exit 5); an unknown, foreign
// or released claim is refused (exit 3). Writes go through root-ledger.ts (lock, journal).

import { randomBytes } from "node:crypto";
import { BadInputError, ERROR_KINDS, RefusedError } from "../../errors.js";
import { formatTimestamp } from "../../domain/clock.js";
import { CLAIM_TTL, CLAIMS_FILE, claimConflicts, claimState, clampTtl, liveClaims, normalizeClaimPaths, renderClaim, validSession, type ClaimRecord } from "../../domain/claims.js";
import { readClaims } from "../../workspace/claims.js";
import { appendToLedger, ledgerNeedsRecovery } from "../../workspace/root-ledger.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

/** Messages start as the Go engine's do. */
const P = "claim: ";
const SESSION_RULE = "1-128 chars: letters, digits, - _ . : /";

function text(args: CommandArgs, name: string): string | undefined {
  const v = args.options[name];
  return typeof v === "string" ? v : undefined;
}

function sessionOf(ctx: CommandContext, args: CommandArgs, required: boolean): string {
  const s = text(args, "session") ?? "";
  if ((required || s !== "") && !validSession(s)) {
    throw new BadInputError(`${ctx.flag("session")} is required (${SESSION_RULE})`, { prefix: P, hint: ctx.usage() });
  }
  return s;
}

function pathsOf(ctx: CommandContext, args: CommandArgs): string[] {
  const n = normalizeClaimPaths(args.positionals);
  if ("problem" in n) throw new BadInputError(`${n.problem}`, { prefix: P, hint: ctx.usage() });
  return n.paths;
}

const blockedLine = (c: ClaimRecord) => `claim: BLOCKED: ${c.paths.join(",")} held by session ${JSON.stringify(c.session)} until ${c.expires_at}${c.reason !== undefined ? ` (${c.reason})` : ""}`;
const asJson = (c: ClaimRecord) => ({ ...c, released: c.released === true });

/** The ledger, after finishing a write a killed process left (under the lock, only when one is waiting). */
function ledger(ctx: CommandContext, root: string) {
  if (ledgerNeedsRecovery(root, CLAIMS_FILE)) appendToLedger(root, CLAIMS_FILE, ctx.io, ctx.now, () => ({ append: undefined, result: undefined }));
  return readClaims(root);
}

function blocked(conflicts: readonly ClaimRecord[], data: Record<string, unknown>, toStdout: boolean): Outcome {
  const lines = conflicts.map(blockedLine);
  return { exit: ERROR_KINDS.refused, lines: toStdout ? lines : [], errors: toStdout ? [] : lines, data: { ...data, blocked: conflicts.map(asJson) } };
}

export async function claimAdd(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const session = sessionOf(ctx, args, true);
  let ttl: number = CLAIM_TTL.default;
  const ttlText = text(args, "ttl");
  if (ttlText !== undefined) {
    if (!/^[+-]?\d+$/.test(ttlText.trim())) throw new BadInputError(`${ctx.flag("ttl")} expects minutes, got ${JSON.stringify(ttlText)}`, { prefix: P, hint: ctx.usage() });
    ttl = clampTtl(Number(ttlText.trim()));
  }
  const paths = pathsOf(ctx, args);
  const reason = text(args, "reason") ?? "";
  const root = ctx.root();
  const now = ctx.now;
  return appendToLedger(root, CLAIMS_FILE, ctx.io, now, () => {
    const conflicts = claimConflicts(liveClaims(readClaims(root), now), session, paths);
    if (conflicts.length > 0) return { append: undefined, result: blocked(conflicts, { claimed: false }, false) };
    const rec: ClaimRecord = {
      id: `cl-${BigInt(now.getTime()) * 1_000_000n}-${randomBytes(4).toString("hex")}`,
      session,
      paths,
      ...(reason !== "" ? { reason } : {}),
      claimed_at: formatTimestamp(now),
      expires_at: formatTimestamp(new Date(now.getTime() + ttl * 60_000)),
    };
    return {
      append: renderClaim(rec),
      result: { exit: 0, lines: [`claim: ${rec.id} claimed ${paths.length} path(s) until ${rec.expires_at}`], data: { claimed: true, claim: asJson(rec) } },
    };
  });
}

export async function claimRelease(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const session = text(args, "session") ?? "";
  const id = text(args, "id") ?? "";
  if (session === "" || id === "") throw new BadInputError(`release requires ${ctx.flag("session")} and ${ctx.flag("id")}`, { prefix: P, hint: ctx.usage() });
  const root = ctx.root();
  return appendToLedger(root, CLAIMS_FILE, ctx.io, ctx.now, () => {
    const rec = readClaims(root).claims.find((c) => c.id === id);
    const where = { prefix: P, hint: "claim list --all shows every claim with its session" };
    if (rec === undefined) throw new RefusedError(`unknown claim ${JSON.stringify(id)}`, where);
    if (rec.session !== session) throw new RefusedError(`${JSON.stringify(id)} belongs to session ${JSON.stringify(rec.session)}, not ${JSON.stringify(session)}`, where);
    if (rec.released === true) throw new RefusedError(`${JSON.stringify(id)} already released`, where);
    const released: ClaimRecord = { ...rec, released: true };
    return {
      append: renderClaim(released),
      result: { exit: 0, lines: [`claim: ${id} released ${rec.paths.length} path(s)`], data: { released: true, claim: asJson(released) } },
    };
  });
}

export async function claimList(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const session = text(args, "session") ?? "";
  const all = args.options.all === true;
  const read = ledger(ctx, ctx.root());
  const rows = (all ? read.claims : liveClaims(read, ctx.now)).filter((c) => session === "" || c.session === session);
  const lines = rows.map((c) => `${c.id} ${claimState(c, ctx.now).padEnd(8)} session=${c.session} paths=${c.paths.join(",")} until=${c.expires_at}${c.reason !== undefined ? ` reason=${JSON.stringify(c.reason)}` : ""}`);
  if (rows.length === 0) lines.push("claim: no claims");
  if (read.unparsed > 0) lines.push(`claim: ${read.unparsed} unparsed ledger line(s)`);
  return { exit: 0, lines, data: { claims: rows.map((c) => ({ ...asJson(c), state: claimState(c, ctx.now) })), unparsed: read.unparsed } };
}

export async function claimCheck(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const session = text(args, "session") ?? "";
  const paths = pathsOf(ctx, args);
  const conflicts = claimConflicts(liveClaims(ledger(ctx, ctx.root()), ctx.now), session, paths);
  if (conflicts.length > 0) return blocked(conflicts, { free: false, paths }, true);
  return { exit: 0, lines: [`claim: ${paths.length} path(s) free`], data: { free: true, paths } };
}

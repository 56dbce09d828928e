// `parallel status` and `parallel lease-read` (Go: cmdStatus / StatusReport in
// engine/internal/parallel/ops.go, cmdLeaseRead in cli.go; the pack's lines in
// rite-build/reference/parallel-batch.md "Engine verbs": `--root <repo> --slug <slug>`): what
// the control lease `.devrites/work/<slug>/parallel-lease.md` records. Read-only: a lease that
// cannot be read is exit 3 `parallel <verb>: <why>`; no lease is `status: no lease at <path>`.

import { dirname, join } from "node:path";
import { BadInputError, RefusedError } from "../../errors.js";
import { leaseJson, leaseStatusLines, parseLease, emitLease, type Lease } from "../../domain/parallel-lease.js";
import { readArtifact } from "../../workspace/artifacts.js";
import { openWorkspace } from "../../workspace/locate.js";
import type { WorkspaceSession } from "../../workspace/session.js";
import { integrateLines, unleasedLines } from "./leftovers.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

export const LEASE_FILE = "parallel-lease.md";
const LEASE_CAP = 1024 * 1024;

/** The workspace `--slug` names (the pack's form), else the selected one. */
export function leaseSession(ctx: CommandContext, args: CommandArgs): WorkspaceSession {
  const slug = args.options.slug;
  const session = typeof slug === "string" ? ctx.session(openWorkspace(ctx.root(), slug)) : ctx.workspace();
  session.recoverIfNeeded();
  return session;
}

/** The lease of a workspace: undefined when there is none; a RefusedError when it cannot be read. */
export function readLease(session: WorkspaceSession, verb: string): { path: string; lease: Lease | undefined } {
  const path = join(session.ws.dir, LEASE_FILE);
  const read = readArtifact(session.ws.dir, LEASE_FILE, LEASE_CAP);
  if (read.unreadable !== undefined) throw new RefusedError(read.unreadable, { prefix: `parallel ${verb}: ` });
  if (read.bytes === undefined) return { path, lease: undefined };
  const parsed = parseLease(read.bytes.toString("utf8"));
  if ("problem" in parsed) throw new RefusedError(`${parsed.problem}: ${path}`, { prefix: `parallel ${verb}: `, hint: "repair the lease's json block (its fields: docs/commands.md, parallel status)" });
  return { path, lease: parsed.lease };
}

/** Control's HEAD, or undefined when git does not answer (Go: headSHA, its error ignored by StatusReport). */
export async function controlHead(ctx: CommandContext, project: string): Promise<string | undefined> {
  const { runGit } = await import("../../adapters/git.js");
  const r = await runGit(project, ["rev-parse", "--verify", "--quiet", "HEAD"], { env: ctx.io.env, timeoutMs: 30_000, maxBytes: 4096 });
  const sha = r.stdout.toString("utf8").trim();
  return r.ok && /^[0-9a-f]{40,64}$/.test(sha) ? sha : undefined;
}

export async function parallelStatus(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const session = leaseSession(ctx, args);
  const { path, lease } = readLease(session, "status");
  const project = dirname(session.ws.root);
  if (lease === undefined) {
    const unleased = await unleasedLines(project, ctx.io.env, session.ws.slug);
    return { exit: 0, lines: [`status: no lease at ${path}`, ...unleased], data: { lease: null, path, ...(unleased.length > 0 ? { unleased } : {}) } };
  }
  const head = await controlHead(ctx, project);
  const leftover = await integrateLines(project, ctx.io.env, session.ws.slug, lease, head);
  return { exit: 0, lines: [...leaseStatusLines(path, lease, head), ...leftover], data: { path, lease, control_head: head ?? null, ...(leftover.length > 0 ? { integrate: leftover } : {}) } };
}

const FIELDS = ["yaml", "md", "json", "status", "base_sha", "batch_id", "n"] as const;

export async function parallelLeaseRead(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const field = typeof args.options.field === "string" ? args.options.field : "";
  if (field !== "" && !(FIELDS as readonly string[]).includes(field)) throw new BadInputError(`parallel lease-read: unknown field ${JSON.stringify(field)} (one of ${FIELDS.join(", ")})`, { hint: ctx.usage() });
  const session = leaseSession(ctx, args);
  const { path, lease } = readLease(session, "lease-read");
  if (lease === undefined) throw new RefusedError(`no lease at ${path}`, { prefix: "parallel lease-read: ", hint: "parallel create writes it" });
  let lines: string[];
  if (field === "" || field === "yaml" || field === "md") {
    const text = emitLease(lease);
    if ("problem" in text) throw new RefusedError(text.problem, { prefix: "parallel lease-read: " });
    lines = text.text.replace(/\n$/, "").split("\n");
  } else if (field === "json") lines = leaseJson(lease).split("\n");
  else lines = [String(lease[field as "status" | "base_sha" | "batch_id" | "n"])];
  return { exit: 0, lines, data: { path, lease } };
}

// parallel-lease.md, the control lease of a parallel build batch (Go: engine/internal/parallel/
// lease.go — Lease, ValidateLease, EmitLeaseMarkdown, ReadLease; the fields are
// rite-build/reference/parallel-batch.md's "Lease"). The fenced ```json block is the record;
// the YAML above it mirrors it for a person. Pure: text in, lease or a problem out.

import { MAX_PARALLEL_SLICES, PARALLEL_SLICE_ID } from "./parallel-select.js";
import { validateSlicePaths } from "./path-disjoint.js";

export const LEASE_STATUSES = ["running", "aborted", "integrate-failed", "complete"] as const;
export type LeaseStatus = (typeof LEASE_STATUSES)[number];
export const WRIGHT_STATUSES = ["pending", "green", "red", "gap"] as const;

export interface LeaseSlice {
  id: string;
  paths: string[];
  worktree_path: string;
  branch: string;
  wright_status: string;
  transfer_commit?: string;
}

export interface Lease {
  batch_id: string;
  created_at: string;
  base_sha: string;
  n: number;
  status: LeaseStatus;
  control_pid_or_session: string;
  slices: LeaseSlice[];
}

/** lease.go's batchRE and sliceRE (one grammar); shaRE. */
export const BATCH_ID = PARALLEL_SLICE_ID;
const SHA = /^[0-9a-f]{7,40}$/i;
const JSON_FENCE = /```json\n([\s\S]*?)\n```/;

const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** The lease a JSON value describes, or why it is not one (Go: json.Unmarshal then ValidateLease). */
export function leaseFromJson(value: unknown): { lease: Lease } | { problem: string } {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { problem: "lease json must be an object" };
  const v = value as Record<string, unknown>;
  if (v.slices !== undefined && v.slices !== null && !Array.isArray(v.slices)) return { problem: "lease json invalid: slices must be a list" };
  if (v.n !== undefined && (typeof v.n !== "number" || !Number.isInteger(v.n))) return { problem: "lease json invalid: n must be an integer" };
  const slices: LeaseSlice[] = [];
  for (const raw of (v.slices as unknown[] | null | undefined) ?? []) {
    if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return { problem: "lease json invalid: a slice must be an object" };
    const s = raw as Record<string, unknown>;
    if (s.paths !== undefined && s.paths !== null && (!Array.isArray(s.paths) || s.paths.some((p) => typeof p !== "string"))) return { problem: "lease json invalid: paths must be a list of strings" };
    const slice: LeaseSlice = { id: str(s.id), paths: (s.paths as string[] | null | undefined) ?? [], worktree_path: str(s.worktree_path), branch: str(s.branch), wright_status: str(s.wright_status) };
    if (str(s.transfer_commit) !== "") slice.transfer_commit = str(s.transfer_commit);
    slices.push(slice);
  }
  const lease: Lease = { batch_id: str(v.batch_id), created_at: str(v.created_at), base_sha: str(v.base_sha), n: (v.n as number | undefined) ?? 0, status: str(v.status) as LeaseStatus, control_pid_or_session: str(v.control_pid_or_session), slices };
  const problem = validateLease(lease);
  return problem === undefined ? { lease } : { problem };
}

/** Go: ValidateLease. The slice count is the pack's batch range, 2 to 10. */
export function validateLease(lease: Lease): string | undefined {
  if (!BATCH_ID.test(lease.batch_id)) return `invalid batch id ${JSON.stringify(lease.batch_id)}`;
  if (lease.created_at === "") return "lease missing created_at";
  if (!SHA.test(lease.base_sha)) return `invalid base_sha ${JSON.stringify(lease.base_sha)}`;
  if (!(LEASE_STATUSES as readonly string[]).includes(lease.status)) return `invalid lease status ${JSON.stringify(lease.status)}`;
  if (lease.slices.length < 2 || lease.slices.length > MAX_PARALLEL_SLICES) return `lease must have 2-${MAX_PARALLEL_SLICES} slices (got ${lease.slices.length})`;
  if (lease.n !== lease.slices.length) return `lease n=${lease.n} does not match slices=${lease.slices.length}`;
  const seen = new Set<string>();
  for (const [i, sl] of lease.slices.entries()) {
    if (!PARALLEL_SLICE_ID.test(sl.id)) return `slice ${i}: invalid slice id ${JSON.stringify(sl.id)}`;
    if (seen.has(sl.id)) return `duplicate slice id ${JSON.stringify(sl.id)}`;
    seen.add(sl.id);
    const paths = validateSlicePaths(sl.paths, `slice ${JSON.stringify(sl.id)}`);
    if ("problem" in paths) return paths.problem;
    if (sl.wright_status !== "" && !(WRIGHT_STATUSES as readonly string[]).includes(sl.wright_status)) return `slice ${JSON.stringify(sl.id)}: invalid wright_status ${JSON.stringify(sl.wright_status)}`;
    if (sl.transfer_commit !== undefined && !SHA.test(sl.transfer_commit)) return `slice ${JSON.stringify(sl.id)}: invalid transfer_commit ${JSON.stringify(sl.transfer_commit)}`;
  }
  return undefined;
}

/** The lease of a parallel-lease.md text, or why it cannot be read (Go: ReadLease). */
export function parseLease(text: string): { lease: Lease } | { problem: string } {
  const m = JSON_FENCE.exec(text);
  if (m === null) return { problem: "lease missing machine-readable json fence" };
  let value: unknown;
  try {
    value = JSON.parse(m[1]!);
  } catch (e) {
    return { problem: `lease json invalid: ${(e as Error).message}` };
  }
  return leaseFromJson(value);
}

/** Go: yamlQuote. */
function yamlQuote(v: string): string {
  return v === "" || /[:#{}[\]&*!|>'"%@`]/.test(v) || v.trim() !== v ? JSON.stringify(v) : v;
}

/** The indented JSON of a lease, field order as Go's struct (Go: LeaseJSON, json.MarshalIndent). */
export function leaseJson(lease: Lease): string {
  const slices = lease.slices.map((s) => ({ id: s.id, paths: s.paths, worktree_path: s.worktree_path, branch: s.branch, wright_status: s.wright_status, ...(s.transfer_commit ? { transfer_commit: s.transfer_commit } : {}) }));
  const ordered = { batch_id: lease.batch_id, created_at: lease.created_at, base_sha: lease.base_sha, n: lease.n, status: lease.status, control_pid_or_session: lease.control_pid_or_session, slices };
  return JSON.stringify(ordered, null, 2);
}

/** parallel-lease.md as the Go engine writes it (Go: EmitLeaseMarkdown); validates first. */
export function emitLease(lease: Lease): { text: string } | { problem: string } {
  const problem = validateLease(lease);
  if (problem !== undefined) return { problem };
  const out = [
    "# parallel-lease.md — advisory control lease for /rite-build --parallel",
    "# Machine block below is authoritative for helpers; YAML mirrors schema.",
    "",
    `batch_id: ${yamlQuote(lease.batch_id)}`,
    `created_at: ${yamlQuote(lease.created_at)}`,
    `base_sha: ${yamlQuote(lease.base_sha)}`,
    `n: ${lease.n}`,
    `status: ${yamlQuote(lease.status)}`,
    `control_pid_or_session: ${yamlQuote(lease.control_pid_or_session)}`,
    "slices:",
  ];
  for (const sl of lease.slices) {
    out.push(`  - id: ${yamlQuote(sl.id)}`);
    if (sl.paths.length === 0) out.push("    paths: []");
    else out.push("    paths:", ...sl.paths.map((p) => `      - ${yamlQuote(p)}`));
    out.push(`    worktree_path: ${yamlQuote(sl.worktree_path)}`, `    branch: ${yamlQuote(sl.branch)}`, `    wright_status: ${yamlQuote(sl.wright_status || "pending")}`);
    if (sl.transfer_commit) out.push(`    transfer_commit: ${yamlQuote(sl.transfer_commit)}`);
  }
  out.push("", "<!-- machine-readable lease SSOT -->", "```json", leaseJson(lease), "```", "");
  return { text: out.join("\n") };
}

/** Go: StatusReport's lines after `lease:`; `head` is control's HEAD when git answered. */
export function leaseStatusLines(leasePath: string, lease: Lease, head: string | undefined): string[] {
  const lines = [`lease: ${leasePath}`, `status: ${lease.status}`, `base_sha: ${lease.base_sha}`];
  for (const sl of lease.slices) lines.push(`slice ${sl.id}: wright=${sl.wright_status} wt=${sl.worktree_path} branch=${sl.branch} transfer=${sl.transfer_commit || "-"}`);
  if (head !== undefined) lines.push(`control_HEAD: ${head}`);
  return lines;
}

// parallel-lease.md, read and written as the Go engine does (engine/internal/parallel/lease.go:
// ReadLease, ValidateLease, EmitLeaseMarkdown; StatusReport in ops.go), and `parallel status` /
// `parallel lease-read` through main() on a workspace holding one.

import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { emitLease, leaseFromJson, leaseStatusLines, parseLease, type Lease } from "../../src/domain/parallel-lease.js";
import { runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";

let p: Project | undefined;
afterEach(() => p?.cleanup());

const SHA = "2435cdb4af90a228b57008ef5e5fa16036a74efd";
const lease = (over: Partial<Lease> = {}): Lease => ({
  batch_id: "b1",
  created_at: "2026-12-06T00:00:00Z",
  base_sha: SHA,
  n: 2,
  status: "running",
  control_pid_or_session: "pid:1",
  slices: [
    { id: "SLICE-001", paths: ["src/a.ts"], worktree_path: "/r/.scratch/parallel-wt/b1/SLICE-001", branch: "devrites/parallel/demo/b1/SLICE-001", wright_status: "pending" },
    { id: "SLICE-002", paths: [], worktree_path: "/r/.scratch/parallel-wt/b1/SLICE-002", branch: "devrites/parallel/demo/b1/SLICE-002", wright_status: "green", transfer_commit: SHA },
  ],
  ...over,
});

describe("parallel-lease.md (Go: lease.go)", () => {
  it("what emitLease writes parses back to the same lease (WriteLease then ReadLease)", () => {
    const text = emitLease(lease());
    if (!("text" in text)) throw new Error(text.problem);
    expect(parseLease(text.text)).toEqual({ lease: lease() });
  });

  it("writes the Go engine's bytes: the YAML mirror with its quoting, then the json fence", () => {
    const text = (emitLease(lease()) as { text: string }).text;
    expect(text.split("\n").slice(0, 12)).toEqual([
      "# parallel-lease.md — advisory control lease for /rite-build --parallel",
      "# Machine block below is authoritative for helpers; YAML mirrors schema.",
      "",
      "batch_id: b1",
      'created_at: "2026-12-06T00:00:00Z"',
      `base_sha: ${SHA}`,
      "n: 2",
      "status: running",
      'control_pid_or_session: "pid:1"',
      "slices:",
      "  - id: SLICE-001",
      "    paths:",
    ]);
    expect(text).toContain("    paths: []\n");
    expect(text).toContain(`    transfer_commit: ${SHA}\n`);
    expect(text.endsWith("\n<!-- machine-readable lease SSOT -->\n```json\n" + JSON.stringify(JSON.parse(text.split("```json\n")[1]!.split("\n```")[0]!), null, 2) + "\n```\n")).toBe(true);
  });

  it.each<[string, Partial<Lease>, string]>([
    ["a bad batch id", { batch_id: "-x" }, 'invalid batch id "-x"'],
    ["no created_at", { created_at: "" }, "lease missing created_at"],
    ["a bad base", { base_sha: "main" }, 'invalid base_sha "main"'],
    ["an unknown status", { status: "paused" as Lease["status"] }, 'invalid lease status "paused"'],
    ["n not the slice count", { n: 3 }, "lease n=3 does not match slices=2"],
    ["one slice", { n: 1, slices: lease().slices.slice(0, 1) }, "lease must have 2-10 slices (got 1)"],
  ])("refuses %s (ValidateLease)", (_name, over, problem) => {
    expect(leaseFromJson(lease(over))).toEqual({ problem });
  });

  it("refuses a text without the json fence and a fence that is not JSON", () => {
    expect(parseLease("batch_id: b1\n")).toEqual({ problem: "lease missing machine-readable json fence" });
    expect(parseLease("```json\n{\n```\n")).toHaveProperty("problem");
  });

  it("status lines are StatusReport's: `-` for a slice without a transfer commit, control_HEAD when known", () => {
    expect(leaseStatusLines("/l", lease(), undefined)).toEqual([
      "lease: /l",
      "status: running",
      `base_sha: ${SHA}`,
      "slice SLICE-001: wright=pending wt=/r/.scratch/parallel-wt/b1/SLICE-001 branch=devrites/parallel/demo/b1/SLICE-001 transfer=-",
      `slice SLICE-002: wright=green wt=/r/.scratch/parallel-wt/b1/SLICE-002 branch=devrites/parallel/demo/b1/SLICE-002 transfer=${SHA}`,
    ]);
    expect(leaseStatusLines("/l", lease(), SHA).at(-1)).toBe(`control_HEAD: ${SHA}`);
  });
});

describe("parallel status and lease-read on the command line", () => {
  const leasePath = (q: Project) => q.path(".devrites/work/session-token-rotation/parallel-lease.md");

  it("without a lease, status says where it would be (exit 0) and lease-read is exit 3", async () => {
    p = makeProject({ ".devrites/ACTIVE": "session-token-rotation\n", ".devrites/work/session-token-rotation/state.md": "# x\n" });
    const s = await runMain(["parallel", "status", "--slug", "session-token-rotation"], { cwd: p.dir });
    expect(s.exit).toBe(0);
    expect(s.stdout).toMatch(/^status: no lease at \/.*\/\.devrites\/work\/session-token-rotation\/parallel-lease\.md\n$/);
    const r = await runMain(["parallel", "lease-read"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    expect(r.stderr).toMatch(/^parallel lease-read: no lease at /);
  });

  it("reads the lease the Go engine wrote: fields, json, and a broken lease is exit 3 naming the file", async () => {
    p = makeProject({ ".devrites/ACTIVE": "session-token-rotation\n", ".devrites/work/session-token-rotation/state.md": "# x\n" });
    fs.writeFileSync(leasePath(p), (emitLease(lease()) as { text: string }).text);
    expect(await runMain(["parallel", "lease-read", "--field", "status"], { cwd: p.dir })).toEqual({ exit: 0, stdout: "running\n", stderr: "" });
    expect((await runMain(["parallel", "lease-read", "--field", "n"], { cwd: p.dir })).stdout).toBe("2\n");
    expect(JSON.parse((await runMain(["parallel", "lease-read", "--field", "json"], { cwd: p.dir })).stdout)).toEqual(lease());
    expect((await runMain(["parallel", "lease-read"], { cwd: p.dir })).stdout).toBe(fs.readFileSync(leasePath(p), "utf8"));
    expect((await runMain(["parallel", "lease-read", "--field", "nope"], { cwd: p.dir })).exit).toBe(5);
    const st = await runMain(["parallel", "status", "--json"], { cwd: p.dir });
    expect(JSON.parse(st.stdout)).toMatchObject({ ok: true, lease: { batch_id: "b1", status: "running" } });
    fs.writeFileSync(leasePath(p), (emitLease(lease()) as { text: string }).text.replace('"n": 2', '"n": 3'));
    const bad = await runMain(["parallel", "status"], { cwd: p.dir });
    expect(bad.exit).toBe(3);
    expect(bad.stderr).toMatch(/^parallel status: lease n=3 does not match slices=2: .*parallel-lease\.md\n/);
  });
});

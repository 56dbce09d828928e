// `parallel lease-write` and `parallel lease-clear` as the pack calls them
// (rite-build/reference/parallel-batch.md "Engine verbs"; Go: cmdLeaseWrite / cmdLeaseClear in
// engine/internal/parallel/cli.go, WriteLease / ClearLease in lease.go): `--json FILE|-` names
// the lease's input on lease-write (the Go engine's flag, taken verbatim), the path is printed,
// lease-clear prints `cleared: <path>` with or without a lease; both write through the
// transaction with an event.

import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseLease } from "../../src/domain/parallel-lease.js";
import { runCli, runMain, T } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";

let p: Project | undefined;
afterEach(() => p?.cleanup());

const W = ".devrites/work/feat";
const SHA = "2435cdb4af90a228b57008ef5e5fa16036a74efd";
const leaseJson = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    batch_id: "b1",
    base_sha: SHA,
    n: 2,
    status: "running",
    control_pid_or_session: "pid:1",
    slices: [
      { id: "S1", paths: ["src/a.ts"], worktree_path: "/r/.scratch/parallel-wt/b1/S1", branch: "devrites/parallel/feat/b1/S1", wright_status: "pending" },
      { id: "S2", paths: ["src/b.ts"], worktree_path: "/r/.scratch/parallel-wt/b1/S2", branch: "devrites/parallel/feat/b1/S2", wright_status: "green", transfer_commit: SHA },
    ],
    ...over,
  });

function project(files: Record<string, string> = {}): Project {
  p = makeProject({ [`${W}/state.md`]: "# State\n", [`${W}/questions.md`]: "", ...files });
  return p;
}
const leasePath = () => p!.path(`${W}/parallel-lease.md`);
const eventNames = () => (fs.existsSync(p!.path(`${W}/events.jsonl`)) ? p!.read(`${W}/events.jsonl`).trim().split("\n").map((l) => JSON.parse(l).event as string) : []);

describe("parallel lease-write", () => {
  it("the pack's call (--root --slug --json FILE) writes the lease Go writes, prints its path, exit 0, one event", async () => {
    project({ "lease.json": leaseJson() });
    const r = await runMain(["parallel", "lease-write", "--root", p!.dir, "--slug", "feat", "--json", "lease.json"], { cwd: p!.dir });
    expect(r).toEqual({ exit: 0, stdout: `${leasePath()}\n`, stderr: "" });
    const read = parseLease(fs.readFileSync(leasePath(), "utf8"));
    expect("lease" in read && read.lease.created_at).toBe(T);
    expect("lease" in read && read.lease.slices.map((s) => s.wright_status)).toEqual(["pending", "green"]);
    expect(eventNames()).toEqual(["parallel_lease_written"]);
    expect(fs.readdirSync(p!.path(W)).filter((n) => n.startsWith("."))).toEqual([]);
  });

  it("--json - reads the lease from standard input; a created_at given is kept", async () => {
    project();
    const r = await runMain(["parallel", "lease-write", "--slug", "feat", "--json", "-"], { cwd: p!.dir, input: leaseJson({ created_at: "2026-01-02T03:04:05Z" }) });
    expect(r.exit).toBe(0);
    const read = parseLease(fs.readFileSync(leasePath(), "utf8"));
    expect("lease" in read && read.lease.created_at).toBe("2026-01-02T03:04:05Z");
  });

  it("rewriting the lease replaces it whole (record of a later status)", async () => {
    project({ "a.json": leaseJson(), "b.json": leaseJson({ status: "aborted" }) });
    await runMain(["parallel", "lease-write", "--slug", "feat", "--json", "a.json"], { cwd: p!.dir });
    await runMain(["parallel", "lease-write", "--slug", "feat", "--json", "b.json"], { cwd: p!.dir });
    const r = await runMain(["parallel", "lease-read", "--slug", "feat", "--field", "status"], { cwd: p!.dir });
    expect(r.stdout).toBe("aborted\n");
  });

  it.each<[string, string, string]>([
    ["not JSON", "{", "parallel lease-write: invalid JSON in in.json"],
    ["a bad base_sha", leaseJson({ base_sha: "zz" }), 'parallel lease-write: invalid base_sha "zz"'],
    ["n not the number of slices", leaseJson({ n: 3 }), "parallel lease-write: lease n=3 does not match slices=2"],
    ["one slice", leaseJson({ n: 1, slices: [{ id: "S1", paths: [] }] }), "parallel lease-write: lease must have 2-10 slices (got 1)"],
    ["an unknown status", leaseJson({ status: "done" }), 'parallel lease-write: invalid lease status "done"'],
  ])("a lease that is %s is refused, exit 3, nothing written", async (_name, text, message) => {
    project({ "in.json": text });
    const r = await runMain(["parallel", "lease-write", "--slug", "feat", "--json", "in.json"], { cwd: p!.dir });
    expect(r.exit).toBe(3);
    expect(r.stderr.split("\n")[0]).toContain(message);
    expect(fs.existsSync(leasePath())).toBe(false);
    expect(eventNames()).toEqual([]);
  });

  it("a json path holding '..' is refused as the Go engine refuses it, exit 3", async () => {
    project();
    const r = await runMain(["parallel", "lease-write", "--slug", "feat", "--json", "../lease.json"], { cwd: p!.dir });
    expect(r.exit).toBe(3);
    expect(r.stderr).toContain("parallel lease-write: json path must not contain '..'");
  });

  it("--json without its value is a usage error (exit 5) printed as text: --json is the input here, not the output switch", async () => {
    project();
    const r = await runMain(["parallel", "lease-write", "--slug", "feat", "--json"], { cwd: p!.dir });
    expect(r.exit).toBe(5);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("--json needs a value (FILE)");
  });

  it("no --json at all is a usage error (exit 5) naming it, nothing written", async () => {
    project();
    const r = await runMain(["parallel", "lease-write", "--slug", "feat"], { cwd: p!.dir });
    expect([r.exit, r.stderr.split("\n")[0]]).toEqual([5, "devrites-engine: parallel lease-write needs --json FILE"]);
    expect(fs.existsSync(leasePath())).toBe(false);
  });

  it("a lease path that is a symbolic link is refused (exit 3), its target untouched", async () => {
    project({ "lease.json": leaseJson() });
    fs.writeFileSync(p!.path("victim.md"), "keep\n");
    fs.symlinkSync(p!.path("victim.md"), leasePath());
    const r = await runMain(["parallel", "lease-write", "--slug", "feat", "--json", "lease.json"], { cwd: p!.dir });
    expect(r.exit).toBe(3);
    expect(p!.read("victim.md")).toBe("keep\n");
  });

  it("an unknown workspace is refused, nothing created", async () => {
    project({ "lease.json": leaseJson() });
    const r = await runMain(["parallel", "lease-write", "--slug", "other", "--json", "lease.json"], { cwd: p!.dir });
    expect(r.exit).not.toBe(0);
    expect(fs.existsSync(p!.path(".devrites/work/other"))).toBe(false);
  });
});

describe("parallel lease-clear", () => {
  it("removes the lease, prints cleared: <path>, exit 0, one event; status then says no lease", async () => {
    project({ "lease.json": leaseJson() });
    await runMain(["parallel", "lease-write", "--slug", "feat", "--json", "lease.json"], { cwd: p!.dir });
    const r = await runMain(["parallel", "lease-clear", "--root", p!.dir, "--slug", "feat"], { cwd: p!.dir });
    expect(r).toEqual({ exit: 0, stdout: `cleared: ${leasePath()}\n`, stderr: "" });
    expect(fs.existsSync(leasePath())).toBe(false);
    expect(eventNames()).toEqual(["parallel_lease_written", "parallel_lease_cleared"]);
    expect((await runMain(["parallel", "status", "--slug", "feat"], { cwd: p!.dir })).stdout).toBe(`status: no lease at ${leasePath()}\n`);
  });

  it("with no lease it still prints cleared and exits 0 (Go: ClearLease ignores a missing file), writing nothing", async () => {
    project();
    const r = await runMain(["parallel", "lease-clear", "--slug", "feat", "--json"], { cwd: p!.dir });
    expect(r.exit).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ ok: true, exit: 0, path: leasePath(), cleared: false });
    expect(eventNames()).toEqual([]);
  });

  it.each([
    ["a symbolic link", () => fs.symlinkSync(p!.path("victim.md"), leasePath())],
    ["a directory", () => fs.mkdirSync(leasePath())],
  ])("a lease path that is %s is refused (exit 3) and left as it is", async (_name, plant) => {
    project();
    fs.writeFileSync(p!.path("victim.md"), "keep\n");
    plant();
    const r = await runMain(["parallel", "lease-clear", "--slug", "feat"], { cwd: p!.dir });
    expect(r.exit).toBe(3);
    expect(fs.lstatSync(leasePath())).toBeTruthy();
    expect(p!.read("victim.md")).toBe("keep\n");
  });
});

describe("spawned: the exit codes a shell step sees", () => {
  it("lease-write from a pipe, then lease-clear: exit 0 both, the lease gone, no journal or temp left", async () => {
    project();
    const w = await runCli(["parallel", "lease-write", "--root", p!.dir, "--slug", "feat", "--json", "-"], { cwd: p!.dir, input: leaseJson() });
    expect([w.exit, w.stdout]).toEqual([0, `${leasePath()}\n`]);
    const c = await runCli(["parallel", "lease-clear", "--root", p!.dir, "--slug", "feat"], { cwd: p!.dir });
    expect([c.exit, c.stdout]).toEqual([0, `cleared: ${leasePath()}\n`]);
    expect(fs.readdirSync(path.join(p!.dir, W)).sort()).toEqual(["events.jsonl", "questions.md", "state.md"]);
  });

  it("a refused lease is exit 3 with the Go engine's message", async () => {
    project();
    const r = await runCli(["parallel", "lease-write", "--slug", "feat", "--json", "-"], { cwd: p!.dir, input: leaseJson({ n: 5 }) });
    expect(r.exit).toBe(3);
    expect(r.stderr).toContain("parallel lease-write: lease n=5 does not match slices=2");
  });
});

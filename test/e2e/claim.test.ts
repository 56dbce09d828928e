// `claim add|release|list|check` in main() (Go: engine/internal/lib/claims.go, RunClaim): the
// ledger's lines and the exit codes of each outcome (0, 3 blocked or refused, 5 bad input),
// nothing written by a refusal, a link refused; and a claim killed mid-commit is finished by
// the next `claim`, exactly once.

import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, runMain } from "../helpers/cli.js";
import { makeProject, REPO_DIR, type Project } from "../helpers/project.js";

const LEDGER = ".devrites/claims.jsonl";
const KILL = path.join(REPO_DIR, "test/helpers/kill-at-file.cjs");
let p: Project | undefined;
afterEach(() => {
  p?.cleanup();
  p = undefined;
});
const project = () => (p = makeProject({ ".devrites/ACTIVE": "" }));
const run = (args: string[]) => runMain(args, { cwd: p!.dir });
const lines = () => (p!.exists(LEDGER) ? p!.read(LEDGER).split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as Record<string, unknown>) : []);

describe("claim", () => {
  it("add appends one record in the Go engine's keys; another session's add and check on an overlapping path are exit 3 and write nothing", async () => {
    project();
    const add = await run(["claim", "add", "--session", "s1", "--reason", "slice 3", "src/b.ts", "./src/a.ts"]);
    expect(add.exit, add.stderr).toBe(0);
    expect(add.stdout).toMatch(/^claim: cl-\d+-[0-9a-f]{8} claimed 2 path\(s\) until 2026-07-20T10:30:00Z\n$/);
    expect(lines()).toEqual([{ id: expect.stringMatching(/^cl-/), session: "s1", paths: ["src/a.ts", "src/b.ts"], reason: "slice 3", claimed_at: "2026-07-20T10:00:00Z", expires_at: "2026-07-20T10:30:00Z" }]);
    const before = p!.read(LEDGER);
    const blocked = await run(["claim", "add", "--session", "s2", "src/a.ts"]);
    expect(blocked).toEqual({ exit: 3, stdout: "", stderr: 'claim: BLOCKED: src/a.ts,src/b.ts held by session "s1" until 2026-07-20T10:30:00Z (slice 3)\n' });
    expect(p!.read(LEDGER)).toBe(before);
    expect((await run(["claim", "check", "--session", "s2", "src/a.ts"])).exit).toBe(3);
    expect(await run(["claim", "check", "--session", "s1", "src/a.ts"])).toEqual({ exit: 0, stdout: "claim: 1 path(s) free\n", stderr: "" });
    expect((await run(["claim", "add", "--session", "s1", "src/a.ts"])).exit).toBe(0); // a session's own claims never block it
  });

  it("a claim past its ttl is expired: it blocks nobody and list shows it only with --all", async () => {
    project();
    await run(["claim", "add", "--session", "s1", "--ttl", "5", "x.ts"]);
    const later = { cwd: p!.dir, env: { DEVRITES_NOW: "2026-07-20T10:06:00Z" } };
    expect((await runMain(["claim", "add", "--session", "s2", "x.ts"], later)).exit).toBe(0);
    const list = await runMain(["claim", "list", "--all", "--session", "s1"], later);
    expect(list.stdout).toMatch(/ expired {2}session=s1 paths=x\.ts until=2026-07-20T10:05:00Z\n$/);
  });

  it("release appends the released record once; a second release, another session's, or an unknown id is exit 3 and writes nothing", async () => {
    project();
    await run(["claim", "add", "--session", "s1", "x.ts"]);
    const id = String(lines()[0]!.id);
    expect((await run(["claim", "release", "--session", "s2", "--id", id])).exit).toBe(3);
    expect(await run(["claim", "release", "--session", "s1", "--id", id])).toEqual({ exit: 0, stdout: `claim: ${id} released 1 path(s)\n`, stderr: "" });
    expect(lines().map((l) => l.released)).toEqual([undefined, true]);
    expect((await run(["claim", "release", "--session", "s1", "--id", id])).exit).toBe(3);
    expect((await run(["claim", "release", "--session", "s1", "--id", "cl-nope"])).exit).toBe(3);
    expect(lines()).toHaveLength(2);
    expect(await run(["claim", "list"])).toEqual({ exit: 0, stdout: "claim: no claims\n", stderr: "" });
  });

  it.each([
    [["claim", "add", "x.ts"]],
    [["claim", "add", "--session", "bad session", "x.ts"]],
    [["claim", "add", "--session", "s1", ".devrites/ACTIVE"]],
    [["claim", "add", "--session", "s1", "../x.ts"]],
    [["claim", "add", "--session", "s1", "x.ts", "./x.ts"]],
    [["claim", "add", "--session", "s1", "--ttl", "soon", "x.ts"]],
    [["claim", "add", "--session", "s1"]],
    [["claim", "release", "--session", "s1"]],
  ])("%j is bad input (exit 5) and writes nothing", async (args) => {
    project();
    const r = await run(args);
    expect(r.exit, r.stderr).toBe(5);
    expect(p!.exists(LEDGER)).toBe(false);
  });

  it("list counts the lines that are not claims; --json carries each claim's state", async () => {
    project();
    p!.write(LEDGER, "garbage\n");
    await run(["claim", "add", "--session", "s1", "x.ts"]);
    const r = await run(["claim", "list", "--json"]);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, unparsed: 1, claims: [{ session: "s1", paths: ["x.ts"], state: "live", released: false }] });
  });

  it("a symlinked claims.jsonl is refused (exit 3), never written through", async () => {
    project();
    p!.write("elsewhere.jsonl", "");
    fs.symlinkSync(p!.path("elsewhere.jsonl"), p!.path(LEDGER));
    expect((await run(["claim", "add", "--session", "s1", "x.ts"])).exit).toBe(3);
    expect(p!.read("elsewhere.jsonl")).toBe("");
  });

  it("a hard-linked claims.jsonl is refused (exit 3), never written through", async () => {
    project();
    p!.write(LEDGER, "");
    fs.linkSync(p!.path(LEDGER), p!.path("other-name.jsonl"));
    expect((await run(["claim", "add", "--session", "s1", "x.ts"])).exit).toBe(3);
    expect(p!.read("other-name.jsonl")).toBe("");
  });
});

describe("claim killed mid-commit (SIGKILL through a preload)", () => {
  it.each([
    ["before the append", { KILL_AT_WRITE_OPEN: "claims.jsonl" }],
    ["after the append, before the journal is removed", { KILL_AT_UNLINK: ".journal" }],
  ])("killed %s: the next claim command finishes it, the claim is in the ledger exactly once and no journal is left", async (_when, env) => {
    project();
    const killed = await runCli(["claim", "add", "--session", "s1", "x.ts"], { cwd: p!.dir, env: { NODE_OPTIONS: `--require ${KILL}`, ...env } });
    expect(killed.exit).toBe(-1);
    expect(p!.exists(".devrites/.journal")).toBe(true);
    const check = await runCli(["claim", "check", "--session", "s2", "x.ts"], { cwd: p!.dir });
    expect(check.exit).toBe(3);
    expect(lines()).toHaveLength(1);
    expect(p!.listDevrites()).toEqual([".devrites/ACTIVE", LEDGER]);
  });
});

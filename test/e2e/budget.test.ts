// The budget commands, in-process through main(): HITL says so and writes nothing; spend
// charges a slice exactly once under retries (concurrent processes: reliability/spend-once);
// check gives its verdict on stdout with reason codes; a malformed sentinel or counter fails
// closed with exit 5. The built CLI runs each command in test/e2e/smoke.test.ts.

import { afterEach, describe, expect, it } from "vitest";
import { makeProject, type Project } from "../helpers/project.js";
import { T, runMain } from "../helpers/cli.js";

const W = ".devrites/work/feat";
const SF = `${W}/state.md`;
const EV = `${W}/events.jsonl`;

const STATE = (rows = "") => `# State: feat

## Cursor
| Key | Value |
| --- | --- |
| schema | 4 |
| phase | build |
| status | running |
| next_action | /rite-build SLICE-001 |
${rows}
## Log
- 2026-07-20T09:40:00Z build: SLICE-001 proof green
`;
const QUESTIONS = `# Questions: feat

## q-2026-07-20-001
status: open
gate: validating
question: Is rounding half-even acceptable?
answered_at:
answer:
`;
const AFK = "# armed by the operator\nmax_slices: 3\nmax_agents: 4\nmax_minutes: 60\nmax_review_queue: 2\n";

let project: Project | undefined;
afterEach(() => {
  project?.cleanup();
  project = undefined;
});

function setup(files: { state?: string; afk?: string | null; questions?: string } = {}): Project {
  const p = makeProject({ ".devrites/ACTIVE": "feat\n", [SF]: files.state ?? STATE(), [`${W}/questions.md`]: files.questions ?? QUESTIONS });
  if (files.afk !== null) p.write(".devrites/AFK", files.afk ?? AFK);
  project = p;
  return p;
}
const cli = (p: Project, ...args: string[]) => runMain(args, { cwd: p.dir });
const events = (p: Project) => (p.exists(EV) ? p.read(EV).trim().split("\n").map((l) => JSON.parse(l) as { event: string; detail: Record<string, unknown> }) : []);

describe("HITL", () => {
  it.each([["check"], ["spend", "SLICE-001"], ["seed", "--pending", "2"], ["status"]])("budget %s says 'no AFK budget', exits 0 and writes nothing", async (...args) => {
    const p = setup({ afk: null, state: STATE("| afk_slices_remaining | 0 |\n") });
    const before = p.read(SF);
    const r = await cli(p, "budget", ...args);
    expect(r.exit).toBe(0);
    expect(r.stdout).toContain("no AFK budget");
    expect(p.read(SF)).toBe(before);
    expect(p.exists(EV)).toBe(false);
  });

  it.each([["check"], ["status"], ["spend", "SLICE-001"], ["seed", "--pending", "2"], ["grant", "1", "--human"]])(
    "budget %s with a --workspace no workspace can be named (../../etc) is exit 2 naming it, in HITL too, and writes nothing",
    async (...args) => {
      const p = setup({ afk: null });
      const before = p.listDevrites();
      const r = await cli(p, "budget", ...args, "--workspace", "../../etc");
      expect(r.exit).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/^devrites-engine: .*"\.\.\/\.\.\/etc" is not a workspace name \(letters, digits, '\.', '_', '-'\).*\nhint: workspaces here: feat /);
      expect(p.listDevrites()).toEqual(before);
      const env = await runMain(["budget", ...args], { cwd: p.dir, env: { DEVRITES_WORKSPACE: "../../etc" } });
      expect(env.exit).toBe(2);
    },
  );

  it("--json reports mode hitl", async () => {
    const p = setup({ afk: null });
    const r = await cli(p, "budget", "check", "--json");
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, exit: 0, mode: "hitl", verdict: "admit" });
  });
});

describe("budget spend", () => {
  it("charges once: a retry is exit 0 'already charged' and leaves the bytes and the audit trail alone", async () => {
    const p = setup();
    const first = await cli(p, "budget", "spend", "SLICE-001");
    expect(first).toMatchObject({ exit: 0, stdout: "Charged: SLICE-001\nAFK slices remaining: 2\nWorkspace: state.md updated.\n" });
    const charged = p.read(SF);
    expect(charged).toBe(
      STATE("| afk_slices_remaining | 2 |\n").replace("proof green\n", `proof green\n- ${T} build: charged SLICE-001 (AFK slices remaining: 2)\n`),
    );
    const retry = await cli(p, "budget", "spend", "SLICE-001");
    expect(retry.exit).toBe(0);
    expect(retry.stdout).toContain("already charged");
    expect(p.read(SF)).toBe(charged);
    expect(events(p).map((e) => e.event)).toEqual(["slice_spent"]);
    expect(events(p)[0]!.detail).toEqual({ slice: "SLICE-001", remaining: 2, previous: 3, source: "max_slices" });
  });

  it("without a ## Log none is created, and the slice_spent event makes a retry exit 0 'already charged' writing nothing", async () => {
    const noLog = STATE().slice(0, STATE().indexOf("\n## Log"));
    const p = setup({ state: noLog });
    expect((await cli(p, "budget", "spend", "SLICE-001")).exit).toBe(0);
    const charged = p.read(SF);
    expect(charged).toBe(noLog.replace("| next_action | /rite-build SLICE-001 |\n", "| next_action | /rite-build SLICE-001 |\n| afk_slices_remaining | 2 |\n"));
    const audit = p.read(EV);
    const retry = await cli(p, "budget", "spend", "SLICE-001", "--json");
    expect(retry.exit).toBe(0);
    expect(JSON.parse(retry.stdout)).toMatchObject({ charged: false, already_charged: true, log_line: null, event_line: 1, remaining: 2 });
    const text = await cli(p, "budget", "spend", "SLICE-001");
    expect(text.stdout).toBe("SLICE-001 already charged (events.jsonl:1); nothing written.\nAFK slices remaining: 2\n");
    expect(p.read(SF)).toBe(charged);
    expect(p.read(EV)).toBe(audit);
    expect((await cli(p, "budget", "spend", "SLICE-002")).stdout).toContain("AFK slices remaining: 1");
  });

  it("a counter at 0 is exit 7 on stderr and writes nothing", async () => {
    const p = setup({ state: STATE("| afk_slices_remaining | 0 |\n") });
    const before = p.read(SF);
    const r = await cli(p, "budget", "spend", "SLICE-002");
    expect(r.exit).toBe(7);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("AFK slices remaining is 0");
    expect(r.stderr).toContain("AFK cap reached.");
    expect(p.read(SF)).toBe(before);
    expect(p.exists(EV)).toBe(false);
  });

  it("no counter and no max_slices is nothing to charge (exit 0, no write)", async () => {
    const p = setup({ afk: "max_agents: 3\n" });
    const before = p.read(SF);
    const r = await cli(p, "budget", "spend", "SLICE-002");
    expect(r.exit).toBe(0);
    expect(r.stdout).toContain("Nothing to charge");
    expect(p.read(SF)).toBe(before);
  });

  // The row's argument checks come before the workspace is read: a call missing its slice is
  // exit 5 even on an old workspace; with a slice, the schema gate refuses it (exit 3).
  it("a missing slice is exit 5 before the workspace is read; with one, the schema gate refuses an old workspace (exit 3)", async () => {
    const p = setup({ state: STATE().replace("| schema | 4 |", "| schema | 3 |") });
    const r = await cli(p, "budget", "spend");
    expect(r.exit).toBe(5);
    expect(r.stderr).toContain("budget spend takes <slice> (got none)");
    const withSlice = await cli(p, "budget", "spend", "SLICE-001");
    expect(withSlice.exit).toBe(3);
    expect(withSlice.stderr).toContain("workspace schema version refused");
  });

  it.each([[[]], [["two words"]], [["a", "b"]]])("bad slice arguments %j are exit 5", async (args) => {
    const p = setup();
    const r = await cli(p, "budget", "spend", ...args);
    expect(r.exit).toBe(5);
  });
});

describe("budget check", () => {
  it("admits with the verdict on stdout and writes nothing, not even the audit trail", async () => {
    const p = setup();
    const r = await cli(p, "budget", "check");
    expect(r.exit).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe("admit: another slice may be dispatched");
    expect(r.stdout).toContain("slices 3 of 3 left");
    expect(r.stdout).toContain("review queue 1/2");
    expect(p.exists(EV)).toBe(false);
  });

  it.each([
    [["--agents-used", "4"], "agents", "budget"],
    [["--minutes-used", "61"], "minutes", "budget"],
    [["--findings", "2"], "review_queue", "review_queue"],
  ])("%j stops with exit 7 and reason code %s on stdout (pause reason %s)", async (args, code, pause) => {
    const p = setup();
    const r = await cli(p, "budget", "check", ...args, "--json");
    expect(r.exit).toBe(7);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, exit: 7, verdict: "stop", reason: code, reasons: [{ code, pause_reason: pause }] });
  });

  it("a counter at 0 stops with the exact cap message", async () => {
    const p = setup({ state: STATE("| afk_slices_remaining | 0 |\n") });
    const r = await cli(p, "budget", "check");
    expect(r.exit).toBe(7);
    expect(r.stdout).toContain("stop: slice_cap\nAFK cap reached. Raise `state.md` `AFK slices remaining` or remove the sentinel to continue.\n");
  });

  it("a queue at its cap admits reconcile-only", async () => {
    const p = setup();
    const r = await cli(p, "budget", "check", "--findings", "1", "--json");
    expect(r.exit).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ verdict: "admit", reconcile_only: true, review_queue: { total: 2, open_validating: 1, findings: 1, cap: 2 } });
  });

  it.each([
    ["max_tokens: 100\n", [], 7, "not_observed"],
    ["max_tokens: 100\n", ["--tokens-used", "99"], 0, null],
    ["max_cost_usd: 2.50\n", ["--cost-used", "2.5"], 7, "cost"],
    ["max_cost_usd: 2.50\n", ["--cost-used", "2.49"], 0, null],
  ])("sentinel %j with %j exits %i (reason %s)", async (extra, args, exit, reason) => {
    const p = setup({ afk: AFK + extra });
    const r = await cli(p, "budget", "check", ...args, "--json");
    expect(r.exit).toBe(exit);
    expect(JSON.parse(r.stdout).reason).toBe(reason);
  });

  it.each([["--findings", "x"], ["--agents-used", "-1"], ["--cost-used", "1e2"], ["extra"]])("bad argument %j is exit 5", async (...args) => {
    const p = setup();
    expect((await cli(p, "budget", "check", ...args)).exit).toBe(5);
  });

  it("--writer without the envelope keys is exit 5 naming them", async () => {
    const p = setup({ afk: "max_slices: 3\nmax_agents: 2\n" });
    const r = await cli(p, "budget", "check", "--writer");
    expect(r.exit).toBe(5);
    expect(r.stderr).toContain("max_minutes, max_review_queue");
  });
});

describe("malformed input fails closed", () => {
  it.each([
    ["# armed\nmax_slices: -1\n", "max_slices", ":2:13"],
    ["max_slices: 3\nmax_review_queue: 2.5\n", "max_review_queue", ":2:19"],
    ["max_slices: 3\nmax_slices: 4\n", "max_slices", ":2:1"],
    ["allow_gates: advisory\n", "allow_gates", ":1:14"],
  ])("sentinel %j: every budget command exits 5 naming %s at %s, and nothing is written", async (afk, key, where) => {
    const p = setup({ afk });
    const before = p.read(SF);
    for (const args of [["check"], ["spend", "S-1"], ["seed", "--pending", "1"], ["status"]]) {
      const r = await cli(p, "budget", ...args);
      expect(r.exit).toBe(5);
      expect(r.stderr).toContain(`.devrites/AFK${where}: `);
      expect(r.stderr).toContain(key);
    }
    expect(p.read(SF)).toBe(before);
    expect(p.read(".devrites/AFK")).toBe(afk);
  });

  it("a directory at .devrites/AFK is exit 5", async () => {
    const p = setup({ afk: null });
    p.write(".devrites/AFK/x", "");
    const r = await cli(p, "budget", "check");
    expect(r.exit).toBe(5);
    expect(r.stderr).toContain("is a directory");
  });

  it("a counter 'none' (any case) is no counter for check, spend and seed, and the first charge replaces it in place", async () => {
    const p = setup({ state: STATE("| afk_slices_remaining | None |\n") });
    const before = p.read(SF);
    const check = await cli(p, "budget", "check");
    expect(check.exit).toBe(0);
    expect(p.read(SF)).toBe(before);
    const spend = await cli(p, "budget", "spend", "S-1");
    expect(spend.exit).toBe(0);
    expect(p.read(SF)).toContain("| afk_slices_remaining | 2 |\n");
    expect(p.read(SF)).not.toContain("None");
  });

  it("a run awaiting a blocking question is stopped (exit 7, reason paused) although slices remain; nothing is written", async () => {
    const state = STATE("| afk_slices_remaining | 2 |\n").replace("| status | running |", "| status | awaiting_human |") +
      "\n## Awaiting human\n| Key | Value |\n| --- | --- |\n| question_id | q-1 |\n| gate | blocking |\n";
    const p = setup({ state });
    const r = await cli(p, "budget", "check", "--json");
    expect(r.exit).toBe(7);
    expect(JSON.parse(r.stdout)).toMatchObject({ verdict: "stop", reason: "paused", reasons: [{ code: "paused", pause_reason: null }] });
    expect(p.read(SF)).toBe(state);
  });

  it("budget seed replaces a counter of none in place", async () => {
    const p = setup({ state: STATE("| afk_slices_remaining | none |\n") });
    const r = await cli(p, "budget", "seed", "--pending", "2");
    expect(r.exit).toBe(0);
    expect(p.read(SF)).toContain("| afk_slices_remaining | 2 |\n");
    expect(p.read(SF)).not.toContain("none");
  });
});

describe("budget seed and status", () => {
  it("seed lowers the counter with a budget_seeded event; raising it is refused silently (unchanged)", async () => {
    const p = setup({ state: STATE("| afk_slices_remaining | 3 |\n") });
    const down = await cli(p, "budget", "seed", "--pending", "2");
    expect(down).toMatchObject({ exit: 0, stdout: "Seeded: AFK slices remaining 3 → 2\nWorkspace: state.md updated.\n" });
    const after = p.read(SF);
    const up = await cli(p, "budget", "seed", "--pending", "9");
    expect(up.exit).toBe(0);
    expect(up.stdout).toContain("unchanged");
    expect(p.read(SF)).toBe(after);
    expect(events(p).map((e) => e.event)).toEqual(["budget_seeded"]);
  });

  it("seed needs --pending (exit 5)", async () => {
    const p = setup();
    expect((await cli(p, "budget", "seed")).exit).toBe(5);
  });

  it("status --json shows the sentinel, its warnings, the effective remaining, the queue and the sequence rows", async () => {
    const p = setup({
      afk: AFK + "allow_gates: [advisory, blocking]\nexpires_at: 2026-08-01\n",
      state: STATE("| sequence_parent | billing-m1 |\n| sequence_position | 2 |\n"),
    });
    const r = await cli(p, "budget", "status", "--json");
    expect(r.exit).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      ok: true,
      mode: "afk",
      sentinel: { values: { max_slices: 3, max_agents: 4, max_minutes: 60, max_review_queue: 2, allow_gates: ["advisory"] }, warnings: [{ line: 6, rule: "afk-gate-ignored" }, { line: 7, key: "expires_at" }] },
      workspace: "feat",
      slices: { remaining: 3, source: "max_slices", counter: null, max_slices: 3 },
      review_queue: { open_validating: 1, cap: 2 },
      sequence: { parent: "billing-m1", position: 2, workspaces_remaining: null, role: null },
    });
  });
});

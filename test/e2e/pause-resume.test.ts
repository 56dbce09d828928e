// `state pause` / `state resume` in main() (smoke.test.ts spawns the CLI): exit codes, the deferral line on
// stdout, redaction on disk, and pause fields that never outlive the blocked status.

import { afterEach, describe, expect, it } from "vitest";
import { T, runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";
import { RUNNING_FEAT_STATE } from "../helpers/texts.js";

const W = ".devrites/work/feat";
const STATE = RUNNING_FEAT_STATE;
const TOKEN = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
const PAUSE_KEYS = /pause_reason|pause_detail|resumes_at|blocker_signature|blocker_attempts/;

let project: Project | undefined;
afterEach(() => project?.cleanup());

function feat(state = STATE): Project {
  project = makeProject({ ".devrites/ACTIVE": "feat\n", [`${W}/state.md`]: state, [`${W}/questions.md`]: "# Questions: feat\n" });
  return project;
}
const cli = (p: Project, args: string[], env: Record<string, string> = {}) => runMain(args, { cwd: p.dir, env });
const state = (p: Project) => p.read(`${W}/state.md`);

describe("state pause", () => {
  it("blocks the run with redacted detail in state.md and events.jsonl; resume restores running", async () => {
    const p = feat();
    const r = await cli(p, ["state", "pause", "--reason", "credentials", "--detail", `deploy rejected; token=${TOKEN}`]);
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toContain("Paused:   credentials missing or rejected\nDetail:   deploy rejected; token=[REDACTED]\n");
    const s = state(p);
    expect(s).toContain("| status | blocked |\n| next_action | (paused: credentials missing or rejected; resume with devrites-engine state resume) |\n| pause_reason | credentials |\n| pause_detail | deploy rejected; token=[REDACTED] |\n");
    expect(s).toContain(`- ${T} build: paused (credentials): deploy rejected; token=[REDACTED]\n`);
    expect(s + p.read(`${W}/events.jsonl`)).not.toContain(TOKEN);

    const back = await cli(p, ["state", "resume", "--note", "new deploy key"]);
    expect(back.exit, back.stderr).toBe(0);
    expect(state(p)).toBe(STATE.replace("| next_action | /rite-build SLICE-002 |", "| next_action | (resume: `/rite-build (Claude) / $rite-build (Codex)` to continue the workflow) |") +
      `- ${T} build: paused (credentials): deploy rejected; token=[REDACTED]\n- ${T} build: resumed (human): new deploy key\n`);
    expect(p.read(`${W}/events.jsonl`)).toMatch(/"event":"resumed","by":"human","detail":\{"cause":"human","reason":"credentials","note":"new deploy key"\}/);
  });

  it.each([
    [["--reason", "vacation"], {}],
    [[], {}],
    [["--reason", "usage_cap", "--until", "soon"], {}],
    [["--reason", "usage_cap", "extra"], {}],
    [["--reason", "external_blocker", "--detail", "api down"], { DEVRITES_BLOCKER_THRESHOLD: "three" }],
    [["--reason", "external_blocker"], {}],
    [["--reason", "tooling", "--detail", "lint | test"], {}],
  ])("%j (env %j) is exit 5 and writes nothing", async (args, env) => {
    const p = feat();
    const before = p.listDevrites();
    const r = await cli(p, ["state", "pause", ...args], env);
    expect(r.exit, r.stderr).toBe(5);
    expect(state(p)).toBe(STATE);
    expect(p.listDevrites()).toEqual(before);
  });

  it("external_blocker: exit 8 with k/n on stdout until the threshold, counter in the cursor, then a pause that drops it", async () => {
    const p = feat();
    const ext = (detail: string, env: Record<string, string> = {}) => cli(p, ["state", "pause", "--reason", "external_blocker", "--detail", detail], env);
    let r = await ext("npm registry timed out");
    expect([r.exit, r.stdout, r.stderr]).toEqual([8, "external blocker seen 1/3 times; retry the failing step before pausing\n", ""]);
    expect(state(p)).toContain("| status | running |\n| next_action | /rite-build SLICE-002 |\n| blocker_signature | npm registry timed |\n| blocker_attempts | 1 |\n");
    r = await ext("npm registry timing out");
    expect(r.stdout).toContain("seen 2/3 times");
    r = await ext("Stripe API 503");
    expect(r.stdout).toContain("seen 1/3 times");
    r = await ext("Stripe API 503", { DEVRITES_BLOCKER_THRESHOLD: "2" });
    expect(r.exit).toBe(0);
    expect(state(p)).toContain("| status | blocked |");
    expect(state(p)).not.toMatch(/blocker_/);
    const kinds = p.read(`${W}/events.jsonl`).trim().split("\n").map((l) => (JSON.parse(l) as { event: string }).event);
    expect(kinds).toEqual(["pause_deferred", "pause_deferred", "pause_deferred", "paused"]);
  });

  it("DEVRITES_BLOCKER_THRESHOLD=0 pauses an external blocker at once", async () => {
    const p = feat();
    const r = await cli(p, ["state", "pause", "--reason", "external_blocker"], { DEVRITES_BLOCKER_THRESHOLD: "0" });
    expect(r.exit, r.stderr).toBe(0);
    expect(state(p)).toContain("| pause_reason | external_blocker |");
  });

  it("pausing a run that awaits a question is refused (exit 3) and names state resolve", async () => {
    const p = feat();
    expect((await cli(p, ["question", "add", "--gate", "blocking", "--question", "Keep it?"])).exit).toBe(0);
    const before = state(p);
    const r = await cli(p, ["state", "pause", "--reason", "usage_cap"]);
    expect(r.exit).toBe(3);
    expect(r.stderr).toContain("state resolve q-2026-07-20-001");
    expect(state(p)).toBe(before);
  });

  it("pause, then a blocking question, then resolve: no pause field is left behind", async () => {
    const p = feat();
    expect((await cli(p, ["state", "pause", "--reason", "usage_cap", "--detail", "window", "--until", "2026-07-20T14:00:00Z"])).exit).toBe(0);
    expect((await cli(p, ["state", "pause", "--reason", "external_blocker", "--detail", "api down"], { DEVRITES_BLOCKER_THRESHOLD: "0" })).exit).toBe(0);
    const q = await cli(p, ["question", "add", "--gate", "blocking", "--question", "Keep it?", "--option", "Keep", "--option", "Drop"]);
    expect(q.exit, q.stderr).toBe(0);
    expect(state(p)).toContain("| status | awaiting_human |");
    expect(state(p)).not.toMatch(PAUSE_KEYS);
    const r = await cli(p, ["state", "resolve", "q-2026-07-20-001", "--proposed"]);
    expect(r.exit, r.stderr).toBe(0);
    expect(state(p)).toContain("| status | running |");
    expect(state(p)).not.toMatch(PAUSE_KEYS);
    expect(state(p)).not.toContain("## Awaiting human");
  });
});

describe("state resume", () => {
  const USAGE = (until: string) => STATE.replace("| status | running |\n| next_action | /rite-build SLICE-002 |\n",
    `| status | blocked |\n| next_action | (paused: subscription usage cap reached; resume with devrites-engine state resume) |\n| pause_reason | usage_cap |\n| resumes_at | ${until} |\n`);

  it("--auto resumes a usage cap whose time has passed, with the cause in the Log and the event", async () => {
    const p = feat(USAGE("2026-07-20T09:30:00Z"));
    const r = await cli(p, ["state", "resume", "--auto"]);
    expect(r.exit, r.stderr).toBe(0);
    expect(state(p)).toContain(`- ${T} build: resumed (auto: usage cap reset at 2026-07-20T09:30:00Z)\n`);
    expect(state(p)).not.toMatch(PAUSE_KEYS);
    expect(p.read(`${W}/events.jsonl`)).toContain('"by":"auto","detail":{"cause":"auto: usage cap reset at 2026-07-20T09:30:00Z","reason":"usage_cap"}');
  });

  it.each([
    [USAGE("2026-07-20T11:00:00Z"), "not auto-resumable yet"],
    [USAGE("2026-07-20T09:30:00Z").replace("usage_cap", "approval"), "not auto-resumable: waiting for a human approval"],
  ])("--auto refuses (exit 3, nothing written): %#", async (text, message) => {
    const p = feat(text);
    const r = await cli(p, ["state", "resume", "--auto"]);
    expect(r.exit).toBe(3);
    expect(r.stderr).toContain(message);
    expect(state(p)).toBe(text);
    expect(p.exists(`${W}/events.jsonl`)).toBe(false);
  });

  it("a run that is not paused is exit 0 and nothing is written", async () => {
    const p = feat();
    const r = await cli(p, ["state", "resume"]);
    expect(r.exit).toBe(0);
    expect(r.stdout).toContain("Not paused");
    expect(state(p)).toBe(STATE);
    expect(p.exists(`${W}/events.jsonl`)).toBe(false);
  });
});

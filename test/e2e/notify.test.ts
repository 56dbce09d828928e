// The AFK notify hook: the question reaches the command only through the environment (never
// interpolated), it runs only when an AFK run paused, and a failing or hanging hook costs a
// warning and a notify_failed event, never the exit code. The hook is a real `sh` process in
// every test; the engine runs in-process (main()) except the first test, which spawns the built
// CLI, and the hang test shortens the 10 s timeout through Io.notifyTimeoutMs.

import { afterEach, describe, expect, it } from "vitest";
import { NOTIFY_TIMEOUT_MS } from "../../src/commands/question/add.js";
import { runCli, runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";
import { RUNNING_CSV_EXPORT_STATE } from "../helpers/texts.js";

const W = ".devrites/work/csv-export";
const STATE = RUNNING_CSV_EXPORT_STATE;
const DUMP = `printf '%s\\n' "$DEVRITES_QID" "$DEVRITES_GATE" "$DEVRITES_SLICE" "$DEVRITES_SLUG" "$DEVRITES_QUESTION" "$DEVRITES_PROPOSED" > notified.txt`;

let project: Project | undefined;
afterEach(() => project?.cleanup());

/** A project whose sentinel runs `notify` (YAML single-quoted), or HITL when notify is undefined. */
function afk(notify: string | undefined, allow = "[advisory, validating]"): Project {
  const files: Record<string, string> = {
    ".devrites/ACTIVE": "csv-export\n",
    [`${W}/state.md`]: STATE,
    [`${W}/questions.md`]: "# Questions: csv-export\n",
  };
  if (notify !== undefined) files[".devrites/AFK"] = `allow_gates: ${allow}\nnotify: '${notify.replace(/'/g, "''")}'\n`;
  project = makeProject(files);
  return project;
}
/** The hook's shell finds printf, touch and sleep on the test's PATH. */
const HOOK_ENV = { PATH: process.env.PATH };
const add = (p: Project, ...args: string[]) => runMain(["question", "add", ...args], { cwd: p.dir, env: HOOK_ENV });
const kinds = (p: Project) => p.read(`${W}/events.jsonl`).trim().split("\n").map((l) => (JSON.parse(l) as { event: string }).event);

describe("notify hook", () => {
  it("gets the question in DEVRITES_* variables; shell syntax in it is never run (the built CLI)", async () => {
    const p = afk(DUMP);
    const question = `Run the backfill now? $(touch pwned) \`touch pwned2\` "quoted" 'single' ; touch pwned3`;
    const r = await runCli(["question", "add", "--gate", "blocking", "--slice", "SLICE-003", "--question", question, "--option", "Run it now", "--option", "Wait"], { cwd: p.dir });
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stderr).toBe("");
    expect(p.read("notified.txt")).toBe(["q-2026-07-20-001", "blocking", "SLICE-003", "csv-export", question, "Run it now", ""].join("\n"));
    for (const f of ["pwned", "pwned2", "pwned3"]) expect(p.exists(f)).toBe(false);
    expect(kinds(p)).toEqual(["raised", "paused"]);
  });

  it("gets DEVRITES_MARKDOWN: the comment body questions show --markdown prints, so a hook can post it as is", async () => {
    const p = afk(`printf '%s' "$DEVRITES_MARKDOWN" > comment.md`);
    const r = await add(p, "--gate", "blocking", "--question", "Ship *now* or `later`? <!-- x -->", "--option", "Now", "--option", "Later");
    expect(r.exit, r.stderr).toBe(0);
    const shown = await runMain(["questions", "show", "q-2026-07-20-001", "--markdown"], { cwd: p.dir });
    expect(shown.exit, shown.stderr).toBe(0);
    expect(p.read("comment.md")).toBe(shown.stdout);
    expect(shown.stdout).toMatch(/^<!-- devrites:csv-export:q-2026-07-20-001 -->\n/);
    expect(shown.stdout).toContain("Ship \\*now\\* or \\`later\\`? \\<!-- x -->\n");
  });

  it.each([
    ["HITL", undefined, ["--gate", "blocking"]],
    ["an auto-picked advisory question", DUMP, ["--gate", "advisory", "--option", "a", "--option", "b"]],
    ["an allowed validating question (the run continues)", DUMP, ["--gate", "validating"]],
  ])("does not run for %s", async (_what, notify, args) => {
    const p = afk(notify);
    const r = await add(p, "--question", "Q?", ...args);
    expect(r.exit, r.stderr).toBe(0);
    expect(p.exists("notified.txt")).toBe(false);
  });

  it("does not run for a question queued behind the awaited one", async () => {
    const p = afk(`echo x >> count.txt`);
    expect((await add(p, "--gate", "blocking", "--question", "First?")).exit).toBe(0);
    expect((await add(p, "--gate", "blocking", "--question", "Second?")).exit).toBe(0);
    expect(p.read("count.txt")).toBe("x\n");
  });

  it("a failing hook prints a warning and logs notify_failed; the exit code and the files stay as committed", async () => {
    const p = afk(`echo "no notifier here" >&2; exit 3`);
    const r = await add(p, "--gate", "blocking", "--question", "Q?");
    expect(r.exit).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe("Raised: q-2026-07-20-001");
    expect(r.stderr).toContain("devrites-engine: warning: notify hook failed (exit 3): no notifier here");
    expect(kinds(p)).toEqual(["raised", "paused", "notify_failed"]);
    expect(p.read(`${W}/events.jsonl`)).toContain('"event":"notify_failed","qid":"q-2026-07-20-001"');
    expect(p.read(`${W}/state.md`)).toContain("| status | awaiting_human |");
  });

  it("--json stays one JSON object on stdout even when the hook prints and fails", async () => {
    const p = afk(`echo chatter; exit 1`);
    const r = await runMain(["question", "add", "--json", "--gate", "blocking", "--question", "Q?"], { cwd: p.dir, env: HOOK_ENV });
    expect(r.exit).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, qid: "q-2026-07-20-001", outcome: "paused" });
    expect(r.stderr).toContain("notify hook failed (exit 1)");
  });

  it("the hook's timeout is 10 s unless a test shortens it", () => {
    expect(NOTIFY_TIMEOUT_MS).toBe(10_000);
  });

  it("a hook that hangs is killed with everything it started at the timeout", async () => {
    const p = afk(`(sleep 1; touch late.txt) & sleep 60`);
    const started = Date.now();
    const r = await runMain(["question", "add", "--gate", "blocking", "--question", "Q?"], { cwd: p.dir, env: HOOK_ENV, io: { notifyTimeoutMs: 300 } });
    const took = Date.now() - started;
    expect(r.exit).toBe(0);
    expect(r.stderr).toContain("notify hook failed (timed out after 0.3 s)");
    expect(took).toBeGreaterThanOrEqual(300);
    expect(took).toBeLessThan(10_000);
    expect(kinds(p)).toEqual(["raised", "paused", "notify_failed"]);
    // The background job would have written late.txt at 1 s had its group not been killed.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1_500 - took)));
    expect(p.exists("late.txt")).toBe(false);
  });
});

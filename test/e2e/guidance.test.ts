// Issues 13 (items 1–4, 7) and 25 through the built CLI, one spawned run per item (details in
// test/commands/guidance.test.ts): what a person copies and an agent reads, free-text options,
// advice that works, no-workspace errors that lead on, writes that report what they did, the cap.

import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { projectFromFixture, type Project } from "../helpers/project.js";
import { snapshot } from "../helpers/snapshot.js";

const W = ".devrites/work/session-token-rotation";
const AWAITED = "q-2026-09-02-003";

let p: Project;
afterEach(() => p?.cleanup());
const run = (args: string[], env: Record<string, string> = {}) => runCli(args, { cwd: p.dir, env: { TZ: "UTC", ...env } });

describe("guidance through the built CLI", () => {
  it("item 1: the command status prints for a person, pasted, records the answer as the human's", async () => {
    p = projectFromFixture("table-awaiting");
    const shown = await run(["status"]);
    const line = /devrites-engine (state resolve \S+ --option 1 --human)\n/.exec(shown.stdout)![1]!;
    const r = await run(line.split(" "));
    expect(r.exit, r.stderr).toBe(0);
    expect(p.read(`${W}/questions.md`)).toContain("answered_by: human\n");
  });

  it("item 2: --option on 'Something else — describe it' is exit 5, asks for the text, writes nothing", async () => {
    p = projectFromFixture("table-awaiting");
    const before = snapshot(p);
    const r = await run(["state", "resolve", AWAITED, "--option", "3"]);
    expect({ exit: r.exit, stdout: r.stdout }).toEqual({ exit: 5, stdout: "" });
    expect(r.stderr).toContain(`devrites-engine state resolve ${AWAITED} "<your answer>" --human`);
    expect(snapshot(p)).toEqual(before);
  });

  it("item 3: a hand-edited status 'Pending' is reported as such, with 'set it to open', not a resolve that would be refused", async () => {
    p = projectFromFixture("table-awaiting");
    p.write(`${W}/questions.md`, p.read(`${W}/questions.md`).replace(`## ${AWAITED}\nstatus: open`, `## ${AWAITED}\nstatus: Pending`));
    const r = await run(["check"]);
    expect(r.exit).toBe(3);
    expect(r.stdout).toContain(`questions.md:42:9 error question-unknown-status ${AWAITED}: unknown status "Pending"; set it to open`);
    expect(r.stdout).not.toContain("re-run devrites-engine state resolve");
  });

  it("item 4 (issue 25): --workspace nope names it on the first line, keeps the quoted sentence, and the hint names what is there and how to start", async () => {
    p = projectFromFixture("table-awaiting");
    const r = await run(["status", "--workspace", "nope"]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toMatch(/^devrites-engine: unknown workspace "nope": no \S+\/\.devrites\/work\/nope\. No active workspace\. Run \/rite-spec \(Claude\) \/ \$rite-spec \(Codex\) <feature> first\.\nhint: workspaces here: session-token-rotation .*devrites-engine init nope\n$/);
  });

  it("item 7: --dry-run on a single answer says 'would update' and writes nothing", async () => {
    p = projectFromFixture("table-awaiting");
    const before = snapshot(p);
    const r = await run(["state", "resolve", AWAITED, "--option", "1", "--dry-run"]);
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toBe(`Resolved: ${AWAITED}\nStatus:   answered\nWorkspace: would update questions.md + state.md.\nDry run: nothing written.\n`);
    expect(snapshot(p)).toEqual(before);
  });

  it("item 7: a batch with three bad lines names all three, exits with the first's code, writes nothing", async () => {
    p = projectFromFixture("table-awaiting");
    p.write("a.txt", `q-404: x\nno colon\nq-2026-09-01-001: Rotate on expiry only\n`);
    const before = snapshot(p);
    const r = await run(["state", "resolve", "--batch", "a.txt"]);
    expect(r.exit).toBe(3);
    expect(r.stderr.match(/^ {2}a\.txt:\d+: /gm)).toEqual(["  a.txt:1: ", "  a.txt:2: ", "  a.txt:3: "]);
    expect(snapshot(p)).toEqual(before);
  });

  it("item 7: a pause replacing a usage_cap pause says so on stdout, times printed in UTC whatever the reader's zone", async () => {
    p = projectFromFixture("table-awaiting");
    expect((await run(["state", "resolve", AWAITED, "x"])).exit).toBe(0);
    expect((await run(["state", "pause", "--reason", "usage_cap", "--until", "2026-07-20T14:50:00Z"])).stdout).toContain("resumes 14:50 UTC\n");
    const r = await run(["state", "pause", "--reason", "approval"], { TZ: "Asia/Tokyo" });
    expect(r.stdout).toContain("Replaces: subscription usage cap reached, resumes 14:50 UTC (it no longer resumes by itself)\n");
  });
});

// Issue 25 through the built CLI: exit codes and which stream each line goes to.
describe("issue 25 through the built CLI", () => {
  it("an agent's --json refusal names the command without --human; the person's text names it with", async () => {
    p = projectFromFixture("table-awaiting");
    const agent = await run(["state", "resolve", AWAITED, "--option", "3", "--json"]);
    expect(agent.exit).toBe(5);
    expect(JSON.parse(agent.stdout).hint).toBe(`give the text: devrites-engine state resolve ${AWAITED} "<your answer>"`);
    expect((await run(["state", "resolve", AWAITED, "--option", "3"])).stderr).toContain(`"<your answer>" --human\n`);
  });

  it("--option 1 without a question id: exit 5 naming the awaited question, nothing written", async () => {
    p = projectFromFixture("table-awaiting");
    const before = snapshot(p);
    const r = await run(["state", "resolve", "--option", "1"]);
    expect(r).toEqual({ exit: 5, stdout: "", stderr: `devrites-engine: a question id is required: the run awaits ${AWAITED}\nhint: devrites-engine state resolve ${AWAITED} --option 1 --human\n` });
    expect(snapshot(p)).toEqual(before);
  });

  it("the cap: budget check exit 7 names budget grant; grant without --human exit 5; with it exit 0, and check admits", async () => {
    p = projectFromFixture("table-awaiting");
    expect((await run(["state", "resolve", AWAITED, "x"])).exit).toBe(0);
    p.write(".devrites/AFK", "max_slices: 3\n");
    p.write(`${W}/state.md`, p.read(`${W}/state.md`).replace("| afk_slices_remaining | 2 |", "| afk_slices_remaining | 0 |"));
    const stop = await run(["budget", "check"]);
    expect(stop.exit).toBe(7);
    expect(stop.stdout).toContain("AFK cap reached. Raise `state.md` `AFK slices remaining` or remove the sentinel to continue.\na person grants more slices with devrites-engine budget grant <N> --human\n");
    expect((await run(["budget", "grant", "1"])).exit).toBe(5);
    expect(await run(["budget", "grant", "1", "--human"])).toMatchObject({ exit: 0, stdout: "Granted:  1 slice(s), by a person\nAFK slices remaining: 0 → 1\nWorkspace: state.md updated.\n", stderr: "" });
    expect((await run(["budget", "check"])).exit).toBe(0);
  });

  it("a bare-number batch answer: exit 0, the report on stdout, the warning on stderr", async () => {
    p = projectFromFixture("table-awaiting");
    p.write("a.txt", `${AWAITED}: 2\n`);
    const r = await run(["state", "resolve", "--batch", "a.txt"]);
    expect(r.exit).toBe(0);
    expect(r.stdout).toBe(`Resolved: ${AWAITED}\nWorkspace: questions.md + state.md updated.\n`);
    expect(r.stderr).toMatch(new RegExp(`^devrites-engine: warning: a\\.txt:1: ${AWAITED}: answer "2" was stored as text, not as option 2 \\("Drop now"\\); to pick the option, write "${AWAITED}: --option 2"; `));
  });
});

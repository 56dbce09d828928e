// `state close <slug>` as the DevRites pack's /rite-ship step 6 runs it, in main(): the move to
// archive/<slug>, ACTIVE emptied only when it names the slug, the `closed` event, an identical
// re-run that is exit 0, and each refusal with its exit code (a person still awaited, an open
// human question, an old schema, an archive already there, a missing slug); a close killed after
// its move is finished by the next `state close`.

import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";
import { renderCloseJournal } from "../../src/workspace/close-journal.js";

const SLUG = "feat";
const W = `.devrites/work/${SLUG}`;
const A = `.devrites/archive/${SLUG}`;
const DONE = "# State: feat\n\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n| phase | done |\n| status | done |\n";
let p: Project | undefined;
afterEach(() => {
  p?.cleanup();
  p = undefined;
});

function project(files: Record<string, string> = {}): Project {
  p = makeProject({ ".devrites/ACTIVE": `${SLUG}\n`, [`${W}/state.md`]: DONE, [`${W}/questions.md`]: "# Questions\n", [`${W}/spec.md`]: "# Spec\n", ...files });
  return p;
}
const run = (args: string[]) => runMain(args, { cwd: p!.dir });

describe("state close", () => {
  it("moves the workspace to archive/<slug> with every file, empties ACTIVE and records a closed event", async () => {
    project();
    const r = await run(["state", "close", SLUG]);
    expect(r).toEqual({ exit: 0, stdout: "state close: archived feat -> archive/feat and cleared ACTIVE\n", stderr: "" });
    expect(p!.exists(W)).toBe(false);
    expect(fs.readdirSync(p!.path(A)).sort()).toEqual(["events.jsonl", "questions.md", "spec.md", "state.md"]);
    expect(p!.read(`${A}/state.md`)).toBe(DONE);
    expect(p!.read(".devrites/ACTIVE")).toBe("");
    expect(JSON.parse(p!.read(`${A}/events.jsonl`))).toMatchObject({ v: 1, event: "closed", detail: { archived: "archive/feat", active_cleared: true } });
  });

  it("an identical re-run is exit 0, already closed, and changes nothing", async () => {
    project();
    await run(["state", "close", SLUG]);
    const events = p!.read(`${A}/events.jsonl`);
    const r = await run(["state", "close", SLUG, "--json"]);
    expect(r.exit).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ ok: true, exit: 0, workspace: SLUG, archived: "archive/feat", already_closed: true, active_cleared: false });
    expect(p!.read(`${A}/events.jsonl`)).toBe(events);
  });

  it("leaves ACTIVE alone when it names another workspace (closing a sequence predecessor)", async () => {
    project({ ".devrites/ACTIVE": "release\n" });
    const r = await run(["state", "close", SLUG]);
    expect(r.stdout).toBe("state close: archived feat -> archive/feat (ACTIVE pointed elsewhere: left as-is)\n");
    expect(p!.read(".devrites/ACTIVE")).toBe("release\n");
  });

  it.each([
    ["a run awaiting a person", { [`${W}/state.md`]: DONE.replace("| status | done |", "| status | awaiting_human |") + "\n## Awaiting human\n| question_id | q-1 |\n" }, 3, /cannot close feat: it is awaiting a human on q-1\nhint: answer first \(devrites-engine state resolve q-1/],
    ["an open blocking question", { [`${W}/questions.md`]: "## q-2\nstatus: open\ngate: blocking\nquestion: Now?\n" }, 3, /open question\(s\) a person must answer: q-2 \(blocking\)/],
    ["an open validating question", { [`${W}/questions.md`]: "## q-2\nstatus: open\ngate: validating\n" }, 3, /q-2 \(validating\)/],
    ["a schema 2 workspace", { [`${W}/state.md`]: "- Phase: done\n" }, 3, /workspace schema version refused: workspace feat predates workspace schema 4/],
    ["an archive already there", { [`${A}/state.md`]: "old\n" }, 3, /archive already exists at .*archive\/feat: refusing to overwrite it/],
  ])("refuses %s: exit %i, nothing moved", async (_name, files, exit, message) => {
    project(files);
    const before = p!.listDevrites();
    const r = await run(["state", "close", SLUG]);
    expect(r.exit).toBe(exit);
    expect(r.stderr).toMatch(message);
    expect(p!.listDevrites()).toEqual(before);
  });

  it.each([
    ["a run awaiting a person", { [`${W}/state.md`]: DONE.replace("| status | done |", "| status | awaiting_human |") + "\n## Awaiting human\n| question_id | q-1 |\n" }, 'answer first (devrites-engine state resolve q-1 "<answer>"%h), then run devrites-engine state close feat again'],
    ["an open blocking question", { [`${W}/questions.md`]: "## q-2\nstatus: open\ngate: blocking\n" }, 'answer or drop them first (devrites-engine state resolve q-2 "<answer>"%h, or devrites-engine state resolve --drop q-2%h), then run devrites-engine state close feat again'],
  ])("the refusal of %s tells a person to answer as theirs (--human) and an agent (--json) without it", async (_name, files, hint) => {
    project(files);
    const person = await run(["state", "close", SLUG]);
    expect(person.stderr).toContain(`hint: ${hint.replaceAll("%h", " --human")}\n`);
    const agent = await run(["state", "close", SLUG, "--json"]);
    expect(agent.exit).toBe(3);
    expect(JSON.parse(agent.stdout).hint).toBe(hint.replaceAll("%h", ""));
  });

  it("an open advisory question does not stop a close", async () => {
    project({ [`${W}/questions.md`]: "## q-3\nstatus: open\ngate: advisory\n" });
    expect((await run(["state", "close", SLUG])).exit).toBe(0);
  });

  it.each([
    [["state", "close"], 5],
    [["state", "close", SLUG, "extra"], 5],
    [["state", "close", "nope"], 2],
  ])("%j is exit %i", async (args, exit) => {
    project();
    expect((await run(args)).exit).toBe(exit);
    expect(p!.exists(`${W}/state.md`)).toBe(true);
  });

  it("a close killed after its move: status says how to finish it, and state close finishes it", async () => {
    project();
    fs.mkdirSync(p!.path(".devrites/archive"));
    fs.renameSync(p!.path(W), p!.path(A));
    const event = JSON.stringify({ v: 1, id: "ev-x", ts: "2026-07-20T10:00:00Z", event: "closed", detail: { archived: "archive/feat", active_cleared: true } }) + "\n";
    p!.write(`${A}/.close-journal`, renderCloseJournal({ v: 1, nonce: "00000000000000ff", slug: SLUG, clear_active: true, offset: 0, event }).toString());
    const status = await run(["status"]);
    expect(status.exit).toBe(2);
    expect(status.stderr).toContain("workspace \"feat\" was moved to archive/feat by a close that did not finish. No active workspace");
    expect(status.stderr).toContain("hint: finish it with devrites-engine state close feat");
    const r = await run(["state", "close", SLUG]);
    expect(r).toEqual({ exit: 0, stdout: "state close: already closed: feat is in archive/feat; finished its interrupted close and cleared ACTIVE\n", stderr: "" });
    expect(p!.read(`${A}/events.jsonl`)).toBe(event);
    expect(p!.read(".devrites/ACTIVE")).toBe("");
    expect(fs.readdirSync(p!.path(A)).sort()).toEqual(["questions.md", "spec.md", "state.md", "events.jsonl"].sort());
  });
});

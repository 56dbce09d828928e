// `questions` and `questions show` in main() (smoke.test.ts spawns the CLI): open questions by default, --all,
// --gate, one block with its options numbered, exit 3 for an unknown id, 6 for a duplicate.

import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runMain } from "../helpers/cli.js";
import { makeProject, REPO_DIR, type Project } from "../helpers/project.js";

const W = ".devrites/work/session-token-rotation";
let project: Project | undefined;
afterEach(() => project?.cleanup());

function example(): Project {
  project = makeProject();
  fs.cpSync(path.join(REPO_DIR, ".devrites.example"), project.path(".devrites"), { recursive: true });
  return project;
}
const ids = (stdout: string) => stdout.trimEnd().split("\n").map((l) => l.split(/\s+/)[0]);

describe("questions", () => {
  it("lists open questions by default, one line each: id, gate, status, question", async () => {
    const r = await runMain(["questions"], { cwd: example().dir });
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toBe(
      "q-2026-09-02-002  advisory    open      Log rotation events at info or debug level?\n" +
        "q-2026-09-02-003  blocking    open      Drop the legacy `sessions.token` column now, or keep it for one release?\n",
    );
  });

  it("--open is the default", async () => {
    const p = example();
    expect((await runMain(["questions", "--open"], { cwd: p.dir })).stdout).toBe((await runMain(["questions"], { cwd: p.dir })).stdout);
  });

  it("--all adds answered and dropped questions, in file order", async () => {
    const r = await runMain(["questions", "--all"], { cwd: example().dir });
    expect(ids(r.stdout)).toEqual(["q-2026-09-02-001", "q-2026-09-02-002", "q-2026-09-02-003"]);
    expect(r.stdout).toContain("q-2026-09-02-001  blocking    answered  Should refresh tokens rotate on every use or only on expiry?\n");
  });

  it.each([
    [["--gate", "blocking"], ["q-2026-09-02-003"]],
    [["--gate", "Advisory"], ["q-2026-09-02-002"]],
    [["--gate", "blocking", "--all"], ["q-2026-09-02-001", "q-2026-09-02-003"]],
  ])("questions %j filters by gate (case-insensitive)", async (args, want) => {
    expect(ids((await runMain(["questions", ...args], { cwd: example().dir })).stdout)).toEqual(want);
  });

  it("a gate with no questions says so", async () => {
    const r = await runMain(["questions", "--gate", "escalating"], { cwd: example().dir });
    expect(r.exit).toBe(0);
    expect(r.stdout).toBe("No open questions.\n");
  });

  it.each([
    [["--gate", "urgent"], /unknown gate "urgent"/],
    [["--open", "--all"], /--open or --all/],
    [["q-2026-09-02-003"], /questions takes no arguments \(got "q-2026-09-02-003"\)/],
  ])("questions %j is exit 5 with a message on stderr", async (args, message) => {
    const r = await runMain(["questions", ...args], { cwd: example().dir });
    expect(r.exit).toBe(5);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(message);
  });

  it("--json: each question with qid, gate, status, slice, question, proposed, options, times, answer", async () => {
    const r = await runMain(["questions", "--all", "--json"], { cwd: example().dir });
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({ ok: true, exit: 0, workspace: "session-token-rotation" });
    expect(j.questions).toHaveLength(3);
    expect(j.questions[0]).toEqual({
      qid: "q-2026-09-02-001", gate: "blocking", status: "answered", slice: "SLICE-001",
      question: "Should refresh tokens rotate on every use or only on expiry?", proposed: "Rotate on every use",
      options: [
        { number: 1, text: "Rotate on every use (Recommended) — risk: replay window closes · logic: one code path", answer: "Rotate on every use" },
        { number: 2, text: "Rotate on expiry only — fewer writes, replay window stays open", answer: "Rotate on expiry only" },
      ],
      raised_at: "2026-09-02T09:30:00Z", answered_at: "2026-09-02T09:41:17Z", answer: "Rotate on every use", answered_by: "human",
    });
    expect(j.questions[1]).toMatchObject({ qid: "q-2026-09-02-002", status: "open", answered_at: null, answer: null, answered_by: null });
  });
});

describe("questions show", () => {
  it("prints one open block with its options numbered and the commands that answer it", async () => {
    const r = await runMain(["questions", "show", "q-2026-09-02-003"], { cwd: example().dir });
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toBe(`q-2026-09-02-003  [blocking]  open  slice SLICE-003

  Drop the legacy \`sessions.token\` column now, or keep it for one release?

  1) Keep one release, drop in follow-up (Recommended) — risk: reversible · infra: expand→contract
  2) Drop now — irreversible if a rollback is needed
  3) Something else — describe it

  proposed: Keep one release, drop in follow-up
  raised:   2026-09-02T14:05:11Z

Answer with one of:
  devrites-engine state resolve q-2026-09-02-003 --option 1 --human    # Keep one release, drop in follow-up
  devrites-engine state resolve q-2026-09-02-003 --option 2 --human    # Drop now
  devrites-engine state resolve q-2026-09-02-003 --proposed --human
  devrites-engine state resolve q-2026-09-02-003 "<your answer>" --human
  devrites-engine state resolve --drop q-2026-09-02-003 "<reason>" --human
`);
  });

  it("the numbers it shows are the ones --option takes", async () => {
    const p = example();
    const shown = await runMain(["questions", "show", "q-2026-09-02-003"], { cwd: p.dir });
    const two = /^ {2}2\) (.+?) — /m.exec(shown.stdout)![1]!;
    const r = await runMain(["state", "resolve", "q-2026-09-02-003", "--option", "2"], { cwd: p.dir });
    expect(r.exit, r.stderr).toBe(0);
    expect(p.read(`${W}/questions.md`)).toContain(`answer: ${two}\n`);
  });

  it("an answered block shows its answer, time and who answered instead of commands", async () => {
    const r = await runMain(["questions", "show", "q-2026-09-02-001"], { cwd: example().dir });
    expect(r.exit).toBe(0);
    expect(r.stdout).toContain("  answer:   Rotate on every use\n  at:       2026-09-02T09:41:17Z by human\n");
    expect(r.stdout).not.toContain("Answer with one of:");
  });

  it("--json: the question object", async () => {
    const j = JSON.parse((await runMain(["questions", "show", "q-2026-09-02-002", "--json"], { cwd: example().dir })).stdout);
    expect(j).toMatchObject({ ok: true, exit: 0, workspace: "session-token-rotation", question: { qid: "q-2026-09-02-002", gate: "advisory", status: "open", proposed: "info" } });
    expect(j.question.options.map((o: { number: number; answer: string }) => `${o.number}:${o.answer}`)).toEqual(["1:info", "2:debug"]);
  });

  it("an unknown id is exit 3 naming the open ids", async () => {
    const r = await runMain(["questions", "show", "q-2026-09-02-009"], { cwd: example().dir });
    expect(r.exit).toBe(3);
    expect(r.stderr).toBe("devrites-engine: qid not found: q-2026-09-02-009\nhint: open questions: q-2026-09-02-002, q-2026-09-02-003\n");
    const j = JSON.parse((await runMain(["questions", "show", "q-2026-09-02-009", "--json"], { cwd: project!.dir })).stdout);
    expect(j).toEqual({ ok: false, exit: 3, error: "qid not found: q-2026-09-02-009", hint: "open questions: q-2026-09-02-002, q-2026-09-02-003" });
  });

  it("ids match literally: q-2026-09-02-00 is not a prefix match", async () => {
    expect((await runMain(["questions", "show", "q-2026-09-02-00"], { cwd: example().dir })).exit).toBe(3);
  });

  it("a duplicate id is exit 6", async () => {
    const p = example();
    fs.appendFileSync(p.path(`${W}/questions.md`), "\n## q-2026-09-02-002\nstatus: open\ngate: advisory\nquestion: Again?\n");
    const r = await runMain(["questions", "show", "q-2026-09-02-002"], { cwd: p.dir });
    expect(r.exit).toBe(6);
    expect(r.stderr).toMatch(/^devrites-engine: duplicate question id q-2026-09-02-002/);
  });

  it.each([[[]], [["q-1", "q-2"]]])("show with %j is exit 5", async (args) => {
    expect((await runMain(["questions", "show", ...args], { cwd: example().dir })).exit).toBe(5);
  });
});

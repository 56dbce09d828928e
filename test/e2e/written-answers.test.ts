// Answers people write into questions.md, then commit with `state resolve <qid>` (no answer)
// or `state resolve --filled`, on copies of the bundled .devrites.example: the issue's
// transcript through the built CLI, every other path through main() in-process.

import { afterEach, describe, expect, it } from "vitest";
import { runMain, T } from "../helpers/cli.js";
import { projectFromExample, type Project } from "../helpers/project.js";
import { litter, readEventsOf, snapshot } from "../helpers/snapshot.js";
import { ptyRunner, runInPty } from "../helpers/pty.js";

const W = ".devrites/work/session-token-rotation";
const Q = `${W}/questions.md`;
const S = `${W}/state.md`;
const AWAITED = "q-2026-09-02-003";
const OTHER = "q-2026-09-02-002";
const ISSUE_ANSWER = "Keep it one release; drop in PR-812";

const projects: Project[] = [];
afterEach(() => {
  for (const p of projects.splice(0)) p.cleanup();
});

function example(): Project {
  const p = projectFromExample();
  projects.push(p);
  return p;
}

/** Replace the lines of `qid`'s block from `key:` on (`answered_at:` and `answer:` are its last two lines). */
function editBlock(p: Project, qid: string, edit: (block: string) => string): void {
  const text = p.read(Q);
  const start = text.indexOf(`## ${qid}\n`);
  const next = text.indexOf("\n## ", start + 1);
  const end = next < 0 ? text.length : next + 1;
  p.write(Q, text.slice(0, start) + edit(text.slice(start, end)) + text.slice(end));
}
const writeAnswer = (p: Project, qid: string, lines: string) => editBlock(p, qid, (b) => b.replace(/^answer:\n/m, `${lines}\n`));

const inProcess = (p: Project, args: string[], input?: string) => runMain(args, { cwd: p.dir, input });
const md = (p: Project) => ({ questions: p.read(Q), state: p.read(S) });

describe("the issue's transcript, as a person runs it", () => {
  it("write answer: in questions.md, check warns, state resolve <qid> ends with Resolved (exit 0), and check is clean", async () => {
    const p = example();
    writeAnswer(p, OTHER, `answer: ${ISSUE_ANSWER}`);
    const cli = (args: string[]) => runMain(args, { cwd: p.dir });
    const warned = await cli(["check"]);
    expect(warned.exit).toBe(0);
    expect(warned.stdout).toContain(`questions.md:28:9 warning question-open-with-answer ${OTHER} is open but already has an answer; make it count with devrites-engine state resolve ${OTHER} --human`);
    const resolved = await cli(["state", "resolve", OTHER]);
    expect(resolved).toEqual({ exit: 0, stdout: `Resolved: ${OTHER}\nStatus:   answered\nWorkspace: questions.md updated.\n`, stderr: "" });
    const clean = await cli(["check"]);
    expect(clean.exit).toBe(0);
    expect(clean.stdout).toBe("session-token-rotation: 0 error(s), 0 warning(s)\n");
    expect(litter(p)).toEqual([]);
  });
});

describe.runIf(ptyRunner() !== undefined)("on a real terminal", () => {
  it("`state resolve <qid>` with no answer takes the written one without prompting (only no arguments at all is interactive)", async () => {
    const p = example();
    writeAnswer(p, OTHER, `answer: ${ISSUE_ANSWER}`);
    const r = await runInPty(["state", "resolve", OTHER], { cwd: p.dir, env: { DEVRITES_NOW: T, NO_COLOR: "1" } });
    expect(r.exit, r.output).toBe(0);
    expect(r.output).toBe(`Resolved: ${OTHER}\nStatus:   answered\nWorkspace: questions.md updated.\n`);
  });
});

describe("state resolve <qid> with the answer written in the block", () => {
  it("gives the same files as typing that answer (answered_at now, state.md cleared, Log line, --human as given)", async () => {
    const typed = example();
    expect((await inProcess(typed, ["state", "resolve", "--human", AWAITED, ISSUE_ANSWER])).exit).toBe(0);
    const p = example();
    writeAnswer(p, AWAITED, `answer: ${ISSUE_ANSWER}`);
    const r = await inProcess(p, ["state", "resolve", "--human", AWAITED]);
    expect(r).toEqual({ exit: 0, stdout: `Resolved: ${AWAITED}\nStatus:   answered\nWorkspace: questions.md + state.md updated.\n`, stderr: "" });
    expect(md(p)).toEqual(md(typed));
    expect(md(p).state).toContain(`- ${T} build: resolved ${AWAITED}\n`);
    expect(readEventsOf(p, W)).toMatchObject([{ event: "resolved", qid: AWAITED, by: "human", detail: { answer: ISSUE_ANSWER, source: "questions.md" } }]);
  });

  it("a `|` block is one answer: its lines stay as written, the event gets the flattened text with secrets redacted", async () => {
    const p = example();
    const written = "answer: |\n  Keep one release,\n     drop in   PR-812, token=ghp_abcdefghijklmnopqrstuvwxyz0123456789";
    writeAnswer(p, AWAITED, written);
    const r = await inProcess(p, ["state", "resolve", AWAITED]);
    expect(r.exit, r.stderr).toBe(0);
    expect(p.read(Q)).toContain(`status: answered\n`);
    expect(p.read(Q).endsWith(`answered_at: ${T}\n${written}\n`)).toBe(true);
    const [event] = readEventsOf(p, W) as { detail: { answer: string } }[];
    expect(event!.detail.answer).toBe("Keep one release, drop in PR-812, token=[REDACTED]");
    // Read back the same way: the identical re-run is a no-op.
    const before = snapshot(p);
    expect(await inProcess(p, ["state", "resolve", AWAITED])).toEqual({ exit: 0, stdout: `Already resolved: ${AWAITED}\nWorkspace: no change.\n`, stderr: "" });
    expect(snapshot(p)).toEqual(before);
  });

  it("an answer that is an option's number stays literal text, not that option", async () => {
    const p = example();
    writeAnswer(p, AWAITED, "answer: 2");
    expect((await inProcess(p, ["state", "resolve", AWAITED])).exit).toBe(0);
    expect(p.read(Q)).toMatch(/answer: 2\n$/);
    expect(readEventsOf(p, W)).toMatchObject([{ detail: { answer: "2" } }]);
  });

  it("an empty answer: is exit 5 naming both ways to answer, and writes nothing", async () => {
    const p = example();
    const before = snapshot(p);
    const r = await inProcess(p, ["state", "resolve", AWAITED]);
    expect(r.exit).toBe(5);
    expect(r.stderr).toBe(
      `devrites-engine: Answer text required for ${AWAITED}\nhint: type it: devrites-engine state resolve ${AWAITED} "<answer>" --human (or --option N, --proposed), or write it after answer: in questions.md and run devrites-engine state resolve ${AWAITED} --human\n`,
    );
    expect(snapshot(p)).toEqual(before);
  });

  it("an answer typed on the command line still wins over the written one", async () => {
    const p = example();
    writeAnswer(p, AWAITED, "answer: Drop now");
    expect((await inProcess(p, ["state", "resolve", AWAITED, "--option", "1"])).exit).toBe(0);
    expect(p.read(Q)).toMatch(/answer: Keep one release, drop in follow-up\n$/);
  });
});

describe("a block a person closed by hand while state.md still awaits it", () => {
  it("state resolve <qid> completes the bookkeeping, keeps the person's lines, and a re-run is a no-op (exit 0)", async () => {
    const p = example();
    editBlock(p, AWAITED, (b) => b.replace("status: open", "status: Answered").replace("answered_at:\nanswer:\n", "answer: Keep one release\n"));
    const hand = p.read(Q);
    const r = await inProcess(p, ["state", "resolve", AWAITED]);
    expect(r).toEqual({ exit: 0, stdout: `Resolved: ${AWAITED}\nStatus:   answered\nWorkspace: questions.md + state.md updated.\n`, stderr: "" });
    // Only answered_at is added: the status line keeps its spelling, no answered_by appears.
    expect(p.read(Q)).toBe(`${hand}answered_at: ${T}\n`);
    expect(p.read(S)).toContain("| status | running |");
    expect(p.read(S)).not.toContain("## Awaiting human");
    expect(p.read(S)).toContain(`- ${T} build: resolved ${AWAITED}\n`);
    expect(readEventsOf(p, W)).toMatchObject([{ event: "resolved", qid: AWAITED, by: "agent", detail: { answer: "Keep one release", closed_by_hand: true } }]);
    const after = snapshot(p);
    expect(await inProcess(p, ["state", "resolve", AWAITED])).toEqual({ exit: 0, stdout: `Already resolved: ${AWAITED}\nWorkspace: no change.\n`, stderr: "" });
    expect(snapshot(p)).toEqual(after);
  });

  it("with answered_at already there only state.md is written; a block dropped by hand reports the drop", async () => {
    const p = example();
    editBlock(p, AWAITED, (b) => b.replace("status: open", "status: dropped").replace("answered_at:\nanswer:\n", "answered_at: 2026-09-03T08:00:00Z\nanswer: superseded\n"));
    const hand = p.read(Q);
    const r = await inProcess(p, ["state", "resolve", "--human", AWAITED]);
    expect(r).toEqual({ exit: 0, stdout: `Dropped:  ${AWAITED}\nReason:   superseded\nWorkspace: state.md updated.\n`, stderr: "" });
    expect(p.read(Q)).toBe(hand);
    expect(readEventsOf(p, W)).toMatchObject([{ event: "dropped", qid: AWAITED, by: "human", detail: { reason: "superseded" } }]);
  });
});

describe("state resolve --filled", () => {
  const fillBoth = (p: Project) => {
    writeAnswer(p, OTHER, `answer: ${ISSUE_ANSWER}`);
    writeAnswer(p, AWAITED, "answer: |\n  Keep one release,\n  drop in follow-up");
  };

  it("commits every written answer in one transaction, one line per question, and clears state.md", async () => {
    const p = example();
    fillBoth(p);
    const r = await inProcess(p, ["state", "resolve", "--filled", "--human"]);
    expect(r).toEqual({ exit: 0, stdout: `Resolved: ${OTHER}\nResolved: ${AWAITED}\nWorkspace: questions.md + state.md updated.\n`, stderr: "" });
    expect(readEventsOf(p, W)).toMatchObject([
      { event: "resolved", qid: OTHER, by: "human", detail: { answer: ISSUE_ANSWER, batch: true } },
      { event: "resolved", qid: AWAITED, by: "human", detail: { answer: "Keep one release, drop in follow-up", batch: true } },
    ]);
    expect(p.read(Q).match(/^answered_by: human$/gm)).toHaveLength(3);
    expect(p.read(S)).toContain("| status | running |");
    expect(await inProcess(p, ["state", "resolve", "--filled"])).toEqual({ exit: 0, stdout: "nothing to resolve\n", stderr: "" });
  });

  it("--dry-run lists them and writes nothing", async () => {
    const p = example();
    fillBoth(p);
    const before = snapshot(p);
    const r = await inProcess(p, ["state", "resolve", "--filled", "--dry-run"]);
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toBe(`Resolved: ${OTHER}\nResolved: ${AWAITED}\nWorkspace: would update questions.md + state.md.\nDry run: nothing written.\n`);
    expect(snapshot(p)).toEqual(before);
  });

  it("with no written answer: exit 0, `nothing to resolve`, nothing written", async () => {
    const p = example();
    const before = snapshot(p);
    expect(await inProcess(p, ["state", "resolve", "--filled"])).toEqual({ exit: 0, stdout: "nothing to resolve\n", stderr: "" });
    expect(snapshot(p)).toEqual(before);
  });

  it.each([
    [
      "a written answer under a duplicated id is exit 6",
      (p: Project) => p.write(Q, `${p.read(Q)}\n## ${OTHER}\nstatus: answered\nanswered_at: 2026-09-03T08:00:00Z\nanswer: debug\n`),
      6,
      `devrites-engine: questions.md:28: duplicate question id ${OTHER} in questions.md (lines 17, 46)`,
    ],
    [
      "a written answer with a control character is exit 5 at its line",
      (p: Project) => editBlock(p, AWAITED, (b) => b.replace("\n  drop in follow-up\n", "\n  drop\u0007 in follow-up\n")),
      5,
      `devrites-engine: questions.md:42: the answer written for ${AWAITED} in questions.md contains control characters`,
    ],
  ])("all or nothing: %s and no other answer is written", async (_name, spoil, exit, message) => {
    const p = example();
    fillBoth(p);
    spoil(p);
    const before = snapshot(p);
    const r = await inProcess(p, ["state", "resolve", "--filled"]);
    expect(r.exit).toBe(exit);
    expect(r.stderr.split("\n")[0]).toBe(message);
    expect(snapshot(p)).toEqual(before);
    expect(litter(p)).toEqual([]);
  });

  it.each([[[OTHER]], [["--batch", "b.txt"]], [["--drop"]], [["--proposed"]]])("--filled with %j is a usage error (exit 5)", async (extra) => {
    const r = await inProcess(example(), ["state", "resolve", "--filled", ...extra]);
    expect(r.exit).toBe(5);
    expect(r.stderr).toMatch(/^devrites-engine: --filled takes no question id/);
  });
});

describe("check's and status's advice is a command that works", () => {
  it("the command check prints for question-open-with-answer and awaiting-not-open resolves the finding, and check is then clean", async () => {
    const p = example();
    writeAnswer(p, OTHER, `answer: ${ISSUE_ANSWER}`);
    editBlock(p, AWAITED, (b) => b.replace("status: open", "status: answered").replace("answered_at:\nanswer:\n", `answered_at: ${T}\nanswer: Keep one release\n`));
    const found = await inProcess(p, ["check"]);
    const advice = [...found.stdout.matchAll(/(?:make it count|clear state\.md) with devrites-engine (state resolve \S+ --human)/g)].map((m) => m[1]!);
    expect(advice).toEqual([`state resolve ${OTHER} --human`, `state resolve ${AWAITED} --human`]);
    for (const command of advice) expect((await inProcess(p, command.split(" "))).exit).toBe(0);
    expect(await inProcess(p, ["check"])).toEqual({ exit: 0, stdout: "session-token-rotation: 0 error(s), 0 warning(s)\n", stderr: "" });
  });

  it("status lists answers written in the file and not yet committed, with the --filled command", async () => {
    const p = example();
    writeAnswer(p, OTHER, `answer: ${ISSUE_ANSWER}`);
    const r = await inProcess(p, ["status"]);
    expect(r.stdout).toContain(`\nAnswered in questions.md, not yet committed: ${OTHER}\n  Commit them with: devrites-engine state resolve --filled --human\n`);
    expect(JSON.parse((await inProcess(p, ["status", "--json"])).stdout).written_answers).toEqual([OTHER]);
    await inProcess(p, ["state", "resolve", "--filled", "--human"]);
    expect((await inProcess(p, ["status"])).stdout).not.toContain("Answered in questions.md");
  });
});

describe("interactive resolve with an answer written in the file", () => {
  it("offers 'use the answer written in questions.md' first, and picking it equals `state resolve --human <qid>`", async () => {
    const flag = example();
    writeAnswer(flag, AWAITED, `answer: ${ISSUE_ANSWER}`);
    expect((await inProcess(flag, ["state", "resolve", "--human", AWAITED])).exit).toBe(0);
    const p = example();
    writeAnswer(p, AWAITED, `answer: ${ISSUE_ANSWER}`);
    const r = await inProcess(p, ["state", "resolve", "--interactive"], "1\n1\ny\n");
    expect(r.exit, r.stderr).toBe(0);
    const menu = r.stdout.slice(r.stdout.indexOf(`${AWAITED}: `));
    expect(menu).toMatch(new RegExp(` 1\\) use the answer written in questions.md: ${ISSUE_ANSWER}\n  2\\) Keep one release`));
    expect(menu).toMatch(/ 5\) type another answer\n  6\) drop this question\n/);
    expect(md(p)).toEqual(md(flag));
  });
});

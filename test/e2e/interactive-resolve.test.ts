// Interactive `state resolve`, driven end to end: with --interactive and replies (choose
// the awaited question, pick an option, confirm; type another answer; drop; decline; end of
// input) in-process, once through the built CLI on a real pipe, and on a real
// pseudo-terminal with no arguments, as a person would use it.
// The result on disk must be the flag form's result with --human. Prompt wording is not
// asserted except where the behaviour depends on it.

import { afterEach, describe, expect, it } from "vitest";
import { runCli, runMain, T } from "../helpers/cli.js";
import { makeProject, projectFromExample, type Project } from "../helpers/project.js";
import { ptyRunner, runInPty } from "../helpers/pty.js";

const W = ".devrites/work/session-token-rotation";
const AWAITED = "q-2026-09-02-003";
const OTHER = "q-2026-09-02-002";
const projects: Project[] = [];
afterEach(() => {
  for (const p of projects.splice(0)) p.cleanup();
});

function example(): Project {
  const p = projectFromExample();
  projects.push(p);
  return p;
}
const md = (p: Project) => ({ questions: p.read(`${W}/questions.md`), state: p.read(`${W}/state.md`) });
/** In-process: replies come from `input`, one per line, as nodeReadLine gives them from a pipe. */
const interactive = (p: Project, input: string, extra: string[] = []) => runMain(["state", "resolve", "--interactive", ...extra], { cwd: p.dir, input });
/** The built CLI with `input` on a real pipe. */
const piped = (p: Project, input: string, extra: string[] = []) => runCli(["state", "resolve", "--interactive", ...extra], { cwd: p.dir, input });
/** The same answer given with the flags, in a fresh copy: what interactive mode must equal. */
async function flagForm(args: string[]): Promise<{ questions: string; state: string }> {
  const p = example();
  const r = await runMain(["state", "resolve", "--human", ...args], { cwd: p.dir });
  expect(r.exit, r.stderr).toBe(0);
  return md(p);
}

describe("interactive resolve through a pipe (--interactive)", () => {
  it("lists the open questions with the awaited one first", async () => {
    const r = await interactive(example(), "");
    const listed = [...r.stdout.matchAll(/q-2026-09-02-00\d/g)].map((m) => m[0]);
    expect(listed.slice(0, 2)).toEqual([AWAITED, OTHER]);
    expect(r.stdout).not.toContain("q-2026-09-02-001"); // answered: not offered
  });

  it("choose the awaited question, pick option 1, confirm y: the same files as `--human <qid> --option 1` (the built CLI, a real pipe)", async () => {
    const p = example();
    const r = await piped(p, "1\n1\ny\n");
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Resolved: ${AWAITED}\nStatus:   answered\nWorkspace: questions.md + state.md updated.\n`);
    expect(md(p)).toEqual(await flagForm([AWAITED, "--option", "1"]));
    expect(md(p).questions).toContain("answer: Keep one release, drop in follow-up\nanswered_by: human\n");
    expect(md(p).state).toContain("| status | running |");
  });

  it("the chosen question's options are numbered, then 'type another answer' and 'drop'", async () => {
    const r = await interactive(example(), "1\n");
    const after = r.stdout.slice(r.stdout.indexOf(`${AWAITED}: `));
    expect(after).toMatch(/ 1\) Keep one release, drop in follow-up \(Recommended\)/);
    expect(after).toMatch(/ 2\) Drop now/);
    expect(after).toMatch(/ 3\) Something else/);
    expect(after).toMatch(/ 4\) type another answer/);
    expect(after).toMatch(/ 5\) drop this question/);
  });

  it("type another answer: whitespace is normalised as for the flag form", async () => {
    const p = example();
    const r = await interactive(p, "1\n4\n  Keep it,   two releases \ny\n");
    expect(r.exit, r.stderr).toBe(0);
    expect(md(p)).toEqual(await flagForm([AWAITED, "Keep it, two releases"]));
  });

  it("drop with a reason: the same files as `--human --drop <qid> <reason>`", async () => {
    const p = example();
    const r = await interactive(p, "1\n5\nsuperseded by q-2026-09-03-001\ny\n");
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Dropped:  ${AWAITED}\nReason:   superseded by q-2026-09-03-001\n`);
    expect(md(p)).toEqual(await flagForm(["--drop", AWAITED, "superseded by q-2026-09-03-001"]));
  });

  it("drop with an empty reason records `dropped`", async () => {
    const p = example();
    expect((await interactive(p, "1\n5\n\ny\n")).exit).toBe(0);
    expect(md(p)).toEqual(await flagForm(["--drop", AWAITED]));
  });

  it("choosing the other question answers it and leaves state.md awaiting", async () => {
    const p = example();
    const before = md(p).state;
    const r = await interactive(p, "2\n2\nyes\n");
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toContain("Workspace: questions.md updated.\n");
    expect(md(p)).toEqual(await flagForm([OTHER, "--option", "2"]));
    expect(md(p).state).toBe(before);
  });

  it("answering n at the confirmation writes nothing (exit 0)", async () => {
    const p = example();
    const before = p.listDevrites().map((f) => [f, p.read(f)]);
    const r = await interactive(p, "1\n1\nn\n");
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toContain("nothing written");
    expect(p.listDevrites().map((f) => [f, p.read(f)])).toEqual(before);
  });

  it.each([
    ["before a question is chosen", ""],
    ["before an answer is picked", "1\n"],
    ["while typing an answer", "1\n4\n"],
    ["at the confirmation", "1\n1\n"],
  ])("end of input %s: exit 5, nothing written", async (_when, input) => {
    const p = example();
    const before = p.listDevrites().map((f) => [f, p.read(f)]);
    const r = await interactive(p, input);
    expect(r.exit).toBe(5);
    expect(r.stderr).toMatch(/^devrites-engine: input ended before an answer was confirmed; nothing was written/);
    expect(p.listDevrites().map((f) => [f, p.read(f)])).toEqual(before);
  });

  it("out-of-range and non-numeric choices are asked again, not taken", async () => {
    const p = example();
    const r = await interactive(p, "0\n9\nabc\n1\n7\n1\nmaybe\ny\n");
    expect(r.exit, r.stderr).toBe(0);
    expect(md(p)).toEqual(await flagForm([AWAITED, "--option", "1"]));
  });

  it("with one open question the choice is skipped and the first reply picks the answer", async () => {
    const p = example();
    await runMain(["state", "resolve", OTHER, "info"], { cwd: p.dir });
    const r = await interactive(p, "2\ny\n");
    expect(r.exit, r.stderr).toBe(0);
    expect(p.read(`${W}/questions.md`)).toContain("answer: Drop now\nanswered_by: human\n");
  });

  it("no open questions: says so, exit 0, nothing written", async () => {
    const p = example();
    p.write("b.txt", `${AWAITED}: Keep\n${OTHER}: info\n`);
    expect((await runMain(["state", "resolve", "--batch", "b.txt"], { cwd: p.dir })).exit).toBe(0);
    const before = md(p);
    const r = await interactive(p, "1\n");
    expect(r.exit).toBe(0);
    expect(r.stdout).toBe("No open questions.\n");
    expect(md(p)).toEqual(before);
  });

  it("--record-decision also appends the DEC entry, as the flag form does", async () => {
    const p = example();
    const r = await interactive(p, "1\n1\ny\n", ["--record-decision"]);
    expect(r.exit, r.stderr).toBe(0);
    expect(p.read(`${W}/decisions.md`)).toMatch(/### DEC-002 — /);
  });

  it("the schema gate still applies before any prompt", async () => {
    const p = example();
    p.write(`${W}/state.md`, p.read(`${W}/state.md`).replace("| schema | 4 |\n", ""));
    const r = await interactive(p, "1\n1\ny\n");
    expect(r.exit).toBe(3);
    expect(r.stdout).toBe("");
  });

  it("without --interactive and without a terminal, no arguments is the usage error (exit 5), not a prompt", async () => {
    const r = await runMain(["state", "resolve"], { cwd: example().dir, input: "1\n1\ny\n" });
    expect(r.exit).toBe(5);
    expect(r.stdout).toBe("");
  });
});

describe.runIf(ptyRunner() !== undefined)("interactive resolve on a real terminal", () => {
  it("`state resolve` with no arguments prompts a person through choose → pick → confirm, and resolves with --human", async () => {
    const p = example();
    const r = await runInPty(["state", "resolve"], {
      cwd: p.dir,
      env: { DEVRITES_NOW: T, NO_COLOR: "1", TZ: "UTC" },
      replies: [
        { after: /\[1-2\]: $/, type: "1" },
        { after: /\[1-5\]: $/, type: "1" },
        { after: /\[y\/n\]: $/, type: "y" },
      ],
    });
    console.log(`interactive resolve on a pseudo-terminal via ${r.via}:\n${r.output}`);
    expect(r.exit, r.output).toBe(0);
    expect(r.output).toContain(`Resolved: ${AWAITED}`);
    expect(md(p)).toEqual(await flagForm([AWAITED, "--option", "1"]));
    const events = p.read(`${W}/events.jsonl`).trim().split("\n").map((l) => JSON.parse(l));
    expect(events).toMatchObject([{ event: "resolved", qid: AWAITED, by: "human", ts: T }]);
  });
});

describe("interactive resolve with --json", () => {
  it("prompts go to stderr and stdout is the resolve JSON object", async () => {
    const p = example();
    const r = await interactive(p, "1\n1\ny\n", ["--json"]);
    expect(r.exit, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      ok: true, exit: 0, workspace: "session-token-rotation", dry_run: false,
      results: [{ qid: AWAITED, outcome: "answered", text: "Keep one release, drop in follow-up" }], files: ["questions.md", "state.md"], warnings: [],
    });
    expect(r.stderr).toContain(AWAITED);
  });

  it("a declined confirmation has the same shape with no results and cancelled: true", async () => {
    const r = await interactive(example(), "1\n1\nn\n", ["--json"]);
    expect(JSON.parse(r.stdout)).toEqual({ ok: true, exit: 0, workspace: "session-token-rotation", dry_run: false, results: [], files: [], warnings: [], cancelled: true });
  });

  it("end of input is the JSON error object, exit 5", async () => {
    const r = await interactive(example(), "1\n", ["--json"]);
    expect(r.exit).toBe(5);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, exit: 5, error: "input ended before an answer was confirmed; nothing was written" });
  });
});

describe("interactive resolve of a question with a bare proposed: (no options)", () => {
  const BW = ".devrites/work/add-bulk-delete";
  const QUESTIONS = "# Questions: add-bulk-delete\n\n## q-2026-06-13-002\nstatus: open\nslice: 03-soft-delete-retention\ngate: validating\nquestion: Is 30-day retention confirmed?\nproposed: fixed 30 days\nraised_at: 2026-06-13T14:00:00Z\nanswered_at:\nanswer:\n";
  const STATE = "- Schema: 4\n- Phase: seal\n- Status: running\n";
  function bare(): Project {
    const p = makeProject({ ".devrites/ACTIVE": "add-bulk-delete\n", [`${BW}/questions.md`]: QUESTIONS, [`${BW}/state.md`]: STATE });
    projects.push(p);
    return p;
  }

  it("offers 'accept the proposed answer' as choice 1, and picking it equals `--human <qid> --proposed`", async () => {
    const p = bare();
    const r = await interactive(p, "1\ny\n");
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toContain("  1) accept the proposed answer\n  2) type another answer\n  3) drop this question\n");
    const q = makeProject({ ".devrites/ACTIVE": "add-bulk-delete\n", [`${BW}/questions.md`]: QUESTIONS, [`${BW}/state.md`]: STATE });
    projects.push(q);
    expect((await runMain(["state", "resolve", "--human", "q-2026-06-13-002", "--proposed"], { cwd: q.dir })).exit).toBe(0);
    expect(p.read(`${BW}/questions.md`)).toBe(q.read(`${BW}/questions.md`));
    expect(p.read(`${BW}/questions.md`)).toContain("answer: fixed 30 days\nanswered_by: human\n");
  });
});

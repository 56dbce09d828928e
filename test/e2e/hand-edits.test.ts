// Issue 25, "a person editing questions.md": answers written where the grammar does not read
// them — lines under `answer: |` that are not indented, the answer on the line below `answer:`,
// a misspelled key. Through main() in-process on a copy of .devrites.example (no step needs a
// process of its own; smoke.test.ts holds the built CLI to main() on every command): check and
// status name the block and the line, `state resolve <qid>` and `--filled` refuse (exit 5)
// instead of committing nothing or half, and the edit the advice names, once made, makes the
// named command work.

import { afterEach, describe, expect, it } from "vitest";
import { runMain } from "../helpers/cli.js";
import { projectFromExample, type Project } from "../helpers/project.js";
import { snapshot } from "../helpers/snapshot.js";

const W = ".devrites/work/session-token-rotation";
const Q = `${W}/questions.md`;
const AWAITED = "q-2026-09-02-003";

let p: Project;
afterEach(() => p?.cleanup());
const run = (args: string[]) => runMain(args, { cwd: p.dir, env: { TZ: "UTC" } });

/** The example with the awaited block's last line (`answer:`) replaced by `lines`; the line number of its first line. */
function withAnswerLines(lines: string): number {
  p = projectFromExample();
  const text = p.read(Q);
  const at = text.lastIndexOf("answer:\n");
  expect(text.slice(at)).toBe("answer:\n");
  p.write(Q, text.slice(0, at) + lines);
  return text.slice(0, at).split("\n").length;
}

/** Every command a piece of advice names: `devrites-engine …` up to the next `;`, `,` or `(`. */
function commandsIn(text: string): string[][] {
  return [...text.matchAll(/devrites-engine ((?:state|budget|question)[^;,(\n]*)/g)].map((m) => m[1]!.trim().split(" "));
}

const CASES = [
  {
    name: "lines under `answer: |` that are not indented",
    written: "answer: |\nKeep it for one release.\nDrop it in PR-812.\n",
    line: 1,
    rule: "question-answer-not-read",
    says: "the text below answer: is not indented",
    fixed: "answer: |\n  Keep it for one release.\n  Drop it in PR-812.\n",
    recorded: "answer: |\n  Keep it for one release.\n  Drop it in PR-812.\n",
  },
  {
    name: "the answer on the line below `answer:`, not indented",
    written: "answer:\nKeep it for one release.\n",
    line: 1,
    rule: "question-answer-not-read",
    says: "the text below answer: is not indented",
    fixed: "answer:\n  Keep it for one release.\n",
    recorded: "answer:\n  Keep it for one release.\n",
  },
  {
    name: "a misspelled key (`anwser:`)",
    written: "anwser: Keep it for one release.\n",
    line: 0,
    rule: "question-unknown-key",
    says: "the key anwser is not one the engine reads; if you meant answer, rename it to answer:",
    fixed: "answer: Keep it for one release.\n",
    recorded: "answer: Keep it for one release.\n",
  },
] as const;

describe.each(CASES)("$name", (c) => {
  it("check names the block, the line and the edit, status says it where the run waits, and neither advises a command that refuses", async () => {
    const first = withAnswerLines(c.written);
    const line = first + c.line;
    const check = await run(["check"]);
    expect(check.exit).toBe(0);
    expect(check.stdout).toContain(`questions.md:${line}:1 warning ${c.rule} ${AWAITED}: `);
    expect(check.stdout).toContain(c.says);
    expect(check.stdout).not.toContain("already has an answer");
    const status = await run(["status"]);
    expect(status.exit).toBe(0);
    expect(status.stdout).toContain(`(questions.md:${c.rule === "question-unknown-key" ? first : line})`);
    expect(status.stdout).not.toContain("An answer is written in questions.md. Commit it with:");
    expect(status.stdout).not.toContain("not yet committed");
    const json = JSON.parse((await run(["status", "--json"])).stdout);
    expect(json.unread_answers).toEqual([expect.objectContaining({ qid: AWAITED, line: c.rule === "question-unknown-key" ? first : line })]);
    expect(json.written_answers).toEqual([]);
    expect(JSON.stringify(json)).not.toContain("--human");
  });

  it("state resolve <qid> and --filled exit 5 naming the block and line, write nothing; after the edit the advice names, its command resolves", async () => {
    const first = withAnswerLines(c.written);
    const line = c.rule === "question-unknown-key" ? first : first + c.line;
    const before = snapshot(p);
    const one = await run(["state", "resolve", AWAITED, "--human"]);
    expect(one.exit).toBe(5);
    expect(one.stderr.split("\n")[0]).toMatch(new RegExp(`^devrites-engine: ${AWAITED}: .+ \\(questions\\.md:${line}\\); nothing was written$`));
    const filled = await run(["state", "resolve", "--filled", "--human"]);
    expect(filled.exit).toBe(5);
    expect(filled.stderr).toContain(`questions.md:${line}: ${AWAITED}: `);
    expect(filled.stdout).not.toContain("nothing to resolve");
    const agent = await run(["state", "resolve", "--filled", "--json"]);
    expect(JSON.parse(agent.stdout)).toMatchObject({ ok: false, exit: 5, failures: [{ qid: AWAITED, line }] });
    expect(agent.stdout).not.toContain("--human");
    expect(snapshot(p)).toEqual(before);

    // The edit the advice names, then the command it names.
    const text = p.read(Q);
    p.write(Q, text.slice(0, text.length - c.written.length) + c.fixed);
    const [command] = commandsIn(one.stderr.split("\nhint: ")[1]!);
    expect(command).toEqual(["state", "resolve", AWAITED, "--human"]);
    const resolved = await run(command!);
    expect(resolved).toMatchObject({ exit: 0, stdout: `Resolved: ${AWAITED}\nStatus:   answered\nWorkspace: questions.md + state.md updated.\n` });
    expect(p.read(Q)).toContain(c.recorded);
    expect((await run(["check"])).stdout).toBe("session-token-rotation: 0 error(s), 0 warning(s)\n");
  });
});

describe("other slips a person makes in a question block", () => {
  it.each([
    ["Answer: Keep it.", "Answer: is not read as the answer field (keys are lowercase); write it as answer:"],
    ["answer : Keep it.", '"answer :" is not read as the answer field (no space may come before the colon); write it as answer:'],
    ["statsu: open", "the key statsu is not one the engine reads; if you meant status, rename it to status:"],
    ["answered-by: human", "the key answered-by is not one the engine reads; if you meant answered_by, rename it to answered_by:"],
  ])("%s is named with the key it most likely means", async (written, message) => {
    const first = withAnswerLines(`answer:\n\n${written}\n`);
    const check = await run(["check"]);
    expect(check.stdout).toContain(`questions.md:${first + 2}:1 warning question-unknown-key ${AWAITED}: ${message}`);
  });

  it("keys near no known one, and prose further down the block, are the person's own: no warning", async () => {
    withAnswerLines("answer:\nticket: PR-812\nowner: ana\n\nSee the thread on the migration first.\n");
    expect((await run(["check"])).stdout).toBe("session-token-rotation: 0 error(s), 0 warning(s)\n");
  });

  it("a blank line inside an indented answer ends it: the lines after it are named, and removing the blank line makes it one answer", async () => {
    const first = withAnswerLines("answer: |\n  Keep it for one release.\n\n  Drop it in PR-812.\n");
    const check = await run(["check"]);
    expect(check.stdout).toContain(`questions.md:${first + 3}:1 warning question-answer-not-read ${AWAITED}: a blank line ends the answer, so the indented lines after it are not read; remove the blank line inside the answer`);
    expect((await run(["state", "resolve", "--filled"])).exit).toBe(5);
    p.write(Q, p.read(Q).replace("release.\n\n  Drop", "release.\n  Drop"));
    expect((await run(["state", "resolve", "--filled", "--human"])).exit).toBe(0);
    expect(p.read(Q)).toContain("answer: |\n  Keep it for one release.\n  Drop it in PR-812.\n");
  });

  it("a field indented under answer: (`  answered_by: agent`) is named, and resolving refuses with exit 5 instead of failing its read-back (exit 1)", async () => {
    const first = withAnswerLines("answer:\n  answered_by: agent\n");
    expect((await run(["check"])).stdout).toContain(`questions.md:${first + 1}:1 warning question-answer-not-read ${AWAITED}: answered_by: is indented under answer:, so it is read as the answer's text, not as the answered_by field; remove the indentation before answered_by: and write the answer after answer:`);
    const before = snapshot(p);
    const r = await run(["state", "resolve", AWAITED, "--human"]);
    expect(r.exit).toBe(5);
    expect(snapshot(p)).toEqual(before);
    p.write(Q, p.read(Q).replace("answer:\n  answered_by: agent\n", "answer: Keep it for one release.\nanswered_by: agent\n"));
    expect((await run(["state", "resolve", AWAITED, "--human"])).exit).toBe(0);
    expect(p.read(Q)).toContain("answer: Keep it for one release.\nanswered_by: human\n");
  });

  it("interactive resolve does not offer half of a written answer: it says why and asks for the answer", async () => {
    withAnswerLines("answer: Keep it\nfor one release.\n");
    const r = await runMain(["state", "resolve", "--interactive"], { cwd: p.dir, env: { TZ: "UTC" }, input: "1\n" });
    expect(r.stdout.replace(/\n +/g, " ")).toContain("The answer written in questions.md is not offered: the text below answer: is not indented, so it is not read as the answer (questions.md:");
    expect(r.stdout).not.toContain("use the answer written in questions.md");
  });

  it("`answer: |` with nothing under it is an empty answer: no 'already has an answer', the empty-answer refusal as before", async () => {
    withAnswerLines("answer: |\n");
    const check = await run(["check"]);
    expect(check.stdout).toBe("session-token-rotation: 0 error(s), 0 warning(s)\n");
    const r = await run(["state", "resolve", AWAITED, "--human"]);
    expect(r.exit).toBe(5);
    expect(r.stderr.split("\n")[0]).toBe(`devrites-engine: Answer text required for ${AWAITED}`);
  });
});

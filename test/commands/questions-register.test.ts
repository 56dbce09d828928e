// Rows of a released `## Question register` table (the pack's evals/golden/shippable-feature
// shape) are listed by `questions` / `questions show`, marked as register rows in text and
// JSON; a block with the same id wins; resolving a row stays exit 3 with a hint.

import { afterEach, describe, expect, it } from "vitest";
import { runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";

const W = ".devrites/work/add-csv-export";
const QUESTIONS = `# Questions

## Question register
| Question ID | Status | Gate | Question | Answer | Impact |
| --- | --- | --- | --- | --- | --- |
| Q-001 | answered | validating | Should the CSV include a header row? | Yes. | Header names fixed. |
| Q-002 | Open | blocking | Quote every field? | | |
| q-3 | open | advisory | Shadowed by the block below | | |

## q-3
status: answered
gate: advisory
question: Which delimiter?
answer: comma
`;
const STATE = "# State: add-csv-export\n\n- Schema: 4\n- Phase: done\n- Status: done\n";

let p: Project | undefined;
afterEach(() => {
  p?.cleanup();
  p = undefined;
});
const run = async (...args: string[]) => {
  p ??= makeProject({ ".devrites/ACTIVE": "add-csv-export\n", [`${W}/state.md`]: STATE, [`${W}/questions.md`]: QUESTIONS });
  return runMain(args, { cwd: p.dir });
};

describe("register rows in questions", () => {
  it.each([
    [["questions"], "Q-002  blocking    open      Quote every field?  (register row)\n"],
    [["questions", "--all"], "q-3    advisory    answered  Which delimiter?\nQ-001  validating  answered  Should the CSV include a header row?  (register row)\nQ-002  blocking    open      Quote every field?  (register row)\n"],
    [["questions", "--all", "--gate", "validating"], "Q-001  validating  answered  Should the CSV include a header row?  (register row)\n"],
  ])("%j lists register rows after the blocks, marked, a block winning over a row of its id", async (args, want) => {
    expect(await run(...args)).toEqual({ exit: 0, stdout: want, stderr: "" });
  });

  it("--json marks a row with register: true and its line", async () => {
    const j = JSON.parse((await run("questions", "--json")).stdout);
    expect(j.questions).toEqual([{ qid: "Q-002", gate: "blocking", status: "open", question: "Quote every field?", answer: null, register: true, line: 7 }]);
  });

  it("questions show prints a row with its answer, and for an open row why the engine will not write it", async () => {
    expect((await run("questions", "show", "Q-001")).stdout).toBe("Q-001  [validating]  answered  register row (questions.md:6)\n\n  Should the CSV include a header row?\n\n  answer:   Yes.\n");
    const open = await run("questions", "show", "Q-002");
    expect(open.exit).toBe(0);
    expect(open.stdout).toContain("This is a row of the '## Question register' table, which the engine never writes");
  });

  it("resolving a register row stays exit 3 with a hint and writes nothing", async () => {
    const r = await run("state", "resolve", "Q-002", "yes");
    expect(r.exit).toBe(3);
    expect(r.stderr).toContain("hint: answer it by editing questions.md by hand, or raise it as a '## Q-002' block");
    expect(p!.read(`${W}/questions.md`)).toBe(QUESTIONS);
  });
});

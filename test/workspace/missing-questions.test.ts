// A workspace without questions.md (the Go engine's fixtures, real DevRites workspaces before
// their first question) reads as an empty queue: read-only commands work, `migrate` and
// `question add` create the file in their transaction, resolve is "qid not found", and no
// hint sends the user to `init` for a workspace that exists.

import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";
import { RUNNING_FEAT_STATE } from "../helpers/texts.js";

const W = ".devrites/work/feat";
let p: Project | undefined;
afterEach(() => {
  p?.cleanup();
  p = undefined;
});

function setup(state = RUNNING_FEAT_STATE): Project {
  p = makeProject({ ".devrites/ACTIVE": "feat\n", [`${W}/state.md`]: state });
  return p;
}
const run = (q: Project, ...args: string[]) => runMain(args, { cwd: q.dir });

describe("a workspace without questions.md", () => {
  it.each([
    [["status"], "Open questions: none"],
    [["check"], "feat: 0 error(s), 0 warning(s)"],
    [["questions"], "No open questions."],
    [["questions", "--all"], "No questions."],
    [["log"], "No events recorded yet."],
    [["budget", "status"], "no AFK budget"],
    [["budget", "check"], "no AFK budget"],
  ])("read-only %j is exit 0 as an empty queue and creates nothing", async (args, text) => {
    const q = setup();
    const r = await run(q, ...args);
    expect({ exit: r.exit, stderr: r.stderr }).toEqual({ exit: 0, stderr: "" });
    expect(r.stdout).toContain(text);
    expect(q.listDevrites()).toEqual([".devrites/ACTIVE", `${W}/state.md`]);
  });

  it("the same read-only commands work with an AFK sentinel (budget reads an empty review queue)", async () => {
    const q = setup();
    q.write(".devrites/AFK", "max_slices: 3\n");
    for (const args of [["budget", "status"], ["budget", "check"]]) expect((await run(q, ...args)).exit).toBe(0);
  });

  // formats.md says "qid not found" (exit 3); commands.md's resolve step 1 and the public
  // conformance case "a missing questions.md … is exit 2 naming the file" say exit 2: the
  // suite wins (docs/migrating-from-go.md). The hint says why and never names init.
  it("state resolve on it is exit 2 naming the file, with a hint that there is nothing to resolve, and writes nothing", async () => {
    const q = setup();
    const r = await run(q, "state", "resolve", "q-2026-07-20-001", "yes");
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain(`questions.md missing at ${q.path(`${W}/questions.md`)}`);
    expect(r.stderr).toContain("hint: this workspace has no questions yet, so there is nothing to resolve");
    expect(r.stderr).not.toContain("init");
    expect(q.listDevrites()).toEqual([".devrites/ACTIVE", `${W}/state.md`]);
  });

  it("question add creates questions.md from the template in its transaction", async () => {
    const q = setup();
    const r = await run(q, "question", "add", "--gate", "advisory", "--question", "Header row?");
    expect(r.exit).toBe(0);
    expect(q.read(`${W}/questions.md`)).toBe(
      "# Questions: feat\n\n## q-2026-07-20-001\nstatus: open\ngate: advisory\nquestion: Header row?\nraised_at: 2026-07-20T10:00:00Z\nanswered_at:\nanswer:\n",
    );
  });

  it("migrate creates the missing questions.md and decisions.md from the templates, once", async () => {
    const q = setup();
    const r = await run(q, "migrate");
    expect(r).toEqual({
      exit: 0,
      stdout: "Already at schema 4: feat\nCreated: questions.md, decisions.md (from the templates)\nWorkspace: questions.md + decisions.md updated.\n",
      stderr: "",
    });
    expect(q.read(`${W}/questions.md`)).toBe("# Questions: feat\n");
    expect(q.read(`${W}/decisions.md`)).toBe("# Decisions: feat\n");
    const again = await run(q, "migrate");
    expect(again.stdout).toBe("Already at schema 4: feat\nWorkspace: no change.\n");
  });

  it("a file migrate creates takes state.md's line ending", async () => {
    const q = setup(RUNNING_FEAT_STATE.replace(/\n/g, "\r\n"));
    expect((await run(q, "migrate")).exit).toBe(0);
    expect(q.read(`${W}/questions.md`)).toBe("# Questions: feat\r\n");
  });

  it("a missing state.md is exit 2 with a hint that does not send the user to init", async () => {
    const q = setup();
    q.write(`${W}/questions.md`, "# Questions: feat\n");
    fs.rmSync(q.path(`${W}/state.md`));
    const r = await run(q, "status");
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain("state.md missing at");
    expect(r.stderr).not.toContain("init for");
    expect(r.stderr).toContain("init would refuse it");
  });
});

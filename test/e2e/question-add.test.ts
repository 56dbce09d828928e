// `question add`: ids allocated under the lock by many processes at once (spawned), the gate
// policy's effect on the files, and bad input that writes nothing (in-process, main()).

import { afterEach, describe, expect, it } from "vitest";
import { parseQuestions, statusOf } from "../../src/documents/questions/parse-questions.js";
import { parseState } from "../../src/documents/state/parse-state.js";
import { runCli, T, runMain } from "../helpers/cli.js";
import { caseCount } from "../helpers/counts.js";
import { makeProject, type Project } from "../helpers/project.js";
import { RUNNING_FEAT_STATE } from "../helpers/texts.js";

const W = ".devrites/work/feat";
const STATE = RUNNING_FEAT_STATE;
const QUESTIONS = `# Questions: feat

## q-2026-07-20-001
status: answered
gate: advisory
question: Earlier?
answered_at: 2026-07-20T08:00:00Z
answer: yes

## q-2026-07-20-004
status: dropped
gate: validating
question: Gap before me?
answered_at: 2026-07-20T09:00:00Z
answer: absorbed
`;

let project: Project | undefined;
afterEach(() => project?.cleanup());

function feat(extra: Record<string, string> = {}): Project {
  project = makeProject({ ".devrites/ACTIVE": "feat\n", [`${W}/state.md`]: STATE, [`${W}/questions.md`]: QUESTIONS, ...extra });
  return project;
}
/** Processes racing for ids: 8 in `npm test`, 20 in `npm run test:full`. */
const RACERS = caseCount("DEVRITES_QUESTION_ADD_RACERS", 8, 20);
const add = (p: Project, ...args: string[]) => runMain(["question", "add", ...args], { cwd: p.dir });
const events = (p: Project) => (p.exists(`${W}/events.jsonl`) ? p.read(`${W}/events.jsonl`).trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>) : []);

describe("question add", () => {
  it(`${RACERS} concurrent processes allocate ${RACERS} distinct consecutive ids; one pauses, the rest queue; every file parses`, async () => {
    const p = feat();
    const results = await Promise.all(
      Array.from({ length: RACERS }, (_, i) => runCli(["question", "add", "--gate", "blocking", "--question", `Concurrent question ${i}?`, "--option", "yes", "--option", "no"], { cwd: p.dir })),
    );
    for (const r of results) expect(r.exit, r.stderr).toBe(0);
    const raised = results.map((r) => /^Raised: (\S+)$/m.exec(r.stdout)![1]!).sort();
    expect(raised).toEqual(Array.from({ length: RACERS }, (_, i) => `q-2026-07-20-${String(i + 5).padStart(3, "0")}`));
    const doc = parseQuestions(p.read(`${W}/questions.md`));
    expect(doc.blocks).toHaveLength(RACERS + 2);
    expect(new Set(doc.blocks.map((b) => b.id)).size).toBe(RACERS + 2);
    expect(doc.blocks.filter((b) => statusOf(b) === "open")).toHaveLength(RACERS);
    const state = parseState(p.read(`${W}/state.md`));
    expect(state.awaiting).toHaveLength(1);
    expect(raised).toContain(state.awaiting[0]!.questionId);
    expect(results.filter((r) => r.stdout.includes("Paused:"))).toHaveLength(1);
    expect(events(p).filter((e) => e.event === "raised")).toHaveLength(RACERS);
    expect(events(p).filter((e) => e.event === "paused")).toHaveLength(1);
    expect(p.listDevrites().filter((f) => /\.tmp|\.journal|\.engine\.lock/.test(f))).toEqual([]);
  }, 120_000);

  it("the first output line is Raised: <qid>; --json reports the outcome", async () => {
    const p = feat();
    const r = await add(p, "--gate", "advisory", "--question", "Info or debug?", "--option", "info", "--option", "debug");
    expect(r.exit).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe("Raised: q-2026-07-20-005");
    expect(p.read(`${W}/state.md`)).toBe(STATE);
    const j = await runMain(["question", "add", "--json", "--gate", "blocking", "--question", "Keep it?"], { cwd: p.dir });
    expect(JSON.parse(j.stdout)).toMatchObject({ ok: true, exit: 0, qid: "q-2026-07-20-006", outcome: "paused", files: ["questions.md", "state.md"] });
  });

  it.each([
    [["--gate", "urgent", "--question", "Q?"]],
    [["--question", "Q?"]],
    [["--gate", "blocking"]],
    [["--gate", "escalating", "--question", "Q?", "--option", "a", "--option", "b"]],
    [["--gate", "blocking", "--question", "Q?", "--option", "a"]],
    [["--gate", "blocking", "--question", "Q?", "--option", "a", "--option", "b", "--option", "c", "--option", "d", "--option", "e"]],
    [["--gate", "blocking", "--question", "Q?", "--option", "a (Recommended)", "--option", "b"]],
    [["--gate", "blocking", "--question", "Q?", "stray"]],
    [["--gate", "blocking", "--question", "Pipe | in the awaiting table?"]],
  ])("%j is exit 5 and writes nothing", async (args) => {
    const p = feat();
    const before = p.listDevrites();
    const r = await add(p, ...args);
    expect(r.exit, r.stdout + r.stderr).toBe(5);
    expect(r.stderr).toMatch(/^devrites-engine: /);
    expect(p.read(`${W}/questions.md`)).toBe(QUESTIONS);
    expect(p.read(`${W}/state.md`)).toBe(STATE);
    expect(p.listDevrites()).toEqual(before);
  });

  it("--supersedes naming no question is exit 3 and writes nothing; naming one writes the field", async () => {
    const p = feat();
    const bad = await add(p, "--gate", "advisory", "--question", "Redo?", "--supersedes", "q-2026-07-20-009");
    expect(bad.exit).toBe(3);
    expect(bad.stderr).toContain("--supersedes names no question: q-2026-07-20-009");
    expect(p.read(`${W}/questions.md`)).toBe(QUESTIONS);
    const ok = await add(p, "--gate", "advisory", "--question", "Redo?", "--supersedes", "q-2026-07-20-004");
    expect(ok.exit).toBe(0);
    expect(p.read(`${W}/questions.md`)).toContain("\nsupersedes: q-2026-07-20-004\n");
  });

  it("a malformed AFK sentinel is exit 5 before anything is written", async () => {
    const p = feat({ ".devrites/AFK": "max_slices: ten\n" });
    const r = await add(p, "--gate", "advisory", "--question", "Q?");
    expect(r.exit).toBe(5);
    expect(r.stderr).toContain("max_slices");
    expect(p.read(`${W}/questions.md`)).toBe(QUESTIONS);
  });

  // A value the row cannot judge (a gate outside the list) is checked after the schema gate;
  // an option the row requires, left out, is refused before the command runs, as a wrong
  // number of arguments is (cli/command-rules.ts).
  it("the schema gate refuses an old workspace (exit 3) before the command's own argument checks", async () => {
    const p = feat({ [`${W}/state.md`]: STATE.replace("| schema | 4 |", "| schema | 3 |") });
    const r = await add(p, "--gate", "urgent", "--question", "Keep it?");
    expect(r.exit).toBe(3);
    expect(r.stderr).toContain("predates workspace schema 4");
  });

  it("AFK: an allowed advisory question is auto-picked with a DEC entry in one transaction", async () => {
    const p = feat({ ".devrites/AFK": "allow_gates: [advisory]\n", [`${W}/decisions.md`]: "# Decisions: feat\n" });
    const r = await add(p, "--gate", "advisory", "--slice", "SLICE-001", "--question", "SHA-256 or Argon2id?", "--option", "SHA-256", "--option", "Argon2id");
    expect(r.exit).toBe(0);
    expect(r.stdout).toContain("Auto-picked (AFK): SHA-256");
    const q = p.read(`${W}/questions.md`);
    expect(q).toContain(`## q-2026-07-20-005\nstatus: answered\nslice: SLICE-001\ngate: advisory\n`);
    expect(q).toContain(`answered_at: ${T}\nanswer: SHA-256\nanswered_by: afk\n`);
    expect(p.read(`${W}/decisions.md`)).toContain("### DEC-001 — SHA-256\n- Status: accepted\n- Context: q-2026-07-20-005 (advisory) auto-picked under AFK\n");
    expect(p.read(`${W}/state.md`)).toBe(STATE);
    expect(events(p).map((e) => e.event)).toEqual(["raised", "auto_picked"]);
  });
});

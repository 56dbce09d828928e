// Guidance that leads somewhere (issue 13, items 1–4 and 7) and tells the truth (issue 25), in
// process through main(): a person is told --human and an agent never; free-text options and
// bare numbers; advice that works; what was not found; writes that report; the budget cap.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Io } from "../../src/io.js";
import { main } from "../../src/cli/main.js";
import { makeProject, projectFromFixture, REPO_DIR, type Project } from "../helpers/project.js";
import { snapshot } from "../helpers/snapshot.js";

const W = ".devrites/work/session-token-rotation";
const AWAITED = "q-2026-09-02-003";
const VALIDATING = "q-2026-09-02-002";
const NOW = "2026-07-20T10:00:00Z";

let p: Project;
// Printed times follow the process's zone (Node reads TZ when it changes); pin it per test.
const zone = process.env.TZ;
beforeEach(() => void (process.env.TZ = "UTC"));
afterEach(() => {
  p?.cleanup();
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

/** Run one command line in process; replies feed interactive prompts. */
async function run(argv: string[], opts: { env?: Record<string, string>; replies?: string[]; stdoutIsTTY?: boolean } = {}) {
  let out = "";
  let err = "";
  const replies = [...(opts.replies ?? [])];
  const io: Io = {
    env: { DEVRITES_NOW: NOW, ...opts.env },
    cwd: p.dir,
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    readLine: async () => replies.shift(),
    stdinIsTTY: false,
    stdoutIsTTY: opts.stdoutIsTTY ?? false,
    now: () => new Date(NOW),
    pid: process.pid,
    hostname: os.hostname(),
  };
  const exit = await main(argv, io);
  return { exit, stdout: out, stderr: err };
}

/** Every `devrites-engine state resolve …` command in a text. */
const resolveCommands = (text: string) => [...text.matchAll(/devrites-engine state resolve [^\n#]*/g)].map((m) => m[0].trim());

describe("item 1: commands printed for a person carry --human", () => {
  it.each([
    ["status", ["status"], false],
    ["questions show", ["questions", "show", AWAITED], false],
    ["question add (on a running run, so it pauses)", ["question", "add", "--gate", "blocking", "--question", "Which region?"], true],
    ["an empty answer's hint", ["state", "resolve", AWAITED, ""], false],
    ["state pause's refusal hint", ["state", "pause", "--reason", "approval"], false],
    ["state resume's refusal hint", ["state", "resume"], false],
  ])("%s: every printed state resolve command has --human", async (_name, argv, running) => {
    p = projectFromFixture("table-awaiting");
    if (running) expect((await run(["state", "resolve", AWAITED, "x"])).exit).toBe(0);
    const r = await run(argv);
    const commands = resolveCommands(r.stdout + r.stderr);
    expect(commands.length).toBeGreaterThan(0);
    for (const c of commands) expect(c).toContain("--human");
  });

  it("a command copied from questions show is logged as the human's answer", async () => {
    p = projectFromFixture("table-awaiting");
    const shown = await run(["questions", "show", AWAITED]);
    const line = resolveCommands(shown.stdout).find((c) => c.includes("--option 1"))!;
    const r = await run(line.replace(/^devrites-engine /, "").split(" "));
    expect(r.exit, r.stderr).toBe(0);
    expect(p.read(`${W}/questions.md`)).toContain("answer: Keep one release, drop in follow-up\nanswered_by: human\n");
  });
});

describe("item 2: an option that asks for free text is not an answer", () => {
  it("--option N on 'Something else — describe it' is exit 5 with a hint to give the text, and writes nothing", async () => {
    p = projectFromFixture("table-awaiting");
    const before = snapshot(p);
    const r = await run(["state", "resolve", AWAITED, "--option", "3"]);
    expect(r.exit).toBe(5);
    expect(r.stderr).toContain(`hint: give the text: devrites-engine state resolve ${AWAITED} "<your answer>" --human`);
    expect(snapshot(p)).toEqual(before);
  });

  it("interactively, picking it asks for the text and confirms it; the text is the answer", async () => {
    p = projectFromFixture("table-awaiting");
    // Question 1 is the awaited one; option 3 asks for text; then confirm.
    const r = await run(["state", "resolve", "--interactive"], { replies: ["1", "3", "  keep it  two releases ", "y"] });
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Answer ${AWAITED}: keep it two releases — write it?`);
    expect(p.read(`${W}/questions.md`)).toContain("answer: keep it two releases\nanswered_by: human\n");
    expect(p.read(`${W}/questions.md`)).not.toContain("answer: Something else");
  });

  it("status and questions show never offer --option for it", async () => {
    p = projectFromFixture("table-awaiting");
    const shown = await run(["questions", "show", AWAITED]);
    expect(shown.stdout).not.toContain("--option 3");
    expect(shown.stdout).toContain("--option 2 --human");
  });

  it("questions show --markdown, the comment a person answers from, offers no --option for it either", async () => {
    p = projectFromFixture("table-awaiting");
    const shown = await run(["questions", "show", AWAITED, "--markdown"]);
    expect(shown.exit, shown.stderr).toBe(0);
    expect(shown.stdout).not.toContain("--option 3");
    expect(shown.stdout).toContain("--option 2 --human");
  });

  it("a batch answering with the option's words is free text and is written as given", async () => {
    p = projectFromFixture("table-awaiting");
    p.write("a.txt", `${AWAITED}: Something else: two releases\n`);
    const r = await run(["state", "resolve", "--batch", "a.txt"]);
    expect(r.exit, r.stderr).toBe(0);
    expect(p.read(`${W}/questions.md`)).toContain("answer: Something else: two releases\n");
  });
});

describe("item 3: every check finding is a step that works in that state", () => {
  it("a hand-edited status Pending says set it to open; doing so makes state resolve work", async () => {
    p = projectFromFixture("table-awaiting");
    const q = p.read(`${W}/questions.md`);
    p.write(`${W}/questions.md`, q.replace("## q-2026-09-02-003\nstatus: open", "## q-2026-09-02-003\nstatus: Pending"));
    const c = await run(["check"]);
    expect(c.exit).toBe(3);
    expect(c.stdout).toMatch(/questions\.md:42:9 error question-unknown-status q-2026-09-02-003: unknown status "Pending"; set it to open \(or answered \/ dropped\)$/m);
    expect(c.stdout).toMatch(/awaiting-not-open .*whose status is "pending"; set it to open in questions\.md, then answer it/);
    expect(c.stdout).not.toContain("re-run devrites-engine state resolve");
    // The resolve the old advice named is refused here (exit 4); its hint, too, is the edit.
    const refused = await run(["state", "resolve", AWAITED, "x"]);
    expect(refused.exit).toBe(4);
    expect(refused.stderr).toContain(`hint: questions.md has status "pending" for ${AWAITED}, which is not a question status; set it to open, then answer again`);
    expect(refused.stderr).not.toContain("supersedes");
    p.write(`${W}/questions.md`, q);
    expect((await run(["state", "resolve", AWAITED, "x", "--human"])).exit).toBe(0);
  });

  it("an open gate left after an ordinary resolve names the command that clears it, and that command does", async () => {
    p = projectFromFixture("table-awaiting");
    expect((await run(["state", "resolve", AWAITED, "--option", "1", "--human"])).exit).toBe(0);
    const c = await run(["check", "--json"]);
    const finding = (JSON.parse(c.stdout).diagnostics as { rule: string; message: string }[]).find((d) => d.rule === "open-gate-not-paused")!;
    // --json is an agent's: the same advice without --human; the person's text carries it.
    expect(finding.message).toContain(`answer it (devrites-engine state resolve ${VALIDATING} "<answer>")`);
    expect((await run(["check"])).stdout).toContain(`answer it (devrites-engine state resolve ${VALIDATING} "<answer>" --human)`);
    expect(finding.message).not.toContain("pause on it");
    const advised = /\(devrites-engine (state resolve [^)]*)\)/.exec(finding.message)![1]!.replace('"<answer>"', "Fixed-30-days").split(" ");
    expect((await run(advised)).exit).toBe(0);
    expect((await run(["check"])).exit).toBe(0);
  });

  it("a question set to answered by hand with an empty answer: the advice is to write the answer, and then the advised resolve works", async () => {
    p = projectFromFixture("table-awaiting");
    const q = p.read(`${W}/questions.md`);
    p.write(`${W}/questions.md`, q.replace("## q-2026-09-02-003\nstatus: open", "## q-2026-09-02-003\nstatus: answered"));
    const c = await run(["check", "--json"]);
    const finding = (JSON.parse(c.stdout).diagnostics as { rule: string; message: string }[]).find((d) => d.rule === "awaiting-not-open")!;
    expect(finding.message).toMatch(/answered in questions\.md but has no answer; write it after answer: \(questions\.md:\d+\), then run devrites-engine state resolve q-2026-09-02-003$/);
    expect((await run(["check"])).stdout).toMatch(/then run devrites-engine state resolve q-2026-09-02-003 --human$/m);
    // Following it: the answer written, then the command.
    p.write(`${W}/questions.md`, p.read(`${W}/questions.md`).replace(/(## q-2026-09-02-003[\s\S]*?\nanswer:)\n/, "$1 Keep one release\n"));
    const r = await run(["state", "resolve", AWAITED, "--human"]);
    expect(r.exit, r.stderr).toBe(0);
    expect(p.read(`${W}/state.md`)).toContain("| status | running |");
  });

  it("a validating question open while an AFK run with allow_gates runs is legitimate: no finding", async () => {
    p = projectFromFixture("table-awaiting");
    expect((await run(["state", "resolve", AWAITED, "x"])).exit).toBe(0);
    p.write(".devrites/AFK", "allow_gates: [validating]\n");
    const c = await run(["check"]);
    expect(c.stdout).not.toContain("open-gate-not-paused");
  });

  it.each([
    ["pause fields on a running run", (s: string) => s.replace("| status | awaiting_human |", "| status | running |\n| resumes_at | 2026-07-20T14:50:00Z |").replace(/## Awaiting human[\s\S]*?\n\n/, ""), "delete the line"],
    ["an awaiting section while running", (s: string) => s.replace("| status | awaiting_human |", "| status | running |"), `devrites-engine state resolve ${AWAITED} "<answer>" --human removes the section`],
    ["awaiting a question that is gone", (s: string) => s.replaceAll(AWAITED, "q-2026-09-02-009"), "restore its ## q-2026-09-02-009 block"],
  ])("%s: the finding names its fix", async (_name, edit, advice) => {
    p = projectFromFixture("table-awaiting");
    p.write(`${W}/state.md`, edit(p.read(`${W}/state.md`)));
    expect((await run(["check"])).stdout).toContain(advice);
  });
});

describe("item 3: error hints are commands that work", () => {
  it("a conflict's hint is a question add command that is accepted", async () => {
    p = projectFromFixture("table-awaiting");
    const r = await run(["state", "resolve", "q-2026-09-01-001", "Rotate on expiry only"]);
    expect(r.exit).toBe(4);
    const cmd = /\(devrites-engine (question add [^)]*)\)/.exec(r.stderr)![1]!;
    const argv = cmd.replace("GATE", "advisory").replace('"…"', "Rotate-on-expiry-after-all?").split(" ");
    expect((await run(argv)).exit).toBe(0);
  });
});

describe("item 4: no dead ends for someone outside DevRites", () => {
  const NO_WS = "devrites-engine: No active workspace. Run /rite-spec (Claude) / $rite-spec (Codex) <feature> first.\n";

  it.each([
    ["--workspace nope", ["status", "--workspace", "nope"], `unknown workspace "nope": no `, "workspaces here: session-token-rotation"],
    ["migrate nope", ["migrate", "nope"], `unknown workspace "nope": no `, "devrites-engine init nope"],
    ["--root /missing", ["status", "--root", "/nonexistent-devrites-root"], "--root /nonexistent-devrites-root: /nonexistent-devrites-root does not exist", "devrites-engine init <slug> --root /nonexistent-devrites-root"],
  ])("%s: the first line names what was not found, then the quoted sentence; the hint gives both ways on", async (_name, argv, found, way) => {
    p = projectFromFixture("table-awaiting");
    const r = await run(argv);
    expect(r.exit).toBe(2);
    const [first, hint] = r.stderr.split("\n");
    expect(first!.startsWith(`devrites-engine: ${found}`)).toBe(true);
    expect(first!.endsWith(`. ${NO_WS.replace("devrites-engine: ", "").trim()}`)).toBe(true);
    expect(hint).toContain(way);
  });

  it("DEVRITES_ROOT pointing nowhere is named as such on the first line", async () => {
    p = projectFromFixture("table-awaiting");
    const r = await run(["status"], { env: { DEVRITES_ROOT: "/nonexistent-devrites-root" } });
    expect(r.exit).toBe(2);
    expect(r.stderr).toMatch(/^devrites-engine: DEVRITES_ROOT \/nonexistent-devrites-root: \/nonexistent-devrites-root does not exist\. No active workspace\./);
  });

  it("with nothing named (an empty ACTIVE), the first line is still the quoted sentence alone", async () => {
    p = projectFromFixture("table-awaiting");
    p.write(".devrites/ACTIVE", "\n");
    expect((await run(["status"])).stderr.startsWith(NO_WS)).toBe(true);
  });

  it.each([
    ["a capitalised name", "New-Feature", "devrites-engine init new-feature"],
    ["underscores and dots", "Legacy_Import.v2", "devrites-engine init legacy-import-v2"],
    ["a name that is not a workspace name", "New Feature!", "devrites-engine init new-feature"],
    ["a name with nothing init could use", "___", "devrites-engine init <slug>"],
    ["a name whose init form exists already (listed instead)", "Session-Token-Rotation", "devrites-engine init <slug>"],
  ])("the unknown-workspace hint for %s names an init that works: %s → %s", async (_name, asked, way) => {
    p = projectFromFixture("table-awaiting");
    const r = await run(["status", "--workspace", asked]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain(way);
    const slug = /devrites-engine init (\S+)$/m.exec(r.stderr)![1]!;
    if (slug === "<slug>") return;
    const init = await run(["init", slug, "--no-activate"]);
    expect(init.exit, init.stderr).toBe(0);
  });

  it("the hint for a --root that does not exist quotes a path with a blank, and the command it names works", async () => {
    p = projectFromFixture("table-awaiting");
    const missing = p.path("new project");
    const r = await run(["status", "--root", missing]);
    expect(r.exit).toBe(2);
    const cmd = /start a workspace there with devrites-engine (init <slug> --root '[^']+')/.exec(r.stderr)![1]!;
    expect(cmd).toBe(`init <slug> --root '${missing}'`);
    fs.mkdirSync(missing);
    expect((await run(["init", "fresh", "--root", missing])).exit).toBe(0);
  });

  it("an empty ACTIVE names the file and lists the workspaces there", async () => {
    p = projectFromFixture("table-awaiting");
    p.write(".devrites/ACTIVE", "\n");
    const r = await run(["state", "resolve", AWAITED, "x"]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain("ACTIVE names no workspace (write a workspace slug into it); workspaces here: session-token-rotation (pick one with --workspace SLUG), or start one with devrites-engine init <slug>");
  });

  it("a root without workspaces says there are none and how to start one", async () => {
    p = makeProject({ ".devrites/ACTIVE": "\n" });
    fs.mkdirSync(p.path(".devrites/work"));
    const r = await run(["status"]);
    expect(r.stderr).toContain("there are no workspaces in");
    expect(r.stderr).toContain("start one with devrites-engine init <slug>");
  });
});

describe("item 7: writes report what they did", () => {
  it.each([
    ["a single answer", [AWAITED, "Keep it"]],
    ["--option", [AWAITED, "--option", "2"]],
    ["--proposed", [AWAITED, "--proposed"]],
    ["--drop", ["--drop", AWAITED, "not needed"]],
  ])("--dry-run with %s says 'would update' and writes nothing", async (_name, args) => {
    p = projectFromFixture("table-awaiting");
    const before = snapshot(p);
    const r = await run(["state", "resolve", ...args, "--dry-run"]);
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toContain("Workspace: would update questions.md + state.md.\nDry run: nothing written.\n");
    expect(r.stdout).not.toContain("updated.");
    expect(snapshot(p)).toEqual(before);
  });

  it("a batch with three bad lines reports all three with their lines, exits with the first's code, writes nothing", async () => {
    p = projectFromFixture("table-awaiting");
    p.write("a.txt", `q-2026-09-02-001: info\nq-404: x\nno colon here\nq-2026-09-01-001: Rotate on expiry only\n${AWAITED}: ok\n`);
    const before = snapshot(p);
    const r = await run(["state", "resolve", "--batch", "a.txt"]);
    expect(r.exit).toBe(3); // line 2, qid not found, comes first
    expect(r.stderr).toContain("a.txt: 3 entries refused, nothing written:\n");
    expect(r.stderr).toContain("  a.txt:2: qid not found: q-404\n");
    expect(r.stderr).toContain("  a.txt:3: syntax error");
    expect(r.stderr).toContain("  a.txt:4: qid not open (already answered/dropped): q-2026-09-01-001\n");
    expect(snapshot(p)).toEqual(before);
    const j = JSON.parse((await run(["state", "resolve", "--batch", "a.txt", "--json"])).stdout);
    expect(j.failures.map((f: { line: number; exit: number }) => [f.line, f.exit])).toEqual([[2, 3], [3, 5], [4, 4]]);
  });

  it("one bad line is reported exactly as before (its own message and hint)", async () => {
    p = projectFromFixture("table-awaiting");
    p.write("a.txt", `q-404: x\n`);
    const r = await run(["state", "resolve", "--batch", "a.txt"]);
    expect(r.exit).toBe(3);
    expect(r.stderr).toMatch(/^devrites-engine: a\.txt:1: qid not found: q-404\nhint: open questions: /);
  });

  it("a second pause replacing a usage_cap pause says so, and that it no longer resumes by itself", async () => {
    p = projectFromFixture("table-awaiting");
    expect((await run(["state", "resolve", AWAITED, "x"])).exit).toBe(0);
    const first = await run(["state", "pause", "--reason", "usage_cap", "--until", "2026-07-20T14:50:00Z"]);
    expect(first.stdout).toContain("Paused:   subscription usage cap reached, resumes 14:50 UTC\n");
    expect(first.stdout).not.toContain("Replaces:");
    const second = await run(["state", "pause", "--reason", "approval"]);
    expect(second.exit).toBe(0);
    expect(second.stdout).toContain("Replaces: subscription usage cap reached, resumes 14:50 UTC (it no longer resumes by itself)\n");
    const j = JSON.parse((await run(["state", "pause", "--reason", "operator", "--json"])).stdout);
    expect(j.replaced).toEqual({ reason: "approval", resumes_at: null });
  });

  it("pause and status print the resume time by the same rule (UTC in every zone, named; the summary next_action holds)", async () => {
    p = projectFromFixture("table-awaiting");
    expect((await run(["state", "resolve", AWAITED, "x"])).exit).toBe(0);
    process.env.TZ = "America/New_York";
    const paused = await run(["state", "pause", "--reason", "usage_cap", "--until", "2026-07-20T14:50:00Z"]);
    const status = await run(["status"]);
    expect(paused.stdout).toContain("resumes 14:50 UTC\n");
    expect(status.stdout).toContain("resumes 14:50 UTC\n");
    expect(p.read(`${W}/state.md`)).toContain("(paused: subscription usage cap reached, resumes 14:50; resume with devrites-engine state resume)");
    expect(p.read(`${W}/state.md`)).toContain("| resumes_at | 2026-07-20T14:50:00Z |");
  });

  it("status labels findings by severity", async () => {
    p = projectFromFixture("table-awaiting");
    p.write(`${W}/state.md`, p.read(`${W}/state.md`).replace("| status | awaiting_human |", "| status | running |"));
    const r = await run(["status"]);
    expect(r.stdout).toMatch(/^Problems \(\d+ errors?(, \d+ warnings?)?; devrites-engine check for details\):$/m);
    expect(r.stdout).not.toContain("Warnings (");
  });
});

// Issue 25: guidance that tells the truth.
describe("issue 25: an agent (--json, MCP) is never told to pass --human; a person still is", () => {
  const awaitingSection = (s: string) => s.replace("| status | awaiting_human |", "| status | running |");
  it.each([
    ["an empty answer's hint", [], ["state", "resolve", AWAITED, ""]],
    ["no answer and none written", [], ["state", "resolve", AWAITED]],
    ["--option on a free-text option", [], ["state", "resolve", AWAITED, "--option", "3"]],
    ["state pause's refusal", [], ["state", "pause", "--reason", "approval"]],
    ["state resume's refusal", [], ["state", "resume"]],
    ["check findings (an awaiting section on a running run)", ["state.md"], ["check"]],
    ["status warnings (the same finding)", ["state.md"], ["status"]],
    ["a usage error (the grammar)", [], ["state", "resolve", "--option", "1", "--proposed", AWAITED]],
  ])("%s: text mode names --human, --json never does", async (_name, edits, argv) => {
    p = projectFromFixture("table-awaiting");
    if (edits.includes("state.md")) p.write(`${W}/state.md`, awaitingSection(p.read(`${W}/state.md`)));
    const person = await run(argv);
    expect(person.stdout + person.stderr).toContain("--human");
    const agent = await run([...argv, "--json"]);
    expect(agent.stderr).toBe("");
    JSON.parse(agent.stdout);
    expect(agent.stdout).not.toContain("--human");
    // The agent's advice is the same advice, only without the flag.
    expect(agent.stdout).toContain("devrites-engine state resolve");
  });

  it("a batch with several refused lines: no failure's hint in --json names --human", async () => {
    p = projectFromFixture("table-awaiting");
    p.write("a.txt", `${AWAITED}: --option 3\nq-404: x\n`);
    const r = await run(["state", "resolve", "--batch", "a.txt", "--json"]);
    expect(r.exit).toBe(5);
    const body = JSON.parse(r.stdout) as { failures: { hint: string | null }[] };
    expect(body.failures.map((f) => f.hint)).toContain(`give the text: devrites-engine state resolve ${AWAITED} "<your answer>"`);
    expect(r.stdout).not.toContain("--human");
  });

  it("--human is written in code only by for-readers.ts and by text printed for people alone (one mechanism, no stray hint)", () => {
    const src = path.join(REPO_DIR, "src");
    const files = (fs.readdirSync(src, { recursive: true }) as string[]).filter((f) => f.endsWith(".ts")).sort();
    const writers = files.filter((f) =>
      fs.readFileSync(path.join(src, f), "utf8").split("\n").some((line) => line.includes("--human") && !/^\s*(\/\/|\*|\/\*\*)/.test(line)),
    );
    // Each of these prints only in text mode or for a person (help and usage, the --markdown
    // comment), or is the person's half of a personOrAgent pair (domain/budget.ts's CAP_ADVICE),
    // or budget grant's own refusal without --human (under --json it refuses before that).
    expect(writers).toEqual([
      "adapters/markdown-comment.ts", "cli/command-table.ts", "cli/help.ts", "commands/budget/grant.ts", "commands/question/add.ts",
      "commands/questions/questions.ts", "commands/state/resolve.ts", "commands/status/status.ts", "domain/budget.ts", "for-readers.ts",
    ]);
  });

  it("MCP refusals (the CLI's --json) never mention --human", async () => {
    p = projectFromFixture("table-awaiting");
    const { call, connectInProcess } = await import("../helpers/mcp.js");
    const s = await connectInProcess({ cwd: p.dir, root: p.dir });
    try {
      const refusals = [
        await call(s.client, "resolve", { qid: AWAITED, option: 3 }),
        await call(s.client, "resolve", { qid: AWAITED, answer: "" }),
        await call(s.client, "pause", { reason: "approval" }),
        await call(s.client, "resume", {}),
        await call(s.client, "resolve_batch", { entries: [{ qid: AWAITED, answer: "--option 3" }, { qid: "q-404", answer: "x" }] }),
      ];
      for (const r of refusals) {
        expect(r.isError, r.text).toBe(true);
        expect(r.text + JSON.stringify(r.data)).not.toContain("--human");
      }
      expect(refusals[0]!.data.hint).toBe(`give the text: devrites-engine state resolve ${AWAITED} "<your answer>"`);
    } finally {
      await s.close();
    }
  });

  it("MCP's human field says it is only for a person's own answer", async () => {
    const TOOLS = (await import("../../src/mcp/tools.js")).toolsFrom((await import("../../src/cli/command-table.js")).allCommands());
    const fields = TOOLS.flatMap((t) => (t.input.human ? [t.input.human.describe] : []));
    expect(fields.length).toBeGreaterThan(0);
    for (const d of fields) expect(d).toMatch(/only when a person gave this answer themselves.*an agent's own answer leaves it unset/);
  });
});

describe("issue 25: a resolve without a question id names the question it meant", () => {
  it.each([
    ["--option 1", ["--option", "1"], `${AWAITED} --option 1`],
    ["--proposed", ["--proposed"], `${AWAITED} --proposed`],
    ["--drop", ["--drop"], `--drop ${AWAITED} "<reason>"`],
    ["nothing (not a terminal)", [], `${AWAITED} "<answer>"`],
  ])("%s, while one question is awaited: the awaited id and the same command with it, not the grammar", async (_name, args, form) => {
    p = projectFromFixture("table-awaiting");
    const before = snapshot(p);
    const r = await run(["state", "resolve", ...args]);
    expect(r.exit).toBe(5);
    expect(r.stderr).toBe(`devrites-engine: a question id is required: the run awaits ${AWAITED}\nhint: devrites-engine state resolve ${form} --human\n`);
    expect(snapshot(p)).toEqual(before);
    // The command it names works.
    const named = form.replace('"<reason>"', "not-needed").replace('"<answer>"', "Keep-one-release").split(" ");
    expect((await run(["state", "resolve", ...named, "--human"])).exit).toBe(0);
  });

  it("on a terminal it also offers the prompts; --json names neither --human nor the prompts", async () => {
    p = projectFromFixture("table-awaiting");
    const tty = await run(["state", "resolve", "--option", "1"], { stdoutIsTTY: true });
    expect(tty.stderr).toContain(`hint: devrites-engine state resolve ${AWAITED} --option 1 --human, or pick it at the prompts: devrites-engine state resolve --interactive\n`);
    const agent = JSON.parse((await run(["state", "resolve", "--option", "1", "--json"])).stdout);
    expect(agent).toMatchObject({ ok: false, exit: 5, error: `a question id is required: the run awaits ${AWAITED}`, hint: `devrites-engine state resolve ${AWAITED} --option 1`, awaited: AWAITED });
  });

  it("with no question awaited, it lists the open ones and the form with <qid>", async () => {
    p = projectFromFixture("table-awaiting");
    expect((await run(["state", "resolve", AWAITED, "x"])).exit).toBe(0);
    const r = await run(["state", "resolve", "--option", "2"]);
    expect(r.exit).toBe(5);
    expect(r.stderr).toBe("devrites-engine: a question id is required\nhint: name one: devrites-engine state resolve <qid> --option 2 --human; open questions: q-2026-09-02-001, q-2026-09-02-002\n");
    expect(r.stderr.length).toBeLessThan(200);
  });
});

describe("issue 25: the budget cap names the command a person runs (budget grant), never a hand edit alone", () => {
  const CAP = "AFK cap reached. Raise `state.md` `AFK slices remaining` or remove the sentinel to continue.";
  const EVENTS = `${W}/events.jsonl`;
  /** A running AFK run that spent its last two slices: the counter is at 0. */
  async function capped() {
    p = projectFromFixture("table-awaiting");
    expect((await run(["state", "resolve", AWAITED, "x"])).exit).toBe(0);
    p.write(".devrites/AFK", "max_slices: 3\n");
    for (const slice of ["SLICE-003", "SLICE-004"]) expect((await run(["budget", "spend", slice])).exit).toBe(0);
  }

  it("budget check keeps the quoted cap message and names budget grant for a person; --json tells the agent to stop and ask", async () => {
    await capped();
    const text = await run(["budget", "check"]);
    expect(text.exit).toBe(7);
    expect(text.stdout).toContain(`stop: slice_cap\n${CAP}\na person grants more slices with devrites-engine budget grant <N> --human\n`);
    const json = await run(["budget", "check", "--json"]);
    expect(JSON.parse(json.stdout).reasons[0]).toMatchObject({ code: "slice_cap", message: CAP, advice: "only a person may grant more slices: stop the run and ask one (devrites-engine budget grant --help)" });
    expect(json.stdout).not.toContain("--human");
  });

  it("budget spend at 0: the hint is the quoted message, then the grant command (for a person only)", async () => {
    await capped();
    const r = await run(["budget", "spend", "SLICE-005"]);
    expect(r.exit).toBe(7);
    expect(r.stderr).toContain(`hint: ${CAP} (a person grants more slices with devrites-engine budget grant <N> --human)\n`);
    expect((await run(["budget", "spend", "SLICE-005", "--json"])).stdout).not.toContain("--human");
  });

  it("the named command works: budget grant 2 --human raises the counter, records budget_granted by human, and check admits again", async () => {
    await capped();
    const r = await run(["budget", "grant", "2", "--human"]);
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toBe("Granted:  2 slice(s), by a person\nAFK slices remaining: 0 → 2\nWorkspace: state.md updated.\n");
    expect(p.read(`${W}/state.md`)).toContain("| afk_slices_remaining | 2 |");
    const last = JSON.parse(p.read(EVENTS).trim().split("\n").at(-1)!);
    expect(last).toMatchObject({ event: "budget_granted", by: "human", detail: { granted: 2, previous: 0, remaining: 2, source: "counter" } });
    expect((await run(["budget", "check"])).exit).toBe(0);
  });

  it.each([
    ["without --human", ["budget", "grant", "2"], "budget grant needs --human: only a person may raise the AFK budget"],
    ["with --json (how agents call)", ["budget", "grant", "2", "--human", "--json"], "budget grant does not run with --json"],
    ["0 slices", ["budget", "grant", "0", "--human"], "budget grant needs at least 1 slice"],
    ["no number", ["budget", "grant", "--human"], "budget grant takes <N> (got none)"],
    ["not a number", ["budget", "grant", "two", "--human"], "the number of slices to grant must be a plain nonnegative integer"],
  ])("%s is exit 5 and writes nothing", async (_name, argv, error) => {
    await capped();
    const before = snapshot(p);
    const r = await run(argv);
    expect(r.exit).toBe(5);
    expect(r.stdout + r.stderr).toContain(error);
    expect(r.stdout + r.stderr).not.toMatch(/--json.*--human|"hint":"[^"]*--human/);
    expect(snapshot(p)).toEqual(before);
  });

  it("a run paused on the cap: status names the grant while no slice is left, and only resume after it", async () => {
    await capped();
    expect((await run(["state", "pause", "--reason", "slice_cap"])).exit).toBe(0);
    expect((await run(["status"])).stdout).toContain("  Grant more slices first (a person): devrites-engine budget grant <N> --human\n  Resume with: devrites-engine state resume\n");
    const granted = await run(["budget", "grant", "1", "--human"]);
    expect(granted.stdout).toContain("Paused:   the run is still blocked (slice_cap); continue it with devrites-engine state resume\n");
    const after = await run(["status"]);
    expect(after.stdout).not.toContain("budget grant");
    expect(after.stdout).toContain("  Resume with: devrites-engine state resume\n");
  });

  it("without the sentinel (HITL) there is no budget to grant: exit 0, nothing written", async () => {
    p = projectFromFixture("table-awaiting");
    const before = snapshot(p);
    const r = await run(["budget", "grant", "2", "--human"]);
    expect(r).toMatchObject({ exit: 0, stdout: "no AFK budget: no .devrites/AFK sentinel, so a human is present (HITL); nothing granted.\n" });
    expect(snapshot(p)).toEqual(before);
  });

  it("no MCP tool grants slices", async () => {
    const TOOLS = (await import("../../src/mcp/tools.js")).toolsFrom((await import("../../src/cli/command-table.js")).allCommands());
    expect(TOOLS.map((t) => t.words.join(" ")).filter((c) => c.includes("grant"))).toEqual([]);
  });
});

describe("issue 25: a bare number answering a question with that option is recorded as text, with an accurate warning", () => {
  const VALID = "q-2026-09-02-002";
  const KEEP = "Keep one release, drop in follow-up";
  const CHANGE = `to change the recorded answer, raise a question with --supersedes ${AWAITED}`;

  it("a batch line `qid: 1`: answer 1 is stored; stderr says so and gives the batch form that picks option 1", async () => {
    p = projectFromFixture("table-awaiting");
    p.write("a.txt", `${AWAITED}: 1\n`);
    const r = await run(["state", "resolve", "--batch", "a.txt"]);
    expect(r.exit, r.stderr).toBe(0);
    expect(p.read(`${W}/questions.md`)).toContain("answer: 1\n");
    expect(r.stderr).toBe(`devrites-engine: warning: a.txt:1: ${AWAITED}: answer "1" was stored as text, not as option 1 (${JSON.stringify(KEEP)}); to pick the option, write "${AWAITED}: --option 1"; ${CHANGE}\n`);
    expect(r.stdout).toBe(`Resolved: ${AWAITED}\nWorkspace: questions.md + state.md updated.\n`);
  });

  it("the command line `state resolve qid 2` warns with the flag; --json carries it in warnings, not on stderr", async () => {
    p = projectFromFixture("table-awaiting");
    const r = await run(["state", "resolve", VALID, "2", "--json"]);
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout).warnings).toEqual([
      `${VALID}: answer "2" was stored as text, not as option 2 ("Per-tenant setting"); to pick the option, pass --option 2; to change the recorded answer, raise a question with --supersedes ${VALID}`,
    ]);
  });

  it("a dry run says 'would be stored' and nothing about changing a recorded answer", async () => {
    p = projectFromFixture("table-awaiting");
    const r = await run(["state", "resolve", AWAITED, "1", "--dry-run"]);
    expect(r.stderr).toBe(`devrites-engine: warning: ${AWAITED}: answer "1" would be stored as text, not as option 1 (${JSON.stringify(KEEP)}); to pick the option, pass --option 1\n`);
  });

  it("following the warning's form picks the option, with no warning", async () => {
    p = projectFromFixture("table-awaiting");
    p.write("a.txt", `${AWAITED}: --option 1\n`);
    const r = await run(["state", "resolve", "--batch", "a.txt", "--human"]);
    expect(r).toMatchObject({ exit: 0, stderr: "" });
    expect(p.read(`${W}/questions.md`)).toContain(`answer: ${KEEP}\nanswered_by: human\n`);
  });

  it.each([
    ["a number no option has", `${AWAITED}: 30`],
    ["the number of an option that asks for free text", `${AWAITED}: 3`],
    ["a number on a question without options", "q-2026-09-02-001: 2"],
    ["a number with other words", `${AWAITED}: 1 release`],
    ["--option itself", `${AWAITED}: --option 1`],
  ])("no warning for %s", async (_name, line) => {
    p = projectFromFixture("table-awaiting");
    p.write("a.txt", `${line}\n`);
    const r = await run(["state", "resolve", "--batch", "a.txt", "--json"]);
    expect(r.exit, r.stdout).toBe(0);
    expect(JSON.parse(r.stdout).warnings).toEqual([]);
  });

  it("an identical re-run stores nothing and warns about nothing", async () => {
    p = projectFromFixture("table-awaiting");
    expect((await run(["state", "resolve", AWAITED, "1"])).exit).toBe(0);
    expect(await run(["state", "resolve", AWAITED, "1"])).toMatchObject({ exit: 0, stderr: "" });
  });
});

// TAB completion answered from the command table (src/cli/completions.ts): the shell passes
// the program name, the words typed so far and the word being completed.

import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { allCommands, GLOBAL_OPTIONS } from "../../src/cli/command-table.js";
import { completionValues } from "../../src/cli/completion-values.js";
import { completionsFor } from "../../src/cli/completions.js";
import { GATES } from "../../src/documents/gates.js";
import { REASON_CODES } from "../../src/domain/pause-reasons.js";
import type { Io } from "../../src/io.js";
import { projectFromExample, type Project } from "../helpers/project.js";

const complete = (line: string) => completionsFor(allCommands(), GLOBAL_OPTIONS, ["devrites-engine", ...line.split(" ")]);
const GLOBALS = Object.keys(GLOBAL_OPTIONS).map((o) => `--${o}`);

describe("completionsFor", () => {
  it.each([
    ["", ["init", "status", "questions", "question", "state", "gates", "claim", "dispatch", "budget", "parallel", "check", "secret-scan", "detect", "orient", "observe", "next", "handoff", "note", "metrics", "migrate", "log", "mcp", "version", "completion"]],
    ["st", ["init", "status", "questions", "question", "state", "gates", "claim", "dispatch", "budget", "parallel", "check", "secret-scan", "detect", "orient", "observe", "next", "handoff", "note", "metrics", "migrate", "log", "mcp", "version", "completion"]],
    ["state ", ["resolve", "pause", "resume", "merge-manifest", "close"]],
    ["budget ", ["status", "check", "spend", "seed", "grant"]],
    ["questions ", ["show"]],
    ["question ", ["add"]],
    ["--root /tmp/p budget ", ["status", "check", "spend", "seed", "grant"]],
    ["--root=/tmp/p budget ", ["status", "check", "spend", "seed", "grant"]],
    ["--json state ", ["resolve", "pause", "resume", "merge-manifest", "close"]],
    ["state resolve q-1 ", []],
    ["nonsense ", []],
    ["nonsense --", []],
  ])("%j offers %j (the shell filters by prefix)", (line, want) => {
    expect([...complete(line)].sort()).toEqual([...want].sort());
  });

  it.each([
    ["budget check --", ["--writer", "--findings", "--agents-used", "--minutes-used", "--tokens-used", "--cost-used"]],
    ["state resolve --", ["--human", "--record-decision", "--option", "--proposed", "--drop", "--batch", "--filled", "--from-comments", "--dry-run", "--interactive"]],
    ["budget seed --p", ["--pending", "--max-slices"]],
    ["state resolve q-1 --", ["--human", "--record-decision", "--option", "--proposed", "--drop", "--batch", "--filled", "--from-comments", "--dry-run", "--interactive"]],
    ["check --", []],
    ["--", []],
  ])("%j offers the command's own options and the global ones", (line, own) => {
    const got = complete(line);
    for (const o of [...own, ...GLOBALS]) expect(got).toContain(o);
    expect(got).toHaveLength(own.length + GLOBALS.length);
  });

  it("`budget check` offers its own options, not those of the top-level `check` (the yargs-based completion once mixed them up)", () => {
    expect(complete("budget check --")).toContain("--writer");
  });

  it("nothing where an option's value goes (the shell completes file names there)", () => {
    expect(complete("--root ")).toEqual([]);
    expect(complete("state resolve --batch ")).toEqual([]);
    expect(complete("question add --gate ")).toEqual([]);
  });
});

describe("completionsFor: values", () => {
  const values = {
    option: (command: readonly string[] | undefined, option: string) => [`${command?.join(" ") ?? "-"}:${option}`],
    positional: (command: readonly string[]) => [`${command.join(" ")}:arg`],
  };
  const withValues = (line: string) => completionsFor(allCommands(), GLOBAL_OPTIONS, ["devrites-engine", ...line.split(" ")], values);

  it.each([
    ["questions --gate ", ["questions:gate"]],
    ["question add --gate ", ["question add:gate"]],
    ["state pause --reason ", ["state pause:reason"]],
    ["log --qid ", ["log:qid"]],
    ["--workspace ", ["-:workspace"]],
    ["state resolve ", ["state resolve:arg"]],
    ["state resolve --drop ", ["state resolve:arg"]],
    ["questions show ", ["questions show:arg"]],
    ["state resolve q-1 ", []],
    ["questions ", ["show"]],
    ["state ", ["resolve", "pause", "resume", "merge-manifest", "close"]],
  ])("%j asks for the values of that slot: %j", (line, want) => {
    expect(withValues(line)).toEqual(want);
  });
});

describe("completionValues: what the workspace found from the working directory offers", () => {
  let p: Project | undefined;
  afterEach(() => p?.cleanup());
  const io = (cwd: string, env: Record<string, string> = {}): Io => ({
    env,
    cwd,
    stdout: () => {},
    stderr: () => {},
    stdinIsTTY: false,
    stdoutIsTTY: false,
    now: () => new Date("2026-07-20T10:00:00Z"),
    pid: process.pid,
    hostname: "test",
  });
  const ALL = ["q-2026-09-02-001", "q-2026-09-02-002", "q-2026-09-02-003"];
  const OPEN = ["q-2026-09-02-002", "q-2026-09-02-003"];

  it("the example workspace: open ids for state resolve, every id for questions show and --qid, slugs, gates, reasons", () => {
    p = projectFromExample();
    fs.mkdirSync(p.path(".devrites/work/older-one"));
    fs.writeFileSync(p.path(".devrites/work/older-one/state.md"), "# State\n");
    const v = completionValues(io(p.path(".devrites/work")));
    expect(v.positional(["state", "resolve"])).toEqual(OPEN);
    expect(v.positional(["questions", "show"])).toEqual(ALL);
    expect(v.option(["log"], "qid")).toEqual(ALL);
    expect(v.option(["question", "add"], "supersedes")).toEqual(ALL);
    expect(v.option(undefined, "workspace")).toEqual(["older-one", "session-token-rotation"]);
    expect(v.positional(["migrate"])).toEqual(["older-one", "session-token-rotation"]);
    // Derived from the rows' value kinds: every command whose first argument is a slug offers them.
    for (const words of [["orient"], ["state", "close"], ["observe", "slice"], ["check", "readiness"]]) expect(v.positional(words), words.join(" ")).toEqual(["older-one", "session-token-rotation"]);
    expect(v.option(["init"], "continues")).toEqual(["older-one", "session-token-rotation"]);
    expect(v.option(["questions"], "gate")).toEqual([...GATES]);
    expect(v.option(["state", "pause"], "reason")).toEqual([...REASON_CODES]);
    expect(v.option(["init"], "title")).toEqual([]);
    expect(v.positional(["status"])).toEqual([]);
  });

  it("DEVRITES_WORKSPACE picks the workspace whose ids are offered; DEVRITES_ROOT the root", () => {
    p = projectFromExample();
    fs.cpSync(p.path(".devrites/work/session-token-rotation"), p.path(".devrites/work/other"), { recursive: true });
    fs.writeFileSync(p.path(".devrites/work/other/questions.md"), "# Questions\n\n## q-2026-10-01-001\nstatus: open\nquestion: Other?\n");
    expect(completionValues(io(p.dir, { DEVRITES_WORKSPACE: "other" })).positional(["state", "resolve"])).toEqual(["q-2026-10-01-001"]);
    expect(completionValues(io("/", { DEVRITES_ROOT: p.dir })).positional(["state", "resolve"])).toEqual(OPEN);
  });

  it("never fails: no workspace, an unknown slug or an unreadable questions.md offer nothing", () => {
    p = projectFromExample();
    const outside = fs.mkdtempSync(`${p.dir}-none`);
    try {
      expect(completionValues(io(outside)).positional(["state", "resolve"])).toEqual([]);
      expect(completionValues(io(outside)).option(undefined, "workspace")).toEqual([]);
    } finally {
      fs.rmSync(outside, { recursive: true });
    }
    expect(completionValues(io(p.dir, { DEVRITES_WORKSPACE: "nope" })).positional(["questions", "show"])).toEqual([]);
    fs.rmSync(p.path(".devrites/work/session-token-rotation/questions.md"));
    fs.mkdirSync(p.path(".devrites/work/session-token-rotation/questions.md"));
    expect(completionValues(io(p.dir)).positional(["questions", "show"])).toEqual([]);
  });
});

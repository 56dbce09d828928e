// TAB completion answered from the command table (src/cli/completions.ts): the shell passes
// the program name, the words typed so far and the word being completed.

import { describe, expect, it } from "vitest";
import { COMMANDS, GLOBAL_OPTIONS } from "../../src/cli/command-table.js";
import { completionsFor } from "../../src/cli/completions.js";

const complete = (line: string) => completionsFor(COMMANDS, GLOBAL_OPTIONS, ["devrites-engine", ...line.split(" ")]);
const GLOBALS = Object.keys(GLOBAL_OPTIONS).map((o) => `--${o}`);

describe("completionsFor", () => {
  it.each([
    ["", ["init", "status", "questions", "question", "state", "budget", "check", "orient", "observe", "migrate", "log", "mcp", "version", "completion"]],
    ["st", ["init", "status", "questions", "question", "state", "budget", "check", "orient", "observe", "migrate", "log", "mcp", "version", "completion"]],
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
  const withValues = (line: string) => completionsFor(COMMANDS, GLOBAL_OPTIONS, ["devrites-engine", ...line.split(" ")], values);

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

// TAB completion answered from the command table (src/cli/completions.ts): the shell passes
// the program name, the words typed so far and the word being completed.

import { describe, expect, it } from "vitest";
import { COMMANDS, GLOBAL_OPTIONS } from "../../src/cli/command-table.js";
import { completionsFor } from "../../src/cli/completions.js";

const complete = (line: string) => completionsFor(COMMANDS, GLOBAL_OPTIONS, ["devrites-engine", ...line.split(" ")]);
const GLOBALS = Object.keys(GLOBAL_OPTIONS).map((o) => `--${o}`);

describe("completionsFor", () => {
  it.each([
    ["", ["init", "status", "questions", "question", "state", "budget", "check", "migrate", "log", "mcp", "completion"]],
    ["st", ["init", "status", "questions", "question", "state", "budget", "check", "migrate", "log", "mcp", "completion"]],
    ["state ", ["resolve", "pause", "resume", "merge-manifest"]],
    ["budget ", ["status", "check", "spend", "seed"]],
    ["questions ", ["show"]],
    ["question ", ["add"]],
    ["--root /tmp/p budget ", ["status", "check", "spend", "seed"]],
    ["--root=/tmp/p budget ", ["status", "check", "spend", "seed"]],
    ["--json state ", ["resolve", "pause", "resume", "merge-manifest"]],
    ["state resolve q-1 ", []],
    ["nonsense ", []],
    ["nonsense --", []],
  ])("%j offers %j (the shell filters by prefix)", (line, want) => {
    expect([...complete(line)].sort()).toEqual([...want].sort());
  });

  it.each([
    ["budget check --", ["--writer", "--findings", "--agents-used", "--minutes-used", "--tokens-used", "--cost-used"]],
    ["state resolve --", ["--human", "--record-decision", "--option", "--proposed", "--drop", "--batch", "--dry-run", "--interactive"]],
    ["budget seed --p", ["--pending", "--max-slices"]],
    ["state resolve q-1 --", ["--human", "--record-decision", "--option", "--proposed", "--drop", "--batch", "--dry-run", "--interactive"]],
    ["check --", []],
    ["--", []],
  ])("%j offers the command's own options and the global ones", (line, own) => {
    const got = complete(line);
    for (const o of [...own, ...GLOBALS]) expect(got).toContain(o);
    expect(got).toHaveLength(own.length + GLOBALS.length);
  });

  it("`budget check` offers its own options, not those of the top-level `check` (yargs mixed them up)", () => {
    expect(complete("budget check --")).toContain("--writer");
  });

  it("nothing where an option's value goes (the shell completes file names there)", () => {
    expect(complete("--root ")).toEqual([]);
    expect(complete("state resolve --batch ")).toEqual([]);
    expect(complete("question add --gate ")).toEqual([]);
  });
});

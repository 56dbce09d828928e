// The name a printed command starts with (cli/program-name.ts): `npx devrites-engine` only for
// an engine started through a project's node_modules/.bin that is not on the person's own PATH;
// and the rename touches only the places where a command line starts.

import { describe, expect, it } from "vitest";
import { allCommands } from "../../src/cli/command-table.js";
import { NPX_PROGRAM, PROGRAM, programName, renameProgram } from "../../src/cli/program-name.js";

const BIN = "/p/node_modules/.bin";
const WORDS = new Set([...allCommands().map((c) => c.words[0]!), "help"]);

describe("programName", () => {
  it.each([
    ["started as a file (node dist/devrites-engine.cjs: the clone, the conformance runner)", "/repo/dist/devrites-engine.cjs", {}, PROGRAM],
    ["a global install's bin", "/usr/local/bin/devrites-engine", { PATH: "/usr/bin" }, PROGRAM],
    ["no script (an embedder's Io)", undefined, {}, PROGRAM],
    ["the project's bin, not on PATH (./node_modules/.bin/devrites-engine)", `${BIN}/devrites-engine`, { PATH: "/usr/bin:/bin" }, NPX_PROGRAM],
    ["the project's bin on the person's PATH", `${BIN}/devrites-engine`, { PATH: `/usr/bin:${BIN}` }, PROGRAM],
    ["the project's bin on PATH as a relative entry", `${BIN}/devrites-engine`, { PATH: "node_modules/.bin:/usr/bin" }, PROGRAM],
    ["run by npx: npm put the bin on PATH, the person did not", `${BIN}/devrites-engine`, { PATH: `${BIN}:/p/node_modules/.bin:/node_modules/.bin:/usr/bin`, npm_command: "exec" }, NPX_PROGRAM],
    ["run by an npm script: the same", `${BIN}/devrites-engine`, { PATH: `${BIN}:/usr/bin`, npm_command: "run-script" }, NPX_PROGRAM],
    ["run by npx with the engine also linked globally: still npx, which runs the project's", `${BIN}/devrites-engine`, { PATH: `${BIN}:/usr/local/bin`, npm_command: "exec" }, NPX_PROGRAM],
  ] as const)("%s", (_why, script, env, expected) => {
    expect(programName(script, env, "/p")).toBe(expected);
  });
});

describe("renameProgram", () => {
  it.each([
    ["    devrites-engine state resolve q-1 --option 1 --human", "    npx devrites-engine state resolve q-1 --option 1 --human"],
    ['hint: answer first (devrites-engine state resolve q-1 "<answer>"), then run devrites-engine state close s again', 'hint: answer first (npx devrites-engine state resolve q-1 "<answer>"), then run npx devrites-engine state close s again'],
    ["usage: devrites-engine <command> [subcommand]", "usage: npx devrites-engine <command> [subcommand]"],
    ["call 'devrites-engine state resolve' with the same arguments", "call 'npx devrites-engine state resolve' with the same arguments"],
    ["devrites-engine: warning: 2 lines were skipped", "devrites-engine: warning: 2 lines were skipped"],
    ["devrites-engine 0.1.0 — the single writer", "devrites-engine 0.1.0 — the single writer"],
    ["remove it (no devrites-engine command is running on this workspace?)", "remove it (no devrites-engine command is running on this workspace?)"],
    ["this engine requires 4 (upgrade devrites-engine)", "this engine requires 4 (upgrade devrites-engine)"],
    ["claude mcp add devrites -- npx devrites-engine mcp", "claude mcp add devrites -- npx devrites-engine mcp"],
    ["node_modules/.bin/devrites-engine status", "node_modules/.bin/devrites-engine status"],
    ["complete -F _devrites_engine_completions devrites-engine\n", "complete -F _devrites_engine_completions devrites-engine\n"],
  ])("%j → %j", (text, renamed) => {
    expect(renameProgram(text, NPX_PROGRAM, WORDS)).toBe(renamed);
  });

  it("under the usual name nothing changes", () => {
    const text = "    devrites-engine state resolve q-1 --option 1 --human";
    expect(renameProgram(text, PROGRAM, WORDS)).toBe(text);
  });
});

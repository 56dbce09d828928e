// Help rendered from the command table: every command has examples that parse as that command,
// every value has a name (`--batch FILE`, never VALUE), groups list their members, and
// `help <words>` is `<words> --help`. In-process; test/e2e/workspace.test.ts spawns the CLI.

import { afterAll, describe, expect, it } from "vitest";
import { parseCommandLine } from "../../src/cli/argv.js";
import { allCommands, GLOBAL_OPTIONS } from "../../src/cli/command-table.js";
import { placeholder } from "../../src/cli/argv.js";
import { groupHelpText, helpText } from "../../src/cli/help.js";
import { HELP_WIDTH } from "../../src/cli/help-layout.js";
import { runMain } from "../helpers/cli.js";
import { makeProject } from "../helpers/project.js";

/** Split an example as a POSIX shell would (quotes only), up to a redirection. */
function shellWords(line: string): string[] {
  const out: string[] = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    const w = m[1] ?? m[2] ?? m[3]!;
    if (m[3] !== undefined && /^(>>?|\||2>)/.test(w)) break;
    out.push(w);
  }
  return out;
}

describe("help: examples and placeholders", () => {
  it.each(allCommands().filter((c) => c.deprecatedFor === undefined && !c.notProvided).map((c) => [c.words.join(" "), c] as const))("%s has two or three examples, and each one parses as that command", (_name, def) => {
    const examples = def.examples;
    expect(examples.length).toBeGreaterThanOrEqual(2);
    expect(examples.length).toBeLessThanOrEqual(3);
    const direct = examples.filter((e) => e.startsWith("devrites-engine "));
    expect(direct.length).toBeGreaterThan(0);
    for (const e of direct) expect(parseCommandLine(shellWords(e).slice(1)).def?.words, e).toEqual(def.words);
    // As printed: a long example is continued with ` \` (the shell joins the lines again).
    const printed = helpText(def, "1.0.0").split("Examples:\n")[1]!.split("\n\n")[0]!.trimEnd();
    expect(printed.replace(/ \\\n {6}/g, " ").split("\n").map((l) => l.slice(2))).toEqual(examples);
  });

  it.each(allCommands().map((c) => [c.words.join(" "), c] as const))("%s names every value (no VALUE placeholder)", (_name, def) => {
    const text = helpText(def, "1.0.0");
    expect(text).not.toContain("VALUE");
    for (const [name, o] of Object.entries({ ...GLOBAL_OPTIONS, ...def.options })) {
      if (o.type === "string") expect(text).toMatch(new RegExp(`--${name} ${placeholder(def, name)}(?![\\w-])`));
    }
  });

  it.each([
    ["state resolve", "batch", "FILE"],
    ["state resolve", "option", "N"],
    ["question add", "option", "TEXT"],
    ["question add", "gate", "GATE"],
    ["state pause", "until", "TIMESTAMP"],
    ["log", "since", "TIMESTAMP"],
    ["budget check", "findings", "N"],
    ["init", "continues", "PARENT"],
  ])("%s --%s is shown as %s (taken from the usage line)", (words, name, want) => {
    const def = allCommands().find((c) => c.words.join(" ") === words)!;
    expect(placeholder(def, name)).toBe(want);
  });

  it.each([["state"], ["budget"], ["question"]])("the group %s lists each of its commands", (group) => {
    const text = groupHelpText([group]);
    for (const c of allCommands().filter((x) => x.words[0] === group && x.words.length > 1)) expect(text).toContain(`  ${c.words.join(" ")} `);
  });
});

describe("help: width", () => {
  const groups = [...new Set(allCommands().filter((c) => c.words.length > 1).map((c) => c.words[0]!))].filter((g) => !allCommands().some((c) => c.words.join(" ") === g));
  const texts: [string, string][] = [
    ["the overview", helpText(undefined, "10.20.30-rc.1")],
    ...allCommands().map((c) => [c.words.join(" "), helpText(c, "1.0.0")] as [string, string]),
    ...groups.map((g) => [`the group ${g}`, groupHelpText([g])] as [string, string]),
  ];

  it.each(texts)(`%s: every line of its help fits ${HELP_WIDTH} columns`, (_name, text) => {
    const long = text.split("\n").filter((l) => [...l].length > HELP_WIDTH);
    expect(long).toEqual([]);
  });

  it("a long usage line is continued under the command, never broken inside a bracket", () => {
    const def = allCommands().find((c) => c.words.join(" ") === "question add")!;
    const usage = helpText(def, "1.0.0").split("\n\n")[0]!.split("\n");
    expect(usage.length).toBeGreaterThan(1);
    expect(usage.slice(1).every((l) => l.startsWith(" ".repeat("usage: devrites-engine ".length)) && /^\S/.test(l.trimStart()))).toBe(true);
    expect(usage.join(" ").replace(/\s+/g, " ")).toBe(`usage: ${def.usage}`);
    for (const l of usage) expect((l.match(/\[/g) ?? []).length, l).toBe((l.match(/\]/g) ?? []).length);
  });
});

describe("help: the command line", () => {
  const project = makeProject();
  const dir = project.dir;
  afterAll(() => project.cleanup());
  const run = (argv: string[], stdoutIsTTY = false) => runMain(argv, { cwd: dir, env: { DEVRITES_NOW: "bogus" }, stdoutIsTTY });

  it.each([
    [["help", "state", "resolve"], ["state", "resolve", "--help"]],
    [["help", "status"], ["status", "-h"]],
    [["help", "state"], ["state", "--help"]],
    [["help", "budget"], ["budget", "--help"]],
    [["help"], ["--help"]],
  ])("%j prints exactly what %j prints, exit 0, with no workspace and a bad clock", async (a, b) => {
    const [x, y] = [await run(a), await run(b)];
    expect(x).toMatchObject({ exit: 0, stderr: "" });
    expect(x).toEqual(y);
  });

  it("no arguments on a terminal prints the overview (what help prints); from a script it is exit 2", async () => {
    const [x, y] = [await run(["help"]), await run([], true)];
    expect(x).toMatchObject({ exit: 0, stderr: "" });
    expect(x).toEqual(y);
    expect(await run([])).toEqual({ exit: 2, stdout: "", stderr: "devrites-engine: no command given\nhint: run devrites-engine --help for the list of commands\n" });
  });

  it.each([["-v"], ["-V"], ["--version"]])("%s prints the version, exit 0", async (flag) => {
    expect(await run([flag])).toEqual({ exit: 0, stdout: "0.0.0-test\n", stderr: "" });
  });

  it("help for a typo is exit 2 with the nearest command", async () => {
    expect(await run(["help", "state", "reslove"])).toMatchObject({ exit: 2, stderr: "devrites-engine: unknown command: state reslove\nhint: did you mean devrites-engine state resolve?\n" });
  });

  it("--json without a command stays one JSON error (exit 2), not help text", async () => {
    const r = await run(["--json"]);
    expect(r.exit).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, exit: 2, error: "no command given" });
  });

  it("a typo of an option keeps exit 5 and names the option it resembles", async () => {
    const r = await run(["state", "resolve", "q-1", "--propsed"]);
    expect(r.exit).toBe(5);
    expect(r.stderr).toMatch(/^devrites-engine: state resolve: unknown option --propsed\nhint: did you mean --proposed\? /);
  });
});

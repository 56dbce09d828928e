// argv → command, options and positionals: command words anywhere before the options end,
// `--` ends options (answers may start with '-'), bad options are exit 5, unknown commands 2.

import { parseArgs } from "node:util";
import { describe, expect, it } from "vitest";
import { BadInputError, UnknownCommandError } from "../../src/errors.js";
import { parseCommandLine, unknownCommand } from "../../src/cli/argv.js";
import { allCommands, GLOBAL_OPTIONS } from "../../src/cli/command-table.js";
import { caseCount } from "../helpers/counts.js";
import { makeRng } from "../helpers/generate.js";

describe("parseCommandLine", () => {
  it.each([
    [["state", "resolve", "q-1", "Keep", "it"], ["state", "resolve"], ["q-1", "Keep", "it"], {}],
    [["state", "resolve", "--human", "q-1", "x"], ["state", "resolve"], ["q-1", "x"], { human: true }],
    [["--root", "p1", "state", "resolve", "q-1", "x"], ["state", "resolve"], ["q-1", "x"], { root: "p1" }],
    [["--workspace", "feat", "state", "resolve", "q-1", "x"], ["state", "resolve"], ["q-1", "x"], { workspace: "feat" }],
    [["state", "resolve", "q-1", "--option", "2"], ["state", "resolve"], ["q-1"], { option: "2" }],
    [["state", "resolve", "q-1", "--", "--help", "-h", "--json"], ["state", "resolve"], ["q-1", "--help", "-h", "--json"], {}],
    [["state", "resolve", "--batch", "a.txt", "--dry-run"], ["state", "resolve"], [], { batch: "a.txt", "dry-run": true }],
    [["init", "feat", "--no-activate"], ["init"], ["feat"], { "no-activate": true }],
    [["questions", "show", "q-1"], ["questions", "show"], ["q-1"], {}],
    [["questions", "--all"], ["questions"], [], { all: true }],
    [["state", "resolve", "q-1", "state"], ["state", "resolve"], ["q-1", "state"], {}],
  ])("%j is %j with positionals %j and options %j", (argv, words, positionals, options) => {
    const r = parseCommandLine(argv);
    expect(r.def?.words).toEqual(words);
    expect(r.args.positionals).toEqual(positionals);
    expect(r.args.options).toMatchObject(options);
  });

  it.each([
    [["--help"], { help: true, version: false, json: false }],
    [["state", "resolve", "-h"], { help: true, version: false, json: false }],
    [["--version"], { help: false, version: true, json: false }],
    [["state", "resolve", "--json", "q-1", "x"], { help: false, version: false, json: true }],
    [["state", "resolve", "q-1", "--", "--help", "--json", "--version"], { help: false, version: false, json: false }],
  ])("%j sets help/version/json to %j (not after --)", (argv, flags) => {
    expect(parseCommandLine(argv)).toMatchObject(flags);
  });

  it.each([
    [["state", "resolve", "q-1", "x", "--bogus"], /^state resolve: unknown option --bogus$/],
    [["state", "resolve", "q-1", "-x"], /^state resolve: unknown option -x$/],
  ])("%j is exit 5 naming the command and the problem", (argv, message) => {
    let err: unknown;
    try {
      parseCommandLine(argv);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(BadInputError);
    expect((err as BadInputError).exitCode).toBe(5);
    expect((err as BadInputError).message).toMatch(message);
    // Only resolve takes answers; another command's hint is its usage alone.
    if (argv[1] === "resolve") expect((err as BadInputError).hint).toContain("goes after --");
    else expect((err as BadInputError).hint).not.toContain("answer");
  });

  const badInput = (argv: string[]): BadInputError => {
    try {
      parseCommandLine(argv);
    } catch (e) {
      if (e instanceof BadInputError) return e;
    }
    throw new Error(`${JSON.stringify(argv)} did not fail with exit 5`);
  };

  it.each([
    [["state", "resolve", "q-1", "--propsed"], "state resolve: unknown option --propsed", "did you mean --proposed?"],
    [["status", "--jsn"], "status: unknown option --jsn", "did you mean --json?"],
    [["budget", "check", "--agent-used", "3"], "budget check: unknown option --agent-used", "did you mean --agents-used?"],
    [["questions", "--gat", "blocking"], "questions: unknown option --gat", "did you mean --gate?"],
    [["state", "resolve", "q-1", "--option"], "state resolve: --option needs a value (N)", "usage: devrites-engine state resolve"],
    [["init", "feat", "--title"], "init: --title needs a value (TEXT)", "usage: devrites-engine init"],
    [["state", "resolve", "--batch"], "state resolve: --batch needs a value (FILE)", "usage: "],
    [["budget", "seed", "--pending", "-XYZ"], 'budget seed: --pending needs a value (N), but "-XYZ" after it looks like an option', 'write it as --pending=-XYZ'],
    [["state", "resolve", "q-1", "--human=yes"], 'state resolve: --human takes no value (got "yes")', "usage: "],
  ])("%j: our own words, never parseArgs' (%s; hint: %s)", (argv, message, hint) => {
    const e = badInput(argv);
    expect(e.message).toBe(message);
    expect(e.hint).toContain(hint);
    expect(`${e.message} ${e.hint}`).not.toMatch(/ambiguous|argument missing|To specify|Unknown option|<value>/);
  });

  it("an option far from every known one gets no guess, only the usage", () => {
    expect(badInput(["status", "--frobnicate"]).hint).toMatch(/^usage: devrites-engine status/);
  });

  it.each([["-v"], ["-V"], ["--version"]])("%s asks for the version", (flag) => {
    expect(parseCommandLine([flag])).toMatchObject({ version: true, words: [] });
  });

  it.each([
    [["stauts"], "did you mean devrites-engine status?"],
    [["chekc"], "did you mean devrites-engine check?"],
    [["state", "reslove"], "did you mean devrites-engine state resolve?"],
    [["budget", "chek"], "did you mean devrites-engine budget check?"],
    [["questoins", "show"], "did you mean devrites-engine questions?"],
  ])("the typo %j suggests %s (still exit 2)", (argv, hint) => {
    const e = unknownCommand(parseCommandLine(argv).words);
    expect(e.exitCode).toBe(2);
    expect(e.hint).toBe(hint);
  });

  it("a bad option next to --help still shows help instead of failing", () => {
    expect(parseCommandLine(["state", "resolve", "--bogus", "--help"])).toMatchObject({ help: true });
  });

  it.each([
    [[], "no command given"],
    [["frobnicate", "now"], "unknown command: frobnicate"],
    [["state", "frob"], "unknown command: state frob"],
  ])("%j names no command: %s (exit 2)", (argv, message) => {
    const r = parseCommandLine(argv);
    expect(r.def).toBeUndefined();
    const e = unknownCommand(r.words);
    expect(e).toBeInstanceOf(UnknownCommandError);
    expect(e.exitCode).toBe(2);
    expect(e.message).toBe(message);
  });

  it("an unknown subcommand suggests the group's commands", () => {
    expect(unknownCommand(["state", "frob"]).hint).toMatch(/state resolve.*state pause/);
  });
});

// parseCommandLine reads a plain line (words, and `--name [value]` options the row knows, each
// once) itself, and leaves every other line to node:util's parseArgs: the two readings must be
// one. Each generated line is read both ways; the options object keeps parseArgs' shape (no
// prototype, keys in the order typed).
describe("a command line read without parseArgs is read as parseArgs reads it", () => {
  const rng = makeRng(39);
  const pick = <T>(xs: readonly T[]): T => xs[rng.int(0, xs.length - 1)]!;
  const rows = allCommands().filter((d) => !d.notProvided);
  const lines = Array.from({ length: caseCount("DEVRITES_ARGV_CASES", 400, 20_000) }, () => {
    const def = pick(rows);
    const options = { ...GLOBAL_OPTIONS, ...def.options };
    const names = Object.keys(options).filter((n) => n !== "help" && n !== "version");
    const rest: string[] = [];
    for (let k = rng.int(0, 6); k > 0; k--) {
      const r = rng.next();
      if (r < 0.3) rest.push(pick(["q-1", "Keep it", "x=y", "", " "]));
      else if (r < 0.85 && names.length > 0) {
        const name = pick(names);
        rest.push(`--${name}`);
        if (options[name]!.type === "string" && rng.next() < 0.9) rest.push(pick(["v", "4", "a b", "-v", "-", "--", "--json"]));
      } else rest.push(pick(["--", "-", "-x", "--bogus", "--json=1", "--__proto__", "--constructor"]));
    }
    return { def, rest };
  });
  const parseArgsOptions = (def: (typeof rows)[number]) =>
    Object.fromEntries(Object.entries({ ...GLOBAL_OPTIONS, ...def.options }).map(([n, o]) => [n, { type: o.type, ...(o.multiple ? { multiple: true } : {}), ...(o.short ? { short: o.short } : {}) }]));

  it("the same positionals and options, or an error both ways, for every generated line", () => {
    let plain = 0;
    for (const { def, rest } of lines) {
      const argv = [...def.words, ...rest];
      let want: { positionals: string[]; options: object } | "error";
      try {
        const r = parseArgs({ args: rest, options: parseArgsOptions(def), allowPositionals: true, strict: true });
        want = { positionals: r.positionals, options: r.values };
      } catch {
        want = "error";
      }
      let got: { positionals: string[]; options: object } | "error";
      try {
        const r = parseCommandLine(argv);
        got = r.help || r.version ? "error" : r.args;
      } catch (e) {
        expect(e, JSON.stringify(argv)).toBeInstanceOf(BadInputError);
        got = "error";
      }
      if (want === "error") {
        expect(got, JSON.stringify(argv)).toBe("error");
        continue;
      }
      expect(got, JSON.stringify(argv)).not.toBe("error");
      if (got === "error") continue;
      expect(got.positionals, JSON.stringify(argv)).toEqual(want.positionals);
      expect(Object.getPrototypeOf(got.options), JSON.stringify(argv)).toBeNull();
      expect(Object.entries(got.options), JSON.stringify(argv)).toEqual(Object.entries(want.options));
      if (!rest.some((a) => a.startsWith("-"))) plain++;
    }
    // The generator reaches both readings.
    expect(plain).toBeGreaterThan(10);
    expect(lines.filter((l) => l.rest.includes("--")).length).toBeGreaterThan(10);
  });
});

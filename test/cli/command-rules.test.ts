// The command row is the whole contract (issue 36): each usage line is derived from the row's
// positionals and options and stays byte-identical to the line the table wrote by hand before,
// and the argument checks every command gets before it runs have one wording.

import { describe, expect, it } from "vitest";
import { checkArguments, usageForReaders, usageLine } from "../../src/cli/command-rules.js";
import { allCommands, findCommand, GLOBAL_OPTIONS } from "../../src/cli/command-table.js";
import type { CommandSpec } from "../../src/command-row.js";
import { cliOption } from "../../src/domain/option-names.js";
import { thrown } from "../helpers/thrown.js";

// The usage lines as the table wrote them by hand before they were derived (help shows them).
const WRITTEN: [string, string][] = [
  ["init", "devrites-engine init <slug> [--title TEXT] [--continues PARENT [--release]] [--no-activate]"],
  ["status", "devrites-engine status [--markdown] [--json]"],
  ["questions", "devrites-engine questions [--open | --all] [--gate GATE] [--json]"],
  ["questions show", "devrites-engine questions show <qid> [--markdown] [--json]"],
  ["question add", "devrites-engine question add --gate GATE --question TEXT [--slice S] [--option TEXT]… [--proposed TEXT] [--route ROLE] [--impact IDS] [--supersedes QID] [--blocking-slices IDS]"],
  ["state pause", "devrites-engine state pause --reason CODE [--detail TEXT] [--until TIMESTAMP]"],
  ["state resume", "devrites-engine state resume [--auto] [--note TEXT]"],
  ["state merge-manifest", "devrites-engine state merge-manifest <slug> [<predecessor>…]"],
  ["state close", "devrites-engine state close <slug>"],
  ["budget status", "devrites-engine budget status [--json]"],
  ["budget check", "devrites-engine budget check [--writer] [--findings N] [--agents-used N] [--minutes-used N] [--tokens-used N] [--cost-used X] [--json]"],
  ["budget spend", "devrites-engine budget spend <slice>"],
  ["budget seed", "devrites-engine budget seed --pending N [--max-slices N]"],
  ["budget grant", "devrites-engine budget grant <N> --human"],
  ["check", "devrites-engine check [--json]"],
  ["check readiness", "devrites-engine check readiness [<slug>] [--emit-binding] [--json]"],
  ["check task-graph", "devrites-engine check task-graph [<slug>] [--json]"],
  ["orient", "devrites-engine orient [<slug>] [--json]"],
  ["observe summary", "devrites-engine observe summary [<slug>] [--json]"],
  ["observe slice", "devrites-engine observe slice <slug> <SLICE-ID>"],
  ["migrate", "devrites-engine migrate [<slug>] [--dry-run] [--answer phase=<phase>]…"],
  ["log", "devrites-engine log [--since TIMESTAMP] [--qid QID] [--json]"],
  ["mcp", "devrites-engine mcp [--root DIR] [--workspace SLUG]"],
  ["version", "devrites-engine version"],
  ["completion", "devrites-engine completion"],
];

describe("usage lines are derived from the row", () => {
  it.each(WRITTEN)("%s: the derived line is the one written by hand before", (words, line) => {
    const def = findCommand(words.split(" "))!;
    expect(def.usage).toBe(line);
    expect(usageLine(def, GLOBAL_OPTIONS)).toBe(line);
  });

  it("every offered command but state resolve (its forms) has a derived usage line", () => {
    const own = allCommands().filter((d) => !d.notProvided && d.deprecatedFor === undefined && d.usage !== usageLine(d, GLOBAL_OPTIONS)).map((d) => d.words.join(" "));
    expect(own).toEqual(["state resolve"]);
  });

  it("an agent's usage leaves out the options only a person gives, derived or written", () => {
    const grant = usageForReaders(findCommand(["budget", "grant"])!, GLOBAL_OPTIONS);
    expect(grant).toEqual({ person: "devrites-engine budget grant <N> --human", agent: "devrites-engine budget grant <N>" });
    const resolve = usageForReaders(findCommand(["state", "resolve"])!, GLOBAL_OPTIONS) as { person: string; agent: string };
    expect(resolve.person).toContain("[--human]");
    expect(resolve.agent).not.toContain("--human");
    expect(usageForReaders(findCommand(["status"])!, GLOBAL_OPTIONS)).toBe("devrites-engine status [--markdown] [--json]");
  });
});

describe("the row's checks: one wording", () => {
  const row = (words: string): CommandSpec => findCommand(words.split(" "))!;
  const check = (words: string, positionals: string[], options: Record<string, string | boolean> = {}) =>
    thrown(() => checkArguments(row(words), { positionals, options }, cliOption, () => "USAGE"));

  it.each([
    ["status", ["x"], 'status takes no arguments (got "x")'],
    ["budget spend", [], "budget spend takes <slice> (got none)"],
    ["budget spend", ["a", "b"], 'budget spend takes <slice> (got "a" "b")'],
    ["observe slice", ["a"], 'observe slice takes <slug> <SLICE-ID> (got "a")'],
    ["migrate", ["a", "b"], 'migrate takes [<slug>] (got "a" "b")'],
    ["budget grant", [], "budget grant takes <N> (got none)"],
  ])("%s %j: %s", (words, positionals, message) => {
    const e = check(words, positionals);
    expect(e.kind).toBe("bad-input");
    expect(e.exitCode).toBe(5);
    expect(e.message).toBe(message);
    expect(e.hint).toBe("USAGE");
  });

  it("a repeatable positional takes any number; an optional one none", () => {
    expect(() => checkArguments(row("state merge-manifest"), { positionals: ["a", "b", "c", "d"], options: {} }, cliOption, () => "U")).not.toThrow();
    expect(() => checkArguments(row("orient"), { positionals: [], options: {} }, cliOption, () => "U")).not.toThrow();
  });

  it("options that conflict, and one that requires another, are refused in the row's words", () => {
    expect(check("questions", [], { open: true, all: true }).message).toBe("give --open or --all, not both");
    expect(check("init", ["a"], { release: true }).message).toBe("--release goes with --continues PARENT");
    expect(() => checkArguments(row("init"), { positionals: ["a"], options: { release: true, continues: "p" } }, cliOption, () => "U")).not.toThrow();
  });

  // Every required value option of the table, left out: refused before the runner starts, in
  // the one wording, with the usage (or the values a code may take) as the hint.
  const REQUIRED = allCommands().flatMap((c) =>
    Object.entries(c.options).filter(([, o]) => o.required && o.type === "string").map(([name]) => [c.words.join(" "), name] as const),
  );
  it("the table has required value options (the check below has cases)", () => {
    expect(REQUIRED.map(([w, n]) => `${w} --${n}`)).toEqual(expect.arrayContaining(["parallel create --batch", "parallel select --cap", "budget seed --pending", "state pause --reason"]));
  });
  it.each(REQUIRED)("%s without --%s is refused before it runs: '<words> needs --name VALUE'", (words, name) => {
    const def = row(words);
    // Everything else the row requires is given, and positionals as the row wants them.
    const options = Object.fromEntries(Object.entries(def.options).filter(([n, o]) => o.required && n !== name).map(([n, o]) => [n, o.type === "string" ? "x" : true]));
    const positionals = (def.positionals ?? []).filter((p) => !p.optional).map(() => "x");
    const e = check(words, positionals, options);
    const o = def.options[name]!;
    expect(e.exitCode).toBe(5);
    expect(e.message).toBe(`${words} needs --${name} ${o.value ?? name.toUpperCase()}`);
    expect(e.hint).toBe(typeof o.kind === "object" ? `${(o.value ?? name).toLowerCase()}s: ${o.kind.oneOf.join(", ")}` : "USAGE");
  });
  it("a required value given empty is left to the command, which says what the value must be", () => {
    expect(() => checkArguments(row("parallel select"), { positionals: [], options: { cap: "" } }, cliOption, () => "U")).not.toThrow();
  });

  it("a message names options as the caller knows them (an MCP tool's fields)", () => {
    const e = thrown(() => checkArguments(row("questions"), { positionals: [], options: { open: true, all: true } }, (o) => o.toUpperCase(), () => "U"));
    expect(e.message).toBe("give OPEN or ALL, not both");
  });

  it("findCommand finds exactly the words, never a prefix", () => {
    expect(findCommand(["state", "resolve"])?.words).toEqual(["state", "resolve"]);
    expect(findCommand(["state"])).toBeUndefined();
    expect(findCommand(["state", "resolve", "x"])).toBeUndefined();
  });
});

describe("the table files each row under its first word", () => {
  it.each(allCommands().map((c) => [c.words.join(" "), c] as const))("%s is found by its own words, as the one row with them", (_name, def) => {
    expect(findCommand(def.words)).toBe(def);
    expect(allCommands().filter((c) => c.words.join(" ") === def.words.join(" "))).toHaveLength(1);
  });
});

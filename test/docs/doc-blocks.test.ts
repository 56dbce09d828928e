// The rules the docs-as-tests runner reads the docs by: which blocks are engine blocks, what
// a marker says, which exit code a transcript states, and how `…` matches.

import { describe, expect, it } from "vitest";
import { commandsOf, docBlocks, outputMatches } from "./doc-blocks.js";

const lines = (text: string) => text.split("\n").map((t, i) => ({ n: i + 1, text: t }));

describe("outputMatches: a line that is only … matches any run of lines, none included", () => {
  it.each([
    [["a", "b"], ["a", "b"], true],
    [["a", "b"], ["a", "c"], false],
    [["a"], ["a", "b"], false],
    [["a", "…"], ["a", "b", "c"], true],
    [["…", "c"], ["a", "b", "c"], true],
    [["a", "…", "c"], ["a", "c"], true],
    [["a", "…", "c"], ["a", "b"], false],
    [["…"], [], true],
    [["a  "], ["a"], true],
    [["x…"], ["xyz"], false],
  ] as const)("%j against %j is %s", (expected, actual, result) => {
    expect(outputMatches([...expected], [...actual])).toBe(result);
  });
});

describe("commandsOf: each `$ ` line's output and the exit code the doc states", () => {
  it.each([
    ["$ devrites-engine check\nok\n(exit 3)", [{ exit: 3, expected: ["ok"] }]],
    ["$ devrites-engine check\nok\n# exit 7", [{ exit: 7, expected: ["ok"] }]],
    ["$ devrites-engine status\nWorkspace: x", [{ exit: 0, expected: ["Workspace: x"] }]],
    ["$ devrites-engine x\ndevrites-engine: refused\nhint: y", [{ exit: "nonzero", expected: ["devrites-engine: refused", "hint: y"] }]],
    ["$ devrites-engine x\ndevrites-engine: warning: w", [{ exit: 0, expected: ["devrites-engine: warning: w"] }]],
    ['$ devrites-engine x --json\n{"ok":false,"exit":5}', [{ exit: "nonzero", expected: ['{"ok":false,"exit":5}'] }]],
    ["$ devrites-engine x\nboom\n$ echo $?\n4", [{ exit: undefined, expected: ["boom"] }, { exit: 0, expected: ["4"] }]],
  ] as const)("%j", (text, want) => {
    expect(commandsOf("console", lines(text)).map((c) => ({ exit: c.exit, expected: c.expected }))).toEqual(want);
  });

  it("an sh block is all commands, comments and blank lines skipped", () => {
    expect(commandsOf("sh", lines("# setup\ndevrites-engine status\n\nnpm test")).map((c) => c.text)).toEqual(["devrites-engine status", "npm test"]);
  });
});

describe("docBlocks: engine blocks and their markers", () => {
  const doc = [
    "<!-- doc-test-defaults: env: DEVRITES_NOW=2026-09-02T15:00:00Z -->",
    "```console",
    "$ devrites-engine status",
    "```",
    "<!-- doc-test: skip: needs a terminal -->",
    "```console",
    "$ devrites-engine state resolve",
    "```",
    "<!-- doc-test",
    "setup: empty",
    "before: mkdir -p sub",
    "env: TZ=America/New_York",
    "continue",
    "-->",
    "```console",
    "$ cd sub && devrites-engine init x",
    "```",
    "```console",
    "$ npm test",
    "```",
    "<!-- doc-test: each ;; before: touch a -->",
    "  ```sh",
    "  devrites-engine check",
    "  ```",
  ].join("\n");
  const blocks = docBlocks("d.md", doc);

  it("finds the blocks that run the engine, and no other", () => {
    expect(blocks.map((b) => b.line)).toEqual([2, 6, 15, 22]);
  });

  it("a block without a marker gets the file's defaults; a marker's keys add to them", () => {
    expect(blocks[0]!.marker).toMatchObject({ setup: "example", env: { DEVRITES_NOW: "2026-09-02T15:00:00Z" }, continue: false });
    expect(blocks[2]!.marker).toMatchObject({ setup: "empty", before: ["mkdir -p sub"], env: { DEVRITES_NOW: "2026-09-02T15:00:00Z", TZ: "America/New_York" }, continue: true });
  });

  it("skip keeps its reason; a one-line marker splits its keys on ;;", () => {
    expect(blocks[1]!.marker.skip).toBe("needs a terminal");
    expect(blocks[3]!.marker).toMatchObject({ each: true, before: ["touch a"] });
    expect(blocks[3]!.commands.map((c) => c.text)).toEqual(["devrites-engine check"]);
  });

  it("a marker it cannot read is an error, not a silently skipped block", () => {
    expect(() => docBlocks("d.md", "<!-- doc-test: skp: typo -->\n```console\n$ devrites-engine status\n```\n")).toThrow(/cannot read "skp: typo"/);
  });
});

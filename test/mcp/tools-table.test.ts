// The tool table is built on the command table: each tool names a command by its words and
// maps its fields to that command's own options, so a tool cannot drift from the command line
// it mirrors (an option renamed or removed there fails here, not in an agent's session).

import { expect, it } from "vitest";
import { COMMANDS } from "../../src/cli/command-table.js";
import { TOOLS } from "../../src/mcp/tools.js";

const commandOf = (words: readonly string[]) => COMMANDS.find((c) => c.words.length === words.length && c.words.every((w, i) => words[i] === w));

it("every tool names a command of the command table and the command line it mirrors starts with its words", () => {
  for (const t of TOOLS) {
    expect(commandOf(t.words), t.name).toBeDefined();
    expect(t.cli.startsWith(t.words.join(" ")), t.name).toBe(true);
  }
});

it("every option a tool maps is one of its command's own options, and every mapped field is an input field", () => {
  for (const t of TOOLS) {
    const def = commandOf(t.words)!;
    for (const [field, option] of Object.entries(t.options)) {
      expect(Object.keys(def.options), `${t.name}.${field}`).toContain(option);
      expect(Object.keys(t.input), `${t.name}.${field}`).toContain(field);
    }
  }
});

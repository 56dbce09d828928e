// The README is the user's reference: its exit-code table must be the code's table, and
// its first lines must be the two commands that work on a fresh clone.

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EXIT_CODES } from "../../src/errors.js";
import { REPO_DIR } from "../helpers/project.js";

const readme = fs.readFileSync(path.join(REPO_DIR, "README.md"), "utf8");

describe("README", () => {
  it("the exit-code table lists exactly the codes and meanings of src/errors.ts, in order", () => {
    const block = readme.split("<!-- exit-codes:begin -->")[1]?.split("<!-- exit-codes:end -->")[0];
    expect(block, "README has the exit-codes markers").toBeDefined();
    const rows = block!
      .split("\n")
      .map((l) => /^\| (\d+) \| (.*) \|$/.exec(l.trim()))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [Number(m[1]), m[2]] as const);
    const code = Object.entries(EXIT_CODES).map(([k, v]) => [Number(k), v] as const);
    expect(rows).toEqual(code);
  });

  it("opens with exactly the two commands: install-and-demo, then the test command", () => {
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    expect(firstBlock.trim().split("\n")).toEqual(["npm ci && npm run demo", "npm test"]);
    expect(readme.indexOf("```sh")).toBeLessThan(readme.indexOf("\n## "));
  });

  it("documents every command of the command table under its full name", async () => {
    const { COMMANDS } = await import("../../src/cli/command-table.js");
    // Deprecated spellings are documented in docs/migrating-from-go.md, not as commands.
    const missing = COMMANDS.filter((c) => c.deprecatedFor === undefined).map((c) => c.words.join(" ")).filter((name) => !readme.includes(`\`${name} `) && !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});

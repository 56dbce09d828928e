// docs/migrating-from-go.md is where deprecated spellings are documented (they are not in
// --help nor in the README's command list): each one, with the command it stands for; and every
// DevRites pack call this engine does not provide, with what to call instead.

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { allCommands } from "../../src/cli/command-table.js";
import { REPO_DIR } from "../helpers/project.js";

const doc = fs.readFileSync(path.join(REPO_DIR, "docs", "migrating-from-go.md"), "utf8");

describe("docs/migrating-from-go.md", () => {
  it("documents every deprecated spelling of the command table and the call that replaces it", () => {
    const deprecated = allCommands().filter((c) => c.deprecatedFor !== undefined);
    expect(deprecated.length).toBeGreaterThan(0);
    for (const c of deprecated) {
      expect(doc).toContain(`devrites-engine ${c.words.join(" ")} …`);
      expect(doc).toContain(`devrites-engine ${c.deprecatedFor}`);
    }
  });

  it("lists every pack call this engine does not provide, with the answer it gives", async () => {
    const { NOT_PROVIDED_ANSWERS } = await import("../../src/commands/not-provided.js");
    const notProvided = allCommands().filter((c) => c.notProvided);
    expect(notProvided.map((c) => c.words.join(" "))).toContain("hook");
    for (const c of notProvided) expect(doc, c.words.join(" ")).toContain(`| \`${c.words.join(" ")}\` |`);
    expect(Object.keys(NOT_PROVIDED_ANSWERS).sort()).toEqual(notProvided.map((c) => c.words.join(" ")).filter((w) => w !== "hook").sort());
  });

  it("docs/commands.md names exactly the calls not provided (hook apart: it is described on its own)", () => {
    const commands = fs.readFileSync(path.join(REPO_DIR, "docs", "commands.md"), "utf8");
    const start = commands.indexOf("### DevRites pack calls this engine does not provide");
    expect(start).toBeGreaterThan(0);
    const paragraph = commands.slice(start, commands.indexOf("```", start));
    const named = [...paragraph.matchAll(/`([a-z][a-z -]*)`/g)].map((m) => m[1]!);
    const notProvided = allCommands().filter((c) => c.notProvided).map((c) => c.words.join(" ")).filter((w) => w !== "hook");
    expect([...new Set(named)].sort()).toEqual(notProvided.sort());
  });

  it("no longer says the Go engine has no schema gate (it has one since the pack's ADR-0029)", () => {
    expect(doc).not.toContain("no schema gate");
  });
});

// docs/migrating-from-go.md is where deprecated spellings are documented (they are not in
// --help nor in the README's command list): each one, with the command it stands for.

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/cli/command-table.js";
import { REPO_DIR } from "../helpers/project.js";

const doc = fs.readFileSync(path.join(REPO_DIR, "docs", "migrating-from-go.md"), "utf8");

describe("docs/migrating-from-go.md", () => {
  it("documents every deprecated spelling of the command table and the call that replaces it", () => {
    const deprecated = COMMANDS.filter((c) => c.deprecatedFor !== undefined);
    expect(deprecated.length).toBeGreaterThan(0);
    for (const c of deprecated) {
      expect(doc).toContain(`devrites-engine ${c.words.join(" ")} …`);
      expect(doc).toContain(`devrites-engine ${c.deprecatedFor}`);
    }
  });
});

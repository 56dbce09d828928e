// Every rule id that src/domain/check/*.ts can emit has a row in the rule tables (a trigger
// and a near-miss), so a rule added without a test fails here.

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_DIR } from "../../helpers/project.js";
import { ALL_CASES } from "./rule-cases.js";

const CHECK_DIR = path.join(REPO_DIR, "src", "domain", "check");
/** Modules whose rules are proven by their own test file instead of the shared tables. */
const OWN_TESTS: Record<string, string> = { "lint-manifest.ts": "test/domain/check/lint-manifest.test.ts" };

function ruleIds(source: string): string[] {
  const ids = new Set<string>();
  for (const m of source.matchAll(/(?:rule: |"(?:error|warning)",\s*)"([a-z][a-z0-9-]+)"/g)) ids.add(m[1]!);
  return [...ids].sort();
}

const files = fs.readdirSync(CHECK_DIR).filter((f) => f.endsWith(".ts"));

describe("check rule coverage", () => {
  it.each(files.filter((f) => !(f in OWN_TESTS)))("every rule id emitted in %s has a trigger and a near-miss row", (file) => {
    const covered = new Set(ALL_CASES.map((c) => c.rule));
    const missing = ruleIds(fs.readFileSync(path.join(CHECK_DIR, file), "utf8")).filter((id) => !covered.has(id));
    expect(missing).toEqual([]);
  });

  it("the scan finds the rules it should (the grep itself works)", () => {
    const all = files.flatMap((f) => ruleIds(fs.readFileSync(path.join(CHECK_DIR, f), "utf8")));
    expect(all).toEqual(expect.arrayContaining(["state-schema", "awaiting-not-open", "open-gate-not-paused", "unclosed-fence", "markdown-crosscheck", "events-line"]));
  });

  it.each(Object.entries(OWN_TESTS).filter(([f]) => files.includes(f)))("%s has its own test file (%s)", (_file, test) => {
    expect(fs.existsSync(path.join(REPO_DIR, test))).toBe(true);
  });
});

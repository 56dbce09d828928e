// Golden input/expected pairs: each test/golden/<case>/ holds `input/` (a project tree),
// `args.json` ({invariant, args, exit, env?, cwd?}), `expected/` (the files that must
// change, byte for byte) and optionally `stdout.txt` / `stderr.txt`. Every input file not
// in expected/ must be unchanged, and no other file (temp, journal, lock) may appear.
// Commands run in-process (main()); test/e2e/smoke.test.ts ties main() to the built bundle.

import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";
import { listFiles, normalizeEvents } from "../helpers/snapshot.js";

const GOLDEN_DIR = path.dirname(new URL(import.meta.url).pathname);

interface CaseArgs {
  invariant: string;
  args: string[];
  exit: number;
  env?: Record<string, string>;
  cwd?: string;
}

const cases = fs
  .readdirSync(GOLDEN_DIR, { withFileTypes: true })
  .filter((e) => e.isDirectory() && fs.existsSync(path.join(GOLDEN_DIR, e.name, "args.json")))
  .map((e) => e.name)
  .sort();

let p: Project | undefined;
afterEach(() => {
  p?.cleanup();
  p = undefined;
});

describe("golden cases", () => {
  it("there are golden cases to run", () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
  });

  const rows = cases.map((name) => {
    const spec = JSON.parse(fs.readFileSync(path.join(GOLDEN_DIR, name, "args.json"), "utf8")) as CaseArgs;
    return [name, spec.invariant, spec] as const;
  });
  it.each(rows)(
    "%s: %s",
    async (name, _invariant, spec) => {
      const caseDir = path.join(GOLDEN_DIR, name);
      const inputDir = path.join(caseDir, "input");
      const expectedDir = path.join(caseDir, "expected");
      p = makeProject();
      fs.cpSync(inputDir, p.dir, { recursive: true });
      const r = await runMain(spec.args, { cwd: path.join(p.dir, spec.cwd ?? "."), env: spec.env ?? {} });
      expect({ exit: r.exit, stderr: r.exit === spec.exit ? "" : r.stderr }).toEqual({ exit: spec.exit, stderr: "" });
      for (const stream of ["stdout", "stderr"] as const) {
        const f = path.join(caseDir, `${stream}.txt`);
        if (fs.existsSync(f)) expect(r[stream]).toBe(fs.readFileSync(f, "utf8"));
      }
      const inputFiles = listFiles(inputDir);
      const expectedFiles = listFiles(expectedDir);
      for (const rel of expectedFiles) {
        const want = fs.readFileSync(path.join(expectedDir, rel), "utf8");
        expect(fs.existsSync(p.path(rel)), `${rel} exists`).toBe(true);
        const got = fs.readFileSync(p.path(rel), "utf8");
        expect(rel.endsWith("events.jsonl") ? normalizeEvents(got) : got, `${rel} as expected`).toBe(want);
      }
      for (const rel of inputFiles.filter((f) => !expectedFiles.includes(f))) {
        expect(fs.readFileSync(p.path(rel), "utf8"), `${rel} unchanged`).toBe(fs.readFileSync(path.join(inputDir, rel), "utf8"));
      }
      expect(listFiles(p.dir)).toEqual([...new Set([...inputFiles, ...expectedFiles])].sort());
    },
  );
});

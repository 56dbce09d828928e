// The committed fixture workspaces, listed for table-driven tests: every markdown file of
// every fixtures/<name>/.devrites/work/<slug>/ with its raw text.

import fs from "node:fs";
import path from "node:path";
import { FIXTURES_DIR } from "./project.js";

interface FixtureFile {
  /** fixtures/<name> */
  fixture: string;
  slug: string;
  /** state.md, questions.md, … */
  name: string;
  /** Path relative to the fixture's directory (what a copied project holds). */
  rel: string;
  abs: string;
  text: string;
}

/** Fixture directory names (each holds a `.devrites/` tree). */
export function fixtureNames(): string[] {
  return fs
    .readdirSync(FIXTURES_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(FIXTURES_DIR, e.name, ".devrites")))
    .map((e) => e.name)
    .sort();
}

/** Every workspace file of every fixture. */
export function fixtureFiles(): FixtureFile[] {
  const out: FixtureFile[] = [];
  for (const fixture of fixtureNames()) {
    const work = path.join(FIXTURES_DIR, fixture, ".devrites", "work");
    for (const slug of fs.readdirSync(work).sort()) {
      for (const name of fs.readdirSync(path.join(work, slug)).sort()) {
        const abs = path.join(work, slug, name);
        out.push({ fixture, slug, name, rel: path.join(".devrites", "work", slug, name), abs, text: fs.readFileSync(abs, "utf8") });
      }
    }
  }
  return out;
}

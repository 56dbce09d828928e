// The layers of src/ (CONTRIBUTING.md, Layout) point down only: every relative import, static
// or dynamic, goes from a folder to one below it or stays in its folder, so no two folders
// import each other and no folder circle can form. Adapters reach the product only for types.

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_DIR } from "./helpers/project.js";

const SRC = path.join(REPO_DIR, "src");

/** Higher imports lower. The files at src/'s top (errors, io, version, for-readers) are the floor; index.ts, the library's entry, the roof. */
const RANK: Record<string, number> = {
  "index.ts": 8,
  cli: 7,
  commands: 6,
  mcp: 5,
  workspace: 4,
  domain: 3,
  documents: 2,
  adapters: 1,
};
const FLOOR = 0;

/** A file's folder under src/, or "index.ts", or "(floor)" for the other files at src/'s top. */
function unitOf(file: string): string {
  const rel = path.relative(SRC, file).split(path.sep);
  if (rel.length > 1) return rel[0]!;
  return /^index\.[jt]s$/.test(rel[0]!) ? "index.ts" : "(floor)";
}
const rankOf = (unit: string) => RANK[unit] ?? FLOOR;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : /\.(ts|cjs|mts)$/.test(e.name) && !e.name.endsWith(".d.ts") ? [p] : [];
  });
}

/** Every relative import of `file`: its specifier, whether it is type-only, and the unit it lands in. */
function importsOf(file: string): { spec: string; typeOnly: boolean; unit: string }[] {
  const text = fs.readFileSync(file, "utf8");
  const out: { spec: string; typeOnly: boolean; unit: string }[] = [];
  const re = /(?:^|\n)\s*(import|export)\s+(type\s+)?[^;]*?\sfrom\s+["'](\.{1,2}\/[^"']+)["']|import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)|require\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;
  for (const m of text.matchAll(re)) {
    const spec = (m[3] ?? m[4] ?? m[5])!;
    const target = path.resolve(path.dirname(file), spec);
    if (!target.startsWith(SRC + path.sep)) continue;
    out.push({ spec, typeOnly: m[2] !== undefined, unit: unitOf(target) });
  }
  return out;
}

describe("src/ layers", () => {
  const files = sourceFiles(SRC);

  it("every import points down a layer or stays in its folder (adapters: types only)", () => {
    const up: string[] = [];
    for (const file of files) {
      const from = unitOf(file);
      for (const imp of importsOf(file)) {
        if (imp.unit === from) continue;
        const ok = from === "adapters" ? imp.typeOnly || rankOf(imp.unit) === FLOOR : rankOf(imp.unit) < rankOf(from);
        if (!ok) up.push(`${path.relative(REPO_DIR, file)} → ${imp.spec}`);
      }
    }
    expect(up).toEqual([]);
  });

  // Within a folder too: the resolve types live apart from the use case (domain/resolve-types.ts)
  // and the resolve transaction apart from the command (commands/state/resolve-entries.ts), so no
  // files go round in a circle (CONTRIBUTING.md, Layout).
  it("no files of src/ import each other in a circle, type imports included", () => {
    const edges = new Map(files.map((f) => [f, importsOf(f).map((i) => path.resolve(path.dirname(f), i.spec).replace(/\.js$/, ".ts")).filter((t) => fs.existsSync(t))]));
    const circles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const visit = (f: string, trail: string[]) => {
      if (state.get(f) === "done") return;
      if (state.get(f) === "open") {
        circles.push(trail.slice(trail.indexOf(f)).map((t) => path.relative(SRC, t)).join(" → "));
        return;
      }
      state.set(f, "open");
      for (const t of edges.get(f) ?? []) visit(t, [...trail, t]);
      state.set(f, "done");
    };
    for (const f of files) visit(f, [f]);
    expect(circles).toEqual([]);
  });

  it("the check can fail: it sees the imports it is about (cli → commands, commands → domain, a dynamic import)", () => {
    const all = files.flatMap((f) => importsOf(f).map((i) => `${unitOf(f)}→${i.unit}`));
    expect(all).toEqual(expect.arrayContaining(["cli→commands", "commands→domain", "domain→documents", "workspace→documents"]));
    expect(files.some((f) => importsOf(f).some((i) => i.spec.startsWith("../commands/")) && fs.readFileSync(f, "utf8").includes("import(\"../commands/"))).toBe(true);
  });
});

// A default or namespace import of a Node built-in (`import fs from "node:fs"`) makes the CLI
// bundle call the bundler's interop helper at every start: it copies every export of the module
// into a new object (about 100 for node:fs), and the entry then loads the bundler's runtime chunk
// for it. A named import compiles to a plain `require` and property reads
// (docs/performance.md, start-up; test/e2e/lazy-chunks.test.ts sees the effect).
describe("src/ imports Node's built-ins by name", () => {
  const files = sourceFiles(SRC).filter((f) => f.endsWith(".ts"));
  const whole = /(?:^|\n)\s*import\s+(?!type\s)(?:\*\s+as\s+)?[\w$]+\s*(?:,\s*\{[^}]*\}\s*)?from\s+["']node:[\w/]+["']/g;

  it("no default or namespace import of a node: module", () => {
    const found = files.flatMap((f) => [...fs.readFileSync(f, "utf8").matchAll(whole)].map((m) => `${path.relative(REPO_DIR, f)}: ${m[0].trim()}`));
    expect(found).toEqual([]);
  });

  it("the check can fail: it sees each form it refuses, and lets named and type-only imports pass", () => {
    const hits = (text: string) => [...text.matchAll(whole)].length;
    expect(hits('import fs from "node:fs";')).toBe(1);
    expect(hits('\nimport * as path from "node:path";')).toBe(1);
    expect(hits('import os, { EOL } from "node:os";')).toBe(1);
    expect(hits('import { readFileSync } from "node:fs";\nimport type fs from "node:fs";')).toBe(0);
  });
});

// The user's documentation (README.md, docs/*.md, CONTRIBUTING.md) stands alone and stays
// true: the README opens with the two commands that work on a fresh clone, its exit-code
// tables are the code's table, and every relative link and #anchor resolves inside the repo.

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { viewOf } from "../../src/documents/markdown-view.js";
import { EXIT_CODES } from "../../src/errors.js";
import { REPO_DIR } from "../helpers/project.js";

const readme = fs.readFileSync(path.join(REPO_DIR, "README.md"), "utf8");

/** Every markdown file a user or contributor reads, relative to the repo. */
const USER_DOCS = ["README.md", "CONTRIBUTING.md", ...fs.readdirSync(path.join(REPO_DIR, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)].sort();
const read = (rel: string) => fs.readFileSync(path.join(REPO_DIR, rel), "utf8");

/** The rows between the exit-codes markers, as [code, meaning]; undefined without markers. */
function exitCodeRows(text: string): (readonly [number, string])[] | undefined {
  const block = text.split("<!-- exit-codes:begin -->")[1]?.split("<!-- exit-codes:end -->")[0];
  if (block === undefined) return undefined;
  return block
    .split("\n")
    .map((l) => /^\| (\d+) \| (.*) \|$/.exec(l.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [Number(m[1]), m[2] ?? ""] as const);
}

/** GitHub's heading anchors: lowercased, punctuation and symbols dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const h of viewOf(text).headings) {
    const base = h.text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Markdown links `[text](target)` outside fenced code and inline code spans, with their line. */
function linksOf(text: string): { line: number; target: string }[] {
  const view = viewOf(text);
  const out: { line: number; target: string }[] = [];
  for (let i = 0; i < view.lineCount; i++) {
    if (view.isFenced(i)) continue;
    const line = view.lineText(i).replace(/`[^`]*`/g, "``");
    for (const m of line.matchAll(/\]\(([^)\s]+)\)/g)) out.push({ line: i + 1, target: m[1] as string });
  }
  return out;
}

describe("README", () => {
  it("the exit-code tables (README and docs/exit-codes.md) list exactly the codes and meanings of src/errors.ts, in order", () => {
    const code = Object.entries(EXIT_CODES).map(([k, v]) => [Number(k), v] as const);
    const withTable = USER_DOCS.filter((f) => exitCodeRows(read(f)) !== undefined);
    expect(withTable).toEqual(expect.arrayContaining(["README.md", "docs/exit-codes.md"]));
    for (const f of withTable) expect(exitCodeRows(read(f)), f).toEqual(code);
  });

  it("is a five-minute read: at most 250 lines (the invisible doc-test markers not counted), the reference lives in docs/", () => {
    expect(readme.split("\n").filter((l) => !l.trimStart().startsWith("<!-- doc-test")).length).toBeLessThanOrEqual(250);
  });

  it("opens with exactly the two commands: install-and-demo, then the test command", () => {
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    expect(firstBlock.trim().split("\n")).toEqual(["npm ci && npm run demo", "npm test"]);
    expect(readme.indexOf("```sh")).toBeLessThan(readme.indexOf("\n## "));
  });

  it("installs what a team can share (the tarball kept in the project, a git tag) and warns against a path outside it and a bare npx", () => {
    const install = readme.split("\n## Install\n")[1]?.split("\n## ")[0] ?? "";
    expect(install).toContain("npm install --save-dev ./vendor/devrites-engine-0.1.0.tgz");
    expect(install).toMatch(/git\+https:\/\/\S+#v\d+\.\d+\.\d+/);
    expect(install).toMatch(/Never install from a path outside the project/);
    expect(install).toMatch(/nor run a bare `npx devrites-engine` where it is not\s+installed/);
    expect(install).not.toMatch(/npm install[^\n`]* \/path\//);
  });

  it("documents every command of the command table under its full name", async () => {
    const { allCommands } = await import("../../src/cli/command-table.js");
    // Deprecated spellings are documented in docs/migrating-from-go.md, not as commands.
    // So are the pack calls this engine does not provide.
    const missing = allCommands().filter((c) => c.deprecatedFor === undefined && !c.notProvided).map((c) => c.words.join(" ")).filter((name) => !readme.includes(`\`${name} `) && !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});

describe("user documentation stands alone", () => {
  it("every relative link in README.md, docs/*.md and CONTRIBUTING.md names a file inside the repo, and every #anchor a heading there", () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of USER_DOCS) {
      for (const { line, target } of linksOf(read(file))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
        checked++;
        const [rel = "", anchor] = target.split("#", 2) as [string, string | undefined];
        const abs = rel === "" ? path.join(REPO_DIR, file) : path.resolve(REPO_DIR, path.dirname(file), decodeURI(rel));
        const where = `${file}:${line}: ${target}`;
        if (path.relative(REPO_DIR, abs).startsWith("..")) broken.push(`${where} (outside the repo)`);
        else if (!fs.existsSync(abs)) broken.push(`${where} (no such file)`);
        else if (anchor !== undefined && abs.endsWith(".md") && !anchorsOf(fs.readFileSync(abs, "utf8")).has(anchor)) broken.push(`${where} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });

  it.each(USER_DOCS)("%s does not refer to the spec folder outside the repo (../shared)", (file) => {
    const hits = read(file)
      .split("\n")
      .map((l, i) => [i + 1, l] as const)
      .filter(([, l]) => l.includes("../shared"));
    expect(hits).toEqual([]);
  });

  it("no page installs the engine from the public registry by name (it is not published there: npm install devrites-engine is a 404)", () => {
    const hits = USER_DOCS.flatMap((file) =>
      read(file)
        .split("\n")
        .map((l, i) => [`${file}:${i + 1}`, l] as const)
        .filter(([, l]) => /\b(npm (install|i|add)|pnpm add|yarn add)( -[-\w]+)* devrites-engine(@\S*)?(\s|$|`)/.test(l)),
    );
    expect(hits).toEqual([]);
  });

  it("the anchor rule matches GitHub's for the headings these docs link to", () => {
    const cases: [string, string][] = [
      ["## `init <slug>`", "init-slug"],
      ["## `state merge-manifest <slug> [<predecessor>…]` — the rules", "state-merge-manifest-slug-predecessor--the-rules"],
      ["## `budget …` reference", "budget--reference"],
      ["## Answering interactively: `state resolve` with no arguments", "answering-interactively-state-resolve-with-no-arguments"],
      ["## The manifest grammar (`touched-files.md`)", "the-manifest-grammar-touched-filesmd"],
    ];
    for (const [heading, anchor] of cases) expect([...anchorsOf(heading)], heading).toEqual([anchor]);
    expect([...anchorsOf("## Log\n## Log\n")]).toEqual(["log", "log-1"]);
  });
});

// `open-visual`: the Go engine's tests (engine/internal/lib/open_visual_test.go) ported by name,
// run in process with a stand-in `xdg-open` first on PATH that records what it was given (no
// browser ever starts: every other call passes --no-open or a PATH without an opener); the id
// check (CheckVisualIDConsistency, beside open_visual.go) as a table; and this engine's limits —
// only a regular .html file inside the project, never through a link, opened by the fixed
// program with the file as its one argument.

import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isPathOperand } from "../../src/commands/open-visual/open-visual.js";
import { openerFor } from "../../src/adapters/open-file.js";
import { checkVisualIds, outlineInventoryIds, scanHtmlIds } from "../../src/domain/visual-ids.js";
import { runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";

const projects: Project[] = [];
afterEach(() => {
  for (const p of projects.splice(0)) p.cleanup();
});

const VISUAL = ".devrites/work/feature/visual";
const OUTLINE = "# Title\n\n## ID inventory\n\n| HTML id | Meaning |\n|---|---|\n| `demo-root` | the page |\n";

/** A project with workspace `feature` (ACTIVE) holding visual/demo.html and, optionally, its outline (Go: writeOpenVisualFixture). */
function fixture(withOutline: boolean): Project {
  const p = makeProject({
    ".devrites/ACTIVE": "feature\n",
    ".devrites/work/feature/state.md": "# state\n",
    [`${VISUAL}/demo.html`]: '<!doctype html><title>demo</title><main id="demo-root"></main>\n',
    ...(withOutline ? { [`${VISUAL}/demo.outline.md`]: OUTLINE } : {}),
  });
  projects.push(p);
  return p;
}

/** A directory whose `xdg-open` appends its arguments to `<p>/opened`, one call a line. */
function standInOpener(p: Project): string {
  const bin = `${p.dir}-bin`;
  fs.mkdirSync(bin, { recursive: true });
  fs.writeFileSync(path.join(bin, "xdg-open"), `#!/bin/sh\nprintf '%s|' "$@" >> ${p.path("opened")}\necho >> ${p.path("opened")}\n`, { mode: 0o755 });
  projects.push({ ...p, cleanup: () => fs.rmSync(bin, { recursive: true, force: true }) });
  return bin;
}

/** What the stand-in opener was given, once it has run (it is started, never waited for). */
async function opened(p: Project): Promise<string[]> {
  for (let i = 0; i < 100 && !p.exists("opened"); i++) await new Promise((r) => setTimeout(r, 20));
  return p.exists("opened") ? p.read("opened").split("\n").filter((l) => l !== "") : [];
}

const visual = (p: Project, args: string[], env: Record<string, string> = {}) => runMain(["open-visual", ...args], { cwd: p.dir, env });

describe("open-visual (Go: open_visual_test.go)", () => {
  it("TestOpenVisualResolvesNameUnderWorkspace: a name is visual/<name>.html of the active workspace, opened once; the paths on stdout", async () => {
    const p = fixture(true);
    const r = await visual(p, ["demo"], { PATH: standInOpener(p) });
    const html = p.path(`${VISUAL}/demo.html`);
    expect(r.exit).toBe(0);
    expect(r.stdout).toBe(`open-visual: html=${html}\nopen-visual: outline=${p.path(`${VISUAL}/demo.outline.md`)}\nopen-visual: playbooks=pack/.claude/skills/devrites-lib/reference/visual-playbooks/index.md\nopen-visual: ids=ok (1 inventory)\n`);
    expect(r.stderr).toBe("");
    expect(await opened(p)).toEqual([`${html}|`]);
  });

  it("TestOpenVisualAbsolutePathAndNoOpen: an absolute path inside the project, with --no-open, starts nothing", async () => {
    const p = fixture(true);
    const html = p.path(`${VISUAL}/demo.html`);
    const r = await visual(p, [html, "--no-open", "--json"], { PATH: standInOpener(p) });
    expect(r.exit).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, html, outline_present: true, ids: { inventory: 1, missing: [] }, opened: false, warnings: [] });
    await new Promise((res) => setTimeout(res, 100));
    expect(p.exists("opened")).toBe(false);
  });

  it("TestOpenVisualWarnsMissingOutline: --slug picks the workspace; a missing outline is a warning and `outline=(missing)`", async () => {
    const p = fixture(false);
    fs.rmSync(p.path(".devrites/ACTIVE"));
    const r = await visual(p, ["demo", "--slug", "feature", "--no-open"]);
    expect(r.exit).toBe(0);
    expect(r.stderr).toBe(`open-visual: warning: missing outline companion ${p.path(`${VISUAL}/demo.outline.md`)}\n`);
    expect(r.stdout).toContain(`open-visual: outline=(missing) ${p.path(`${VISUAL}/demo.outline.md`)}\n`);
    expect(r.stdout).toContain(`open-visual: html=${p.path(`${VISUAL}/demo.html`)}\n`);
  });

  // Go: exit 2 for each; here bad input is exit 5, as for every command of this engine.
  it.each<[string, string[], string]>([
    ["missing operand", [], "open-visual takes <path-or-name>"],
    ["unknown flag", ["demo", "--poll"], "unknown option --poll"],
    ["slug without value", ["demo", "--slug"], "--slug needs a value"],
    ["two operands", ["demo", "other"], "open-visual"],
  ])("TestOpenVisualUsageErrors: %s is exit 5, nothing on stdout", async (_name, args, want) => {
    const p = fixture(true);
    const r = await visual(p, args);
    expect(r.exit).toBe(5);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(want);
  });

  it("TestOpenVisualRejectsNonHTML: a file that is not .html is exit 5 and starts nothing", async () => {
    const p = fixture(true);
    p.write("notes.md", "# hi\n");
    const r = await visual(p, ["./notes.md"], { PATH: standInOpener(p) });
    expect(r.exit).toBe(5);
    expect(r.stderr).toContain("require a .html file");
    await new Promise((res) => setTimeout(res, 100));
    expect(p.exists("opened")).toBe(false);
  });

  it("TestOpenVisualRefusesNameModeSymlinkEscape: visual/<name>.html that is a link out of the project is exit 3, nothing opened, nothing printed", async () => {
    const p = fixture(true);
    const outside = `${p.dir}-escape.html`;
    fs.writeFileSync(outside, "<!doctype html><title>escape</title>\n");
    projects.push({ ...p, cleanup: () => fs.rmSync(outside, { force: true }) });
    fs.rmSync(p.path(`${VISUAL}/demo.html`));
    fs.symlinkSync(outside, p.path(`${VISUAL}/demo.html`));
    const r = await visual(p, ["demo"], { PATH: standInOpener(p) });
    expect(r.exit).toBe(3);
    expect(r.stderr).toContain("path contains a symlink");
    expect(r.stdout).toBe("");
    await new Promise((res) => setTimeout(res, 100));
    expect(p.exists("opened")).toBe(false);
  });

  it("TestOpenVisualPrintsTipsWhenOpenerFails: no opener on PATH is a warning after the paths, exit 0", async () => {
    const p = fixture(true);
    const empty = `${p.dir}-empty-bin`;
    fs.mkdirSync(empty);
    projects.push({ ...p, cleanup: () => fs.rmSync(empty, { recursive: true, force: true }) });
    const r = await visual(p, ["demo"], { PATH: empty });
    expect(r.exit).toBe(0);
    expect(r.stdout).toContain(`open-visual: html=${p.path(`${VISUAL}/demo.html`)}\n`);
    expect(r.stdout).toContain("open-visual: playbooks=");
    expect(r.stderr).toBe(`open-visual: warning: failed to open browser: ${openerFor(process.platform).file}: not found\n`);
  });

  it.each<[string, boolean]>([
    [".draft", false],
    ["demo", false],
    ["demo.html", false],
    ["./demo.html", true],
    ["../other.html", true],
    [".", true],
    ["..", true],
    ["/abs/x.html", true],
    ["a/b.html", true],
    ["a\\b.html", true],
  ])("TestIsOpenVisualPathOperandLeadingDotName: %j is a path: %s", (operand, want) => {
    expect(isPathOperand(operand)).toBe(want);
  });
});

describe("open-visual: the project boundary and the opener", () => {
  it("a path outside the project is exit 3 and starts nothing", async () => {
    const p = fixture(true);
    const outside = `${p.dir}-out.html`;
    fs.writeFileSync(outside, "<p>out</p>\n");
    projects.push({ ...p, cleanup: () => fs.rmSync(outside, { force: true }) });
    for (const target of [outside, `../${path.basename(outside)}`]) {
      const r = await visual(p, [target], { PATH: standInOpener(p) });
      expect(r.exit, target).toBe(3);
      expect(r.stderr).toContain("is outside the project root");
    }
    await new Promise((res) => setTimeout(res, 100));
    expect(p.exists("opened")).toBe(false);
  });

  it("a name of a visual that does not exist is exit 2 naming it; without a workspace, exit 2", async () => {
    const p = fixture(true);
    const r = await visual(p, ["nope", "--no-open"]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain("open-visual: cannot open .devrites/work/feature/visual/nope.html: no such file");
    fs.rmSync(p.path(".devrites/ACTIVE"));
    expect((await visual(p, ["demo", "--no-open"])).exit).toBe(2);
  });

  it("a file name that looks like an option or a URL reaches the opener as one absolute path", async () => {
    const p = fixture(true);
    p.write("-x.html", "<p>dash</p>\n");
    p.write("http:x.html", "<p>colon</p>\n");
    const bin = standInOpener(p);
    expect((await visual(p, ["./-x.html"], { PATH: bin })).exit).toBe(0);
    expect((await visual(p, ["./http:x.html"], { PATH: bin })).exit).toBe(0);
    for (let i = 0; i < 100 && (await opened(p)).length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await opened(p)).sort()).toEqual([`${p.path("-x.html")}|`, `${p.path("http:x.html")}|`].sort());
  });

  it.each<[string, { file: string; args: string[] }]>([
    ["darwin", { file: "open", args: [] }],
    ["win32", { file: "rundll32.exe", args: ["url.dll,FileProtocolHandler"] }],
    ["linux", { file: "xdg-open", args: [] }],
    ["freebsd", { file: "xdg-open", args: [] }],
  ])("the opener on %s is a fixed program", (platform, want) => {
    expect(openerFor(platform)).toEqual(want);
  });
});

describe("open-visual's id check (Go: CheckVisualIDConsistency)", () => {
  it.each<[string, string, string[], string[]]>([
    ['<div id="a"></div><svg><marker id=\'arrow\'/></svg>', "## ID inventory\n| HTML id | x |\n|---|---|\n| `a` | y |\n", ["a"], []],
    ['<div ID = "a">', "## id inventory\n| id |\n| :-: |\n| a |\n| b |\n| a |\n\n## Other\n| c |\n", ["a", "b"], ["b"]],
    ['<div id="">', "# no inventory\n| a |\n", [], []],
    ["", "## ID inventory\n|  | empty first cell |\n| `x` |\n", ["x"], ["x"]],
  ])("html %j, outline %j: inventory %j, missing %j", (html, outline, inventory, missing) => {
    expect(outlineInventoryIds(outline)).toEqual(inventory);
    expect(checkVisualIds(html, outline)).toMatchObject({ inventory, missingInHtml: missing });
  });

  it("the HTML's ids are unique and in document order, whitespace trimmed", () => {
    expect(scanHtmlIds('<a id=" b "><c id="a"><d id=\'b\'>')).toEqual(["b", "a"]);
  });
});

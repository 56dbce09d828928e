// Which workspace a command acts on (commands.md, Global behaviour): the nearest .devrites
// walking up, --root and DEVRITES_ROOT, --workspace and DEVRITES_WORKSPACE over ACTIVE; and
// the CLI's own exits for help, version and unknown commands (in main(); smoke.test.ts
// spawns the CLI).

import { afterEach, describe, expect, it } from "vitest";
import { runInPty } from "../helpers/pty.js";
import { T, runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";
import { snapshot } from "../helpers/snapshot.js";

let p: Project;
afterEach(() => p?.cleanup());

const ws = (prefix: string, slug: string) => ({
  [`${prefix}.devrites/work/${slug}/state.md`]: "- Schema: 4\n- Phase: build\n- Status: running\n",
  [`${prefix}.devrites/work/${slug}/questions.md`]: `# Questions: ${slug}\n\n## q-1\nstatus: open\nanswered_at:\nanswer:\n`,
});
const answered = (prefix: string, slug: string) => p.read(`${prefix}.devrites/work/${slug}/questions.md`).includes("status: answered");

function project() {
  p = makeProject({
    ...ws("", "alpha"),
    ...ws("", "beta"),
    ".devrites/ACTIVE": "alpha\n",
    ...ws("other/", "gamma"),
    "other/.devrites/ACTIVE": "gamma\n",
    "src/deep/nested/x.ts": "",
  });
}

describe("workspace selection through the CLI", () => {
  it.each([
    ["the nearest .devrites walking up from a nested directory, ACTIVE's slug", "src/deep/nested", [], {}, "", "alpha"],
    ["--workspace over ACTIVE", ".", ["--workspace", "beta"], {}, "", "beta"],
    ["DEVRITES_WORKSPACE over ACTIVE", ".", [], { DEVRITES_WORKSPACE: "beta" }, "", "beta"],
    ["--workspace over DEVRITES_WORKSPACE", ".", ["--workspace", "alpha"], { DEVRITES_WORKSPACE: "beta" }, "", "alpha"],
    ["--root naming another project", ".", ["--root", "other"], {}, "other/", "gamma"],
    ["--root naming a .devrites directory", "src", ["--root", "../other/.devrites"], {}, "other/", "gamma"],
    ["DEVRITES_ROOT", ".", [], { DEVRITES_ROOT: "other" }, "other/", "gamma"],
    ["--root over DEVRITES_ROOT", ".", ["--root", "."], { DEVRITES_ROOT: "other" }, "", "alpha"],
  ])("%s", async (_name, cwd, extra, env, prefix, slug) => {
    project();
    const r = await runMain(["state", "resolve", ...extra, "q-1", "yes"], { cwd: p.path(cwd), env });
    expect(r.exit).toBe(0);
    expect(answered(prefix, slug)).toBe(true);
    const all = [["", "alpha"], ["", "beta"], ["other/", "gamma"]].filter(([x, s]) => !(x === prefix && s === slug));
    for (const [x, s] of all) expect(answered(x!, s!)).toBe(false);
  });

  it("options may come before the command words", async () => {
    project();
    const r = await runMain(["--workspace", "beta", "state", "resolve", "q-1", "yes"], { cwd: p.dir });
    expect(r.exit).toBe(0);
    expect(answered("", "beta")).toBe(true);
  });

  it("an unknown --workspace is exit 2 and writes nothing", async () => {
    project();
    const before = snapshot(p);
    const r = await runMain(["state", "resolve", "--workspace", "delta", "q-1", "yes"], { cwd: p.dir });
    expect(r.exit).toBe(2);
    expect(snapshot(p)).toEqual(before);
  });
});

describe("a workspace name no workspace can have", () => {
  it.each([
    [["orient", "alpha"]],
    [["check", "readiness", "alpha"]],
    [["migrate", "alpha", "--dry-run"]],
    [["init", "fresh"]],
    [["log"]],
  ])("%j with --workspace ../../etc is refused before the command runs (exit 2, the name named), and writes nothing", async (args) => {
    project();
    const before = snapshot(p);
    const r = await runMain([...args, "--workspace", "../../etc"], { cwd: p.dir });
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain('"../../etc" is not a workspace name');
    expect(snapshot(p)).toEqual(before);
  });

  it("is refused from DEVRITES_WORKSPACE too, and refused with the name even where there is no root", async () => {
    project();
    expect((await runMain(["status"], { cwd: p.dir, env: { DEVRITES_WORKSPACE: "a/b" } })).stderr).toContain('"a/b" is not a workspace name');
    const bare = makeProject();
    try {
      const r = await runMain(["status", "--workspace", ".."], { cwd: bare.dir, env: { DEVRITES_ROOT: bare.path("nowhere") } });
      expect(r.exit).toBe(2);
      expect(r.stderr).toMatch(/"\.\." is not a workspace name .*\nhint: a workspace name is letters, digits, '\.', '_' and '-', and not '\.' or '\.\.'\n$/);
    } finally {
      bare.cleanup();
    }
  });
});

describe("CLI exits", () => {
  it.each([
    [["frobnicate"], 2, "unknown command: frobnicate"],
    [["state", "frobnicate"], 2, "unknown command: state frobnicate"],
  ])("%j is exit 2 naming the problem", async (args, exit, message) => {
    p = makeProject();
    const r = await runMain(args, { cwd: p.dir });
    expect(r.exit).toBe(exit);
    expect(r.stderr).toContain(message);
    expect(r.stdout).toBe("");
  });

  it.each([[["--help"]], [["-h"]], [["state", "resolve", "--help"]], [["--version"]], [["init", "--version"]]])("%j exits 0, prints on stdout and writes nothing", async (args) => {
    project();
    const before = snapshot(p);
    const r = await runMain(args, { cwd: p.dir });
    expect(r.exit).toBe(0);
    expect(r.stdout.length).toBeGreaterThan(0);
    expect(r.stderr).toBe("");
    expect(snapshot(p)).toEqual(before);
  });

  it("no arguments on a terminal is the overview help, exit 0 (a person looking around)", async () => {
    p = makeProject();
    const r = await runInPty([], { cwd: p.dir, env: { DEVRITES_NOW: T, NO_COLOR: "1" } });
    expect(r.exit).toBe(0);
    expect(r.output).toMatch(/^devrites-engine \S+ — the single writer of a DevRites workspace\n/);
    expect(r.output).toContain("Run devrites-engine help <command>");
  });

  it("no arguments from a script stays exit 2 'no command given' with a hint that leads to the help", async () => {
    p = makeProject();
    const r = await runMain([], { cwd: p.dir });
    expect(r).toEqual({ exit: 2, stdout: "", stderr: "devrites-engine: no command given\nhint: run devrites-engine --help for the list of commands\n" });
    expect((await runMain(["--help"], { cwd: p.dir })).exit).toBe(0);
  });

  it("a typo of a command is exit 2 with the command it resembles", async () => {
    p = makeProject();
    const r = await runMain(["stauts"], { cwd: p.dir });
    expect(r).toEqual({ exit: 2, stdout: "", stderr: "devrites-engine: unknown command: stauts\nhint: did you mean devrites-engine status?\n" });
  });

  it("state resolve --help shows the resolve usage", async () => {
    p = makeProject();
    expect((await runMain(["state", "resolve", "--help"], { cwd: p.dir })).stdout).toMatch(/^usage: devrites-engine state resolve /);
  });

  it("--help after -- is an answer, not a request for help", async () => {
    project();
    const r = await runMain(["state", "resolve", "q-1", "--", "--help"], { cwd: p.dir });
    expect(r.exit).toBe(0);
    expect(p.read(".devrites/work/alpha/questions.md")).toContain("answer: --help\n");
  });
});

describe("every edit is parsed back before anything is written", () => {
  it("a value with `|` bound for a state.md table cell is refused with exit 5 and nothing is written", async () => {
    p = makeProject({
      ".devrites/ACTIVE": "feat\n",
      ".devrites/work/feat/state.md": "# State: feat\n\n## Cursor\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n| phase | build |\n| status | running |\n\n## Log\n- 2026-07-20T09:00:00Z build: a\n",
      ".devrites/work/feat/questions.md": "# Questions: feat\n",
    });
    const before = snapshot(p);
    const r = await runMain(["state", "pause", "--reason", "approval", "--detail", "waiting on a | b"], { cwd: p.dir });
    expect(r.exit).toBe(5);
    expect(r.stderr).toContain('contains "|"');
    expect(snapshot(p)).toEqual(before);
  });
});

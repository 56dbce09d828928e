// Completion never evaluates workspace text (commands.md, Trust boundary). A question id is
// text anyone can commit (`## q-$(touch PWNED)` in questions.md); the bash script once handed
// the engine's values to `compgen -W`, which runs `$(…)` and backticks, so TAB after
// `state resolve ` created the file. Each installed shell sources the printed script the way a
// user's rc file does and runs its completion function with the line as TAB would give it:
// nothing is created, and what is offered are the literal, well-formed words. Two locks: the
// engine offers no id outside the grammar, and the script offers nothing it would have to
// quote, even when the engine on PATH prints such words.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runMain } from "../helpers/cli.js";
import { CLI_PATH, projectFromExample, type Project } from "../helpers/project.js";

const WS = ".devrites/work/session-token-rotation";
/** Ids that run code when a shell evaluates them, and one that globs. */
const HOSTILE_IDS = ["q-$(touch${IFS}PWNED)", "q-`touch${IFS}PWNED2`", "q-$(touch PWNED3)", "q-*"];
const OPEN_IDS = ["q-2026-09-02-002", "q-2026-09-02-003"];

let project: Project | undefined;
afterEach(() => project?.cleanup());

const hasShell = (name: string) => spawnSync(name, ["-c", "exit 0"]).status === 0;

/** The example workspace with open blocks under hostile ids, and `bin/` holding `devrites-engine`, the built CLI. */
function hostileProject(): Project {
  const p = (project = projectFromExample());
  const blocks = HOSTILE_IDS.map((id) => `\n## ${id}\nstatus: open\ngate: advisory\nquestion: Which?\nraised_at: 2026-09-02T14:00:00Z\n`).join("");
  fs.appendFileSync(p.path(`${WS}/questions.md`), blocks);
  // A workspace directory under a name no slug may have.
  fs.mkdirSync(p.path(".devrites/work/x$(touch PWNED4)"), { recursive: true });
  shim(p, "bin/devrites-engine", `exec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI_PATH)} "$@"`);
  return p;
}

function shim(p: Project, rel: string, body: string): void {
  p.write(rel, `#!/bin/sh\n${body}\n`);
  fs.chmodSync(p.path(rel), 0o755);
}

/** Files a completion must not have created, anywhere in the project. */
function planted(p: Project): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (/PWNED/.test(e.name) && !e.isDirectory()) out.push(path.relative(p.dir, path.join(d, e.name)));
      if (e.isDirectory()) walk(path.join(d, e.name));
    }
  };
  walk(p.dir);
  return out;
}

async function script(p: Project, shell: string): Promise<string> {
  const r = await runMain(["completion"], { cwd: p.dir, env: { SHELL: shell } });
  expect(r.exit, r.stderr).toBe(0);
  return r.stdout;
}

const sq = (w: string) => `'${w.replace(/'/g, "'\\''")}'`;

/** bash: source the script, set COMP_WORDS/COMP_CWORD as TAB does, call the function, print COMPREPLY. */
function bashTab(p: Project, pathDirs: string[], line: string[], cwd = p.dir): string[] {
  const r = spawnSync("bash", ["--norc", "--noprofile", "-c", `source ${sq(p.path("completion.bash"))}; COMP_WORDS=(${line.map(sq).join(" ")}); COMP_CWORD=${line.length - 1}; _devrites_engine_completions; printf '%s\\n' "\${COMPREPLY[@]}"`], {
    cwd,
    env: { PATH: [...pathDirs, "/usr/bin", "/bin"].join(":"), HOME: p.dir },
    encoding: "utf8",
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.split("\n").filter(Boolean);
}

/** zsh: source the script with compadd/_files/compdef standing in for the completion system; print what was offered. */
function zshTab(p: Project, pathDirs: string[], line: string[]): string[] {
  const stubs = `typeset -gA _comps; compdef() { :; }; compadd() { [[ $1 == -- ]] && shift; print -rl -- "$@"; }; _files() { print -r -- '(files)'; }`;
  const r = spawnSync("zsh", ["-f", "-c", `${stubs}; source ${sq(p.path("completion.zsh"))}; words=(${line.map(sq).join(" ")}); CURRENT=${line.length}; _devrites_engine_completions`], {
    cwd: p.dir,
    env: { PATH: [...pathDirs, "/usr/bin", "/bin"].join(":"), HOME: p.dir },
    encoding: "utf8",
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.split("\n").filter(Boolean);
}

describe.runIf(hasShell("bash"))("bash completion never evaluates workspace text", () => {
  it("TAB after `state resolve ` with $(…), backtick and glob ids in questions.md: no file created, only the well-formed open ids offered", async () => {
    const p = hostileProject();
    p.write("completion.bash", await script(p, "/bin/bash"));
    expect(bashTab(p, [p.path("bin")], ["devrites-engine", "state", "resolve", ""])).toEqual(OPEN_IDS);
    expect(bashTab(p, [p.path("bin")], ["devrites-engine", "state", "resolve", "q-"])).toEqual(OPEN_IDS);
    expect(bashTab(p, [p.path("bin")], ["devrites-engine", "questions", "show", "q-2026-09-02-00"])).toEqual(["q-2026-09-02-001", ...OPEN_IDS]);
    expect(bashTab(p, [p.path("bin")], ["devrites-engine", "status", "--workspace", ""])).toEqual(["session-token-rotation"]);
    expect(planted(p)).toEqual([]);
  });

  it("the script itself offers only plain words, literally, even from an engine that prints $(…), backticks and globs", async () => {
    const p = hostileProject();
    p.write("completion.bash", await script(p, "/bin/bash"));
    shim(p, "evil/devrites-engine", `printf '%s\\n' 'q-$(touch PWNED5)' 'q-\`touch PWNED6\`' '*' 'q-$HOME' 'q-1' 'q-2'`);
    expect(bashTab(p, [p.path("evil")], ["devrites-engine", "state", "resolve", ""])).toEqual(["q-1", "q-2"]);
    expect(planted(p)).toEqual([]);
  });

  it("`npx devrites-engine <TAB>` completes from the project's node_modules/.bin, with no devrites-engine on PATH, from a subdirectory too", async () => {
    const p = hostileProject();
    p.write("completion.bash", await script(p, "/bin/bash"));
    shim(p, "node_modules/.bin/devrites-engine", `exec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI_PATH)} "$@"`);
    fs.mkdirSync(p.path("src/deep"), { recursive: true });
    expect(bashTab(p, [], ["npx", "devrites-engine", "state", "res"])).toEqual(["resolve", "resume"]);
    expect(bashTab(p, [], ["npx", "devrites-engine", "state", "resolve", ""], p.path("src/deep"))).toEqual(OPEN_IDS);
    // Another package run by npx gets nothing from this script (bash completes file names).
    expect(bashTab(p, [], ["npx", "prettier", ""])).toEqual([]);
    expect(planted(p)).toEqual([]);
  });
});

describe.runIf(hasShell("zsh"))("zsh completion never evaluates workspace text", () => {
  it("TAB after `state resolve ` with hostile ids: no file created, only the well-formed open ids offered", async () => {
    const p = hostileProject();
    p.write("completion.zsh", await script(p, "/usr/bin/zsh"));
    expect(zshTab(p, [p.path("bin")], ["devrites-engine", "state", "resolve", ""])).toEqual(OPEN_IDS);
    expect(planted(p)).toEqual([]);
  });

  it("the script offers only plain words, even from an engine that prints $(…), backticks and globs", async () => {
    const p = hostileProject();
    p.write("completion.zsh", await script(p, "/usr/bin/zsh"));
    shim(p, "evil/devrites-engine", `printf '%s\\n' 'q-$(touch PWNED5)' 'q-\`touch PWNED6\`' '*' 'q-1:desc' 'q-1'`);
    expect(zshTab(p, [p.path("evil")], ["devrites-engine", "state", "resolve", ""])).toEqual(["q-1:desc", "q-1"]);
    expect(planted(p)).toEqual([]);
  });

  it("`npx devrites-engine <TAB>` completes from the project's node_modules/.bin", async () => {
    const p = hostileProject();
    p.write("completion.zsh", await script(p, "/usr/bin/zsh"));
    shim(p, "node_modules/.bin/devrites-engine", `exec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI_PATH)} "$@"`);
    expect(zshTab(p, [], ["npx", "devrites-engine", "state", "res"])).toEqual(expect.arrayContaining(["resolve", "resume"]));
    expect(zshTab(p, [], ["npx", "prettier", ""])).toEqual(["(files)"]);
  });
});

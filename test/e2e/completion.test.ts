// Shell completion: `completion` prints a bash (or zsh) script, and the shell's
// `--get-completions` calls list the subcommands, options and values from the command table.
// The bash script is run in a real bash, the way a shell's TAB runs it, calling the built CLI;
// the rest runs main() in-process.

import { afterEach, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { runMain } from "../helpers/cli.js";
import { CLI_PATH } from "../helpers/project.js";
import { makeProject, type Project } from "../helpers/project.js";

let project: Project | undefined;
afterEach(() => project?.cleanup());
const cwd = () => (project = makeProject({})).dir;
const words = (s: string) => s.trim().split("\n");

describe("completion", () => {
  it("prints a bash script that calls back with --get-completions, with no workspace needed", async () => {
    const r = await runMain(["completion"], { cwd: cwd(), env: { SHELL: "/bin/bash" } });
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^###-begin-devrites-engine-completions-###\n/);
    expect(r.stdout).toContain("bin=devrites-engine");
    expect(r.stdout).toContain('"$bin" --get-completions');
    expect(r.stdout).toContain("complete -o bashdefault -o default -F _devrites_engine_completions devrites-engine");
    expect(r.stdout).toMatch(/###-end-devrites-engine-completions-###\n$/);
  });

  it("prints the zsh script when the login shell is zsh", async () => {
    const r = await runMain(["completion"], { cwd: cwd(), env: { SHELL: "/usr/bin/zsh" } });
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^#compdef devrites-engine\n/);
    expect(r.stdout).toContain("bin=devrites-engine");
    expect(r.stdout).toContain('"$bin" --get-completions');
    expect(r.stdout).toContain("compdef _devrites_engine_completions devrites-engine");
  });

  it("the printed bash script, sourced into bash, completes `state res<TAB>` to resolve and `--gate <TAB>` to the gates", async () => {
    const dir = cwd();
    const script = (await runMain(["completion"], { cwd: dir, env: { SHELL: "/bin/bash" } })).stdout;
    // The engine on PATH, as after npm link or npm install -g.
    const bin = path.join(dir, "bin");
    fs.mkdirSync(bin);
    fs.writeFileSync(path.join(bin, "devrites-engine"), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI_PATH)} "$@"\n`, { mode: 0o755 });
    fs.writeFileSync(path.join(dir, "completion.bash"), script);
    const tab = (...line: string[]) => {
      const r = spawnSync("bash", ["-c", `source ./completion.bash; COMP_WORDS=(${line.map((w) => `'${w}'`).join(" ")}); COMP_CWORD=${line.length - 1}; _devrites_engine_completions; printf '%s\\n' "\${COMPREPLY[@]}"`], {
        cwd: dir,
        env: { PATH: `${bin}:${process.env.PATH ?? ""}`, HOME: dir },
        encoding: "utf8",
      });
      expect(r.status, r.stderr).toBe(0);
      return r.stdout.trim().split("\n").filter(Boolean);
    };
    expect(tab("devrites-engine", "state", "res")).toEqual(["resolve", "resume"]);
    expect(tab("devrites-engine", "questions", "--gate", "b")).toEqual(["blocking"]);
    expect(tab("devrites-engine", "budget", "check", "--wr")).toEqual(["--writer"]);
  });

  it("scripts installed by older versions, which call --get-yargs-completions, are still answered", async () => {
    const r = await runMain(["--get-yargs-completions", "devrites-engine", "state", ""], { cwd: cwd() });
    expect(r.exit, r.stderr).toBe(0);
    expect(words(r.stdout)).toEqual(expect.arrayContaining(["resolve", "pause", "resume", "merge-manifest"]));
  });

  it("the state subcommands: resolve, pause, resume, merge-manifest", async () => {
    const r = await runMain(["--get-completions", "devrites-engine", "state", ""], { cwd: cwd() });
    expect(r.exit, r.stderr).toBe(0);
    expect(words(r.stdout)).toEqual(expect.arrayContaining(["resolve", "pause", "resume", "merge-manifest"]));
  });

  it("the top-level commands", async () => {
    const r = await runMain(["--get-completions", "devrites-engine", ""], { cwd: cwd() });
    expect(words(r.stdout)).toEqual(expect.arrayContaining(["init", "status", "questions", "question", "state", "budget", "check", "migrate", "log", "completion"]));
  });

  it("the budget subcommands", async () => {
    const r = await runMain(["--get-completions", "devrites-engine", "budget", ""], { cwd: cwd() });
    expect(words(r.stdout)).toEqual(expect.arrayContaining(["status", "check", "spend", "seed"]));
  });

  it("a command's own options complete after --", async () => {
    const r = await runMain(["--get-completions", "devrites-engine", "state", "resolve", "--"], { cwd: cwd() });
    expect(words(r.stdout)).toEqual(expect.arrayContaining(["--human", "--option", "--drop", "--batch", "--interactive"]));
  });

  it("a subcommand named like a top-level command completes its own options (`budget check` is not `check`)", async () => {
    const r = await runMain(["--get-completions", "devrites-engine", "budget", "check", "--"], { cwd: cwd() });
    expect(r.exit, r.stderr).toBe(0);
    expect(words(r.stdout)).toEqual(expect.arrayContaining(["--writer", "--findings", "--agents-used", "--minutes-used", "--root", "--json"]));
  });

  it("values come from the workspace and the closed sets: open question ids, gates, reason codes", async () => {
    project = makeProject({
      ".devrites/ACTIVE": "feat\n",
      ".devrites/work/feat/state.md": "# State: feat\n",
      ".devrites/work/feat/questions.md":
        "# Questions: feat\n\n## q-2026-07-20-001\nstatus: open\ngate: blocking\nquestion: A?\n\n## q-2026-07-20-002\nstatus: answered\ngate: advisory\nquestion: B?\nanswer: yes\n",
    });
    const ask = async (...line: string[]) => words((await runMain(["--get-completions", "devrites-engine", ...line], { cwd: project!.dir })).stdout);
    expect(await ask("state", "resolve", "")).toEqual(["q-2026-07-20-001"]);
    expect(await ask("questions", "show", "")).toEqual(["q-2026-07-20-001", "q-2026-07-20-002"]);
    expect(await ask("questions", "--gate", "")).toEqual(["advisory", "validating", "blocking", "escalating"]);
    expect(await ask("state", "pause", "--reason", "")).toEqual(expect.arrayContaining(["approval", "usage_cap"]));
  });

  it("an argument is exit 5", async () => {
    expect((await runMain(["completion", "bash"], { cwd: cwd() })).exit).toBe(5);
  });
});

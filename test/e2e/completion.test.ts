// Shell completion: `completion` prints yargs' script, and the shell's
// `--get-yargs-completions` calls list the subcommands and options from the command table.

import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";

let project: Project | undefined;
afterEach(() => project?.cleanup());
const cwd = () => (project = makeProject({})).dir;
const words = (s: string) => s.trim().split("\n");

describe("completion", () => {
  it("prints a bash/zsh script that calls back with --get-yargs-completions, with no workspace needed", async () => {
    const r = await runCli(["completion"], { cwd: cwd() });
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toContain("###-begin-devrites-engine-completions-###");
    expect(r.stdout).toContain("devrites-engine --get-yargs-completions");
    expect(r.stdout).toContain("complete -o bashdefault -o default -F _devrites-engine_yargs_completions devrites-engine");
    expect(r.stdout).toContain("###-end-devrites-engine-completions-###");
  });

  it("the state subcommands: resolve, pause, resume, merge-manifest", async () => {
    const r = await runCli(["--get-yargs-completions", "devrites-engine", "state", ""], { cwd: cwd() });
    expect(r.exit, r.stderr).toBe(0);
    expect(words(r.stdout)).toEqual(expect.arrayContaining(["resolve", "pause", "resume", "merge-manifest"]));
  });

  it("the top-level commands", async () => {
    const r = await runCli(["--get-yargs-completions", "devrites-engine", ""], { cwd: cwd() });
    expect(words(r.stdout)).toEqual(expect.arrayContaining(["init", "status", "questions", "question", "state", "budget", "check", "migrate", "log", "completion"]));
  });

  it("the budget subcommands", async () => {
    const r = await runCli(["--get-yargs-completions", "devrites-engine", "budget", ""], { cwd: cwd() });
    expect(words(r.stdout)).toEqual(expect.arrayContaining(["status", "check", "spend", "seed"]));
  });

  it("a command's own options complete after --", async () => {
    const r = await runCli(["--get-yargs-completions", "devrites-engine", "state", "resolve", "--"], { cwd: cwd() });
    expect(words(r.stdout)).toEqual(expect.arrayContaining(["--human", "--option", "--drop", "--batch", "--interactive"]));
  });

  it("a subcommand named like a top-level command completes its own options (`budget check` is not `check`)", async () => {
    const r = await runCli(["--get-yargs-completions", "devrites-engine", "budget", "check", "--"], { cwd: cwd() });
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
    const ask = async (...line: string[]) => words((await runCli(["--get-yargs-completions", "devrites-engine", ...line], { cwd: project!.dir })).stdout);
    expect(await ask("state", "resolve", "")).toEqual(["q-2026-07-20-001"]);
    expect(await ask("questions", "show", "")).toEqual(["q-2026-07-20-001", "q-2026-07-20-002"]);
    expect(await ask("questions", "--gate", "")).toEqual(["advisory", "validating", "blocking", "escalating"]);
    expect(await ask("state", "pause", "--reason", "")).toEqual(expect.arrayContaining(["approval", "usage_cap"]));
  });

  it("an argument is exit 5", async () => {
    expect((await runCli(["completion", "bash"], { cwd: cwd() })).exit).toBe(5);
  });
});

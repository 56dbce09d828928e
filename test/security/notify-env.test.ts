// The notify hook does not inherit the caller's environment: it gets the allowlist
// (PATH, HOME, USER, LANG, LC_*, TZ, TMPDIR, SHELL), the DEVRITES_* question variables and
// exactly the names the sentinel lists in notify_env — so a token reaches it only on purpose.

import { afterEach, describe, expect, it } from "vitest";
import { notifyEnvironment } from "../../src/domain/notify-env.js";
import { runCli } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";
import { RUNNING_CSV_EXPORT_STATE } from "../helpers/texts.js";

const W = ".devrites/work/csv-export";
const STATE = RUNNING_CSV_EXPORT_STATE;
const SECRETS = { GITHUB_TOKEN: "ghp_callerSecret0123456789abcdefghij", AWS_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", SLACK_WEBHOOK_URL: "https://hooks.slack.example/T000/B000/xyz" };

let project: Project | undefined;
afterEach(() => project?.cleanup());

/** Raise a blocking question in an AFK run whose hook dumps its environment to env.txt. */
async function hookEnv(sentinelExtra: string): Promise<Map<string, string>> {
  project = makeProject({
    ".devrites/ACTIVE": "csv-export\n",
    [`${W}/state.md`]: STATE,
    [`${W}/questions.md`]: "# Questions: csv-export\n",
    ".devrites/AFK": `notify: 'env -0 > env.txt'\n${sentinelExtra}`,
  });
  const r = await runCli(["question", "add", "--gate", "blocking", "--question", "Ship it?"], { cwd: project.dir, env: { ...SECRETS, LC_ALL: "C.UTF-8", TZ: "UTC" } });
  expect(r.exit, r.stderr).toBe(0);
  expect(r.stderr).toBe("");
  const env = new Map<string, string>();
  for (const entry of project.read("env.txt").split("\0")) {
    const eq = entry.indexOf("=");
    if (eq > 0) env.set(entry.slice(0, eq), entry.slice(eq + 1));
  }
  return env;
}

describe("notify hook environment (spawned: the hook is a real process)", () => {
  it("GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY and other caller variables do not reach the hook", async () => {
    const env = await hookEnv("");
    for (const k of Object.keys(SECRETS)) expect(env.has(k), k).toBe(false);
    expect(env.get("DEVRITES_QUESTION")).toBe("Ship it?");
    expect(env.get("LC_ALL")).toBe("C.UTF-8");
    expect(env.get("TZ")).toBe("UTC");
    expect(env.has("PATH")).toBe(true);
    // Nothing outside the allowlist, except what sh itself sets (PWD, SHLVL, _).
    const allowed = /^(PATH|HOME|USER|LANG|LC_.*|TZ|TMPDIR|SHELL|DEVRITES_(QID|GATE|SLICE|SLUG|QUESTION|PROPOSED|MARKDOWN)|PWD|OLDPWD|SHLVL|_)$/;
    expect([...env.keys()].filter((k) => !allowed.test(k))).toEqual([]);
  });

  it("a name listed in notify_env reaches the hook; unlisted secrets still do not", async () => {
    const env = await hookEnv("notify_env: [SLACK_WEBHOOK_URL, NOT_SET_ANYWHERE]\n");
    expect(env.get("SLACK_WEBHOOK_URL")).toBe(SECRETS.SLACK_WEBHOOK_URL);
    expect(env.has("GITHUB_TOKEN")).toBe(false);
    expect(env.has("NOT_SET_ANYWHERE")).toBe(false);
  });

  it("a malformed notify_env fails closed: exit 5 naming file, line and key, and nothing is raised", async () => {
    project = makeProject({
      ".devrites/ACTIVE": "csv-export\n",
      [`${W}/state.md`]: STATE,
      [`${W}/questions.md`]: "# Questions: csv-export\n",
      ".devrites/AFK": "notify: 'env > env.txt'\nnotify_env: [GOOD, 'BAD NAME']\n",
    });
    const r = await runCli(["question", "add", "--gate", "blocking", "--question", "Ship it?"], { cwd: project.dir });
    expect(r.exit).toBe(5);
    expect(r.stderr).toContain(".devrites/AFK:2:20: notify_env lists");
    expect(project.exists("env.txt")).toBe(false);
  });
});

describe("notifyEnvironment: an allowlist, notify_env, then the question variables", () => {
  const Q = { DEVRITES_QID: "q-1", DEVRITES_QUESTION: "Ship?" };
  it.each([
    ["PATH is kept", { PATH: "/bin" }, [], { PATH: "/bin" }],
    ["LC_* is kept", { LC_CTYPE: "C", LCX: "no" }, [], { LC_CTYPE: "C" }],
    ["a token is dropped", { GITHUB_TOKEN: "t", NPM_TOKEN: "n" }, [], {}],
    ["a listed name is kept", { SLACK_WEBHOOK_URL: "u", GITHUB_TOKEN: "t" }, ["SLACK_WEBHOOK_URL"], { SLACK_WEBHOOK_URL: "u" }],
    ["a listed name that is unset is absent", {}, ["MISSING"], {}],
    ["the caller's DEVRITES_* are dropped; the question's win", { DEVRITES_QID: "forged", DEVRITES_ROOT: "/x" }, [], {}],
  ])("%s", (_name, caller, names, want) => {
    expect(notifyEnvironment(caller, names, Q)).toEqual({ ...want, ...Q });
  });
});

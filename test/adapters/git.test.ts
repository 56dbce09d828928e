// The environment git runs with for the ship gates (adapters/git.ts), ported from the Go
// engine's engine/internal/gitenv/env_test.go: every variable that retargets git or injects
// configuration is removed, in any case, and nothing else; the fixed no-pager/no-prompt
// settings are added; the caller's object is not changed.

import { describe, expect, it } from "vitest";
import { gitEnvironment } from "../../src/adapters/git.js";

const BLOCKED = [
  "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES",
  "GIT_QUARANTINE_PATH", "GIT_PREFIX", "GIT_NAMESPACE", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_CONFIG_SYSTEM",
  "GIT_CONFIG_GLOBAL", "GIT_CONFIG_NOSYSTEM", "GIT_CEILING_DIRECTORIES", "GIT_DISCOVERY_ACROSS_FILESYSTEM", "GIT_GRAFT_FILE",
  "GIT_SHALLOW_FILE", "GIT_REPLACE_REF_BASE", "GIT_EXEC_PATH", "GIT_LITERAL_PATHSPECS", "GIT_GLOB_PATHSPECS",
  "GIT_NOGLOB_PATHSPECS", "GIT_ICASE_PATHSPECS", "GIT_REFERENCE_BACKEND",
];

describe("gitEnvironment (Go: TestSanitizeRemovesGitTargetingVariables)", () => {
  it("removes every targeting variable and GIT_CONFIG_KEY_/VALUE_ pair in any case, keeps the rest, adds the fixed settings", () => {
    const env: Record<string, string> = { PATH: "/bin", GIT_AUTHOR_NAME: "DevRites Test", git_custom_keep: "retained" };
    for (const k of BLOCKED) env[k] = "poison";
    Object.assign(env, { Git_Config_Key_12: "core.worktree", git_config_value_12: "/poison", git_dir: "/case-insensitive-poison", GIT_PAGER: "less" });
    const original = { ...env };
    const got = gitEnvironment(env);
    expect(got).toEqual({
      PATH: "/bin", GIT_AUTHOR_NAME: "DevRites Test", git_custom_keep: "retained",
      GIT_PAGER: "cat", PAGER: "cat", GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0", GIT_ASKPASS: "", SSH_ASKPASS: "", GIT_EXTERNAL_DIFF: "", LC_ALL: "C",
    });
    expect(env).toEqual(original);
  });

  it("an empty environment gives only the fixed settings (Go: TestSanitizeNilReturnsNewEmptySlice)", () => {
    expect(Object.keys(gitEnvironment({})).sort()).toEqual(["GIT_ASKPASS", "GIT_EXTERNAL_DIFF", "GIT_OPTIONAL_LOCKS", "GIT_PAGER", "GIT_TERMINAL_PROMPT", "LC_ALL", "PAGER", "SSH_ASKPASS"]);
  });
});

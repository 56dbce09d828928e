// The AFK sentinel fails closed on YAML that could change what a count key means: a merge
// key (`<<`, also under `%YAML 1.1`), an alias as a key, an alias or tag as a count value.
// Read as "unknown key, ignored", any of them would silently make the budget unlimited.

import { describe, expect, it } from "vitest";
import { parseFlatYaml } from "../../src/documents/afk/flat-yaml.js";
import { firstError, validateSentinel } from "../../src/documents/afk/sentinel.js";
import { parseYamlTop } from "../../src/adapters/yaml.js";

const FILE = ".devrites/AFK";
/** What readSentinel does: the flat reader first, the yaml package for anything else. */
const validate = (text: string) => validateSentinel(parseFlatYaml(text) ?? parseYamlTop(text), FILE);

describe("sentinel: YAML indirection fails closed (error naming file, line, column and key)", () => {
  it.each([
    ["a merge key carrying max_slices", "base: &b\n  max_slices: 3\n<<: *b\n", "afk-merge-key", 3, 1, "<<"],
    ["a flow merge key", "<<: {max_slices: 3}\n", "afk-merge-key", 1, 1, "<<"],
    ["a merge key under %YAML 1.1 (where it really merges)", "%YAML 1.1\n---\nbase: &b {max_slices: 3}\n<<: *b\n", "afk-merge-key", 4, 1, "<<"],
    ["a merge of a list of maps", "a: &a {max_slices: 1}\nb: &b {max_agents: 2}\n<<: [*a, *b]\n", "afk-merge-key", 3, 1, "<<"],
    ["an alias as a key", "k: &k max_slices\n*k : 5\n", "afk-alias-key", 2, 1, "*k"],
    ["an alias as a count value", "max_agents: &a 4\nmax_slices: *a\n", "afk-count", 2, 13, "max_slices"],
    ["a tagged count value", "max_slices: !!int 4\n", "afk-count", 1, 19, "max_slices"],
    ["a duplicate count key", "max_slices: 1\nmax_slices: 50\n", "afk-duplicate-key", 2, 1, "max_slices"],
  ])("%s", (_name, text, rule, line, col, key) => {
    const err = firstError(validate(text));
    expect(err, text).toBeDefined();
    expect({ rule: err!.rule, line: err!.line, col: err!.col, key: err!.key }).toEqual({ rule, line, col, key });
    expect(err!.message.startsWith(`${FILE}:${line}:${col}: `)).toBe(true);
  });

  it.each([
    ["an anchor on a count that nothing aliases", "max_slices: &m 3\n"],
    ["a quoted key", '"max_slices": 3\n'],
    ["a key named like merge but not one", "merge: x\n"],
  ])("%s keeps its plain meaning", (_name, text) => {
    const s = validate(text);
    expect(firstError(s)).toBeUndefined();
  });
});

describe("sentinel: notify_env is a list of environment variable names", () => {
  it.each([
    ["notify_env: [SLACK_WEBHOOK_URL, _X1]\n", ["SLACK_WEBHOOK_URL", "_X1"]],
    ["notify_env: []\n", []],
    ["notify_env:\n  - PAGER_KEY\n  - PAGER_KEY\n", ["PAGER_KEY"]],
  ])("%j is accepted", (text, names) => {
    const s = validate(text);
    expect(firstError(s)).toBeUndefined();
    expect(s.notifyEnv).toEqual(names);
  });

  it.each([
    ["notify_env: SLACK_WEBHOOK_URL\n", 1, 13],
    ["notify_env: [9LIVES]\n", 1, 14],
    ["notify_env: [A-B]\n", 1, 14],
    ["notify_env: [OK, 'two words']\n", 1, 18],
    ["notify_env: [true]\n", 1, 14],
    ["notify_env: [!!str X]\n", 1, 20],
    ["notify_env: {a: 1}\n", 1, 13],
    ["notify_env:\n", 1, 1],
  ])("%j is refused at %i:%i", (text, line, col) => {
    const err = firstError(validate(text));
    expect(err, text).toBeDefined();
    expect({ rule: err!.rule, key: err!.key, line: err!.line, col: err!.col }).toEqual({ rule: "afk-notify-env", key: "notify_env", line, col });
  });
});

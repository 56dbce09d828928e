// The sentinel validator fails closed on the source text of every scalar, and names file,
// line, column and key; unknown keys, expires_at and never-auto gates are only warnings.

import { describe, expect, it } from "vitest";
import { firstError, sentinelWarnings, validateSentinel } from "../../../src/documents/afk/sentinel.js";
import { parseYamlTop } from "../../../src/adapters/yaml.js";

const FILE = ".devrites/AFK";
const validate = (text: string) => validateSentinel(parseYamlTop(text), FILE);

describe("count keys accept only a plain decimal integer in the source", () => {
  it.each([
    ["max_slices: 10\n", "max_slices", 10],
    ["max_slices: 0\n", "max_slices", 0],
    ["max_slices: 0010\n", "max_slices", 10],
    ["max_agents: 32 # per activation\n", "max_agents", 32],
    ["max_minutes: 120\n", "max_minutes", 120],
    ["max_review_queue: 8\n", "max_review_queue", 8],
    ["max_tokens: 200000\n", "max_tokens", 200000],
    ["max_workspaces: 3\n", "max_workspaces", 3],
    ["max_parallel: 2\r\n", "max_parallel", 2],
  ])("%j is accepted", (text, key, value) => {
    const s = validate(text);
    expect(firstError(s)).toBeUndefined();
    expect(s.counts[key as keyof typeof s.counts]).toBe(value);
  });

  it.each([
    ["# armed\nmax_slices: -1\n", 2, 13, "max_slices"],
    ["# armed\nmax_slices: 2.5\n", 2, 13, "max_slices"],
    ["# armed\nmax_slices: 0x10\n", 2, 13, "max_slices"],
    ["# armed\nmax_slices: 1e3\n", 2, 13, "max_slices"],
    ['# armed\nmax_slices: "10"\n', 2, 13, "max_slices"],
    ["# armed\nmax_slices: '10'\n", 2, 13, "max_slices"],
    ["# armed\nmax_slices: ten\n", 2, 13, "max_slices"],
    ["# armed\nmax_slices: +5\n", 2, 13, "max_slices"],
    ["# armed\nmax_slices: 5 5\n", 2, 13, "max_slices"],
    ["# armed\nmax_slices:\n", 2, 1, "max_slices"],
    ["# armed\nmax_slices: ~\n", 2, 13, "max_slices"],
    ["# armed\nmax_slices: !!str 10\n", 2, 19, "max_slices"],
    ["# armed\nmax_slices: [10]\n", 2, 13, "max_slices"],
    ["# armed\nmax_slices: {n: 10}\n", 2, 13, "max_slices"],
    ["# armed\nmax_slices: |\n  10\n", 2, 13, "max_slices"],
    ["max_slices: 1\nmax_agents: &a 4\nmax_minutes: *a\n", 3, 14, "max_minutes"],
    ["max_agents: 99999999999999999999\n", 1, 13, "max_agents"],
    ["max_review_queue: -0\n", 1, 19, "max_review_queue"],
    ["max_workspaces: 3.0\n", 1, 17, "max_workspaces"],
  ])("%j is refused at line %i, column %i, naming %s", (text, line, col, key) => {
    const err = firstError(validate(text));
    expect(err).toBeDefined();
    expect(err!.key).toBe(key);
    expect([err!.line, err!.col]).toEqual([line, col]);
    expect(err!.message).toContain(`${FILE}:${line}:${col}: `);
    expect(err!.message).toContain(key);
  });
});

describe("max_cost_usd accepts a plain decimal", () => {
  it.each([["max_cost_usd: 10\n", 10, "10"], ["max_cost_usd: 2.50\n", 2.5, "2.50"]])("%j is accepted", (text, value, source) => {
    const s = validate(text);
    expect(firstError(s)).toBeUndefined();
    expect([s.maxCostUsd, s.maxCostSource]).toEqual([value, source]);
  });
  it.each(["max_cost_usd: -1\n", "max_cost_usd: .5\n", "max_cost_usd: 5.\n", "max_cost_usd: '5'\n", "max_cost_usd: 1e2\n", "max_cost_usd:\n"])("%j is refused", (text) => {
    expect(firstError(validate(text))?.key).toBe("max_cost_usd");
  });
});

describe("allow_gates, continue_sequence and notify", () => {
  it.each([
    ["allow_gates: [advisory, validating]\n", ["advisory", "validating"]],
    ["allow_gates:\n  - validating\n", ["validating"]],
    ["allow_gates: []\n", []],
    ["allow_gates: [advisory, advisory]\n", ["advisory"]],
  ])("%j is accepted as %j", (text, gates) => {
    const s = validate(text);
    expect(firstError(s)).toBeUndefined();
    expect(s.allowGates).toEqual(gates);
  });

  it.each([
    ["allow_gates: advisory\n", 1, 14],
    ["allow_gates:\n", 1, 1],
    ["allow_gates: [advisory, nope]\n", 1, 25],
    ["allow_gates:\n  - advisory\n  - Advisory\n", 3, 5],
    ["allow_gates: [1]\n", 1, 15],
  ])("%j is refused at %i:%i", (text, line, col) => {
    const err = firstError(validate(text));
    expect(err?.key).toBe("allow_gates");
    expect([err?.line, err?.col]).toEqual([line, col]);
  });

  it.each(["blocking", "escalating"])("%s in allow_gates is warned about and never allowed", (gate) => {
    const s = validate(`allow_gates: [advisory, ${gate}]\n`);
    expect(firstError(s)).toBeUndefined();
    expect(s.allowGates).toEqual(["advisory"]);
    expect(sentinelWarnings(s).map((w) => w.rule)).toEqual(["afk-gate-ignored"]);
    expect(sentinelWarnings(s)[0]!.message).toContain(`${FILE}:1:25: `);
  });

  it.each([
    ["continue_sequence: true\n", true],
    ["continue_sequence: false\n", false],
  ])("%j is the boolean %s", (text, value) => {
    const s = validate(text);
    expect(firstError(s)).toBeUndefined();
    expect(s.continueSequence).toBe(value);
  });

  it.each(["continue_sequence: yes\n", "continue_sequence: 'true'\n", "continue_sequence: 1\n", "continue_sequence:\n"])("%j is refused", (text) => {
    expect(firstError(validate(text))?.key).toBe("continue_sequence");
  });

  it.each(["notify: 12\n", "notify:\n", "notify: ''\n", "notify: [a]\n"])("notify %j is refused", (text) => {
    expect(firstError(validate(text))?.key).toBe("notify");
  });
});

describe("document-level rules", () => {
  it.each([
    ["max_slices: 10\nmax_slices: 3\n", 2, "max_slices"],
    ["max_slices: 10\nmax_agents: 4\n\"max_slices\": 3\n", 3, "max_slices"],
  ])("a duplicate key (%j) is an error at the repeat, naming the key", (text, line, key) => {
    const err = firstError(validate(text));
    expect(err?.rule).toBe("afk-duplicate-key");
    expect(err?.key).toBe(key);
    expect(err?.line).toBe(line);
    expect(err?.message).toContain("first at line 1");
  });

  it.each([
    ["- max_slices\n- 10\n", "afk-yaml"],
    ["just some words\n", "afk-yaml"],
    ["max_slices: [1\n", "afk-yaml"],
    ["\tmax_slices: 1\n", "afk-yaml"],
    ["max_slices: 1\n---\nmax_slices: 2\n", "afk-yaml"],
  ])("%j is refused: not YAML, or not a mapping", (text, rule) => {
    const s = validate(text);
    expect(firstError(s)).toBeDefined();
    expect(s.problems.some((p) => p.severity === "error" && p.rule === rule)).toBe(true);
  });

  it("unknown keys and expires_at are warnings, not errors, with their lines", () => {
    const s = validate("max_slices: 2\nexpires_at: 2026-07-21T00:00:00Z\nmax_slice: 3\n");
    expect(firstError(s)).toBeUndefined();
    expect(sentinelWarnings(s).map((w) => [w.rule, w.line, w.key])).toEqual([
      ["afk-legacy-key", 2, "expires_at"],
      ["afk-unknown-key", 3, "max_slice"],
    ]);
  });

  it("the first error reported is the first in the file, whatever order the checks ran in", () => {
    const err = firstError(validate("max_slices: x\nmax_slices: 1\nmax_agents: y\n"));
    expect([err?.line, err?.key]).toEqual([1, "max_slices"]);
  });

  it("the full sample sentinel of formats.md validates with no problem", () => {
    const s = validate(`max_slices: 10          # per-workspace slice budget
max_agents: 32
max_minutes: 120
max_review_queue: 8
# max_tokens: 200000
notify: "notify-send devrites \\"$DEVRITES_QID: $DEVRITES_QUESTION\\""
allow_gates: [advisory, validating]
continue_sequence: true
max_workspaces: 3
max_parallel: 2
`);
    expect(s.problems).toEqual([]);
    expect(s.counts).toEqual({ max_slices: 10, max_agents: 32, max_minutes: 120, max_review_queue: 8, max_workspaces: 3, max_parallel: 2 });
    expect(s.notify).toBe('notify-send devrites "$DEVRITES_QID: $DEVRITES_QUESTION"');
  });
});

describe("answerers: the ticket logins whose comments may answer", () => {
  it.each([
    ["answerers: [octocat, Mona-Lisa]\n", ["octocat", "Mona-Lisa"]],
    ["answerers:\n  - octocat\n  - octocat\n", ["octocat"]],
    ["answerers: []\n", []],
    ["max_slices: 3\n", undefined],
  ])("%j reads as %j", (text, want) => {
    const s = validate(text);
    expect(firstError(s)).toBeUndefined();
    expect(s.answerers).toEqual(want);
  });
  it.each([
    ["answerers: octocat\n", /must be a list of GitHub logins/],
    ["answerers: [octo cat]\n", /not a GitHub login/],
    ["answerers: [-octocat]\n", /not a GitHub login/],
    ["answerers: [a--b]\n", /not a GitHub login/],
    ["answerers: [5]\n", /not a GitHub login/],
    [`answerers: [${"a".repeat(40)}]\n`, /not a GitHub login/],
  ])("%j is an error", (text, re) => {
    const e = firstError(validate(text));
    expect(e?.rule).toBe("afk-answerers");
    expect(e?.detail).toMatch(re);
  });
});

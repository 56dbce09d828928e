// The pure rules of the read-only checks, as tables: diff-scope's allowlist prefix rule and
// its reading of `git status --porcelain=v1 -z` (Go: allowedPath, gitStatusPaths in
// engine/internal/lib/diffscope.go), check slice's exact-path contract (Go: checkAllowlistPaths,
// parsePathList in slicecheck.go) and drift's per-input diff (Go: diffInputs in drift.go).

import { describe, expect, it } from "vitest";
import { allowedPath, allowEntries, porcelainPaths } from "../../src/domain/diff-scope.js";
import { diffInputs, parseDriftBaseline } from "../../src/domain/drift.js";
import { allowlistProblems, parsePathList, sliceFields } from "../../src/domain/slice-contract.js";
import { compareProgress, fingerprint, parseRegressionBaseline, ratchet, renderRegressionBaseline } from "../../src/domain/regression.js";

describe("diff-scope: an entry covers the exact path or, as a directory, everything beneath it", () => {
  it.each<[string[], string, boolean]>([
    [["src"], "src", true],
    [["src"], "src/a.ts", true],
    [["src/"], "src/deep/a.ts", true],
    [["src"], "src2/a.ts", false],
    [["src/a.ts"], "src/a.tsx", false],
    [["src/a.ts"], "src", false],
    [[], "a", false],
  ])("%j covers %s: %s", (allow, path, want) => expect(allowedPath(allow, path)).toBe(want));

  it("--allow values split on commas and trim; --allow-file lines skip blanks and # comments", () => {
    expect(allowEntries([" a , b ,", "c"], ["# x\n d \n\n#e\nf\r\n"])).toEqual(["a", "b", "c", "d", "f"]);
  });
});

describe("diff-scope: git status --porcelain=v1 -z", () => {
  it.each<[string, string[] | undefined]>([
    ["", []],
    [" M a.ts\0?? b/c.ts\0", ["a.ts", "b/c.ts"]],
    ["R  new.ts\0old.ts\0A  x\0", ["new.ts", "x"]],
    ["C  copy.ts\0orig.ts\0", ["copy.ts"]],
    ["?? with space and\nnewline\0", ["with space and\nnewline"]],
    [" M a.ts", undefined],
    ["XY\0", undefined],
  ])("%j reads as %j", (out, want) => expect(porcelainPaths(out)).toEqual(want));
});

describe("check slice: the exact-path contract", () => {
  it.each<[string, string | undefined]>([
    ["src/a.ts", undefined],
    ["/etc/passwd", "is not project-relative"],
    ["C:\\x.ts", "is not project-relative"],
    ["a/../b.ts", "escapes the project (..)"],
    ["src/*.ts", "uses a glob — exact paths only"],
    ["src/{a,b}.ts", "uses a glob — exact paths only"],
    ["src/", "is a directory — exact files only"],
    [".devrites/work/x/state.md", "targets .devrites — wrights never write workflow state"],
    ["DEVRITES/x", "targets .devrites — wrights never write workflow state"],
  ])("%s: %s", (path, want) => {
    const problems = allowlistProblems([path]);
    if (want === undefined) expect(problems).toEqual([]);
    else expect(problems).toEqual([`allowlist path ${JSON.stringify(path)} ${want}`]);
  });

  it("a duplicate is named once per repeat; lists split on ; and , with quotes trimmed and none dropped", () => {
    expect(allowlistProblems(["a", "a", "a"])).toEqual(['allowlist path "a" is duplicated', 'allowlist path "a" is duplicated']);
    expect(parsePathList("`src/a.ts`; 'b', \"c\" ; none;NONE")).toEqual(["src/a.ts", "b", "c"]);
  });

  it("fields are the first `Name: value` per name, lowercased, and a value never runs onto the next line", () => {
    const f = sliceFields(["Goal:", "Status: x", "goal: second", "- Tests/proof: not a field"]);
    expect(f.get("goal")).toBe("");
    expect(f.get("status")).toBe("x");
    expect(f.has("tests/proof")).toBe(false);
  });
});

describe("check drift: per-input differences", () => {
  const d = (path: string, sha?: string) => (sha === undefined ? { path, present: false } : { path, present: true, sha256: sha });
  it.each<[string, ReturnType<typeof d>[], ReturnType<typeof d>[], { path: string; kind: string }[]]>([
    ["unchanged", [d("a", "1")], [d("a", "1")], []],
    ["changed", [d("a", "1")], [d("a", "2")], [{ path: "a", kind: "changed" }]],
    ["added", [d("a")], [d("a", "1")], [{ path: "a", kind: "added" }]],
    ["missing", [d("a", "1")], [d("a")], [{ path: "a", kind: "missing" }]],
    ["gone from the input list", [d("z", "1")], [], [{ path: "z", kind: "missing" }]],
    ["sorted by path", [d("b", "1"), d("a", "1")], [d("b", "2"), d("a", "2")], [{ path: "a", kind: "changed" }, { path: "b", kind: "changed" }]],
  ])("%s", (_n, base, cur, want) => expect(diffInputs(base, cur)).toEqual(want));

  it.each([["{", /^corrupt baseline: /], ["[]", /^corrupt baseline: not a JSON object$/], ['{"version":2}', /^unsupported baseline version 2$/], ['{"version":1,"inputs":[{}]}', /^corrupt baseline: /]])("%s is unreadable", (text, want) => {
    const r = parseDriftBaseline(text);
    expect("problem" in r && r.problem).toMatch(want);
  });
});

describe("check regression: facts and their loss", () => {
  const fp = (over: Partial<Parameters<typeof fingerprint>[0]>) => fingerprint({ phase: "build", spec: undefined, tasks: undefined, gates: undefined, questions: undefined, presentArtifacts: [], ...over });

  it("reads checked criteria, met and abandoned gates, done slices and resolved questions outside fences", () => {
    const f = fp({
      spec: "- [X] AC-2\n  - [x] AC-10\n- [ ] AC-3\n```\n- [x] AC-9\n```\n",
      gates: "- [x] G1: a\n- [ ] G2: b\nABANDON: G2 out of scope\nABANDON: G3\n- [x] G1: duplicate\n",
      tasks: "## SLICE-001 a\nStatus: Done\n## SLICE-002 b\nGoal: x\nStatus: pending\nStatus: built\n## SLICE-003 c\n",
      questions: "# Questions\n\n## q-2026-01-01-001 a\nstatus: answered\n\n## q-2026-01-01-002 b\nstatus: open\n\n## q-2026-01-01-003 c\ngate: advisory\n",
    });
    expect(f).toMatchObject({ checked_ac: ["AC-10", "AC-2"], met_gates: ["G1"], abandoned_gates: ["G2"], done_slices: ["SLICE-001"], resolved_questions: ["q-2026-01-01-001"], phase_ordinal: 7 });
  });

  it("an abandoned gate that became met is not lost; a later phase is not a regression", () => {
    const base = fp({ phase: "build", gates: "- [ ] G1: a\nABANDON: G1 reason\n" });
    expect(compareProgress(base, fp({ phase: "prove", gates: "- [x] G1: a\n" }))).toEqual([]);
  });

  it("the baseline file leaves empty sets out and reads back the same", () => {
    const b = ratchet(undefined, fp({ spec: "- [x] AC-1\n" }), "2026-01-01T00:00:00Z");
    const text = renderRegressionBaseline(b);
    expect(JSON.parse(text)).toEqual({ version: 1, updated_at: "2026-01-01T00:00:00Z", phase: "build", phase_ordinal: 7, checked_ac: ["AC-1"] });
    expect(parseRegressionBaseline(text)).toEqual(b);
  });
});

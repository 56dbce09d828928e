import { describe, expect, it } from "vitest";
import { parseManifest } from "../../src/documents/manifest/parse-manifest.js";
import { parseState } from "../../src/documents/state/parse-state.js";
import { checkReleaseUnion, listMissing, missingReleasePaths, releaseUnionProblem } from "../../src/domain/release-union.js";
import { manifestMd, memorySource, row, stateMd } from "./sequence-fixtures.js";

const doc = (paths: string[]) => parseManifest(manifestMd(paths.map((p) => row(p))));
const paths = (n: number) => Array.from({ length: n }, (_, i) => `src/f${String(i).padStart(2, "0")}.ts`);

describe("missing paths", () => {
  it.each([
    ["every predecessor path listed", ["a", "b", "r"], [["a"], ["b"]], []],
    ["a path of one predecessor missing", ["a", "r"], [["a"], ["b"]], ["b"]],
    ["a path missing from two predecessors is named once", ["r"], [["a"], ["a"]], ["a"]],
    ["missing paths in byte order", ["r"], [["b", "src/z"], ["B", "src-z"]], ["B", "b", "src-z", "src/z"]],
    ["a predecessor with no project files", ["r"], [[]], []],
    ["case differs: a different path", ["A"], [["a"]], ["a"]],
  ])("%s", (_name, release, preds, missing) => {
    expect(missingReleasePaths(doc(release).rows, preds.map((p) => doc(p)))).toEqual(missing);
  });

  it.each([
    [1, "src/f00.ts"],
    [8, paths(8).join(", ")],
    [9, `${paths(8).join(", ")}, …and 1 more`],
    [20, `${paths(8).join(", ")}, …and 12 more`],
  ])("%d missing paths are listed up to 8, then `…and N more`", (n, text) => {
    expect(listMissing(paths(n))).toBe(text);
  });
});

describe("releaseUnionProblem", () => {
  it("a covered release has no problem", () => {
    expect(releaseUnionProblem("rel", doc(["a", "b"]), [doc(["a"]), doc(["b"])])).toBeUndefined();
  });

  it("an uncovered release is one error at the Candidate manifest heading, with the merge-manifest hint", () => {
    const p = releaseUnionProblem("rel", doc(["r"]), [doc(paths(5)), doc(paths(12))]);
    expect(p).toEqual({
      severity: "error",
      rule: "release-union",
      line: 6,
      col: 1,
      message: `release manifest misses 12 predecessor path(s): ${paths(8).join(", ")}, …and 4 more; run devrites-engine state merge-manifest rel`,
      hint: "devrites-engine state merge-manifest rel",
    });
  });
});

describe("checkReleaseUnion (the rule as check runs it)", () => {
  const source = () =>
    memorySource({
      "feat-1": { state: stateMd(), manifest: manifestMd([row("src/a.ts")]) },
      "feat-2": { archived: true, state: stateMd({ sequence_parent: "feat-1" }), manifest: manifestMd([row("src/b.ts")]) },
    });
  const run = (fields: Record<string, string>, release: string[], src = source()) => checkReleaseUnion("rel", parseState(stateMd(fields)), doc(release), src);

  it("a workspace without sequence_role release is not checked and reads nothing", () => {
    const src = source();
    expect(run({ sequence_parent: "feat-2" }, [], src)).toEqual([]);
    expect(src.reads).toEqual([]);
  });

  it("a release covering its archived and live predecessors passes", () => {
    expect(run({ sequence_parent: "feat-2", sequence_role: "release" }, ["src/a.ts", "src/b.ts", "src/r.ts"])).toEqual([]);
  });

  it("a release missing a path of its chain is an error naming the path", () => {
    const [p] = run({ sequence_parent: "feat-2", sequence_role: "release" }, ["src/b.ts"]);
    expect(p).toMatchObject({ severity: "error", rule: "release-union" });
    expect(p!.message).toContain("misses 1 predecessor path(s): src/a.ts;");
  });

  it("a release without sequence_parent is a warning: its union cannot be verified", () => {
    expect(run({ sequence_role: "release" }, [])).toMatchObject([{ severity: "warning", rule: "release-chain" }]);
  });

  it("a chain that cannot be walked is an error carrying the walk's reason", () => {
    const [p] = run({ sequence_parent: "ghost", sequence_role: "release" }, []);
    expect(p).toMatchObject({ severity: "error", rule: "release-chain" });
    expect(p!.message).toContain('cannot verify the release union: sequence_parent "ghost" of rel is not a workspace');
  });
});

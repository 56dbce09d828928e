import { describe, expect, it } from "vitest";
import { parseManifest } from "../../src/documents/manifest/parse-manifest.js";
import { foldManifests, mergeSummary, planMergeManifest, type MergeInput } from "../../src/domain/merge-manifest.js";
import { BLOCKED_PREFIX, MAX_CHAIN_LINKS } from "../../src/domain/sequence-chain.js";
import { EngineError, RefusedError } from "../../src/errors.js";
import { chainOf, manifestMd, memorySource, row, stateMd } from "./sequence-fixtures.js";

const rowsOf = (text: string) => parseManifest(text).rows;
const fold = (...manifests: string[][]) => foldManifests(manifests.map((rows, i) => ({ label: `m${i}`, rows: rowsOf(manifestMd(rows)) })));

/** The refusal `fn` throws: exit code, prefix and message. */
function refusal(fn: () => unknown): { exit: number; prefix: string; message: string } {
  try {
    fn();
  } catch (e) {
    if (e instanceof EngineError) return { exit: e.exitCode, prefix: e.prefix, message: e.message };
    throw e;
  }
  throw new Error("expected a refusal");
}

describe("the fold", () => {
  it.each([
    ["disjoint manifests are a sorted union without collisions", [[row("b")], [row("a")], [row("c")]], ["a", "b", "c"], 0],
    ["the same path twice is one row and one collision", [[row("a", "S1")], [row("a", "S2")]], ["a"], 1],
    ["a path in three manifests collides twice", [[row("a", "S1")], [row("a", "S2")], [row("a", "S3")]], ["a"], 2],
    ["empty manifests fold to nothing", [[], []], [], 0],
    ["byte order: uppercase, '-', '/', lowercase", [[row("src/a")], [row("src-a"), row("Src")], [row("a")]], ["Src", "a", "src-a", "src/a"], 0],
  ])("%s", (_name, manifests, paths, collisions) => {
    const r = fold(...(manifests as string[][]));
    expect(r.rows.map((x) => x.path)).toEqual(paths);
    expect(r.collisions).toBe(collisions);
  });

  it("the later manifest's row wins a collision, whole (state, slice and reason)", () => {
    const r = fold([row("a", "S1", "present", "First.")], [row("a", "S2", "deleted", "Removed.")]);
    expect(r.rows[0]).toMatchObject({ state: "deleted", slice: "S2", reason: "Removed." });
  });

  it("paths that differ only in case across manifests are refused, naming both manifests", () => {
    const r = refusal(() => fold([row("src/A.ts")], [row("src/a.ts")]));
    expect(r).toMatchObject({ exit: 3, prefix: BLOCKED_PREFIX });
    expect(r.message).toContain('"src/a.ts" (m1) and "src/A.ts" (m0)');
  });

  it("the summary line adds the collision suffix only when there are collisions", () => {
    expect(mergeSummary({ manifests: 3, rows: 5, collisions: 1 })).toBe("merge-manifest: merged 3 manifest(s) into 5 row(s) (1 path collision(s), later position kept)");
    expect(mergeSummary({ manifests: 2, rows: 0, collisions: 0 })).toBe("merge-manifest: merged 2 manifest(s) into 0 row(s)");
  });
});

const feats = () =>
  memorySource({
    "feat-1": { state: stateMd(), manifest: manifestMd([row("src/a.ts", "SLICE-001"), row("src/shared.ts", "SLICE-001", "present", "First write.")]) },
    "feat-2": {
      archived: true,
      state: stateMd({ sequence_parent: "feat-1" }),
      manifest: manifestMd([row("src/b.ts", "SLICE-002"), row("src/shared.ts", "SLICE-002", "present", "Rewritten.")]),
    },
  });
const release = (fields: Record<string, string> = { sequence_parent: "feat-2", sequence_role: "release" }, rows = [row("src/r.ts")]): Omit<MergeInput, "predecessors"> => ({
  slug: "release",
  state: stateMd(fields),
  manifest: manifestMd(rows),
});

describe("planMergeManifest", () => {
  it("an explicit list with an archived predecessor: later position wins, target rows last, sorted", () => {
    const plan = planMergeManifest({ ...release(), predecessors: ["feat-1", "feat-2"] }, feats());
    expect(plan).toMatchObject({ mode: "list", manifests: 3, rows: 4, collisions: 1, changed: true });
    expect(plan.predecessors).toEqual([{ slug: "feat-1", archived: false }, { slug: "feat-2", archived: true }]);
    expect(plan.text).toBe(
      manifestMd([row("src/a.ts", "SLICE-001"), row("src/b.ts", "SLICE-002"), row("src/r.ts"), row("src/shared.ts", "SLICE-002", "present", "Rewritten.")]),
    );
    expect(plan.events).toEqual([
      { event: "manifest_merged", detail: { workspace: "release", mode: "list", predecessors: plan.predecessors, manifests: 3, rows: 4, collisions: 1 } },
    ]);
  });

  it("the chain walk finds the same predecessors oldest first", () => {
    const plan = planMergeManifest({ ...release(), predecessors: [] }, feats());
    expect(plan.mode).toBe("chain");
    expect(plan.predecessors.map((p) => p.slug)).toEqual(["feat-1", "feat-2"]);
    expect(plan.text).toBe(planMergeManifest({ ...release(), predecessors: ["feat-1", "feat-2"] }, feats()).text);
  });

  it("the target's own row wins over every predecessor's", () => {
    const plan = planMergeManifest({ ...release(undefined, [row("src/shared.ts", "SLICE-009", "deleted", "Release drops it.")]), predecessors: [] }, feats());
    expect(parseManifest(plan.text).rows.find((r) => r.path === "src/shared.ts")).toMatchObject({ slice: "SLICE-009", state: "deleted" });
    expect(plan.collisions).toBe(2);
  });

  it("a re-run on the merged text is byte-identical, reports no change and records no event", () => {
    const first = planMergeManifest({ ...release(), predecessors: [] }, feats());
    const second = planMergeManifest({ ...release(), manifest: first.text, predecessors: [] }, feats());
    expect(second.text).toBe(first.text);
    expect(second.changed).toBe(false);
    expect(second.events).toEqual([]);
    expect(second.rows).toBe(first.rows);
  });

  it("a CRLF target stays CRLF and keeps its missing final newline", () => {
    const manifest = manifestMd([row("src/r.ts")], { trail: false }).replace(/\n/g, "\r\n").replace(/\r\n$/, "");
    const plan = planMergeManifest({ ...release(), manifest, predecessors: [] }, feats());
    expect(plan.text).toBe(
      manifestMd([row("src/a.ts", "SLICE-001"), row("src/b.ts", "SLICE-002"), row("src/r.ts"), row("src/shared.ts", "SLICE-002", "present", "Rewritten.")], { trail: false })
        .replace(/\n/g, "\r\n")
        .replace(/\r\n$/, ""),
    );
  });

  it("an empty union is `No project files.` with 0 rows", () => {
    const source = memorySource({ "feat-1": { state: stateMd(), manifest: manifestMd([]) } });
    const plan = planMergeManifest({ ...release({}, []), predecessors: ["feat-1"] }, source);
    expect(plan).toMatchObject({ rows: 0, collisions: 0, manifests: 2, changed: false });
    expect(plan.text).toBe(manifestMd([]));
  });

  it("without a recorded parent an explicit list is taken as given", () => {
    const plan = planMergeManifest({ ...release({}), predecessors: ["feat-2"] }, feats());
    expect(plan.predecessors).toEqual([{ slug: "feat-2", archived: true }]);
  });

  it.each([
    ["the target itself", ["release", "feat-2"], 'predecessor "release" names the target workspace'],
    ["a duplicate", ["feat-1", "feat-1", "feat-2"], 'duplicate predecessor "feat-1"'],
    ["an unknown name", ["ghost", "feat-2"], 'unknown predecessor "ghost"'],
    ["a last entry that is not the recorded parent", ["feat-2", "feat-1"], 'release records sequence_parent "feat-2" but the list ends with "feat-1"'],
  ])("an explicit list naming %s is refused (BLOCKED, exit 3)", (_name, list, message) => {
    const r = refusal(() => planMergeManifest({ ...release(), predecessors: list }, feats()));
    expect(r).toMatchObject({ exit: 3, prefix: BLOCKED_PREFIX });
    expect(r.message).toContain(message);
  });

  it("target rows out of path order are refused naming file, line and column", () => {
    const r = refusal(() => planMergeManifest({ ...release(undefined, [row("src/r.ts"), row("src/b.ts")]), predecessors: [] }, feats()));
    expect(r).toMatchObject({ exit: 3, prefix: BLOCKED_PREFIX });
    expect(r.message).toMatch(/^work\/release\/touched-files\.md:10:13: .*"src\/b\.ts".*\(manifest-order\)$/);
  });

  it("an invalid predecessor manifest is refused naming its file under archive/", () => {
    const source = memorySource({
      "feat-1": { state: stateMd(), manifest: manifestMd([row("src/a.ts")]) },
      "feat-2": { archived: true, state: stateMd({ sequence_parent: "feat-1" }), manifest: manifestMd([row("../escape.ts")]) },
    });
    const r = refusal(() => planMergeManifest({ ...release(), predecessors: [] }, source));
    expect(r.message).toMatch(/^archive\/feat-2\/touched-files\.md:9:13: .*path-dot-component/);
  });

  it("a predecessor without touched-files.md is refused", () => {
    const source = memorySource({ "feat-2": { state: stateMd() } });
    expect(refusal(() => planMergeManifest({ ...release(), predecessors: ["feat-2"] }, source)).message).toContain("feat-2 has no touched-files.md");
  });

  it("the schema gate refuses an older target before reading any predecessor", () => {
    const source = feats();
    const r = refusal(() => planMergeManifest({ ...release(), state: stateMd({ sequence_parent: "feat-2" }, "3"), predecessors: [] }, source));
    expect(r.exit).toBe(3);
    expect(r.message).toContain("workspace schema version refused: workspace release predates workspace schema 4 (it records schema 3");
    expect(source.reads).toEqual([]);
  });

  it("a union above 4,096 rows is refused instead of written", () => {
    const many = (from: number) => Array.from({ length: 2100 }, (_, i) => row(`src/f${String(from + i).padStart(5, "0")}.ts`));
    const source = memorySource({ a: { state: stateMd(), manifest: manifestMd(many(0)) }, b: { state: stateMd(), manifest: manifestMd(many(5000)) } });
    expect(refusal(() => planMergeManifest({ ...release({}), predecessors: ["a", "b"] }, source)).message).toContain("the union has 4201 rows, more than the 4096");
  });
});

describe("the chain walk", () => {
  it(`a chain of exactly ${MAX_CHAIN_LINKS} links is merged whole`, () => {
    const { source, release: rel } = chainOf(MAX_CHAIN_LINKS);
    const plan = planMergeManifest({ slug: "release", ...rel, predecessors: [] }, source);
    expect(plan.manifests).toBe(MAX_CHAIN_LINKS + 1);
    expect(plan.rows).toBe(MAX_CHAIN_LINKS + 1);
    expect(plan.predecessors[0]!.slug).toBe("m1");
    expect(plan.predecessors[MAX_CHAIN_LINKS - 1]!.slug).toBe(`m${MAX_CHAIN_LINKS}`);
  });

  it(`a chain of ${MAX_CHAIN_LINKS + 1} links is refused, not truncated`, () => {
    const { source, release: rel } = chainOf(MAX_CHAIN_LINKS + 1);
    const r = refusal(() => planMergeManifest({ slug: "release", ...rel, predecessors: [] }, source));
    expect(r).toMatchObject({ exit: 3, prefix: BLOCKED_PREFIX });
    expect(r.message).toContain(`longer than ${MAX_CHAIN_LINKS} links (still going at "m1")`);
  });

  it.each([
    ["two workspaces pointing at each other", { a: { state: stateMd({ sequence_parent: "b" }), manifest: manifestMd([]) }, b: { state: stateMd({ sequence_parent: "a" }), manifest: manifestMd([]) } }, "b", 'sequence_parent cycle at "b"'],
    ["a predecessor pointing back at the release", { a: { state: stateMd({ sequence_parent: "release" }), manifest: manifestMd([]) } }, "a", 'sequence_parent cycle at "release"'],
    ["the release naming itself", {}, "release", 'sequence_parent cycle at "release"'],
  ])("a cycle (%s) is refused at the first repeated workspace", (_name, ws, parent, message) => {
    const r = refusal(() => planMergeManifest({ ...release({ sequence_parent: parent }), predecessors: [] }, memorySource(ws)));
    expect(r).toMatchObject({ exit: 3, prefix: BLOCKED_PREFIX, message });
  });

  it.each([
    ["no sequence_parent", {}, {}, "release has no sequence_parent; pass an explicit ordered predecessor list"],
    ["an empty sequence_parent", { sequence_parent: "" }, {}, "release has no sequence_parent; pass an explicit ordered predecessor list"],
    ["a parent that does not exist", { sequence_parent: "gone" }, {}, 'sequence_parent "gone" of release is not a workspace in work/ or archive/'],
    ["a parent without state.md", { sequence_parent: "p" }, { p: { archived: true, manifest: manifestMd([]) } }, 'sequence_parent "p" has no state.md (archive/p/state.md)'],
  ])("a chain with %s is refused", (_name, fields, ws, message) => {
    const r = refusal(() => planMergeManifest({ ...release(fields), predecessors: [] }, memorySource(ws)));
    expect(r).toMatchObject({ exit: 3, prefix: BLOCKED_PREFIX });
    expect(r.message).toContain(message);
  });

  it("every refusal is a RefusedError, so nothing is written", () => {
    expect(() => planMergeManifest({ ...release({}), predecessors: [] }, feats())).toThrow(RefusedError);
  });
});

import { describe, expect, it } from "vitest";
import { lintManifest } from "../../../src/domain/check/lint-manifest.js";
import { manifestMd, memorySource, row, stateMd } from "../sequence-fixtures.js";

const source = () => memorySource({ "feat-1": { state: stateMd(), manifest: manifestMd([row("src/a.ts"), row("src/b.ts")]) } });
const releaseState = stateMd({ sequence_parent: "feat-1", sequence_role: "release" });

describe("check's touched-files.md rules", () => {
  it("a valid manifest of a plain workspace has no diagnostics", () => {
    expect(lintManifest(manifestMd([row("src/a.ts")]), { slug: "w", state: stateMd(), source: source() })).toEqual([]);
  });

  it("every grammar violation is an error diagnostic on touched-files.md with its line and column", () => {
    const d = lintManifest(manifestMd([row("src/b.ts"), row("src/a.ts", "S", "modified"), row("/abs")]), { slug: "w", state: stateMd() });
    expect(d.map((x) => `${x.file}:${x.line}:${x.col} ${x.severity} ${x.rule}`)).toEqual([
      "touched-files.md:10:3 error manifest-state",
      "touched-files.md:11:13 error path-absolute",
    ]);
  });

  it("a release missing a predecessor path gets one release-union error naming merge-manifest", () => {
    const d = lintManifest(manifestMd([row("src/a.ts")]), { slug: "rel", state: releaseState, source: source() });
    expect(d).toEqual([
      {
        file: "touched-files.md", line: 6, col: 1, severity: "error", rule: "release-union",
        message: "release manifest misses 1 predecessor path(s): src/b.ts; run devrites-engine state merge-manifest rel",
      },
    ]);
  });

  it("without a source only the grammar is linted", () => {
    expect(lintManifest(manifestMd([row("src/a.ts")]), { slug: "rel", state: releaseState })).toEqual([]);
  });

  it("a release-chain problem carries its hint in the message", () => {
    const [d] = lintManifest(manifestMd([]), { slug: "rel", state: stateMd({ sequence_role: "release" }), source: source() });
    expect(d).toMatchObject({ severity: "warning", rule: "release-chain" });
    expect(d!.message).toContain("(hint: record sequence_parent");
  });

  const PACK_LOG = "# Touched files: add-bulk-delete\n\n- `src/routes/bulk-delete.ts` — new endpoint\n";
  it("the pack's free-form touched-files log (no Candidate manifest) outside a sequence is not held to the manifest grammar", () => {
    expect(lintManifest(PACK_LOG, { slug: "w", state: stateMd(), source: source() })).toEqual([]);
  });

  it.each([
    ["in a release sequence", releaseState, PACK_LOG],
    ["with a Candidate manifest heading", stateMd(), "# Touched files: w\n\n## Candidate manifest\nbroken\n"],
  ])("%s the grammar applies", (_name, state, text) => {
    expect(lintManifest(text, { slug: "rel", state }).some((d) => d.severity === "error")).toBe(true);
  });
});

// The release-union rule of `check`: a workspace with `sequence_role release` must list
// every path its predecessors' manifests list. Pure; `checkReleaseUnion` walks the
// recorded chain through an injected SequenceSource.

import type { ManifestDoc, ManifestRow } from "../documents/manifest/parse-manifest.js";
import { compareBytes } from "../documents/manifest/paths.js";
import { cursorValue, type StateDoc } from "../documents/state/parse-state.js";
import { EngineError } from "../errors.js";
import { sequenceParent, walkSequenceChain, type SequenceSource } from "./sequence-chain.js";
import { shellWord } from "../shell-word.js";

/** How many missing paths the error names before `…and N more`. */
const MISSING_SHOWN = 8;

interface ReleaseUnionProblem {
  severity: "error" | "warning";
  rule: "release-union" | "release-chain";
  /** Where in touched-files.md (the `## Candidate manifest` heading, else line 1). */
  line: number;
  col: number;
  message: string;
  hint: string;
}

/** Predecessor paths the release manifest does not list: unique, in byte order. */
export function missingReleasePaths(release: readonly ManifestRow[], predecessors: readonly { rows: readonly ManifestRow[] }[]): string[] {
  const listed = new Set(release.map((r) => r.path));
  const missing = new Set<string>();
  for (const p of predecessors) for (const r of p.rows) if (!listed.has(r.path)) missing.add(r.path);
  return [...missing].sort(compareBytes);
}

/** `a, b, …, h, …and 3 more` */
export function listMissing(paths: readonly string[]): string {
  const shown = paths.slice(0, MISSING_SHOWN).join(", ");
  return paths.length > MISSING_SHOWN ? `${shown}, …and ${paths.length - MISSING_SHOWN} more` : shown;
}

function anchor(release: ManifestDoc): { line: number; col: number } {
  return { line: release.body ? release.body.heading + 1 : 1, col: 1 };
}

/** The one release-union error for these manifests, or undefined when the union is covered. */
export function releaseUnionProblem(slug: string, release: ManifestDoc, predecessors: readonly { rows: readonly ManifestRow[] }[]): ReleaseUnionProblem | undefined {
  const missing = missingReleasePaths(release.rows, predecessors);
  if (missing.length === 0) return undefined;
  return {
    severity: "error",
    rule: "release-union",
    ...anchor(release),
    message: `release manifest misses ${missing.length} predecessor path(s): ${listMissing(missing)}; run devrites-engine state merge-manifest ${shellWord(slug)}`,
    hint: `devrites-engine state merge-manifest ${shellWord(slug)}`,
  };
}

/**
 * The release-union rule for one workspace: nothing unless its cursor says `sequence_role
 * release`; a warning when no `sequence_parent` is recorded (an explicit list was needed, so
 * the union cannot be verified); an error when the chain cannot be walked or a path is missing.
 */
export function checkReleaseUnion(slug: string, state: StateDoc, release: ManifestDoc, source: SequenceSource): ReleaseUnionProblem[] {
  if ((cursorValue(state, "sequence_role") ?? "").toLowerCase() !== "release") return [];
  if (sequenceParent(state) === undefined) {
    return [{
      severity: "warning",
      rule: "release-chain",
      ...anchor(release),
      message: `release workspace ${slug} records no sequence_parent, so its union cannot be verified`,
      hint: `record sequence_parent, or merge with an explicit list: devrites-engine state merge-manifest ${shellWord(slug)} <oldest> … <newest>`,
    }];
  }
  let predecessors;
  try {
    predecessors = walkSequenceChain(slug, state, source);
  } catch (e) {
    if (!(e instanceof EngineError)) throw e;
    return [{ severity: "error", rule: "release-chain", ...anchor(release), message: `cannot verify the release union: ${e.message}`, hint: e.hint ?? `devrites-engine state merge-manifest ${shellWord(slug)}` }];
  }
  const problem = releaseUnionProblem(slug, release, predecessors.map((p) => p.manifest));
  return problem ? [problem] : [];
}

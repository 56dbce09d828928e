// The merge-manifest use case: fold the predecessors' candidate manifests (oldest first,
// the target's own rows last) into the release workspace's touched-files.md. Pure: texts
// and a SequenceSource in, the new text, counts and the event out.

import { InternalError } from "../errors.js";
import { replaceBodyEdit, renderManifestBody } from "../documents/manifest/edit-manifest.js";
import { MANIFEST_MAX_BYTES, MANIFEST_MAX_ROWS, parseManifest, type ManifestRow } from "../documents/manifest/parse-manifest.js";
import { compareBytes, foldCase, utf8Length } from "../documents/manifest/paths.js";
import { parseState } from "../documents/state/parse-state.js";
import { applyEdits } from "../documents/text-edit.js";
import { assertSchema } from "./schema-gate.js";
import type { EventDraft } from "./events.js";
import { blocked, listedPredecessors, requireValidManifest, walkSequenceChain, type SequenceSource } from "./sequence-chain.js";

export interface MergeInput {
  /** The release (target) workspace: its slug, state.md and touched-files.md texts. */
  slug: string;
  state: string;
  manifest: string;
  /** Explicit predecessors, oldest first; empty = walk `sequence_parent`. */
  predecessors: readonly string[];
}

/** One manifest's rows with the name it is reported under. */
interface FoldInput {
  label: string;
  rows: readonly ManifestRow[];
}

interface FoldResult {
  /** The union, sorted by path in byte order. */
  rows: ManifestRow[];
  /** How many rows replaced an earlier row for the same path. */
  collisions: number;
}

interface MergePlan {
  /** The new touched-files.md; equal to the input when nothing changes. */
  text: string;
  changed: boolean;
  mode: "chain" | "list";
  predecessors: { slug: string; archived: boolean }[];
  /** Predecessors plus the target. */
  manifests: number;
  rows: number;
  collisions: number;
  events: EventDraft[];
}

/**
 * Fold manifests oldest to newest: a later row for a path replaces the earlier one and
 * counts one collision. Paths that differ only in case would make an invalid manifest.
 * @throws RefusedError (BLOCKED) when two manifests name one file in different case.
 */
export function foldManifests(inputs: readonly FoldInput[]): FoldResult {
  const byPath = new Map<string, ManifestRow>();
  const byFold = new Map<string, { path: string; label: string }>();
  let collisions = 0;
  for (const { label, rows } of inputs) {
    for (const row of rows) {
      if (byPath.has(row.path)) collisions++;
      else {
        const key = foldCase(row.path);
        const twin = byFold.get(key);
        if (twin) {
          throw blocked(`"${row.path}" (${label}) and "${twin.path}" (${twin.label}) differ only in case; the union would name one file twice`, {
            hint: "rename the row in one manifest so both spell the path the same way",
          });
        }
        byFold.set(key, { path: row.path, label });
      }
      byPath.set(row.path, row);
    }
  }
  const rows = [...byPath.values()].sort((a, b) => compareBytes(a.path, b.path));
  return { rows, collisions };
}

/**
 * Plan a merge: check the target, resolve the predecessors, fold, and splice the new body in.
 * @throws RefusedError (BLOCKED or the schema gate's message) for every refusal of commands.md;
 * InternalError when the result does not parse back.
 */
export function planMergeManifest(input: MergeInput, source: SequenceSource): MergePlan {
  const stateDoc = parseState(input.state);
  assertSchema(stateDoc, input.slug);
  const file = `work/${input.slug}/touched-files.md`;
  const mode: MergePlan["mode"] = input.predecessors.length > 0 ? "list" : "chain";
  const predecessors =
    mode === "list" ? listedPredecessors(input.slug, stateDoc, input.predecessors, source) : walkSequenceChain(input.slug, stateDoc, source);
  const target = requireValidManifest(input.manifest, file);

  const { rows, collisions } = foldManifests([
    ...predecessors.map((p) => ({ label: `${p.label}/touched-files.md`, rows: p.manifest.rows })),
    { label: file, rows: target.rows },
  ]);
  if (rows.length > MANIFEST_MAX_ROWS) {
    throw blocked(`the union has ${rows.length} rows, more than the ${MANIFEST_MAX_ROWS} a manifest may hold`, { hint: "split the release" });
  }
  const text = applyEdits(input.manifest, [replaceBodyEdit(target, renderManifestBody(rows))]);
  const size = utf8Length(text);
  if (size > MANIFEST_MAX_BYTES) {
    throw blocked(`the merged ${file} would be ${size} bytes, more than the 1 MiB a manifest may be`, { hint: "shorten the Reason cells or split the release" });
  }
  verifyMerged(text, rows, file);

  const changed = text !== input.manifest;
  const summary = {
    mode,
    predecessors: predecessors.map((p) => ({ slug: p.slug, archived: p.archived })),
    manifests: predecessors.length + 1,
    rows: rows.length,
    collisions,
  };
  return {
    text,
    changed,
    ...summary,
    events: changed ? [{ event: "manifest_merged", detail: { workspace: input.slug, ...summary } }] : [],
  };
}

/** Parse the result back: it must be valid and hold exactly the folded rows. */
function verifyMerged(text: string, rows: readonly ManifestRow[], file: string): void {
  const back = parseManifest(text);
  const v = back.violations[0];
  const same =
    back.rows.length === rows.length &&
    back.rows.every((r, i) => {
      const w = rows[i] as ManifestRow;
      return r.path === w.path && r.state === w.state && r.slice === w.slice && r.reason === w.reason;
    });
  if (v || !same) {
    throw new InternalError(`the merged ${file} did not read back${v ? ` (line ${v.line}: ${v.message})` : ""}; nothing written`, { kind: "read-back" });
  }
}

/** The summary line commands.md quotes. */
export function mergeSummary(plan: Pick<MergePlan, "manifests" | "rows" | "collisions">): string {
  const base = `merge-manifest: merged ${plan.manifests} manifest(s) into ${plan.rows} row(s)`;
  return plan.collisions > 0 ? `${base} (${plan.collisions} path collision(s), later position kept)` : base;
}

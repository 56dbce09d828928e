// In-memory release sequences for the pure merge-manifest and release-union tests.

import type { SequenceMember, SequenceSource } from "../../src/domain/sequence-chain.js";

export const stateMd = (fields: Record<string, string> = {}, schema = "4") =>
  `# State\n\n## Cursor\n| Key | Value |\n| --- | --- |\n| schema | ${schema} |\n| phase | seal |\n| status | running |\n${Object.entries(fields)
    .map(([k, v]) => `| ${k} | ${v} |\n`)
    .join("")}\n## Log\n- 2026-07-19T18:00:00Z seal: GO\n`;

export const row = (path: string, slice = "SLICE-001", state = "present", reason = "Touched.") => `| ${state} | \`${path}\` | ${slice} | ${reason} |`;

export const manifestMd = (rows: string[], { trail = true } = {}) =>
  `# Touched files\n\n## Touched files\nScope.\n\n## Candidate manifest\n${
    rows.length === 0 ? "No project files.\n" : `| State | File | Slice | Reason |\n| --- | --- | --- | --- |\n${rows.map((r) => r + "\n").join("")}`
  }${trail ? "\n## Review trail\n- src/x.ts:1 — checked\n" : ""}`;

interface MemoryWorkspace {
  archived?: boolean;
  state?: string;
  manifest?: string;
}

/** A SequenceSource over a map of workspaces; `reads` records every file read. */
export function memorySource(workspaces: Record<string, MemoryWorkspace>): SequenceSource & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    find(slug: string): SequenceMember | undefined {
      const w = Object.prototype.hasOwnProperty.call(workspaces, slug) ? workspaces[slug] : undefined;
      if (!w) return undefined;
      const label = `${w.archived ? "archive" : "work"}/${slug}`;
      return {
        slug,
        archived: w.archived === true,
        label,
        readState: () => (reads.push(`${label}/state.md`), w.state),
        readManifest: () => (reads.push(`${label}/touched-files.md`), w.manifest),
      };
    },
  };
}

/** A chain `m1 ← m2 ← … ← m<n> ← release`: n links from the release to the head. */
export function chainOf(n: number): { source: ReturnType<typeof memorySource>; release: { state: string; manifest: string } } {
  const ws: Record<string, MemoryWorkspace> = {};
  for (let i = 1; i <= n; i++) {
    ws[`m${i}`] = {
      archived: i % 2 === 0,
      state: stateMd(i === 1 ? {} : { sequence_parent: `m${i - 1}` }),
      manifest: manifestMd([row(`src/m${String(i).padStart(3, "0")}.ts`, `SLICE-${i}`)]),
    };
  }
  return {
    source: memorySource(ws),
    release: { state: stateMd({ sequence_parent: `m${n}`, sequence_role: "release" }), manifest: manifestMd([row("src/release.ts")]) },
  };
}

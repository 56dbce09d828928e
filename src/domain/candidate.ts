// The candidate identity `check candidate` prints and `check seal` binds: one SHA-256 over the
// rows of touched-files.md's `## Candidate manifest` (state, path, and for a present file its
// type, executable bit, length and bytes), the byte stream of the Go engine's
// engine/internal/lib/candidate.go (hashCandidate, writeCandidateField), so a digest either
// engine recorded verifies on both. Pure: the command reads the files and feeds the hash.

import { parseManifest, type RowState } from "../documents/manifest/parse-manifest.js";

export const CANDIDATE_MANIFEST_CAP = 1024 * 1024;
export const CANDIDATE_FILE_CAP = 64 * 1024 * 1024;
export const CANDIDATE_TOTAL_CAP = 256 * 1024 * 1024;
/** evidence.md, review.md, seal.md, browser-evidence.md are read up to this to find the digest line. */
export const CANDIDATE_ARTIFACT_CAP = 1024 * 1024;
export const DIGEST_LABEL = "Candidate SHA-256:";

const DOMAIN = "devrites-candidate-sha256";
const VERSION = "v1";

/** One manifest row as hashed: a present row carries its file's mode bit and size. */
export interface CandidateEntry {
  state: RowState;
  path: string;
  executable: boolean;
  size: number;
}

const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
};
const field = (s: string) => [u64(Buffer.byteLength(s)), Buffer.from(s, "utf8")];

/** The stream's head: domain, version, row count. */
export function candidateHead(count: number): Buffer[] {
  return [...field(DOMAIN), ...field(VERSION), ...field(String(count))];
}

/** One row's fields; a present row's bytes follow them in the stream. */
export function candidateRowFields(e: CandidateEntry): Buffer[] {
  if (e.state === "deleted") return [...field(e.state), ...field(e.path), ...field("absent"), ...field("0"), u64(0)];
  return [...field(e.state), ...field(e.path), ...field("regular"), ...field(e.executable ? "1" : "0"), u64(e.size)];
}

/**
 * The rows of a touched-files.md, or why it is not a closed candidate: the strict grammar of
 * documents/manifest (Go: parseCandidateManifest), the first violation named by line.
 */
export function candidateRows(text: string): { rows: { state: RowState; path: string }[] } | { problem: string } {
  const doc = parseManifest(text);
  const first = doc.violations[0];
  if (first !== undefined) return { problem: `touched-files.md:${first.line}:${first.col}: ${first.message}` };
  if (doc.form !== "empty" && doc.form !== "table") return { problem: "touched-files.md: requires exactly one ## Candidate manifest section" };
  return { rows: doc.rows.map((r) => ({ state: r.state, path: r.path })) };
}

/**
 * Why a proof artifact does not bind `digest` (Go: requireCandidateDigest in
 * engine/internal/lib/evidencefresh.go), or undefined when it holds exactly one
 * `Candidate SHA-256: <64 lowercase hex>` line equal to it.
 */
export function digestLineProblem(text: string, digest: string): string | undefined {
  const tagged = text.replace(/\r\n/g, "\n").split("\n").filter((l) => l.includes(DIGEST_LABEL));
  if (tagged.length === 0) return "candidate digest line is missing";
  if (tagged.length > 1) return "candidate digest line is duplicate";
  const line = tagged[0] as string;
  const m = /^Candidate SHA-256: ([0-9a-f]{64})$/.exec(line);
  if (!m) return "candidate digest line is malformed";
  if (m[1] !== digest) return "candidate digest line does not match current candidate digest";
  return undefined;
}

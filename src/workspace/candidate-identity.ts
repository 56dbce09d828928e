// The candidate identity of one workspace (Go: loadCandidateIdentity in
// engine/internal/lib/candidate.go): touched-files.md parsed strictly, every row checked
// against the project tree (present = a regular file inside the root, deleted = nothing
// there), no two rows one file, the aggregate cap, a release workspace's manifest covering its
// recorded chain (Go: VerifyReleaseUnion in manifest_union.go), then the SHA-256 of the stream.

import type { Stats } from "node:fs";
import { parseManifest } from "../documents/manifest/parse-manifest.js";
import { parseState } from "../documents/state/parse-state.js";
import { RefusedError } from "../errors.js";
import {
  CANDIDATE_FILE_CAP, CANDIDATE_MANIFEST_CAP, CANDIDATE_TOTAL_CAP, candidateHead, candidateRowFields, candidateRows, type CandidateEntry,
} from "../domain/candidate.js";
import { checkReleaseUnion } from "../domain/release-union.js";
import { readArtifact } from "./artifacts.js";
import { nodeCrypto } from "./lazy-builtins.js";
import { lookupProjectFile, ProjectPathError, projectRootOf, readProjectFile, sameProjectFile } from "./project-files.js";
import { sequenceSource } from "./sequence.js";
import type { Workspace } from "./locate.js";

export interface CandidateIdentity {
  digest: string;
  entries: CandidateEntry[];
}

/**
 * Why the candidate is not closed: exit 3 with the Go engine's wording after `BLOCKED: `
 * (the command prefixes `candidate: ` or `evidence-fresh: `). `path` names the project path.
 */
export class CandidateBlocked extends RefusedError {
  constructor(message: string, path?: string, unsafe = false) {
    super(message, { kind: unsafe ? "unsafe-file" : "manifest-blocked", hint: "refresh touched-files.md (its ## Candidate manifest) so it names the project files as they are, then retry", ...(path !== undefined ? { data: { path } } : {}) });
  }
}

/** Read, check and hash the candidate of `ws`. @throws CandidateBlocked */
export function loadCandidateIdentity(ws: Workspace): CandidateIdentity {
  const manifestName = `.devrites/work/${ws.slug}/touched-files.md`;
  const read = readArtifact(ws.dir, "touched-files.md", CANDIDATE_MANIFEST_CAP);
  if (read.unreadable !== undefined) throw new CandidateBlocked(`candidate manifest ${manifestName}: ${read.unreadable}; refresh touched-files.md`);
  if (read.bytes === undefined) throw new CandidateBlocked(`candidate manifest ${manifestName}: touched-files.md is missing; refresh touched-files.md`);
  const text = read.bytes.toString("utf8");
  const parsed = candidateRows(text);
  if ("problem" in parsed) throw new CandidateBlocked(`candidate manifest ${manifestName}: ${parsed.problem}; refresh touched-files.md`);

  const project = projectRootOf(ws.root);
  const found: { entry: CandidateEntry; st: Stats | undefined }[] = [];
  let total = 0;
  for (const row of parsed.rows) {
    let look;
    try {
      look = lookupProjectFile(project, row.path, CANDIDATE_FILE_CAP);
    } catch (e) {
      if (e instanceof ProjectPathError) throw new CandidateBlocked(`candidate ${JSON.stringify(row.path)}: ${e.reason}`, row.path, true);
      throw e;
    }
    if (row.state === "deleted") {
      if (look.kind !== "absent") throw new CandidateBlocked(`candidate ${JSON.stringify(row.path)}: deleted path still exists`, row.path);
      found.push({ entry: { state: "deleted", path: row.path, executable: false, size: 0 }, st: undefined });
      continue;
    }
    if (look.kind === "absent") throw new CandidateBlocked(`candidate ${JSON.stringify(row.path)}: present path is missing`, row.path);
    const twin = found.find((f) => f.st !== undefined && sameProjectFile(f.st, look.st));
    if (twin) throw new CandidateBlocked(`candidate ${JSON.stringify(row.path)}: same filesystem object as candidate ${JSON.stringify(twin.entry.path)}`, row.path);
    if (look.st.size > CANDIDATE_TOTAL_CAP - total) throw new CandidateBlocked("candidate present files exceed 256 MiB aggregate limit", row.path);
    total += look.st.size;
    found.push({ entry: { state: "present", path: row.path, executable: (look.st.mode & 0o111) !== 0, size: look.st.size }, st: look.st });
  }

  const state = readArtifact(ws.dir, "state.md", CANDIDATE_MANIFEST_CAP);
  if (state.bytes !== undefined) {
    const problems = checkReleaseUnion(ws.slug, parseState(state.bytes.toString("utf8")), parseManifest(text), sequenceSource(ws.root));
    const first = problems[0];
    if (first !== undefined) throw new CandidateBlocked(`${first.message}; ${first.hint}`);
  }

  const hash = nodeCrypto().createHash("sha256");
  for (const piece of candidateHead(found.length)) hash.update(piece);
  for (const { entry, st } of found) {
    for (const piece of candidateRowFields(entry)) hash.update(piece);
    if (st === undefined) continue;
    try {
      hash.update(readProjectFile(project, entry.path, st, CANDIDATE_FILE_CAP));
    } catch (e) {
      if (e instanceof ProjectPathError) throw new CandidateBlocked(`candidate ${JSON.stringify(entry.path)}: ${e.reason}`, entry.path, true);
      throw e;
    }
  }
  return { digest: hash.digest("hex"), entries: found.map((f) => f.entry) };
}

// `secret-scan [--staged] [--stdin] [<slug>]` (Go: SecretScan in
// engine/internal/lib/secretscan.go; usage in engine/help.go): scans the exact staged blobs
// (/rite-ship step 2a), the present files of a workspace's candidate manifest, standard input,
// or — with no argument — the active workspace's candidate and the files that differ from HEAD.
// Every finding is one line `SEVERITY path:line kind=<rule> offset=<byte>`, never the secret;
// `secret-scan: PASS` when there is none. HIGH exits 3; anything the scan cannot read is a
// refusal, never a pass. Read-only.

import { BadInputError, isKind, RefusedError } from "../../errors.js";
import { MAX_SCAN_FINDINGS, renderFindings, scanContent, ScanLimit, type SecretFinding } from "../../domain/secret-scan.js";
import { changedPaths, stagedBlobs } from "../../workspace/git-staged.js";
import { openWorkspace } from "../../workspace/locate.js";
import { lookupProjectFile, ProjectPathError, projectRootOf, readProjectFile } from "../../workspace/project-files.js";
import { candidateOrBlocked } from "../check/candidate.js";
import { stdinText } from "../stdin-text.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

/** The scan reads at most this many bytes in all (Go: maxSecretScanBytes). */
export const MAX_SCAN_BYTES = 64 * 1024 * 1024;

export async function secretScan(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  if (args.options.text !== undefined) throw new BadInputError("secret-scan: review text must be supplied with --stdin", { hint: ctx.usage() });
  const staged = args.options.staged === true;
  const fromStdin = args.options.stdin === true;
  let slug = args.positionals[0];
  if (staged && slug !== undefined) throw new BadInputError("secret-scan: --staged scans the index; it takes no workspace slug", { hint: ctx.usage() });

  let budget = MAX_SCAN_BYTES;
  const findings: SecretFinding[] = [];
  const scan = (path: string, bytes: Uint8Array) => {
    if (bytes.byteLength > budget) throw limit(`more than ${MAX_SCAN_BYTES / (1024 * 1024)} MiB to scan`);
    budget -= bytes.byteLength;
    try {
      findings.push(...scanContent(path, bytes, MAX_SCAN_FINDINGS - findings.length));
    } catch (e) {
      if (e instanceof ScanLimit) throw limit(`more than ${MAX_SCAN_FINDINGS} findings`);
      throw e;
    }
  };

  // A project without .devrites/ can still scan its index or its changes (Go: projectDir falls
  // back to the working directory); a workspace slug needs the root.
  let root: string | undefined;
  try {
    root = ctx.root();
  } catch (e) {
    if (!isKind(e, "no-workspace") || slug !== undefined) throw e;
  }
  const project = root !== undefined ? projectRootOf(root) : ctx.io.cwd;
  const sources: string[] = [];
  if (staged) {
    const blobs = await stagedBlobs(project, ctx.io.env, budget);
    for (const b of blobs) scan(b.path, b.bytes);
    sources.push("staged");
  }
  const defaultMode = !staged && slug === undefined && !fromStdin;
  if (defaultMode && root !== undefined) {
    try {
      slug = ctx.workspace().ws.slug;
    } catch (e) {
      if (!isKind(e, "no-workspace")) throw e;
    }
  }
  const paths: string[] = [];
  if (slug !== undefined) {
    const id = candidateOrBlocked(openWorkspace(root!, slug), "secret-scan: cannot inspect candidate manifest: ");
    paths.push(...id.entries.filter((e) => e.state === "present").map((e) => e.path));
    sources.push(`candidate ${slug}`);
  }
  if (defaultMode) {
    paths.push(...(await changedPaths(project, ctx.io.env, budget)));
    sources.push("changed");
  }
  for (const path of [...new Set(paths)]) {
    try {
      const found = lookupProjectFile(project, path, budget);
      if (found.kind === "absent") continue;
      scan(path, readProjectFile(project, path, found.st, budget));
    } catch (e) {
      if (e instanceof ProjectPathError) throw new RefusedError(`secret-scan: cannot inspect ${e.message}`, { kind: "unsafe-file", prefix: "", hint: e.hint, data: { path } });
      throw e;
    }
  }
  if (fromStdin) {
    let text: string;
    try {
      text = await stdinText(ctx, budget, "secret-scan");
    } catch (e) {
      if (e instanceof BadInputError) throw limit(e.message);
      throw e;
    }
    scan("<stdin>", Buffer.from(text, "utf8"));
    sources.push("stdin");
  }
  const { lines, high, sorted } = renderFindings(findings);
  return {
    exit: high ? 3 : 0,
    lines,
    data: {
      result: sorted.length === 0 ? "pass" : high ? "blocked" : "findings",
      sources,
      findings: sorted.map((f) => ({ severity: f.severity, path: f.source, line: f.line, kind: f.kind, offset: f.offset })),
    },
  };
}

function limit(detail: string): RefusedError {
  return new RefusedError(`secret-scan: secret scan limit exceeded (${detail})`, { prefix: "", hint: "scan fewer files at a time; an unscanned commit is not a pass" });
}

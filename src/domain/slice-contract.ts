// The pre-dispatch lint of one slice's wright contract (`check slice <slug> <SLICE-ID>`; Go:
// RunCheckSlice in engine/internal/lib/slicecheck.go): a Goal, a Writer allowlist of exact
// project-relative files (no traversal, glob, directory, .devrites path or duplicate), Files
// likely touched inside it, AC-### references that spec.md declares, and a Tests/proof plan.
// Pure: the command reads tasks.md and spec.md and prints what this returns.

/** `Field: value` lines of a slice block, keyed by the lowercased field; the first one wins. */
export function sliceFields(lines: readonly string[]): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of lines) {
    // Go's `\s*` after the colon may run into the next line; here a value stays on its line.
    const m = /^([A-Za-z][A-Za-z /_-]*):[ \t]*(.*)$/.exec(line);
    if (!m) continue;
    const key = m[1]!.trim().toLowerCase();
    if (!fields.has(key)) fields.set(key, m[2]!.trim());
  }
  return fields;
}

/** A `;` or `,` separated path list, quotes and backticks trimmed, `none` dropped. */
export function parsePathList(raw: string): string[] {
  return raw
    .split(/[;,]/)
    .map((p) => p.trim().replace(/^[`'"]+|[`'"]+$/g, ""))
    .filter((p) => p !== "" && p.toLowerCase() !== "none");
}

/** Why each allowlist path breaks the exact-path contract (Go: checkAllowlistPaths). */
export function allowlistProblems(paths: readonly string[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const p of paths) {
    const q = JSON.stringify(p);
    if (p.startsWith("/") || /^[A-Za-z]:[\\/]/.test(p)) problems.push(`allowlist path ${q} is not project-relative`);
    else if (/(^|\/)\.\.(\/|$)/.test(p)) problems.push(`allowlist path ${q} escapes the project (..)`);
    else if (/[*?[\]{}]/.test(p)) problems.push(`allowlist path ${q} uses a glob — exact paths only`);
    else if (p.endsWith("/")) problems.push(`allowlist path ${q} is a directory — exact files only`);
    else if (/^\.?devrites(\/|$)/i.test(p)) problems.push(`allowlist path ${q} targets .devrites — wrights never write workflow state`);
    else if (seen.has(p)) problems.push(`allowlist path ${q} is duplicated`);
    seen.add(p);
  }
  return problems;
}

export interface SliceContract {
  problems: string[];
  allowlist: string[];
  /** Every AC-### reference in the block, repeats included (Go counts them so). */
  acs: string[];
}

/** Lint a slice block against spec.md's text (undefined: spec.md is unavailable). */
export function lintSlice(block: readonly string[], spec: string | undefined): SliceContract {
  const problems: string[] = [];
  const fields = sliceFields(block);
  const value = (...names: string[]) => names.map((n) => fields.get(n)).find((v) => v !== undefined);

  if (!value("goal")) problems.push("Goal field missing or empty");
  const allowRaw = value("writer allowlist");
  const allowlist = allowRaw === undefined ? [] : parsePathList(allowRaw);
  if (allowlist.length === 0) problems.push("Writer allowlist missing or empty — dispatch requires exact project-relative paths");
  else problems.push(...allowlistProblems(allowlist));

  const touched = value("files likely touched");
  if (touched !== undefined && allowRaw !== undefined) {
    const allowed = new Set(allowlist);
    for (const p of parsePathList(touched)) if (!allowed.has(p)) problems.push(`Files likely touched ${JSON.stringify(p)} is outside the Writer allowlist`);
  }

  const acs = block.join("\n").match(/\bAC-\d+\b/g) ?? [];
  if (acs.length === 0) problems.push("no AC-### coverage declared — every slice must satisfy acceptance criteria");
  else if (spec === undefined) problems.push(`spec.md unavailable — cannot verify ${acs.length} AC reference(s)`);
  else for (const ac of new Set(acs)) if (!spec.includes(ac)) problems.push(`${ac} is referenced but not declared in spec.md`);

  if (!value("tests/proof", "tests", "proof")) problems.push("Tests/proof field missing or empty — no evidence plan for the slice");
  return { problems, allowlist, acs };
}

/** The lines `check slice` prints (Go's exact wording). */
export function renderSlice(id: string, c: SliceContract): string[] {
  if (c.problems.length > 0) return [`check slice: ${id} BLOCKED`, ...c.problems.map((p) => `  - ${p}`)];
  return [`check slice: ${id} ok (paths=${c.allowlist.length} acs=${c.acs.length})`];
}

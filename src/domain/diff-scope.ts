// The post-return contract gate (`check diff-scope`; Go: RunCheckDiffScope in
// engine/internal/lib/diffscope.go): every changed path lies inside the writer's allowlist,
// an entry matching the exact path or, as a directory prefix, everything beneath it. Pure:
// the command asks git for the changed paths and prints what this returns.

/** Allowlist entries of `--allow` values (comma separated) and `--allow-file` texts (a line each, `#` comments). */
export function allowEntries(allow: readonly string[], files: readonly string[]): string[] {
  const out: string[] = [];
  for (const csv of allow) for (const e of csv.split(",")) if (e.trim() !== "") out.push(e.trim());
  for (const text of files) {
    for (const raw of text.split("\n")) {
      const line = raw.trim();
      if (line !== "" && !line.startsWith("#")) out.push(line);
    }
  }
  return out;
}

/** Whether `path` is inside the allowlist (Go: allowedPath). */
export function allowedPath(allow: readonly string[], path: string): boolean {
  return allow.some((raw) => {
    const entry = raw.replace(/\/$/, "");
    return path === entry || path.startsWith(`${entry}/`);
  });
}

/**
 * The paths of `git status --porcelain=v1 -z -uall` output: every entry's path (a rename's or
 * copy's new name; its old name, the next field, is skipped), or undefined when malformed.
 */
export function porcelainPaths(out: string): string[] | undefined {
  if (out === "") return [];
  const fields = out.split("\0");
  if (fields.pop() !== "") return undefined;
  const paths: string[] = [];
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i] as string;
    if (f.length < 4 || f[2] !== " ") return undefined;
    paths.push(f.slice(3));
    if (f[0] === "R" || f[0] === "C") i++;
  }
  return paths;
}

export interface DiffScopeResult {
  exit: 0 | 3;
  lines: string[];
  violations: string[];
}

/** The verdict and its lines (Go's exact wording). */
export function judgeDiffScope(changed: readonly string[], allow: readonly string[], allowEmpty: boolean): DiffScopeResult {
  if (changed.length === 0) {
    return allowEmpty
      ? { exit: 0, lines: ["diff-scope: empty (0 changed paths; --allow-empty)"], violations: [] }
      : { exit: 3, lines: ["diff-scope: BLOCKED: empty diff; nothing was written (pass --allow-empty to accept)"], violations: [] };
  }
  const violations = changed.filter((p) => !allowedPath(allow, p));
  if (violations.length > 0) return { exit: 3, lines: violations.map((p) => `diff-scope: BLOCKED: ${p} outside allowlist`), violations };
  return { exit: 0, lines: [`diff-scope: ok (${changed.length} changed path(s) within allowlist)`], violations };
}

// `check path-disjoint`'s rule (Go: engine/internal/parallel/pathdisjoint.go, which mirrors the
// pack's scripts/check-path-disjoint.py): two or more slices may build in parallel only when
// their path sets share no path. Paths are project-relative, slash-normalized, without `..`,
// never under .devrites/, once per slice. Pure; the command reads the JSON and the tree.

export interface SlicePaths {
  id: string;
  paths: readonly string[];
}

/** The normalized path, or why it is refused (Go: NormalizePath). */
export function normalizeSlicePath(raw: string): { path: string } | { problem: string } {
  const p = raw.replace(/\\/g, "/").trim();
  if (p === "") return { problem: "empty path is not allowed" };
  if (p.startsWith("/") || /^[A-Za-z]:\//.test(p)) return { problem: `path must be project-relative, not absolute: ${JSON.stringify(raw)}` };
  const parts: string[] = [];
  for (const part of p.split("/")) {
    if (part.trim() !== part) return { problem: `path segment must not have leading or trailing whitespace: ${JSON.stringify(raw)}` };
    if (part === "" || part === ".") continue;
    if (part === "..") return { problem: `path must not contain '..': ${JSON.stringify(raw)}` };
    parts.push(part);
  }
  if (parts.length === 0) return { problem: "empty path is not allowed" };
  return { path: parts.join("/") };
}

/**
 * The slices of `{"slices": [...]}` or a top-level array (Go: ParseSlicesJSON), each with a
 * string `id` (optional) and a `paths` list of strings.
 */
export function parseSlices(text: string): { slices: SlicePaths[] } | { problem: string } {
  const shape = 'input must be {"slices": [...]} or a top-level slices array';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: shape };
  }
  const list = Array.isArray(value) ? value : value !== null && typeof value === "object" && Array.isArray((value as { slices?: unknown }).slices) ? (value as { slices: unknown[] }).slices : undefined;
  if (list === undefined) return { problem: shape };
  const slices: SlicePaths[] = [];
  for (const [i, item] of list.entries()) {
    if (item === null || typeof item !== "object") return { problem: shape };
    const { id, paths } = item as { id?: unknown; paths?: unknown };
    if (id !== undefined && typeof id !== "string") return { problem: shape };
    if (paths !== undefined && paths !== null && (!Array.isArray(paths) || paths.some((p) => typeof p !== "string"))) return { problem: shape };
    slices.push({ id: id ?? "", paths: Array.isArray(paths) ? (paths as string[]) : (null as unknown as string[]) });
    void i;
  }
  return { slices };
}

/**
 * The slice ids when every pair of path sets is disjoint, or the first reason they are not
 * (Go: CheckPathDisjoint). `symlinkAt(path)` says whether a path is a symbolic link (when a
 * root is given; the Go engine refuses those).
 */
export function checkPathDisjoint(slices: readonly SlicePaths[], symlinkAt?: (path: string) => boolean): { ids: string[] } | { problem: string } {
  if (slices.length < 2) return { problem: "need at least two slices to check path-disjoint eligibility" };
  const owners = new Map<string, string[]>();
  const ids: string[] = [];
  for (const [index, item] of slices.entries()) {
    const label = item.id !== "" ? `slice ${JSON.stringify(item.id)}` : `slice ${index}`;
    ids.push(item.id !== "" ? item.id : String(index));
    const paths = validateSlicePaths(item.paths, label, symlinkAt);
    if ("problem" in paths) return paths;
    for (const p of paths.paths) owners.set(p, [...(owners.get(p) ?? []), label]);
  }
  const overlaps = [...owners].filter(([, labels]) => labels.length > 1).map(([p, labels]) => `${JSON.stringify(p)} shared by ${labels.join(", ")}`).sort();
  if (overlaps.length > 0) return { problem: `path sets overlap: ${overlaps.join("; ")}` };
  return { ids };
}

/**
 * One slice's paths normalized, or the first reason they are refused (Go: validateSlicePaths):
 * a list, each path project-relative and outside .devrites/, none twice, none a symbolic link.
 */
export function validateSlicePaths(paths: readonly string[] | null | undefined, label: string, symlinkAt?: (path: string) => boolean): { paths: string[] } | { problem: string } {
  if (!Array.isArray(paths)) return { problem: `${label}: paths must be a list` };
  const seen = new Set<string>();
  for (const raw of paths) {
    const n = normalizeSlicePath(raw);
    if ("problem" in n) return { problem: `${label}: ${n.problem}` };
    if (n.path === ".devrites" || n.path.startsWith(".devrites/")) return { problem: `${label}: path must not include .devrites: ${JSON.stringify(n.path)}` };
    if (seen.has(n.path)) return { problem: `${label}: duplicate path ${JSON.stringify(n.path)}` };
    seen.add(n.path);
    if (symlinkAt?.(n.path)) return { problem: `${label}: symlink path is not allowed: ${JSON.stringify(n.path)}` };
  }
  return { paths: [...seen] };
}

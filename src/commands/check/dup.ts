// `check dup [<slug>] [--all | --worktree | --staged | --base <ref>] [--min-lines <n>]
// [--threshold <f>] [--ignore-file <path>] [--limit <n>] [--exclude <csv>] [--phase <p>]
// [--cwd <dir>]` (Go: RunCheckDup and parseDupArgs in engine/internal/lib/dup.go; usage in
// engine/help.go; the pack's devrites-lib/reference/standards/review/duplicate-code.md): the
// advisory near-duplicate scan. Exit 0 with the Go engine's lines, clusters or not — they are
// leads for a reviewer. Bad arguments are exit 5; git that cannot answer, too many files, an
// unresolved index or an eligible file that cannot be read whole (an incomplete scan) are exit
// 3, never an `ok` (the Go engine: exit 2 for all of these). The ignore file is a project file
// (workspace/project-files.ts), default `.devrites/dup-ignore`; --cwd a directory inside the
// project. Writes nothing (the Go engine's metrics.jsonl row is not kept; the slug and --phase
// are accepted for it and unused).

import { join } from "node:path";
import { BadInputError, RefusedError } from "../../errors.js";
import { dupDetect, SHINGLE_LINES } from "../../domain/dup-detect.js";
import { excludePrefixes } from "../../domain/dup-normalize.js";
import { dupReport, parseDupIgnore, type DupMode } from "../../domain/dup-report.js";
import { dupSources } from "../../workspace/dup-sources.js";
import { nodeCrypto } from "../../workspace/lazy-builtins.js";
import { rootForInit } from "../../workspace/locate.js";
import { lookupProjectFile, ProjectPathError, projectDirectory, projectRootOf, readProjectFile } from "../../workspace/project-files.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

const DEFAULT_IGNORE_FILE = ".devrites/dup-ignore";
const IGNORE_FILE_CAP = 1024 * 1024;
const INCOMPLETE_HINT = "hint: make every eligible source file a readable regular file under 1 MiB (or --exclude it), then retry; a partial scan is not a pass";
const VALUED = ["base", "phase", "min-lines", "threshold", "ignore-file", "limit", "exclude", "cwd"];

interface DupOptions {
  mode: DupMode;
  base: string | undefined;
  minLines: number;
  threshold: number;
  limit: number;
  exclude: string[];
}

/** The options as the Go engine checks them, before anything is read. @throws BadInputError */
function dupOptions(ctx: CommandContext, o: CommandArgs["options"]): DupOptions {
  const bad = (message: string) => new BadInputError(`dup: ${message}`, { hint: ctx.usage() });
  for (const name of VALUED) {
    const values = o[name] === undefined ? [] : Array.isArray(o[name]) ? (o[name] as string[]) : [String(o[name])];
    for (const v of values) if (v.trim() === "" || v.startsWith("-") || v.includes("\0")) throw bad(`${ctx.flag(name)} requires a value (not a flag), got ${JSON.stringify(v)}`);
  }
  const modes = (["all", "worktree", "staged"] as const).filter((m) => o[m] === true);
  const base = typeof o.base === "string" ? o.base : undefined;
  if (modes.length + (base !== undefined ? 1 : 0) > 1) throw bad(`conflicting scan modes: give one of ${ctx.flag("all")}, ${ctx.flag("worktree")}, ${ctx.flag("staged")}, ${ctx.flag("base")}`);
  const whole = (name: string, fallback: number, min: number, what: string) => {
    const v = o[name];
    if (v === undefined) return fallback;
    const n = /^\+?\d+$/.test(String(v)) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n < min) throw bad(`${ctx.flag(name)} must be ${what} (got ${JSON.stringify(v)})`);
    return n;
  };
  const minLines = whole("min-lines", 8, SHINGLE_LINES, `an integer >= ${SHINGLE_LINES}`);
  const limit = whole("limit", 50, 1, "a positive integer");
  let threshold = 0.6;
  if (o.threshold !== undefined) {
    const t = String(o.threshold);
    threshold = /^\+?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(t) ? Number(t) : NaN;
    if (!(threshold > 0 && threshold <= 1)) throw bad(`${ctx.flag("threshold")} must be in (0, 1] (got ${JSON.stringify(t)})`);
  }
  const exclude = excludePrefixes(Array.isArray(o.exclude) ? (o.exclude as string[]) : typeof o.exclude === "string" ? [o.exclude] : []);
  return { mode: base !== undefined ? "base" : (modes[0] ?? "worktree"), base, minLines, threshold, limit, exclude };
}

export async function checkDup(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const slug = args.positionals[0];
  const opts = dupOptions(ctx, args.options);
  const project = projectRootOf(rootForInit(ctx.io.cwd, ctx.rootOption, ctx.io.env.DEVRITES_ROOT));
  const refused = (e: ProjectPathError, what: string) =>
    new RefusedError(`dup: ${what} ${e.message}`, { kind: "unsafe-file", prefix: "", hint: e.hint, data: { path: e.path } });

  let dir = project;
  if (typeof args.options.cwd === "string") {
    try {
      const rel = projectDirectory(project, ctx.io.cwd, args.options.cwd);
      dir = rel === "" ? project : join(project, ...rel.split("/"));
    } catch (e) {
      if (e instanceof ProjectPathError) throw refused(e, "--cwd");
      throw e;
    }
  }
  const ignoreFile = typeof args.options["ignore-file"] === "string" ? args.options["ignore-file"].replace(/^\.\//, "") : DEFAULT_IGNORE_FILE;
  let ignored = new Set<string>();
  try {
    const found = lookupProjectFile(project, ignoreFile, IGNORE_FILE_CAP);
    if (found.kind === "file") ignored = parseDupIgnore(readProjectFile(project, ignoreFile, found.st, IGNORE_FILE_CAP).toString("utf8"));
  } catch (e) {
    if (e instanceof ProjectPathError) throw refused(e, "ignore-file");
    throw e;
  }

  const sources = await dupSources(project, dir, opts.mode, opts.base, opts.exclude, ctx.io.env);
  const common = { workspace: slug ?? null, mode: opts.mode, ignore_file: ignoreFile, skipped: sources.skipped, failed: sources.failed };
  const incompleteLine = `dup: incomplete scan: ${sources.failed} eligible file(s) unavailable or over resource limits; ${sources.files.length} scanned`;
  if (sources.files.length === 0) {
    if (sources.failed > 0) {
      return { exit: 3, lines: [], errors: [incompleteLine, INCOMPLETE_HINT], data: { ...common, result: "incomplete", scanned: 0, units: 0, clusters: [] } };
    }
    const line = sources.skipped > 0 ? `dup: no source scanned (${sources.skipped} generated files excluded)` : "dup: no eligible source files";
    return { exit: 0, lines: [line], data: { ...common, result: "no-source", scanned: 0, units: 0, clusters: [] } };
  }
  const sha256Hex = (text: string) => nodeCrypto().createHash("sha256").update(text, "utf8").digest("hex");
  const { clusters, units } = dupDetect(sources.files, opts, sha256Hex);
  const report = dupReport({ mode: opts.mode, files: sources.files, skipped: sources.skipped, failed: sources.failed, units, clusters, allChanged: sources.allChanged, changed: sources.changed, ignored, ignoreFile, limit: opts.limit });
  const data = {
    ...common,
    result: report.result,
    scanned: sources.files.length,
    units: units.length,
    ignored: report.ignoredCount,
    truncated: report.shown.length > report.printed.length,
    clusters: report.printed.map((c) => ({ ...c, score: Number(c.score.toFixed(4)) })),
  };
  if (report.result === "incomplete") {
    return { exit: 3, lines: report.lines, errors: [incompleteLine, INCOMPLETE_HINT], data };
  }
  return { exit: 0, lines: report.lines, data };
}

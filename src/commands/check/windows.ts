// `check windows [<slug>] [--worktree | --staged | --base <ref>]` (Go: RunCheckWindows in
// engine/internal/lib/windows.go; usage in engine/help.go): every deferral marker the change
// adds needs a waiver row in the workspace's windows.md. Lines on stdout: `windows: waived: …`,
// `windows: unwaived: <path>:<line> <marker> — <text>`, then `windows: ok (…)` (exit 0) or
// `windows: BLOCKED: …` (exit 3). Git that cannot answer is exit 3 `windows: cannot inspect …`
// (the Go engine: exit 2), a refusal, never a pass. Reads project files through
// workspace/project-files.ts; writes nothing (the Go engine's metrics.jsonl row is not kept).

import { BadInputError, RefusedError } from "../../errors.js";
import { windowsReport } from "../../domain/windows.js";
import { readArtifact } from "../../workspace/artifacts.js";
import { addedMarkers, type DiffMode } from "../../workspace/git-added.js";
import { openWorkspace } from "../../workspace/locate.js";
import { projectRootOf } from "../../workspace/project-files.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

const WINDOWS_MD_CAP = 1024 * 1024;

function diffMode(ctx: CommandContext, args: CommandArgs): DiffMode {
  const staged = args.options.staged === true;
  const base = args.options.base as string | undefined;
  const chosen = [staged, base !== undefined, args.options.worktree === true].filter(Boolean).length;
  if (chosen > 1) throw new BadInputError(`${ctx.flag("worktree")}, ${ctx.flag("staged")} and ${ctx.flag("base")} choose one diff; give one of them`, { hint: ctx.usage() });
  if (base !== undefined) {
    if (base === "" || base.startsWith("-") || /[\0\n]/.test(base)) throw new BadInputError(`${ctx.flag("base")} ${JSON.stringify(base)} is not a git revision`, { hint: ctx.usage() });
    return { mode: "base", base };
  }
  return staged ? { mode: "staged" } : { mode: "worktree" };
}

export async function checkWindows(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const mode = diffMode(ctx, args);
  const slug = args.positionals[0];
  const session = slug !== undefined ? ctx.session(openWorkspace(ctx.root(), slug)) : ctx.workspace();
  const ws = session.ws;
  const read = readArtifact(ws.dir, "windows.md", WINDOWS_MD_CAP);
  if (read.unreadable !== undefined) throw new RefusedError(`windows: cannot read windows.md: ${read.unreadable}`, { kind: "unsafe-file", prefix: "", hint: "make windows.md a regular UTF-8 file in the workspace, then retry", data: { workspace: ws.slug } });
  const hits = await addedMarkers(projectRootOf(ws.root), mode, ctx.io.env);
  const report = windowsReport(hits, read.bytes?.toString("utf8"));
  return {
    exit: report.blocked ? 3 : 0,
    lines: report.lines,
    data: {
      workspace: ws.slug,
      mode: mode.mode,
      result: report.blocked ? "blocked" : "ok",
      waived: report.waived,
      unwaived: report.unwaived,
    },
  };
}

// `check indexes` (Go: RunEnvironmentCheck / EnvironmentReportFor in
// engine/internal/lib/environment_report.go; usage in engine/help.go): whether the DevRites
// install manifest and the code indexes the pack's code-navigation guide names are present in
// the project, as one JSON object, exit 0. The project is `--root` (the project or its
// .devrites), else the nearest .devrites's parent, else the working directory. Presence only:
// each path is looked at with lstat one component at a time, never opened, and a path reached
// through a symbolic link is reported absent (the Go engine followed it). Writes nothing.

import { lstatSync } from "node:fs";
import { join, resolve } from "node:path";
import { ENGINE_VERSION } from "../../version.js";
import { rootForInit } from "../../workspace/locate.js";
import { projectRootOf } from "../../workspace/project-files.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

/** The install manifest (Go: devritespaths.ManifestName). */
export const MANIFEST_PATH = ".claude/devrites.manifest";
/** The code indexes, in the Go engine's order. */
export const INDEX_PATHS = [".codegraph", ".code-review-graph", ".codebase-memory", "graph.json"];

/** Whether `rel` is there, without following a link at any component. */
function present(projectRoot: string, rel: string): boolean {
  let current = projectRoot;
  const parts = rel.split("/");
  for (let i = 0; i < parts.length; i++) {
    current = join(current, parts[i] as string);
    try {
      const st = lstatSync(current);
      if (i < parts.length - 1 && !st.isDirectory()) return false;
      if (i === parts.length - 1) return !st.isSymbolicLink();
    } catch {
      return false;
    }
  }
  return false;
}

const isDir = (p: string) => {
  try {
    return lstatSync(p).isDirectory();
  } catch {
    return false;
  }
};

export function checkIndexes(ctx: CommandContext, _args: CommandArgs): Outcome {
  const devrites = rootForInit(ctx.io.cwd, ctx.rootOption, ctx.io.env.DEVRITES_ROOT);
  const projectRoot = resolve(projectRootOf(devrites));
  const report = {
    engine_version: ENGINE_VERSION,
    project_root: projectRoot,
    ...(isDir(devrites) ? { devrites_root: devrites } : {}),
    manifest: { path: MANIFEST_PATH, present: present(projectRoot, MANIFEST_PATH) },
    indexes: INDEX_PATHS.map((p) => ({ path: p, present: present(projectRoot, p) })),
  };
  return { exit: 0, lines: JSON.stringify(report, null, 2).split("\n"), data: report };
}

// `detect commands [--json]` (Go: RunDetectCommands in engine/internal/lib/detect.go; usage
// in engine/help.go): the repository's unit, integration, lint, vet and build commands from
// its Makefile, package.json or language manifest, exit 0 with unresolved slots reported.
// The project root is `--root` (the project or its .devrites), else the nearest .devrites's
// parent walking up, else the working directory. Read-only: root-level files only, through
// workspace/project-files.ts (a Makefile or package.json that is a link, a device, a FIFO or
// over the size cap is exit 3 naming it, never read).

import { delimiter, join } from "node:path";
import { statSync } from "node:fs";
import { commandReportLines, detectCommands, type DetectProbe } from "../../domain/detect-commands.js";
import { rootForInit } from "../../workspace/locate.js";
import { listProjectFiles, lookupProjectFile, ProjectPathError, projectRootOf, readProjectFile } from "../../workspace/project-files.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

/** A manifest the engine reads whole; anything larger is a finding, never read. */
const MANIFEST_CAP = 1024 * 1024;
/** Entries the root listing (for .sln / .csproj) looks at. */
const ROOT_ENTRIES_CAP = 8192;

/** Whether an executable regular file named `binary` is in one of PATH's directories (exec.LookPath). */
function onPath(env: Readonly<Record<string, string | undefined>>, binary: string): boolean {
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (dir === "") continue;
    try {
      const st = statSync(join(dir, binary));
      if (st.isFile() && (st.mode & 0o111) !== 0) return true;
    } catch {
      // not in this directory
    }
  }
  return false;
}

/** The probe over one project root: every file through the project-file reader. */
export function projectProbe(projectRoot: string, env: Readonly<Record<string, string | undefined>>): DetectProbe {
  return {
    text(name) {
      const found = lookupProjectFile(projectRoot, name, MANIFEST_CAP);
      return found.kind === "file" ? readProjectFile(projectRoot, name, found.st, MANIFEST_CAP).toString("utf8") : undefined;
    },
    // Presence only, never read: a lockfile or vendor/bin/phpunit that is a link (composer
    // makes one) counts as there without being followed; only the files read are refused.
    exists(name) {
      try {
        return lookupProjectFile(projectRoot, name, Number.MAX_SAFE_INTEGER).kind === "file";
      } catch (e) {
        if (e instanceof ProjectPathError) return true;
        throw e;
      }
    },
    rootFiles: () => listProjectFiles(projectRoot, "", ROOT_ENTRIES_CAP),
    onPath: (binary) => onPath(env, binary),
  };
}

export function detectCommandsCommand(ctx: CommandContext, _args: CommandArgs): Outcome {
  const projectRoot = projectRootOf(rootForInit(ctx.io.cwd, ctx.rootOption, ctx.io.env.DEVRITES_ROOT));
  const report = detectCommands(projectRoot, projectProbe(projectRoot, ctx.io.env));
  return { exit: 0, lines: commandReportLines(report), data: { ...report } };
}

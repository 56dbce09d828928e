// `check skill-trust <path>` (Go: RunSkillTrustCheck in engine/internal/lib/cli_observe.go, ScanSkillTrust / FormatSkillTrust in
// engine/internal/lib/skilltrust.go; usage in engine/help.go): scan one skill or agent file —
// `skill-trust: PASS (<path>)`, exit 0; `skill-trust: FINDINGS (<path>)` then one
// `<SEVERITY> <rule> line=<n> <detail>` line per finding, exit 3 when one is HIGH (MEDIUM
// only: exit 0). The file is a project file: a path relative to the working directory inside
// the project root, read through workspace/project-files.ts (`..`, an absolute path, a link,
// a special file or one over the cap is exit 3 naming it, never read). Writes nothing.

import { relative, resolve, sep } from "node:path";
import { NoWorkspaceError } from "../../errors.js";
import { scanSkillTrust, skillTrustBlocks, skillTrustLines } from "../../domain/skill-trust.js";
import { rootForInit } from "../../workspace/locate.js";
import { lookupProjectFile, ProjectPathError, projectRootOf, readProjectFile, relativePathProblem } from "../../workspace/project-files.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

/** A skill file larger than this is a finding, never read (the Go engine's cap). */
const SKILL_CAP = 1024 * 1024;

/** The project-relative path of `given` (relative to the working directory), or the finding. */
export function projectRelative(projectRoot: string, cwd: string, given: string): string {
  const bad = relativePathProblem(given.replace(/\/+$/, ""));
  if (bad !== undefined) throw new ProjectPathError(given, bad);
  const rel = relative(projectRoot, resolve(cwd, given));
  if (rel === "" || rel.startsWith(`..${sep}`) || rel === "..") throw new ProjectPathError(given, "path is outside the project root");
  return rel.split(sep).join("/");
}

export function checkSkillTrust(ctx: CommandContext, args: CommandArgs): Outcome {
  const given = args.positionals[0] as string;
  const projectRoot = resolve(projectRootOf(rootForInit(ctx.io.cwd, ctx.rootOption, ctx.io.env.DEVRITES_ROOT)));
  const rel = projectRelative(projectRoot, resolve(ctx.io.cwd), given);
  const found = lookupProjectFile(projectRoot, rel, SKILL_CAP);
  // Go: RunSkillTrustCheck in engine/internal/lib/cli_observe.go answers a missing file with exit 2.
  if (found.kind === "absent") throw new NoWorkspaceError(`skill-trust: ${JSON.stringify(given)}: no such file`, { kind: "file-missing", prefix: "", hint: "give the path of a skill or agent file inside the project, relative to the working directory" });
  const text = readProjectFile(projectRoot, rel, found.st, SKILL_CAP).toString("utf8");
  const findings = scanSkillTrust(text);
  const blocked = skillTrustBlocks(findings);
  return {
    exit: blocked ? 3 : 0,
    lines: skillTrustLines(rel, findings),
    data: { path: rel, result: findings.length === 0 ? "pass" : blocked ? "blocked" : "findings", findings },
  };
}

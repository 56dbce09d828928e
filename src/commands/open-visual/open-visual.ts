// `open-visual <path-or-name> [--slug <slug>] [--no-open]` (Go: OpenVisual in
// engine/internal/lib/open_visual.go, its tests in open_visual_test.go; usage in engine/help.go):
// find a visual's HTML file — a name is `.devrites/work/<slug>/visual/<name>.html` of the selected
// workspace, a path is a project file — warn when its `<name>.outline.md` companion is missing or
// lists ids the HTML lacks, print the paths an agent reads (`open-visual: html=…`, `outline=…`,
// `playbooks=…`, `ids=…`), then hand the HTML to the platform's fixed opener (adapters/open-file.ts)
// unless --no-open. Safe by construction: the program is fixed per platform and gets the file as
// one argument, no shell; the file must be a regular `.html` file inside the project, reached
// without a link (workspace/project-files.ts) — the Go engine opened any path and followed links.
// An opener that cannot start is a warning, exit 0. Writes nothing.

import { join, relative, resolve, sep } from "node:path";
import { BadInputError, NoWorkspaceError, RefusedError } from "../../errors.js";
import { checkVisualIds } from "../../domain/visual-ids.js";
import { openWorkspace, rootForInit } from "../../workspace/locate.js";
import { lookupProjectFile, ProjectPathError, projectRootOf, readProjectFile, relativePathProblem } from "../../workspace/project-files.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

/** The pack's visual playbooks index, printed for the agent (Go: openVisualPlaybookHint). */
const PLAYBOOKS = "pack/.claude/skills/devrites-lib/reference/visual-playbooks/index.md";
/** A visual HTML (images inlined) or its outline larger than this is refused, never read. */
const VISUAL_CAP = 64 * 1024 * 1024;

/** Whether the operand is a path, not a visual name (Go: isOpenVisualPathOperand): a `.draft` alone is a name. */
export function isPathOperand(operand: string): boolean {
  return operand.startsWith("/") || operand === "." || operand === ".." || /^\.\.?[\\/]/.test(operand) || /[\\/]/.test(operand) || /^[A-Za-z]:/.test(operand);
}

export async function openVisual(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const operand = (args.positionals[0] as string).trim();
  if (operand === "") throw new BadInputError("open-visual: path or visual name required", { hint: ctx.usage() });
  const project = resolve(projectRootOf(rootForInit(ctx.io.cwd, ctx.rootOption, ctx.io.env.DEVRITES_ROOT)));

  let rel: string;
  if (isPathOperand(operand)) {
    const within = relative(project, resolve(ctx.io.cwd, operand));
    if (within === "" || within === ".." || within.startsWith(`..${sep}`)) {
      throw new RefusedError(`open-visual: ${JSON.stringify(operand)} is outside the project root`, { kind: "unsafe-file", prefix: "", hint: "open-visual opens a file of the project (a workspace's visual/ or another project file), never one outside it" });
    }
    rel = within.split(sep).join("/");
  } else {
    const name = /\.html$/i.test(operand) ? operand : `${operand}.html`;
    const slug = typeof args.options.slug === "string" ? args.options.slug : undefined;
    const session = slug !== undefined ? ctx.session(openWorkspace(ctx.root(), slug)) : ctx.workspace();
    rel = relative(project, join(session.ws.dir, "visual", name)).split(sep).join("/");
  }
  if (relativePathProblem(rel) !== undefined) throw new ProjectPathError(operand, relativePathProblem(rel)!);
  if (!/\.html$/i.test(rel)) throw new BadInputError(`open-visual: require a .html file, got ${rel}`, { hint: ctx.usage() });
  const found = lookupProjectFile(project, rel, VISUAL_CAP);
  if (found.kind === "absent") {
    throw new NoWorkspaceError(`open-visual: cannot open ${rel}: no such file`, { kind: "file-missing", prefix: "", hint: "write the visual first (visual/<name>.html in the workspace), or give the path of an HTML file inside the project" });
  }
  const htmlPath = join(project, ...rel.split("/"));
  const outlineRel = rel.replace(/\.html$/i, ".outline.md");
  const outlinePath = join(project, ...outlineRel.split("/"));

  const warnings: string[] = [];
  let outline: string | undefined;
  try {
    const o = lookupProjectFile(project, outlineRel, VISUAL_CAP);
    if (o.kind === "file") outline = readProjectFile(project, outlineRel, o.st, VISUAL_CAP).toString("utf8");
  } catch (e) {
    if (!(e instanceof ProjectPathError)) throw e;
    warnings.push(`open-visual: warning: outline companion not read: ${e.reason}`);
  }
  if (outline === undefined) warnings.push(`open-visual: warning: missing outline companion ${outlinePath}`);
  const ids = outline === undefined ? undefined : checkVisualIds(readProjectFile(project, rel, found.st, VISUAL_CAP).toString("utf8"), outline);
  if (ids !== undefined && ids.missingInHtml.length > 0) {
    warnings.push(`open-visual: warning: ${ids.missingInHtml.length} outline inventory id(s) missing from HTML: ${ids.missingInHtml.join(", ")}`);
  }

  // The paths first, so an agent has them even when no browser opens.
  const lines = [`open-visual: html=${htmlPath}`, outline === undefined ? `open-visual: outline=(missing) ${outlinePath}` : `open-visual: outline=${outlinePath}`, `open-visual: playbooks=${PLAYBOOKS}`];
  if (ids !== undefined && ids.missingInHtml.length > 0) lines.push(`open-visual: ids=mismatch missing=${ids.missingInHtml.length} inventory=${ids.inventory.length}`);
  else if (ids !== undefined && ids.inventory.length > 0) lines.push(`open-visual: ids=ok (${ids.inventory.length} inventory)`);

  let opened = false;
  if (args.options["no-open"] !== true) {
    const { openLocalFile } = await import("../../adapters/open-file.js");
    const failure = await openLocalFile(htmlPath, ctx.io.env);
    if (failure !== undefined) warnings.push(`open-visual: warning: failed to open browser: ${failure}`);
    opened = failure === undefined;
  }
  return {
    exit: 0,
    lines,
    ...(warnings.length > 0 ? { errors: warnings } : {}),
    data: { html: htmlPath, outline: outlinePath, outline_present: outline !== undefined, playbooks: PLAYBOOKS, ids: ids === undefined ? null : { inventory: ids.inventory.length, missing: ids.missingInHtml }, opened, warnings },
  };
}

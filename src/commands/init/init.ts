// `init <slug>`: create `.devrites/work/<slug>/` from templates/ and make it ACTIVE,
// all in one transaction (a killed init leaves no half-written workspace files).

import { join, relative } from "node:path";
import { RefusedError } from "../../errors.js";
import { assertNewSlug, renderWorkspace, WORKSPACE_FILES } from "../../domain/init-workspace.js";
import { finishInterruptedInits } from "../../workspace/interrupted-init.js";
import { createWorkspaceDir, rootForInit, selectedSlug } from "../../workspace/locate.js";
import { initContinues } from "./continues.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";
import { shellWord } from "../../shell-word.js";

export async function init(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  if (typeof args.options.continues === "string") return initContinues(ctx, args);
  const slug = assertNewSlug(args.positionals[0]);
  const title = typeof args.options.title === "string" ? args.options.title : undefined;
  const root = rootForInit(ctx.io.cwd, ctx.rootOption, ctx.io.env.DEVRITES_ROOT);
  // Another slug's killed init would otherwise move ACTIVE after this one sets it.
  finishInterruptedInits(root, ctx.io, ctx.now, slug);
  const files = renderWorkspace(slug, title, ctx.now);
  const ws = createWorkspaceDir(root, slug, WORKSPACE_FILES);
  const activate = args.options["no-activate"] !== true;
  const session = ctx.session(ws);
  const finished = session.mutate(() => {
    // Two inits of one slug may both pass the first look; only the lock holder may create it.
    if (WORKSPACE_FILES.some((f) => session.read(f, false) !== undefined)) {
      // Unless the lock holder's recovery just created them: an init of this slug a kill
      // interrupted, finished from its journal. That is this command's work done, not a refusal.
      if (WORKSPACE_FILES.every((f) => session.createdByRecovery.includes(f))) {
        const changes = { files: new Map<string, string>(), events: [] };
        if (activate && selectedSlug(root, undefined, undefined) !== slug) changes.files.set(join(root, "ACTIVE"), `${slug}\n`);
        return { changes, result: true };
      }
      throw new RefusedError(`workspace ${slug} already exists at ${ws.dir}`, { kind: "workspace-exists", hint: `pick another slug, or work in it: devrites-engine status --workspace ${shellWord(slug)}` });
    }
    if (activate) files.set(join(root, "ACTIVE"), `${slug}\n`);
    return { changes: { files, events: [{ event: "initialized", detail: { slug, activated: activate } }] }, result: false };
  });
  const rel = relative(ctx.io.cwd, ws.dir) || ws.dir;
  const activated = activate || (finished && selectedSlug(root, undefined, undefined) === slug);
  return {
    exit: 0,
    lines: [
      `Initialized: ${slug}`,
      `Workspace: ${rel}/ (${WORKSPACE_FILES.join(", ")})`,
      activated ? `Active:    ${slug}` : "Active:    unchanged (--no-activate)",
      // Outside the working directory (found walking up, or --root): say where, absolutely.
      ...(rel.startsWith("..") ? [`Root:      ${root}`] : []),
      ...(finished ? ["Recovered: the init of this workspace a killed process had begun is finished"] : []),
    ],
    data: { workspace: slug, dir: ws.dir, files: [...WORKSPACE_FILES], activated, ...(finished ? { recovered: true } : {}) },
  };
}

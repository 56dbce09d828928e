// `/rite-fast` workspaces: `work/<slug>/` with spec.md, plan.md and evidence.md and no state.md
// (the pack's rite-fast/reference/artifacts.md: plan.md's first line after its heading is
// `Lane: fast · Baseline: … · Commands: …`). The /rite-fast skill keeps them itself; this engine
// keeps no cursor there, so every command that lists, checks or migrates workspaces leaves
// them alone and, where a person would wonder, says why instead of "state.md missing".

import { join } from "node:path";
import { NoWorkspaceError } from "../errors.js";
import { lstat, readRegularFile } from "./disk.js";

/** How much of plan.md is read to find its lane line. */
const PLAN_HEAD_CAP = 64 * 1024;

/** Whether plan.md's first line that is neither blank nor a `#` heading starts `Lane: fast`. */
export function planSaysFastLane(plan: string): boolean {
  for (const raw of plan.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    return /^Lane:\s*fast\b/i.test(line);
  }
  return false;
}

/**
 * Whether the workspace directory `dir` is a /rite-fast one: no state.md, and a plan.md (a
 * regular file, no link followed, small) whose lane line says fast. Never throws.
 */
export function isFastLaneWorkspace(dir: string): boolean {
  if (lstat(join(dir, "state.md")) !== undefined) return false;
  const st = lstat(join(dir, "plan.md"));
  if (st === undefined || !st.isFile() || st.size > PLAN_HEAD_CAP) return false;
  try {
    const bytes = readRegularFile(join(dir, "plan.md"), { name: "plan.md", capBytes: PLAN_HEAD_CAP, noFollow: true });
    return bytes !== undefined && planSaysFastLane(bytes.toString("utf8"));
  } catch {
    return false;
  }
}

/** What this engine says instead of "state.md missing" for a /rite-fast workspace (exit 2). */
export function fastLaneRefusal(slug: string, dir: string): NoWorkspaceError {
  return new NoWorkspaceError(`${slug} is a /rite-fast workspace (plan.md says "Lane: fast"; no state.md at ${join(dir, "state.md")}): this engine keeps no state there and leaves it alone`, {
    kind: "file-missing",
    hint: "the /rite-fast skill keeps it in spec.md, plan.md and evidence.md; pick a workspace with a state.md (--workspace SLUG), or start one with devrites-engine init <slug>",
    data: { workspace: slug, lane: "fast" },
  });
}

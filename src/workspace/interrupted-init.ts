// A killed `init` leaves its journal in work/<slug> and its ACTIVE temp in the root. The next
// command of any kind finishes that init (or rolls it back) before it reads ACTIVE, so neither
// a half workspace nor the old ACTIVE outlives the kill. Costs one listing of the root.

import { readdirSync } from "node:fs";
import type { Io } from "../io.js";
import { processAlive } from "./lock.js";
import { openWorkspace } from "./locate.js";
import { matchTempName } from "./journal.js";
import { namesRootTemp, pendingJournals, removeDeadTemps } from "./recovery.js";
import { WorkspaceSession } from "./session.js";

/** How long to wait for the lock of a workspace another command is recovering already. */
const LOCK_WAIT_MS = 1_000;

/**
 * Finish the inits whose process died between writing their journal and removing it: the
 * workspaces whose journal names an ACTIVE temp of a dead process in `root`. `except` is the
 * slug an `init` is about to create (it finishes its own under its lock, and says so).
 * A workspace that cannot be recovered here is left as it is: a command opening it reports why.
 * @returns the slugs whose journal was finished or rolled back.
 */
export function finishInterruptedInits(root: string, io: Io, now: Date, except?: string): string[] {
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return [];
  }
  const dead = names.filter((n) => {
    const m = matchTempName(n);
    return m !== null && m[1] === "ACTIVE" && !processAlive(Number(m[2]));
  });
  if (dead.length === 0) return [];
  // A close's journal in archive/ keeps its ACTIVE temp too, but only `state close` finishes it.
  const slugs = new Set(pendingJournals(root).filter((j) => !j.archived && dead.some((n) => namesRootTemp(j.text, n))).map((j) => j.slug));
  const done: string[] = [];
  for (const slug of slugs) {
    if (slug === except) continue;
    try {
      new WorkspaceSession(openWorkspace(root, slug), io, now).recoverIfNeeded({ lockTimeoutMs: LOCK_WAIT_MS });
      done.push(slug);
    } catch {
      // Busy, unsafe or corrupt: that workspace's own commands say so; this one goes on.
    }
  }
  // ACTIVE temps no journal names (an init killed before its journal) are litter now; another
  // command may be removing the same ones, so this is best effort.
  try {
    removeDeadTemps(root, processAlive);
  } catch {
    // left for the next command
  }
  return done;
}

// Byte snapshots of a project's `.devrites` tree, to prove "nothing was written" and
// "no temp, journal or lock file was left behind" after a command.

import fs from "node:fs";
import path from "node:path";
import type { Project } from "./project.js";

/** Every file under `.devrites` (relative path → bytes as latin1, so any byte compares; a symlink → its target). */
export function snapshot(p: Project): Map<string, string> {
  const out = new Map<string, string>();
  for (const rel of p.listDevrites()) {
    const abs = p.path(rel);
    const st = fs.lstatSync(abs);
    out.set(rel, st.isSymbolicLink() ? `symlink -> ${fs.readlinkSync(abs)}` : `${(st.mode & 0o7777).toString(8)} ${fs.readFileSync(abs).toString("latin1")}`);
  }
  return out;
}

/**
 * Files the engine must never leave behind: journals, temps, locks and lock-break files.
 * `staleLockOk`: a lock left by a killed process stays until the next command that takes
 * the lock (a read-only command on a clean workspace does not), so it may be allowed.
 */
export function litter(p: Project, opts: { staleLockOk?: boolean } = {}): string[] {
  return p.listDevrites().filter((rel) => {
    const base = path.basename(rel);
    if (opts.staleLockOk && base === ".engine.lock") return false;
    return base === ".journal" || base.endsWith(".tmp") || base.includes(".tmp.") || base.startsWith(".engine.lock");
  });
}

/** The events of a workspace's events.jsonl, parsed ([] when it does not exist). */
export function readEventsOf(p: Project, wsDir: string): Record<string, unknown>[] {
  const rel = path.join(wsDir, "events.jsonl");
  if (!p.exists(rel)) return [];
  return p
    .read(rel)
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** Every file under `dir`, relative, sorted. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else out.push(path.relative(dir, full));
    }
  };
  walk(dir);
  return out.sort();
}

/** Event ids carry random bytes; everything else in an event line is deterministic. */
export function normalizeEvents(text: string): string {
  return text.replace(/("id":"ev-[^"]*-)[0-9a-f]+"/g, '$1XXXXXX"');
}

// Run the CLI in process while recording every path the engine opens or reads whole (the
// trust-boundary tests: a command must open nothing outside the files it is allowed to read).

import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import path from "node:path";
import { vi } from "vitest";
import { runMain, type CliResult } from "./cli.js";

export async function runWatched(project: string, argv: string[], env: Record<string, string> = {}): Promise<CliResult & { opened: string[] }> {
  const opened: string[] = [];
  const realOpen = fs.openSync;
  const realRead = fs.readFileSync;
  vi.spyOn(fs, "openSync").mockImplementation(((p: fs.PathLike, ...rest: unknown[]) => {
    opened.push(path.resolve(String(p)));
    return (realOpen as (...a: unknown[]) => number)(p, ...rest);
  }) as typeof fs.openSync);
  vi.spyOn(fs, "readFileSync").mockImplementation(((p: fs.PathOrFileDescriptor, ...rest: unknown[]) => {
    if (typeof p !== "number") opened.push(path.resolve(String(p)));
    return (realRead as (...a: unknown[]) => unknown)(p, ...rest);
  }) as typeof fs.readFileSync);
  syncBuiltinESMExports();
  try {
    return { ...(await runMain(argv, { cwd: project, env })), opened };
  } finally {
    vi.restoreAllMocks();
    syncBuiltinESMExports();
  }
}

/** The opened paths outside `project` (Node's own files, beside its binary, apart). */
export const openedOutside = (project: string, opened: string[]): string[] =>
  opened.filter((p) => !p.startsWith(project + path.sep) && !p.startsWith(path.dirname(process.execPath)));

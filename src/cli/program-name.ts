// The name a printed command starts with: what the person or agent who ran the engine can type
// to run it again. Installed globally, linked, or with the project's node_modules/.bin on PATH,
// that is `devrites-engine`; installed in the project only (README, Install) and run with npx,
// `devrites-engine …` is not a command there, so the engine's texts say `npx devrites-engine …`.
// The texts are written with `devrites-engine` (commands.md and the pack quote them so); the
// other name replaces it only where a command starts, and only in that second case.

import { basename, delimiter, dirname, resolve } from "node:path";

export const PROGRAM = "devrites-engine";
export const NPX_PROGRAM = "npx devrites-engine";

/** A project's bin directory, where npm links a dependency's executables. */
const isProjectBin = (dir: string) => basename(dir) === ".bin" && basename(dirname(dir)) === "node_modules";

/**
 * How the running engine is typed again: `npx devrites-engine` when it was started through a
 * project's `node_modules/.bin/devrites-engine` that is not on the person's own PATH (npm puts
 * its bin directories in front while it runs a command: those are not counted), else
 * `devrites-engine` — also when it was started as a file (`node dist/devrites-engine.cjs`).
 * `script` is process.argv[1], the path as the process was started (a link's own path).
 */
export function programName(script: string | undefined, env: Record<string, string | undefined>, cwd: string): string {
  if (script === undefined || basename(script) !== PROGRAM) return PROGRAM;
  const dir = resolve(cwd, dirname(script));
  if (!isProjectBin(dir)) return PROGRAM;
  const underNpm = env.npm_command !== undefined && env.npm_command !== "";
  const own = (env.PATH ?? "").split(delimiter).filter((p) => p !== "" && !(underNpm && isProjectBin(resolve(cwd, p))));
  return own.some((p) => resolve(cwd, p) === dir) ? PROGRAM : NPX_PROGRAM;
}

/**
 * `text` with `program` where a command line starts (`devrites-engine <command word>`), for a
 * process whose program name is not `devrites-engine`. Other mentions stay as written: the
 * program's own messages (`devrites-engine: warning`), its name in prose, paths to it.
 */
export function renameProgram(text: string, program: string, commandWords: ReadonlySet<string>): string {
  if (program === PROGRAM) return text;
  return text.replace(/(?<![\w./@-]|npx )devrites-engine (?=(<command>|--help|[a-z][a-z-]*)(?![\w-]))/g, (whole, word: string) => (commandWords.has(word) || word === "<command>" || word === "--help" ? `${program} ` : whole));
}

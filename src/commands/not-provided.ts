// The DevRites pack's calls that are not the workspace writer's job (command-table.ts lists
// their words): exit 2 naming what to call instead, so a skill learns it from its first run.
// One table, so docs/migrating-from-go.md and the tests read the same answers.

import { EngineError } from "../errors.js";
import type { CommandArgs, CommandContext, Outcome } from "./types.js";

const GO = "the DevRites Go engine";

/** What each call does in the Go engine, and what to use instead: `words` → [what, instead]. */
export const NOT_PROVIDED_ANSWERS: Record<string, readonly [string, string]> = {
  context: ["bundles a phase's read-set", "devrites-engine orient <slug> (artifact budgets, bulk files), then read the files the skill names"],
  "open-visual": ["opens a visual HTML file", "open the file directly"],
  overhaul: ["runs the overhaul records and snapshots", `${GO}'s \`overhaul\``],
  install: ["installs the DevRites pack", "the DevRites installer (npx devrites install)"],
  update: ["updates the DevRites pack and the Go binary", "the DevRites installer (npx devrites update); update this engine with npm"],
  uninstall: ["removes the DevRites pack", "the DevRites installer (npx devrites uninstall)"],
};

/**
 * Any not-provided call: exit 2 with what to call instead. `hook …` is the pack's host hooks
 * (Claude Code's `exec devrites-engine hook …`): exit 2 there would block every tool call, so
 * it is exit 0 with nothing on stdout, as the pack's hooks behave when the engine is absent.
 */
export function notProvided(_ctx: CommandContext, args: CommandArgs, words: readonly string[]): Outcome {
  const name = words.join(" ");
  if (name === "hook") {
    return { exit: 0, lines: [], data: { provided: false, command: name }, errors: [`devrites-engine: note: hook ${args.positionals[0] ?? ""} is not provided by this engine; the pack's hooks fail open`.replace(/ {2,}/g, " ")] };
  }
  const answer = NOT_PROVIDED_ANSWERS[name];
  const what = answer ? `: in ${GO} it ${answer[0]}, which is not the workspace writer's job` : "";
  throw new EngineError("not-provided", `${name} is not provided by this engine${what}`, {
    hint: `instead: ${answer?.[1] ?? GO}`,
    data: { provided: false, command: name },
  });
}

// The commands no agent calls before a step (set-up, release, lint, audit, completion, a person's
// budget grant): one lazy chunk, so every hot command (status, budget check, state resolve,
// questions, question add, pause) compiles less at start-up. command-table.ts loads it on first use.

export { budgetGrant } from "./budget-grant.js";
export { check } from "./check.js";
export { completion } from "./completion.js";
export { init } from "./init.js";
export { log } from "./log.js";
export { migrate } from "./migrate.js";
export { stateMergeManifest } from "./state-merge-manifest.js";

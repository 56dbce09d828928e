// The commands no agent calls before a step (set-up, release, lint, audit, completion), and the
// DevRites pack's reads, gates and close-out: one lazily loaded chunk, so every hot command
// (status, budget check, state resolve, questions, question add, pause) compiles less code at
// start-up. command-table.ts loads it on first use.

export { check } from "./check.js";
export { checkReadiness, checkTaskGraph } from "./check-readiness.js";
export { completion } from "./completion.js";
export { init } from "./init.js";
export { log } from "./log.js";
export { migrate } from "./migrate.js";
export { notProvided } from "./not-provided.js";
export { observeSlice, orient } from "./orient.js";
export { stateClose } from "./state-close.js";
export { stateMergeManifest } from "./state-merge-manifest.js";

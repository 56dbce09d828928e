// What only a person or a shell asks for (help text, completion answers): one lazily loaded
// chunk, so no command compiles it. main.ts imports it when help or completions are asked for.

export { groupHelpText, helpText, isGroup } from "./help.js";
export { completionsFor } from "./completions.js";
export { completionValues } from "./completion-values.js";

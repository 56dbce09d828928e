// The commands agents call now and then but that have no start-up bar (questions, question
// add, pause, resume, budget status/spend/seed, interactive resolve): one lazily loaded chunk,
// so status, budget check and state resolve compile none of it. command-table.ts loads it.
// One chunk, not one per command: rolldown splits what two lazy chunks share with the main
// file into chunks of their own, which the hot commands would then load too.

export { budgetSeed } from "../commands/budget-seed.js";
export { budgetSpend } from "../commands/budget-spend.js";
export { budgetStatus } from "../commands/budget-status.js";
export { questionAdd } from "../commands/question-add.js";
export { questionsList, questionsShow } from "../commands/questions.js";
export { interactiveResolve } from "../commands/state-resolve-interactive.js";
export { statePause } from "../commands/state-pause.js";
export { stateResume } from "../commands/state-resume.js";

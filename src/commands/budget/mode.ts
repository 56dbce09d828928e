// What every `budget …` command does first: find the root, read the sentinel (exit 5 when
// malformed), and in HITL answer "no AFK budget" with exit 0 without touching the workspace.

import type { Sentinel } from "../../documents/afk/sentinel.js";
import { parseQuestionsBytes, type QuestionsDoc } from "../../documents/questions/parse-questions.js";
import { parseState, type StateDoc } from "../../documents/state/parse-state.js";
import { readSliceCounter, type Remaining, type ReviewQueue } from "../../domain/budget.js";
import { budgetSummary } from "../../domain/run-summary.js";
import { readValidSentinel } from "../../workspace/afk.js";
import type { WorkspaceSession } from "../../workspace/session.js";
import type { CommandContext, Outcome } from "../types.js";

const NO_AFK_BUDGET = "no AFK budget";

interface AfkMode {
  /** The sentinel's absolute path and its name for messages (`.devrites/AFK`). */
  path: string;
  display: string;
  sentinel: Sentinel;
}

/**
 * The validated sentinel, or undefined in HITL.
 * @throws NoWorkspaceError (2) without a root; BadInputError (5) for a malformed sentinel.
 */
export async function afkMode(ctx: CommandContext): Promise<AfkMode | undefined> {
  const mode = await readValidSentinel(ctx.root());
  return mode.mode === "afk" ? { path: mode.path, display: mode.display, sentinel: mode.sentinel } : undefined;
}

/** The HITL answer of a budget command: says so, exits 0, writes nothing. */
export function hitlOutcome(consequence: string, data: Record<string, unknown> = {}): Outcome {
  return {
    exit: 0,
    lines: [`${NO_AFK_BUDGET}: no .devrites/AFK sentinel, so a human is present (HITL); ${consequence}`],
    data: { mode: "hitl", message: NO_AFK_BUDGET, ...data },
  };
}

/** What the read-only budget commands read: the workspace's cursor and questions, and the slices left. */
interface BudgetView {
  session: WorkspaceSession;
  stateDoc: StateDoc;
  questionsDoc: QuestionsDoc;
  counter: ReturnType<typeof readSliceCounter>;
  remaining: Remaining;
  /** The review queue without findings (budget check counts its own). */
  queue: ReviewQueue;
}

/**
 * Open the workspace (finishing a leftover journal first) and read what budget check and
 * budget status both report on: the selected workspace, or `session` (dispatch's `<slug>`).
 * @throws NoWorkspaceError (2); BadInputError (5) for a malformed counter.
 */
export function readBudgetView(ctx: CommandContext, sentinel: Sentinel, session: WorkspaceSession = ctx.workspace()): BudgetView {
  session.recoverIfNeeded();
  const stateDoc = parseState(session.read("state.md", true));
  // Read, not edited: from the bytes (documents/questions/block-grammar.ts, one view per purpose).
  const questionsDoc = parseQuestionsBytes(session.readBytes("questions.md", true));
  // The run summary's budget; a malformed counter, which status and orient show, stops a budget command.
  const summary = budgetSummary({ sentinel }, stateDoc, questionsDoc);
  if (summary.mode !== "afk") throw new Error("a sentinel read as AFK summarised as another mode");
  if (summary.counterError !== undefined) throw summary.counterError;
  return { session, stateDoc, questionsDoc, counter: readSliceCounter(stateDoc), remaining: summary.remaining!, queue: summary.queue };
}

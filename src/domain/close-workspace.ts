// What `state close` refuses before it archives a workspace: one that still waits on a person
// (awaiting_human) or has open questions a person must answer (blocking, validating,
// escalating). The DevRites pack closes only after Seal's GO, when none can be left; a close
// that would bury an unanswered question in archive/ is refused with the command that answers it.

import { RefusedError } from "../errors.js";
import { forReaders } from "../for-readers.js";
import { gateOf, statusOf, type QuestionsDoc } from "../documents/questions/parse-questions.js";
import { awaitedQuestionIds, cursorValue, type StateDoc } from "../documents/state/parse-state.js";
import { shellWord } from "../shell-word.js";

const HUMAN_GATES = new Set(["blocking", "validating", "escalating"]);

/**
 * @throws RefusedError (3) naming the awaited or open questions and how to answer them.
 */
export function assertClosable(state: StateDoc, questions: QuestionsDoc, slug: string): void {
  const awaited = awaitedQuestionIds(state);
  if ((cursorValue(state, "status") ?? "").trim().toLowerCase() === "awaiting_human" || awaited.length > 0) {
    const qid = awaited[0] !== undefined ? shellWord(awaited[0]) : "<qid>";
    throw new RefusedError(`cannot close ${slug}: it is awaiting a human${awaited.length > 0 ? ` on ${awaited.join(", ")}` : ""}`, {
      hint: forReaders((h) => `answer first (devrites-engine state resolve ${qid} "<answer>"${h}), then run devrites-engine state close ${shellWord(slug)} again`),
    });
  }
  const open = questions.blocks.filter((b) => statusOf(b) === "open" && HUMAN_GATES.has(gateOf(b)));
  if (open.length > 0) {
    throw new RefusedError(`cannot close ${slug}: open question(s) a person must answer: ${open.map((b) => `${b.id} (${gateOf(b)})`).join(", ")}`, {
      hint: forReaders((h) => `answer or drop them first (devrites-engine state resolve ${shellWord(open[0]!.id)} "<answer>"${h}, or devrites-engine state resolve --drop ${shellWord(open[0]!.id)}${h}), then run devrites-engine state close ${shellWord(slug)} again`),
    });
  }
}

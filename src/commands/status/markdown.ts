// `status --markdown`: what the run waits on as a ticket/PR comment body — the awaited
// question(s) or the pause, plus the other open blocking questions. Read-only.

import { fieldValue, gateOf, statusOf, type QuestionsDoc } from "../../documents/questions/parse-questions.js";
import { awaitedQuestionIds, cursorValue, type StateDoc } from "../../documents/state/parse-state.js";
import { parseTimestamp } from "../../domain/clock.js";
import { pauseLabel } from "../../domain/pause-reasons.js";
import { awaitedBlocks } from "../../domain/run-summary.js";
import { commentQuestion, renderCommentMarkdown, utcMinute } from "../markdown-comment.js";
import type { Outcome } from "../types.js";
import { shellWord } from "../../shell-word.js";

export async function statusMarkdown(slug: string, state: StateDoc, questions: QuestionsDoc): Promise<Outcome> {
  const awaitedIds = awaitedQuestionIds(state);
  const awaited = awaitedBlocks(state, questions);
  const runStatus = cursorValue(state, "status") ?? "(none)";
  let pause: { summary: string; detail: string | null; resumeCommands: string[] } | undefined;
  if (awaited.length === 0 && runStatus.toLowerCase() === "blocked") {
    const code = cursorValue(state, "pause_reason") ?? "";
    // A comment is read later and in any zone: the resume time always carries its date and zone.
    const until = parseTimestamp(cursorValue(state, "resumes_at") ?? "");
    const label = pauseLabel(code);
    const summary = until ? `${label}, resumes ${utcMinute(until)}` : label;
    const resume = `devrites-engine state resume --workspace ${shellWord(slug)}`;
    pause = { summary, detail: cursorValue(state, "pause_detail") || null, resumeCommands: code === "usage_cap" ? [`devrites-engine state resume --auto --workspace ${shellWord(slug)}`, resume] : [resume] };
  }
  const blocking = questions.blocks
    .filter((b) => statusOf(b) === "open" && gateOf(b) === "blocking" && !awaitedIds.includes(b.id))
    .map((b) => ({ qid: b.id, question: fieldValue(b, "question") ?? "" }));
  const idle = `Nothing waits on a person: workspace ${slug} is ${runStatus} (phase ${cursorValue(state, "phase") ?? "(none)"}).`;
  const markdown = await renderCommentMarkdown({ slug, questions: awaited.map(commentQuestion), pause, blocking, idle });
  return { exit: 0, lines: [markdown.replace(/\n$/, "")], data: { workspace: slug, markdown } };
}

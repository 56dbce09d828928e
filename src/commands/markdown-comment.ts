// `--markdown` for `questions show` and `status`: the plain data of a paused run, handed to the
// lazy remark-stringify adapter (src/adapters/markdown-comment.ts) that renders the comment body.

import { answerAsRead } from "../documents/questions/answer-field.js";
import { fieldValue, gateOf, optionsOf, statusOf, type QuestionBlock } from "../documents/questions/parse-questions.js";
import { asksForFreeText } from "../domain/free-text-option.js";
import type { CommentInput, CommentQuestion } from "../adapters/markdown-comment.js";
import { isoString } from "../domain/clock.js";

/** A question block as the comment renderer wants it. */
export function commentQuestion(b: QuestionBlock): CommentQuestion {
  return {
    qid: b.id,
    gate: gateOf(b) || null,
    status: statusOf(b) || null,
    slice: fieldValue(b, "slice") || null,
    question: fieldValue(b, "question") ?? "",
    options: optionsOf(b).map((o) => ({ number: o.number, text: o.raw, freeText: asksForFreeText(o.raw) })),
    proposed: fieldValue(b, "proposed") || null,
    answer: answerAsRead(b) || null,
    answeredBy: fieldValue(b, "answered_by") || null,
    answeredAt: fieldValue(b, "answered_at") || null,
  };
}

/** Render the comment body (loads remark-stringify; never on a path without --markdown or notify). */
export async function renderCommentMarkdown(input: CommentInput): Promise<string> {
  const { renderComment } = await import("../adapters/markdown-comment.js");
  return renderComment(input);
}

/** `YYYY-MM-DD HH:MM UTC`: a comment is read in every time zone. */
export function utcMinute(t: Date): string {
  return `${isoString(t).slice(0, 16).replace("T", " ")} UTC`;
}

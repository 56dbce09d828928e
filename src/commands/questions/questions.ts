// `questions` lists questions one line each (open by default); `questions show <qid>`
// prints one block with its options numbered and the command that answers it. Rows of a
// released `## Question register` table are listed too, marked as register rows. Read-only.

import { answerAsRead } from "../../documents/questions/answer-field.js";
import { BadInputError, DuplicateIdError, RefusedError } from "../../errors.js";
import { GATES, isGate } from "../../documents/gates.js";
import { fieldValue, gateOf, optionsOf, parseQuestionsBytes, statusOf, type QuestionBlock, type QuestionsDoc, type RegisterRow } from "../../documents/questions/parse-questions.js";
import { asksForFreeText } from "../../domain/free-text-option.js";
import { commentQuestion, renderCommentMarkdown } from "../markdown-comment.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";
import { shellWord } from "../../shell-word.js";

function summary(b: QuestionBlock) {
  return {
    qid: b.id,
    gate: gateOf(b) || null,
    status: statusOf(b) || null,
    slice: fieldValue(b, "slice") ?? null,
    question: fieldValue(b, "question") ?? "",
    proposed: fieldValue(b, "proposed") ?? null,
    options: optionsOf(b).map((o) => ({ number: o.number, text: o.raw, answer: o.answer })),
    raised_at: fieldValue(b, "raised_at") || null,
    answered_at: fieldValue(b, "answered_at") || null,
    answer: answerAsRead(b) || null,
    answered_by: fieldValue(b, "answered_by") ?? null,
  };
}

/** Register rows whose id no block has (a block wins), each id once. */
function registerRows(doc: QuestionsDoc): RegisterRow[] {
  // Most files have no register: no copy of 40,000 block ids into a set for nothing.
  if (doc.register.length === 0) return [];
  const seen = new Set(doc.byId.keys());
  return doc.register.filter((r) => r.id !== "" && !seen.has(r.id) && (seen.add(r.id), true));
}

const lower = (text: string) => text.trim().toLowerCase();

function rowSummary(doc: QuestionsDoc, r: RegisterRow) {
  return {
    qid: r.id,
    gate: lower(r.gate) || null,
    status: lower(r.status) || null,
    question: r.question,
    answer: r.answer || null,
    register: true,
    line: doc.view.line(r.index).number,
  };
}

/** The refusal hint of a register row: the engine reads it but never writes it. */
const REGISTER_HINT = (qid: string) => `a row of the '## Question register' table, which the engine never writes: edit questions.md by hand, or raise it as a '## ${qid}' block`;

export async function questionsList(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const o = args.options;
  const gate = typeof o.gate === "string" ? o.gate.toLowerCase() : undefined;
  if (gate !== undefined && !isGate(gate)) throw new BadInputError(`unknown gate ${JSON.stringify(o.gate)}`, { hint: `gates: ${GATES.join(", ")}` });
  const session = ctx.workspace();
  session.recoverIfNeeded();
  // Read from the bytes: a listing only compares ASCII and takes out a few values, so the file
  // is not decoded whole (docs/performance.md, "Reading a large file").
  const doc = parseQuestionsBytes(session.readBytes("questions.md", true));
  const picked = doc.blocks.filter((b) => (o.all ? true : statusOf(b) === "open") && (gate === undefined || gateOf(b) === gate));
  const rows = registerRows(doc).filter((r) => (o.all ? true : lower(r.status) === "open") && (gate === undefined || lower(r.gate) === gate));
  // Only the form that is printed is built: 13,000 summaries with their options are most of
  // what a text listing of a 40,000-question file would otherwise allocate.
  if (ctx.json) return { exit: 0, lines: [], data: { workspace: session.ws.slug, questions: [...picked.map(summary), ...rows.map((r) => rowSummary(doc, r))] } };
  // No spread into Math.max: 100,000 arguments overflow the stack.
  let idWidth = 4;
  for (const x of picked) idWidth = Math.max(idWidth, x.id.length);
  for (const x of rows) idWidth = Math.max(idWidth, x.id.length);
  // Without --all every picked block is open: its status is not read a second time.
  const lines = picked.map((b) => `${b.id.padEnd(idWidth)}  ${(gateOf(b) || "-").padEnd(10)}  ${o.all ? (statusOf(b) || "-").padEnd(8) : "open    "}  ${fieldValue(b, "question") ?? ""}`);
  for (const r of rows) lines.push(`${r.id.padEnd(idWidth)}  ${(lower(r.gate) || "-").padEnd(10)}  ${(lower(r.status) || "-").padEnd(8)}  ${r.question}${r.question === "" ? "" : "  "}(register row)`);
  if (picked.length + rows.length === 0) lines.push(o.all ? "No questions." : "No open questions.");
  return { exit: 0, lines, data: { workspace: session.ws.slug } };
}

export async function questionsShow(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const qid = args.positionals[0]!;
  const session = ctx.workspace();
  session.recoverIfNeeded();
  // Read, not edited: from the bytes, as the listing reads them.
  const doc = parseQuestionsBytes(session.readBytes("questions.md", true));
  const blocks = doc.byId.get(qid);
  const row = blocks ? undefined : doc.register.find((r) => r.id === qid);
  if (row) {
    const s = rowSummary(doc, row);
    const lines = [`${row.id}  [${s.gate ?? "no gate"}]  ${s.status ?? "no status"}  register row (questions.md:${s.line})`, "", `  ${s.question}`];
    if (s.answer) lines.push("", `  answer:   ${s.answer}`);
    if (s.status === "open") lines.push("", `This is ${REGISTER_HINT(row.id)}.`);
    return { exit: 0, lines, data: { workspace: session.ws.slug, question: s } };
  }
  if (!blocks) {
    const open = doc.blocks.filter((b) => statusOf(b) === "open").map((b) => b.id);
    throw new RefusedError(`qid not found: ${qid}`, { kind: "question-not-found", hint: open.length > 0 ? `open questions: ${open.join(", ")}` : "there are no open questions" });
  }
  if (blocks.length > 1) throw new DuplicateIdError(`duplicate question id ${qid} in questions.md`, { hint: `rename or merge the duplicate '## ${qid}' blocks by hand` });
  const b = blocks[0]!;
  const s = summary(b);
  if (args.options.markdown === true) {
    const markdown = await renderCommentMarkdown({ slug: session.ws.slug, questions: [commentQuestion(b)] });
    return { exit: 0, lines: [markdown.replace(/\n$/, "")], data: { workspace: session.ws.slug, question: s, markdown } };
  }
  const lines = [`${b.id}  [${s.gate ?? "no gate"}]  ${s.status ?? "no status"}${s.slice ? `  slice ${s.slice}` : ""}`, "", `  ${s.question}`];
  if (s.options.length > 0) lines.push("", ...s.options.map((x) => `  ${x.number}) ${x.text}`));
  if (s.proposed) lines.push("", `  proposed: ${s.proposed}`);
  if (s.raised_at) lines.push(`  raised:   ${s.raised_at}`);
  if (s.status === "open") {
    lines.push("", "Answer with one of:");
    // An option that asks for free text ("Something else — describe it") is answered with the text line.
    for (const x of s.options) if (!asksForFreeText(x.text)) lines.push(`  devrites-engine state resolve ${shellWord(b.id)} --option ${x.number} --human    # ${x.answer}`);
    if (s.proposed) lines.push(`  devrites-engine state resolve ${shellWord(b.id)} --proposed --human`);
    lines.push(`  devrites-engine state resolve ${shellWord(b.id)} "<your answer>" --human`, `  devrites-engine state resolve --drop ${shellWord(b.id)} "<reason>" --human`);
  } else {
    lines.push(`  ${s.status === "dropped" ? "reason" : "answer"}:   ${s.answer ?? ""}`);
    if (s.answered_at) lines.push(`  at:       ${s.answered_at}${s.answered_by ? ` by ${s.answered_by}` : ""}`);
  }
  return { exit: 0, lines, data: { workspace: session.ws.slug, question: s } };
}

// `questions` lists questions one line each (open by default); `questions show <qid>`
// prints one block with its options numbered and the command that answers it. Read-only.

import { BadInputError, DuplicateIdError, RefusedError } from "../errors.js";
import { fieldValue, gateOf, GATES, optionsOf, parseQuestions, statusOf, type QuestionBlock } from "../documents/questions/parse-questions.js";
import type { CommandArgs, CommandContext, Outcome } from "./types.js";

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
    answer: fieldValue(b, "answer") || null,
    answered_by: fieldValue(b, "answered_by") ?? null,
  };
}

export async function questionsList(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const o = args.options;
  if (args.positionals.length > 0) throw new BadInputError(`unknown argument ${JSON.stringify(args.positionals[0])}`, { hint: "devrites-engine questions [--open | --all] [--gate GATE], or questions show <qid>" });
  if (o.open && o.all) throw new BadInputError("give --open or --all, not both");
  const gate = typeof o.gate === "string" ? o.gate.toLowerCase() : undefined;
  if (gate !== undefined && !(GATES as readonly string[]).includes(gate)) throw new BadInputError(`unknown gate ${JSON.stringify(o.gate)}`, { hint: `gates: ${GATES.join(", ")}` });
  const session = ctx.workspace();
  session.recoverIfNeeded();
  const doc = parseQuestions(session.read("questions.md", true));
  const picked = doc.blocks.filter((b) => (o.all ? true : statusOf(b) === "open") && (gate === undefined || gateOf(b) === gate));
  // Only the form that is printed is built: 13,000 summaries with their options are most of
  // what a text listing of a 40,000-question file would otherwise allocate.
  if (ctx.json) return { exit: 0, lines: [], data: { workspace: session.ws.slug, questions: picked.map(summary) } };
  let idWidth = 4;
  for (const b of picked) idWidth = Math.max(idWidth, b.id.length);
  const lines = picked.map((b) => `${b.id.padEnd(idWidth)}  ${(gateOf(b) || "-").padEnd(10)}  ${(statusOf(b) || "-").padEnd(8)}  ${fieldValue(b, "question") ?? ""}`);
  if (picked.length === 0) lines.push(o.all ? "No questions." : "No open questions.");
  return { exit: 0, lines, data: { workspace: session.ws.slug } };
}

export async function questionsShow(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const qid = args.positionals[0];
  if (qid === undefined || args.positionals.length > 1) throw new BadInputError("questions show takes one question id", { hint: "devrites-engine questions show <qid>" });
  const session = ctx.workspace();
  session.recoverIfNeeded();
  const doc = parseQuestions(session.read("questions.md", true));
  const blocks = doc.byId.get(qid);
  if (!blocks) {
    const open = doc.blocks.filter((b) => statusOf(b) === "open").map((b) => b.id);
    throw new RefusedError(`qid not found: ${qid}`, { hint: open.length > 0 ? `open questions: ${open.join(", ")}` : "there are no open questions" });
  }
  if (blocks.length > 1) throw new DuplicateIdError(`duplicate question id ${qid} in questions.md`, { hint: `rename or merge the duplicate '## ${qid}' blocks by hand` });
  const b = blocks[0]!;
  const s = summary(b);
  const lines = [`${b.id}  [${s.gate ?? "no gate"}]  ${s.status ?? "no status"}${s.slice ? `  slice ${s.slice}` : ""}`, "", `  ${s.question}`];
  if (s.options.length > 0) lines.push("", ...s.options.map((x) => `  ${x.number}) ${x.text}`));
  if (s.proposed) lines.push("", `  proposed: ${s.proposed}`);
  if (s.raised_at) lines.push(`  raised:   ${s.raised_at}`);
  if (s.status === "open") {
    lines.push("", "Answer with one of:");
    for (const x of s.options) lines.push(`  devrites-engine state resolve ${b.id} --option ${x.number}    # ${x.answer}`);
    if (s.proposed) lines.push(`  devrites-engine state resolve ${b.id} --proposed`);
    lines.push(`  devrites-engine state resolve ${b.id} "<your answer>"`, `  devrites-engine state resolve --drop ${b.id} "<reason>"`);
  } else {
    lines.push(`  ${s.status === "dropped" ? "reason" : "answer"}:   ${s.answer ?? ""}`);
    if (s.answered_at) lines.push(`  at:       ${s.answered_at}${s.answered_by ? ` by ${s.answered_by}` : ""}`);
  }
  return { exit: 0, lines, data: { workspace: session.ws.slug, question: s } };
}

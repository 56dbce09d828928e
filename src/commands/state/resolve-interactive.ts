// Interactive `state resolve`: pick a question (the awaited one first), pick an option (or
// the answer written in questions.md, offered first), type an answer or drop it, confirm;
// then the same transaction as the flags, with --human.

import { unreadAnswer, unreadAnswerAdvice } from "../../documents/questions/answer-field.js";
import type { MarkdownView } from "../../documents/markdown-view.js";
import { BadInputError } from "../../errors.js";
import { fieldValue, gateOf, optionsOf, parseQuestionsBytes, statusOf, type QuestionBlock } from "../../documents/questions/parse-questions.js";
import { awaitedQuestionIds, parseState } from "../../documents/state/parse-state.js";
import { normalizeText } from "../../domain/normalize-text.js";
import { asksForFreeText } from "../../domain/free-text-option.js";
import type { ResolveEntry } from "../../domain/resolve-question.js";
import { hasWrittenAnswer, writtenAnswer } from "../../domain/written-answers.js";
import type { WorkspaceSession } from "../../workspace/session.js";
import type { resolveEntries } from "./resolve-entries.js";
import { wrap } from "../format.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";
import { forReaders } from "../../for-readers.js";

const WIDTH = 80;

class Prompter {
  /** Prompts go to stderr under --json, so stdout carries the one JSON object only. */
  private readonly out: (text: string) => void;

  constructor(private readonly ctx: CommandContext) {
    this.out = ctx.json ? ctx.io.stderr : ctx.io.stdout;
  }

  say(text: string): void {
    this.out(text.endsWith("\n") ? text : `${text}\n`);
  }

  /** Ask until the reply passes `accept`; end of input is exit 5 with nothing written. */
  async ask<T>(prompt: string, accept: (reply: string) => T | undefined, retry = "  Please choose one of the listed numbers."): Promise<T> {
    const read = this.ctx.io.readLine;
    if (!read) throw new BadInputError("interactive mode needs standard input");
    for (;;) {
      this.out(prompt);
      const reply = await read();
      if (reply === undefined) {
        this.out("\n");
        throw new BadInputError("input ended before an answer was confirmed; nothing was written", {
          hint: forReaders((h) => `answer at the prompts, or use devrites-engine state resolve <qid> "<answer>"${h}`),
        });
      }
      const value = accept(reply.trim());
      if (value !== undefined) return value;
      this.say(retry);
    }
  }
}

function pickNumber(reply: string, max: number): number | undefined {
  if (!/^\d+$/.test(reply)) return undefined;
  const n = Number(reply);
  return n >= 1 && n <= max ? n : undefined;
}

/** Open questions, the awaited one(s) first, then in file order. */
function openQuestions(questions: Buffer, state: string): { blocks: QuestionBlock[]; awaited: Set<string>; view: MarkdownView } {
  const qdoc = parseQuestionsBytes(questions);
  const awaited = new Set(awaitedQuestionIds(parseState(state)));
  const open = qdoc.blocks.filter((b) => statusOf(b) === "open" && (qdoc.byId.get(b.id)?.length ?? 0) === 1);
  open.sort((a, b) => Number(awaited.has(b.id)) - Number(awaited.has(a.id)));
  return { blocks: open, awaited, view: qdoc.view };
}

/** Prompt, then commit through `resolve` (passed in so this lazily loaded chunk shares no code with the hot path). */
export async function interactiveResolve(
  ctx: CommandContext,
  session: WorkspaceSession,
  args: CommandArgs,
  resolve: typeof resolveEntries,
): Promise<Outcome> {
  const p = new Prompter(ctx);
  const { blocks, awaited, view } = openQuestions(session.readBytes("questions.md", true), session.read("state.md", true));
  // The same JSON shape as a resolve that wrote something (resolve-report.ts), with nothing in it.
  const nothing = { workspace: session.ws.slug, dry_run: false, results: [], files: [], warnings: [] };
  if (blocks.length === 0) return { exit: 0, lines: ["No open questions."], data: nothing };

  p.say(`Open questions in ${session.ws.slug}:`);
  // Lists are wrapped to 80 columns like `status`, continuation lines under the text.
  const item = (n: number, text: string) => p.say(wrap(text, WIDTH, `  ${n}) `).join("\n"));
  blocks.forEach((b, i) => {
    const mark = awaited.has(b.id) ? " ← the run is waiting on this one" : "";
    item(i + 1, `${b.id} [${gateOf(b) || "no gate"}] ${fieldValue(b, "question") ?? ""}${mark}`);
  });
  const chosen = blocks.length === 1 ? blocks[0]! : blocks[(await p.ask(`Question [1-${blocks.length}]: `, (r) => pickNumber(r, blocks.length))) - 1]!;

  const options = optionsOf(chosen);
  p.say("");
  p.say(wrap(fieldValue(chosen, "question") ?? "", WIDTH, `${chosen.id}: `, "  ").join("\n"));
  const proposed = fieldValue(chosen, "proposed");
  if (proposed) p.say(wrap(proposed, WIDTH, "  proposed: ").join("\n"));
  // An answer a person already wrote in the file comes first; the options follow, shifted by one.
  // Unless part of what was written is not read: offering the rest would commit half of it.
  const unread = unreadAnswer(view, chosen);
  if (unread) p.say(wrap(`The answer written in questions.md is not offered: ${unreadAnswerAdvice(unread).problem} (questions.md:${unread.index + 1}). Type it below, or fix the file: ${unreadAnswerAdvice(unread).fix}.`, WIDTH, "  ", "  ").join("\n"));
  const written = !unread && hasWrittenAnswer(chosen) ? writtenAnswer(chosen) : undefined;
  const shift = written === undefined ? 0 : 1;
  if (written !== undefined) item(1, `use the answer written in questions.md: ${written}`);
  options.forEach((o) => item(o.number + shift, o.raw));
  // A bare `proposed:` (no options) is a choice of its own, as --proposed is on the command line.
  const accept = options.length === 0 && proposed ? shift + 1 : undefined;
  if (accept !== undefined) p.say(`  ${accept}) accept the proposed answer`);
  const typeIt = options.length + shift + (accept !== undefined ? 2 : 1);
  const drop = typeIt + 1;
  p.say(`  ${typeIt}) type another answer`);
  p.say(`  ${drop}) drop this question`);
  const pick = await p.ask(`Answer [1-${drop}]: `, (r) => pickNumber(r, drop));

  let entry: ResolveEntry;
  let summary: string;
  if (pick === drop) {
    const reason = await p.ask("Reason (empty = dropped): ", (r) => normalizeText([r], "drop reason"));
    entry = { qid: chosen.id, kind: "drop", source: { kind: "text", text: reason === "" ? "dropped" : reason } };
    summary = `Drop ${chosen.id} (${reason === "" ? "dropped" : reason})`;
  } else if (pick === accept) {
    entry = { qid: chosen.id, kind: "answer", source: { kind: "proposed" } };
    summary = `Answer ${chosen.id}: ${proposed}`;
  } else if (written !== undefined && pick === 1) {
    entry = { qid: chosen.id, kind: "answer", source: { kind: "file" } };
    summary = `Answer ${chosen.id}: ${written} (as written in questions.md)`;
  } else {
    const opt = pick === typeIt ? undefined : options[pick - 1 - shift]!;
    if (opt === undefined || asksForFreeText(opt.raw)) {
      // "Something else — describe it" asks for the text, as "type another answer" does.
      const text = await p.ask(opt === undefined ? "Answer: " : `${opt.answer} — your answer: `, (r) => {
        const t = normalizeText([r], "answer");
        return t === "" ? undefined : t;
      }, "  The answer cannot be empty.");
      entry = { qid: chosen.id, kind: "answer", source: { kind: "text", text } };
      summary = `Answer ${chosen.id}: ${text}`;
    } else {
      entry = { qid: chosen.id, kind: "answer", source: { kind: "text", text: normalizeText([opt.answer], "option text") } };
      summary = `Answer ${chosen.id}: ${opt.answer}`;
    }
  }
  const yes = await p.ask(`${summary} — write it? [y/n]: `, (r) => (/^(y|yes)$/i.test(r) ? true : /^(n|no)$/i.test(r) ? false : undefined), "  Please answer y or n.");
  if (!yes) return { exit: 0, lines: ["Cancelled: nothing written."], data: { ...nothing, cancelled: true } };
  return resolve(ctx, session, [entry], {
    human: true,
    recordDecision: args.options["record-decision"] === true,
    dryRun: false,
    batch: false,
  });
}

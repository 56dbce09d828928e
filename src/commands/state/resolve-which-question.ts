// The refusal of a `state resolve` that names no question (`--option 1` alone): the question
// it most likely meant — the one the run awaits, when there is exactly one — and the command
// with it filled in, instead of the whole grammar. Read only on this error path.

import { BadInputError } from "../../errors.js";
import { forReaders } from "../../for-readers.js";
import { parseQuestions, statusOf } from "../../documents/questions/parse-questions.js";
import { awaitedQuestionIds, parseState } from "../../documents/state/parse-state.js";
import { listSome } from "../../domain/resolve-question.js";
import type { WorkspaceSession } from "../../workspace/session.js";
import type { CommandArgs, CommandContext } from "../types.js";
import { shellWord } from "../../shell-word.js";

/** The command line as it was given, with `qid` where the id goes. */
function sameForm(qid: string, o: CommandArgs["options"]): string {
  const dryRun = o["dry-run"] === true ? " --dry-run" : "";
  if (o.drop === true) return `--drop ${qid} "<reason>"${dryRun}`;
  const decision = o["record-decision"] === true ? " --record-decision" : "";
  const n = String(o.option);
  if (o.option !== undefined) return `${qid} --option ${/^[1-9]\d*$/.test(n) ? n : "N"}${decision}${dryRun}`;
  if (o.proposed === true) return `${qid} --proposed${decision}${dryRun}`;
  return `${qid} "<answer>"${decision}${dryRun}`;
}

/**
 * The exit-5 refusal for a resolve without a question id.
 * @returns a BadInputError naming the awaited question (or the open ones) and the command that works.
 */
export function missingQuestionId(ctx: CommandContext, args: CommandArgs, session: WorkspaceSession): BadInputError {
  const o = args.options;
  const questions = parseQuestions(session.read("questions.md", true));
  const open = questions.blocks.filter((b) => statusOf(b) === "open").map((b) => b.id);
  const awaited = [...new Set(awaitedQuestionIds(parseState(session.read("state.md", true))))].filter((q) => q !== "");
  // A person at a terminal can also pick at the prompts; an agent (--json, a pipe) is not told to.
  // (stdin's TTY flag is not read again: building process.stdin is what main() avoids.)
  const prompts = !ctx.json && ctx.io.stdoutIsTTY ? ", or pick it at the prompts: devrites-engine state resolve --interactive" : "";
  if (awaited.length === 1 && open.includes(awaited[0]!)) {
    const qid = awaited[0]!;
    return new BadInputError(`a question id is required: the run awaits ${qid}`, {
      hint: forReaders((h) => `devrites-engine state resolve ${sameForm(shellWord(qid), o)}${h}${prompts}`),
      data: { awaited: qid, open },
    });
  }
  if (open.length === 0) {
    return new BadInputError("a question id is required, and no question is open", { hint: "nothing waits for an answer; devrites-engine status shows where the run stands", data: { awaited: null, open } });
  }
  return new BadInputError("a question id is required", {
    hint: forReaders((h) => `name one: devrites-engine state resolve ${sameForm("<qid>", o)}${h}; open questions: ${listSome(open)}${prompts}`),
    data: { awaited: null, open },
  });
}

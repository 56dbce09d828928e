// The values TAB offers after an option or as a command's first argument, by the kind of value
// the command's row declares: its codes (gates, pause reason codes), question ids and workspace
// slugs read from the workspace found from the working directory. Completion must never fail:
// anything unreadable offers nothing. Only ids and slugs of their grammar are offered: a
// hand-edited `## q-$(…)` is not a word to put on a command line.

import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { ValueKind } from "../command-row.js";
import { isWellFormedQuestionId } from "../documents/questions/block-grammar.js";
import { parseQuestionsBytes, statusOf } from "../documents/questions/parse-questions.js";
import type { Io } from "../io.js";
import { isPlainWord } from "../shell-word.js";
import { findRoot, isExistingSlug, openWorkspace, readWorkspaceBytes, selectedSlug } from "../workspace/locate.js";
import { findCommand, GLOBAL_OPTIONS } from "./command-table.js";
import type { CompletionValues } from "./completions.js";
import { isFastLaneWorkspace } from "../workspace/fast-lane.js";

function quietly(fn: () => string[]): string[] {
  try {
    return fn();
  } catch {
    return [];
  }
}

/** Completion values for a shell in `io.cwd`, honouring DEVRITES_ROOT and DEVRITES_WORKSPACE. */
export function completionValues(io: Io): CompletionValues {
  const root = () => findRoot(io.cwd, undefined, io.env.DEVRITES_ROOT);
  // /rite-fast workspaces are left out: the commands that take a slug keep no state there.
  const slugs = () =>
    quietly(() => {
      const work = join(root(), "work");
      return readdirSync(work).filter((n) => isExistingSlug(n) && !isFastLaneWorkspace(join(work, n))).sort();
    });
  const qids = (openOnly: boolean) =>
    quietly(() => {
      const r = root();
      const ws = openWorkspace(r, selectedSlug(r, undefined, io.env.DEVRITES_WORKSPACE));
      const doc = parseQuestionsBytes(readWorkspaceBytes(ws.dir, "questions.md", true)!);
      return doc.blocks.filter((b) => isWellFormedQuestionId(b.id) && (!openOnly || statusOf(b) === "open")).map((b) => b.id);
    });
  const valuesOf = (kind: ValueKind | undefined, openOnly: boolean): string[] =>
    typeof kind === "object" ? [...kind.oneOf] : kind === "qid" ? qids(openOnly) : kind === "slug" ? slugs() : [];
  const values: CompletionValues = {
    option(command, option) {
      const o = (command ? findCommand(command)?.options[option] : undefined) ?? GLOBAL_OPTIONS[option];
      return valuesOf(o?.kind, false);
    },
    positional(command) {
      const def = findCommand(command);
      // A command that changes a question (state resolve) takes an open one; a reader any.
      const writes = def?.mcp !== undefined && "tool" in def.mcp && !def.mcp.readOnly;
      return valuesOf(def?.positionals?.[0]?.kind, writes);
    },
  };
  // And whatever a value list holds, only plain words leave here (the scripts check again).
  return {
    option: (command, option) => values.option(command, option).filter(isPlainWord),
    positional: (command) => values.positional(command).filter(isPlainWord),
  };
}

// A pasted `devrites-engine state resolve …` line in a ticket reply is read as the answer it
// spells (the engine's own comment shows those commands), split as a shell splits a plain
// command and never run: anything a plain command does not hold answers nothing.

import { describe, expect, it } from "vitest";
import { pastedAnswer, shellWords } from "../../../src/documents/comments/pasted-command.js";

const at = { file: "comment 7", line: 3 };
const read = (text: string) => {
  const r = pastedAnswer(text, at);
  return "error" in r ? { error: r.error.message } : r;
};

describe("pastedAnswer: the answer a pasted command spells", () => {
  it.each([
    ["an option, as the engine's comment prints it", "devrites-engine state resolve q-2026-09-02-003 --option 1 --human --workspace session-token-rotation", { line: "q-2026-09-02-003: --option 1", workspace: "session-token-rotation" }],
    ["--option=N and a $ prompt", "$ devrites-engine state resolve q-1 --option=2", { line: "q-1: --option 2", workspace: undefined }],
    ["npx before it", "npx devrites-engine state resolve q-1 --proposed --human", { line: "q-1: --proposed", workspace: undefined }],
    ["answer text in double quotes", 'devrites-engine state resolve q-1 "Keep it, we may roll back" --human', { line: "q-1: -- Keep it, we may roll back", workspace: undefined }],
    ["answer text in single quotes with an escaped quote", "devrites-engine state resolve q-1 'it'\\''s fine'", { line: "q-1: -- it's fine", workspace: undefined }],
    ["answer text that starts with dashes, after --", "devrites-engine state resolve q-1 -- --verbose please", { line: "q-1: -- --verbose please", workspace: undefined }],
    ["a drop with a reason", 'devrites-engine state resolve --drop q-1 "superseded by q-9" --human', { line: "--drop q-1: superseded by q-9", workspace: undefined }],
    ["a drop without a reason", "devrites-engine state resolve --drop q-1", { line: "--drop q-1: ", workspace: undefined }],
  ] as const)("%s", (_n, text, want) => {
    expect(read(text)).toEqual(want);
  });

  it.each([
    ["the placeholder left in", 'devrites-engine state resolve q-1 "<your answer>" --human', /replace <your answer>/],
    ["the drop placeholder left in", 'devrites-engine state resolve --drop q-1 "<reason>" --human', /replace <reason>/],
    ["no question id", "devrites-engine state resolve --option 1", /names no question id/],
    ["no answer", "devrites-engine state resolve q-1 --human", /names no answer/],
    ["a dry run", "devrites-engine state resolve q-1 --option 1 --dry-run", /--dry-run/],
    ["an option it does not know", "devrites-engine state resolve q-1 --batch x.txt", /--batch is not an answer's option/],
    ["--option without a value", "devrites-engine state resolve q-1 --option", /--option has no value/],
    ["text and --option both", "devrites-engine state resolve q-1 yes --option 1", /not both/],
    ["a command substitution", "devrites-engine state resolve q-1 $(id)", /not a plain command/],
    ["a pipe", "devrites-engine state resolve q-1 yes | sh", /not a plain command/],
    ["$ inside double quotes", 'devrites-engine state resolve q-1 "$HOME"', /not a plain command/],
    ["an unclosed quote", "devrites-engine state resolve q-1 'yes", /not a plain command/],
  ] as const)("refused, naming the line: %s", (_n, text, want) => {
    const r = pastedAnswer(text, at);
    expect("error" in r && r.error.message).toMatch(/^comment 7:3: a pasted command line answers nothing: /);
    expect("error" in r && r.error.message).toMatch(want);
    expect("error" in r && r.error.exitCode).toBe(5);
  });
});

describe("shellWords: a plain command's words, never expanded", () => {
  it.each([
    ["blanks split", "a  b\tc", ["a", "b", "c"]],
    ["quotes join", `a"b c"'d e'f`, ["ab cd ef"]],
    ["double-quote escapes", String.raw`"a\"b\\c\$d"`, ['a"b\\c$d']],
    ["a backslash outside quotes", String.raw`a\ b`, ["a b"]],
    ["a # word starts a comment", "a #b c", ["a"]],
    ["a # inside a word is kept", "a#b", ["a#b"]],
    ["an empty quoted word", "a '' b", ["a", "", "b"]],
  ] as const)("%s", (_n, text, want) => {
    expect(shellWords(text)).toEqual(want);
  });
  it.each(["a;b", "a && b", "a > f", "`id`", "a(b)", '"unclosed'])("%s is not a plain command", (text) => {
    expect(shellWords(text)).toBeUndefined();
  });
});

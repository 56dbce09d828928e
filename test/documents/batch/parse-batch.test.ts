// The batch file grammar (formats.md, "The batch file"): every rule, and every error
// names the file and line so a person can fix it.

import { describe, expect, it } from "vitest";
import { BadInputError } from "../../../src/errors.js";
import { parseBatch, parseBatchLines } from "../../../src/documents/batch/parse-batch.js";
import { KEPT_FAILURES, KeptList } from "../../../src/documents/kept-list.js";

const entries = (text: string) => parseBatch(text, "answers.txt").map((e) => [e.line, e.kind, e.qid, e.payload]);

describe("parseBatch: accepted lines", () => {
  it.each([
    ["an answer", "q-1: Fixed 30 days\n", [[1, "answer", "q-1", "Fixed 30 days"]]],
    ["a drop with a reason", "--drop q-2: superseded by q-3\n", [[1, "drop", "q-2", "superseded by q-3"]]],
    ["a drop with an empty reason (defaulted later)", "--drop q-2:\n", [[1, "drop", "q-2", ""]]],
    ["a drop with only spaces after the colon", "--drop   q-2 :   \n", [[1, "drop", "q-2", ""]]],
    ["qid and payload trimmed", "   q-1   :   spaced out   \n", [[1, "answer", "q-1", "spaced out"]]],
    ["an answer containing ':'", "q-1: ratio 3:1 — keep\n", [[1, "answer", "q-1", "ratio 3:1 — keep"]]],
    ["an answer starting with '-'", "q-1: --help is fine here\n", [[1, "answer", "q-1", "--help is fine here"]]],
    ["'-- ' before text that starts with a dash", "q-1: -- --proposed is my answer\n", [[1, "answer", "q-1", "--proposed is my answer"]]],
    ["'--drop' after the colon drops", "q-1: --drop superseded\n", [[1, "drop", "q-1", "superseded"]]],
    ["'--drop' alone after the colon drops with no reason", "q-1: --drop\n", [[1, "drop", "q-1", ""]]],
    ["a word that only starts like a form is text", "q-1: --dropped it\n", [[1, "answer", "q-1", "--dropped it"]]],
    ["an answer containing '#'", "q-1: use #channel\n", [[1, "answer", "q-1", "use #channel"]]],
    ["comments and blank lines skipped, line numbers kept", "# c\n\n   \n\t\n  # indented comment\nq-1: a\n", [[6, "answer", "q-1", "a"]]],
    ["CRLF lines: the \\r is not part of the entry", "q-1: a\r\n--drop q-2: b\r\n", [[1, "answer", "q-1", "a"], [2, "drop", "q-2", "b"]]],
    ["an unterminated last line is applied", "q-1: a\nq-2: b", [[1, "answer", "q-1", "a"], [2, "answer", "q-2", "b"]]],
    ["an empty file has no entries", "", []],
    ["a comment-only file has no entries", "# nothing\n", []],
    ["a qid that only looks like --drop is an answer", "--dropped-q: x\n", [[1, "answer", "--dropped-q", "x"]]],
  ])("%s", (_name, text, want) => {
    expect(entries(text)).toEqual(want);
  });
});

describe("parseBatch: the command line's answer forms after the colon", () => {
  const forms = (text: string) => parseBatch(text, "answers.txt").map((e) => [e.qid, e.kind, e.form, e.option ?? null, e.payload]);
  it.each([
    ["--option N", "q-1: --option 2\n", [["q-1", "answer", "option", 2, ""]]],
    ["--option N with spaces around", "q-1:   --option   12  \n", [["q-1", "answer", "option", 12, ""]]],
    ["--proposed", "q-1: --proposed\r\n", [["q-1", "answer", "proposed", null, ""]]],
    ["plain text stays text", "q-1: 2\n", [["q-1", "answer", "text", null, "2"]]],
  ])("%s", (_name, text, want) => {
    expect(forms(text)).toEqual(want);
  });
});

describe("parseBatch: refused lines (exit 5, naming file and line)", () => {
  it.each([
    ["a line without ':'", "q-1: a\nq-2 no colon\n", 2, /syntax error/],
    ["a drop without ':'", "--drop q-2\n", 1, /syntax error/],
    ["an empty answer", "# c\nq-1:\n", 2, /empty answer for q-1/],
    ["a whitespace-only answer", "q-1:   \t\n", 1, /empty answer/],
    ["an empty qid", ": answer\n", 1, /invalid question id/],
    ["a qid with a space", "q 1: answer\n", 1, /invalid question id/],
    ["the same qid twice (the repeat is reported)", "q-1: a\n\nq-1: b\n", 3, /appears twice.*first at line 1/],
    ["the same qid answered and dropped", "q-1: a\n--drop q-1: b\n", 2, /appears twice/],
    ["a CRLF file with a bad line", "q-1: a\r\nbad\r\n", 2, /syntax error/],
    ["--option without a number", "q-1: --option\n", 1, /--option takes an option number/],
    ["--option with a word", "q-1: --option first\n", 1, /--option takes an option number.*"first"/],
    ["--option 0", "q-1: --option 0\n", 1, /--option takes an option number/],
    ["--proposed with text after it", "q-1: --proposed yes\n", 1, /--proposed takes nothing after it/],
    ["'-- ' with nothing after it", "q-1: --\n", 1, /empty answer for q-1/],
  ])("%s", (_name, text, line, message) => {
    let err: unknown;
    try {
      parseBatch(text, "answers.txt");
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(BadInputError);
    const e = err as BadInputError;
    expect(e.exitCode).toBe(5);
    expect(e.message).toMatch(message);
    expect(e.message.startsWith(`answers.txt:${line}: `)).toBe(true);
  });

  it("the first bad line is reported even when later lines are fine", () => {
    expect(() => parseBatch("q-1: a\nbad\nq-2: b\n", "f")).toThrow(/^f:2: /);
  });
});

describe("parseBatchLines: bad lines are counted, the first ones kept", () => {
  it("5,000 bad lines: count 5000, the first 100 kept in file order with their errors; good lines all kept", () => {
    const text = Array.from({ length: 5000 }, (_, i) => `q-${i}:`).join("\n") + "\nq-ok: fine\n";
    const { entries, errors } = parseBatchLines(text, "answers.txt");
    expect(errors.count).toBe(5000);
    expect(errors.kept).toHaveLength(KEPT_FAILURES);
    expect(errors.kept.map((e) => e.line)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(errors.kept[99]!.error.message).toBe("answers.txt:100: empty answer for q-99");
    expect(entries.map((e) => e.qid)).toEqual(["q-ok"]);
  });
  it("a repeated qid is counted like any bad line", () => {
    const { errors } = parseBatchLines("q-1: a\nq-1: b\nq-1: c\n", "f");
    expect([errors.count, errors.kept.map((e) => e.line)]).toEqual([2, [2, 3]]);
  });
});

describe("KeptList", () => {
  it("counts every item, keeps the first max, builds an add()ed item only when it is kept", () => {
    const list = new KeptList<number>(2);
    let built = 0;
    for (let i = 0; i < 5; i++) list.add(() => (built++, i));
    list.push(9);
    expect([list.count, list.kept, list.dropped, built]).toEqual([6, [0, 1], 4, 2]);
  });
});

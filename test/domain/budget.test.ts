// The budget rules as tables: effective remaining (counter, else max_slices, else
// unlimited), the counter's accepted forms, numbers from the command line, the review queue.

import { describe, expect, it } from "vitest";
import { BadInputError } from "../../src/errors.js";
import { parseQuestions } from "../../src/documents/questions/parse-questions.js";
import { parseState } from "../../src/documents/state/parse-state.js";
import { describeRemaining, effectiveRemaining, parseAmount, parseCount, readSliceCounter, reviewQueue } from "../../src/domain/budget.js";

describe("effective slices remaining", () => {
  it.each([
    [3, 10, { source: "counter", value: 3 }],
    [0, 10, { source: "counter", value: 0 }],
    [7, undefined, { source: "counter", value: 7 }],
    [undefined, 10, { source: "max_slices", value: 10 }],
    [undefined, 0, { source: "max_slices", value: 0 }],
    [undefined, undefined, { source: "unlimited", value: undefined }],
  ] as const)("counter %s and max_slices %s give %j: the counter wins, then max_slices, then unlimited", (counter, max, want) => {
    expect(effectiveRemaining(counter, max)).toEqual(want);
  });
});

const table = (row: string) => `## Cursor\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n${row}\n## Log\n- x build: y\n`;

describe("the state.md counter", () => {
  it.each([
    [table("| afk_slices_remaining | 3 |"), 3],
    [table("| AFK slices remaining | 0 |"), 0],
    ["- Schema: 4\n- AFK slices remaining: 12\n", 12],
    ["* Schema: 4\n* AFK Slices Remaining: 4\n", 4],
    ["- Schema: 4\n- afk-slices-remaining: 007\n", 7],
  ])("is read in any spelling and form (%#)", (text, value) => {
    expect(readSliceCounter(parseState(text))?.value).toBe(value);
  });

  it("is absent when no cursor line names it (a Log mention does not count)", () => {
    expect(readSliceCounter(parseState(table("| phase | build |").replace("- x build: y", "- x build: charged S (AFK slices remaining: 2)")))).toBeUndefined();
  });

  it.each(["none", "None", "NONE", " none "])("a counter of %j is no counter, exactly as if the line were absent", (v) => {
    expect(readSliceCounter(parseState(table(`| afk_slices_remaining | ${v} |`)))).toBeUndefined();
    expect(readSliceCounter(parseState(`- Schema: 4\n- AFK slices remaining: ${v}\n`))).toBeUndefined();
  });

  it.each(["nonexistent", "-1", "2.5", "", "three", "1e3", "99999999999999999999"])("a counter of %j fails closed with exit 5 naming state.md and its line", (v) => {
    const doc = parseState(table(`| afk_slices_remaining | ${v} |`));
    let err: unknown;
    try {
      readSliceCounter(doc);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(BadInputError);
    expect((err as BadInputError).message).toMatch(/^state\.md:5: afk_slices_remaining is /);
  });
});

describe("counts and amounts from the command line", () => {
  it.each([["0", 0], ["3", 3], [" 4 ", 4], ["010", 10]])("count %j reads as %i", (text, n) => expect(parseCount(text, "--findings")).toBe(n));
  it.each(["-1", "1.5", "", "x", "1e2", "+1", "0x1"])("count %j is exit 5 naming the option", (text) => {
    expect(() => parseCount(text, "--findings")).toThrow(/--findings must be a plain nonnegative integer/);
  });
  it.each([["2", 2], ["2.50", 2.5], ["0.01", 0.01]])("amount %j reads as %d", (text, n) => expect(parseAmount(text, "--cost-used")).toBe(n));
  it.each(["-2", ".5", "5.", "$5", "1,5", "1e1"])("amount %j is exit 5", (text) => {
    expect(() => parseAmount(text, "--cost-used")).toThrow(BadInputError);
  });
});

const Q = `# Questions

## q-1
status: open
gate: validating

## q-2
status: Open 
gate: VALIDATING

## q-3
status: answered
gate: validating

## q-4
status: open
gate: advisory

## q-5 validating
status: open

## Question register
| Question ID | Status | Gate |
| --- | --- | --- |
| q-6 | open | validating |
| q-1 | open | validating |
| q-7 | answered | validating |
`;

describe("the review queue", () => {
  it("counts open validating questions (trimmed, any case, heading gate, register rows once) plus findings", () => {
    const q = reviewQueue(parseQuestions(Q), 2, 8);
    expect(q.openValidating).toEqual(["q-1", "q-2", "q-5", "q-6"]);
    expect([q.findings, q.total, q.cap]).toEqual([2, 6, 8]);
  });
  it("is only the findings when there is no questions.md", () => {
    expect(reviewQueue(undefined, 3, undefined)).toEqual({ openValidating: [], findings: 3, total: 3, cap: undefined });
  });
});

describe("describing the remaining slices", () => {
  it.each([
    [effectiveRemaining(2, 10), 10, "slices 2 of 10 left (state.md counter)"],
    [effectiveRemaining(12, 10), 10, "slices 12 left (state.md counter, raised above max_slices 10)"],
    [effectiveRemaining(2, undefined), undefined, "slices 2 left (state.md counter)"],
    [effectiveRemaining(undefined, 10), 10, "slices 10 of 10 left (max_slices; no counter in state.md yet)"],
    [effectiveRemaining(undefined, undefined), undefined, "slices unlimited (no counter in state.md, no max_slices in the sentinel)"],
  ])("%j with max_slices %s reads %j", (r, max, text) => {
    expect(describeRemaining(r, max)).toBe(text);
  });
});

// events.jsonl is read in one place (readEventLines): `log` lists the events it returns and
// `check` warns on exactly the lines it skips, so the two can never disagree about a line.

import { describe, expect, it } from "vitest";
import { isAuditEvent, MAX_EVENT_DEPTH, MAX_SKIPPED_LINES_LISTED, readEventLines } from "../../src/domain/events.js";

const E1 = { v: 1, id: "ev-1", ts: "2026-07-20T10:00:00Z", event: "resolved", qid: "q-1", by: "human", detail: { answer: "Yes" } };
const E2 = { ts: "2026-07-20T10:00:01Z", event: "paused" };
const line = (v: unknown) => JSON.stringify(v);
/** A value nested `depth` levels deep (the outermost counts as one). */
const nested = (depth: number, open = "[", close = "]") => open.repeat(depth) + close.repeat(depth);

describe("readEventLines", () => {
  it.each([
    ["", [], []],
    [`${line(E1)}\n`, [E1], []],
    [`${line(E1)}\n\n  \n${line(E2)}`, [E1, E2], []],
    [`${line(E1)}\r\n${line(E2)}\r\n`, [E1, E2], []],
    [`${line(E1)}\n{"v":\n${line(E2)}\n`, [E1, E2], [2]],
    ['not json\n\n{"torn', [], [1, 3]],
  ])("%j: blank lines ignored, events in order, bad lines named by 1-based number", (text, events, skippedLines) => {
    expect(readEventLines(text)).toEqual({ events, skipped: skippedLines.length, skippedLines });
  });

  it.each([
    ["null", "null"],
    ["a number", "5"],
    ["a string", '"resolved"'],
    ["an array", `[${line(E1)}]`],
    ["an empty object", "{}"],
    ["no ts", '{"event":"resolved"}'],
    ["no event", '{"ts":"2026-07-20T10:00:00Z"}'],
    ["an empty event", '{"ts":"2026-07-20T10:00:00Z","event":""}'],
    ["a numeric event", '{"ts":"2026-07-20T10:00:00Z","event":5}'],
    ["a numeric ts", '{"ts":1,"event":"resolved"}'],
    ["a qid object", '{"ts":"t","event":"resolved","qid":{"a":1}}'],
    ["a by array", '{"ts":"t","event":"resolved","by":["x"]}'],
    ["a detail string", '{"ts":"t","event":"resolved","detail":"x"}'],
    ["a detail array", '{"ts":"t","event":"resolved","detail":[1]}'],
    ["5,000 levels of arrays", nested(5000)],
    ["5,000 levels of objects", '{"a":'.repeat(5000) + "1" + "}".repeat(5000)],
    ["an event whose detail nests 5,000 deep", `{"ts":"t","event":"resolved","detail":{"x":${nested(5000)}}}`],
    ["an event whose ts nests 5,000 deep", `{"ts":${nested(5000)},"event":"x"}`],
  ])("%s is not an event: skipped and counted, never thrown", (_name, bad) => {
    const r = readEventLines(`${line(E1)}\n${bad}\n${line(E2)}\n`);
    expect(r).toEqual({ events: [E1, E2], skipped: 1, skippedLines: [2] });
  });

  it(`an event nesting ${MAX_EVENT_DEPTH} levels is kept, one level more is skipped`, () => {
    // record (1) → detail (2) → x (3) → … : the array holds MAX_EVENT_DEPTH - 2 levels.
    const at = (depth: number) => `{"ts":"t","event":"resolved","detail":{"x":${nested(depth - 2)}}}`;
    expect(isAuditEvent(JSON.parse(at(MAX_EVENT_DEPTH)))).toBe(true);
    expect(isAuditEvent(JSON.parse(at(MAX_EVENT_DEPTH + 1)))).toBe(false);
  });

  it(`a million bad lines are counted; the first ${MAX_SKIPPED_LINES_LISTED} are listed`, () => {
    const r = readEventLines("x\n".repeat(1_000_000) + line(E1));
    expect(r.skipped).toBe(1_000_000);
    expect(r.skippedLines).toHaveLength(MAX_SKIPPED_LINES_LISTED);
    expect(r.skippedLines.slice(0, 3)).toEqual([1, 2, 3]);
    expect(r.events).toEqual([E1]);
  });
});

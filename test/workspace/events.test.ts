// events.jsonl lines as renderEvents writes them: one redacted JSON object per draft, with an
// id that is unique (formats.md) — within a thousand-event batch by construction.

import { describe, expect, it } from "vitest";
import { renderEvents } from "../../src/workspace/events.js";
import type { EventDraft } from "../../src/domain/events.js";

const NOW = new Date("2026-07-20T10:00:00Z");
const drafts = (n: number): EventDraft[] => Array.from({ length: n }, (_, i) => ({ event: "resolved", qid: `q-${i}`, by: "agent", detail: { answer: `a ${i}`, batch: true } }));
const parse = (text: string) => text.trimEnd().split("\n").map((l) => JSON.parse(l) as { id: string; ts: string; v: number; qid: string });

describe("renderEvents", () => {
  it("one line per draft, in order, with v, id and ts first", () => {
    const lines = renderEvents(drafts(3), NOW).split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe("");
    expect(lines[0]).toMatch(/^\{"v":1,"id":"ev-2026-07-20T10:00:00Z-[0-9a-f]{8}","ts":"2026-07-20T10:00:00Z","event":"resolved","qid":"q-0","by":"agent","detail":\{"answer":"a 0","batch":true\}\}$/);
    expect(parse(lines.join("\n")).map((e) => e.qid)).toEqual(["q-0", "q-1", "q-2"]);
  });

  it("ids are unique within a 1,000-event commit, every time (50 commits)", () => {
    for (let k = 0; k < 50; k++) {
      const ids = parse(renderEvents(drafts(1000), NOW)).map((e) => e.id);
      expect(new Set(ids).size).toBe(1000);
    }
  });

  it("secrets in a draft are redacted", () => {
    const text = renderEvents([{ event: "paused", detail: { detail: "retry with token=abc123secret" } }], NOW);
    expect(text).not.toContain("abc123secret");
    expect(text).toContain("token=[REDACTED]");
  });
});

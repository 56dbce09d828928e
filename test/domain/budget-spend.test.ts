// `budget spend` as a pure use case: the first charge inserts max_slices − 1 in the cursor's
// form, later ones decrement in the counter's own spelling, a slice is charged once (its
// `slice_spent` event, or its Log line where a Log exists, is the record), and a counter at 0
// stops without producing a text.

import { describe, expect, it } from "vitest";
import { BadInputError, BudgetStopError } from "../../src/errors.js";
import { parseState } from "../../src/documents/state/parse-state.js";
import { assertSliceId, chargedEventLine, chargedLine, planSpend } from "../../src/domain/spend-slice.js";

const NOW = new Date("2026-07-20T10:00:00Z");
const T = "2026-07-20T10:00:00Z";

const TABLE = `# State: billing-export

## Cursor
| Key | Value |
| --- | --- |
| schema | 4 |
| phase | build |
| status | running |
| next_action | /rite-build SLICE-001 |

## Log
- 2026-07-20T09:40:00Z build: SLICE-001 proof green
`;

const BULLETS = `- Schema: 4
- Phase: Build slice 2
- Status: running
- Next step: /rite-build SLICE-002

## Log
- 2026-07-20T09:50:00Z build: SLICE-002 proof green
`;

const spend = (state: string, slice: string, maxSlices: number | undefined, events?: string) =>
  planSpend({ state, slice, maxSlices, audit: () => (events === undefined ? undefined : Buffer.from(events, "utf8")), now: NOW });
const spentEvent = (slice: string) => JSON.stringify({ v: 1, id: "ev-1", ts: T, event: "slice_spent", detail: { slice, remaining: 2, previous: 3, source: "max_slices" } });
function charged(state: string, slice: string, maxSlices: number | undefined): string {
  const p = spend(state, slice, maxSlices);
  if (p.kind !== "charged") throw new Error(`expected a charge, got ${p.kind}`);
  return p.state;
}

describe("the first charge inserts max_slices − 1 in the cursor's form", () => {
  it.each([
    [
      "table",
      TABLE,
      TABLE.replace("| next_action | /rite-build SLICE-001 |\n", "| next_action | /rite-build SLICE-001 |\n| afk_slices_remaining | 2 |\n").replace(
        "proof green\n",
        `proof green\n- ${T} build: charged SLICE-001 (AFK slices remaining: 2)\n`,
      ),
    ],
    [
      "bullets (phase's first word, lowercased, in the Log)",
      BULLETS,
      BULLETS.replace("- Next step: /rite-build SLICE-002\n", "- Next step: /rite-build SLICE-002\n- AFK slices remaining: 2\n").replace(
        "proof green\n",
        `proof green\n- ${T} build: charged SLICE-001 (AFK slices remaining: 2)\n`,
      ),
    ],
    [
      "CRLF",
      TABLE.replace(/\n/g, "\r\n"),
      TABLE.replace("| next_action | /rite-build SLICE-001 |\n", "| next_action | /rite-build SLICE-001 |\n| afk_slices_remaining | 2 |\n")
        .replace("proof green\n", `proof green\n- ${T} build: charged SLICE-001 (AFK slices remaining: 2)\n`)
        .replace(/\n/g, "\r\n"),
    ],
    [
      "no Log section: the row only, no Log is created",
      "| Key | Value |\n| --- | --- |\n| schema | 4 |\n| phase | review |",
      `| Key | Value |\n| --- | --- |\n| schema | 4 |\n| phase | review |\n| afk_slices_remaining | 2 |`,
    ],
  ])("%s", (_name, input, expected) => {
    expect(charged(input, "SLICE-001", 3)).toBe(expected);
  });
});

describe("later charges decrement the counter in its own spelling and form", () => {
  it.each([
    ["| afk_slices_remaining | 2 |", "| afk_slices_remaining | 1 |"],
    ["| AFK slices remaining |2|", "| AFK slices remaining | 1 |"],
    ["|  afk_slices_remaining  |   10   |", "|  afk_slices_remaining  |   9   |"],
  ])("%j becomes %j", (row, want) => {
    const input = TABLE.replace("| status | running |\n", `| status | running |\n${row}\n`);
    const out = charged(input, "SLICE-009", 50);
    expect(out).toContain(`${want}\n`);
    expect(out).toContain(`charged SLICE-009 (AFK slices remaining: ${/\d+/.exec(want)![0]})`);
  });

  it.each([["| afk_slices_remaining | none |", "| afk_slices_remaining | 4 |"], ["| AFK slices remaining | NONE |", "| AFK slices remaining | 4 |"]])(
    "a counter of none is no counter: max_slices − 1 replaces %j in place",
    (row, want) => {
      const input = TABLE.replace("| status | running |\n", `| status | running |\n${row}\n`);
      const out = charged(input, "SLICE-001", 5);
      expect(out.split("\n## Log")[0]).toBe(input.replace(row, want).split("\n## Log")[0]);
    },
  );

  it("a bullet counter keeps its marker and key spelling", () => {
    const input = "* Schema: 4\n* AFK Slices Remaining: 4\n\n## Log\n- a build: b\n";
    expect(charged(input, "S-3", undefined)).toBe(`* Schema: 4\n* AFK Slices Remaining: 3\n\n## Log\n- a build: b\n- ${T} build: charged S-3 (AFK slices remaining: 3)\n`);
  });
});

describe("exactly once per slice id", () => {
  it("a retry of the same slice on the charged text is 'already' and produces no text", () => {
    const once = charged(TABLE, "SLICE-001", 3);
    const again = spend(once, "SLICE-001", 3);
    expect(again).toEqual({ kind: "already", file: "state.md", line: 14, remaining: 2 });
  });

  it("without a Log the slice_spent event is the record: a retry is 'already' at its events.jsonl line", () => {
    const noLog = TABLE.slice(0, TABLE.indexOf("\n## Log"));
    const once = charged(noLog, "SLICE-001", 3);
    expect(once).not.toContain("## Log");
    const events = `{"v":1,"event":"migrated"}\n${spentEvent("SLICE-000")}\n${spentEvent("SLICE-001")}\n`;
    expect(spend(once, "SLICE-001", 3, events)).toEqual({ kind: "already", file: "events.jsonl", line: 3, remaining: 2 });
    expect(spend(once, "SLICE-002", 3, events).kind).toBe("charged");
  });

  it("a charge recorded only in events.jsonl counts where a Log exists too", () => {
    expect(spend(TABLE, "SLICE-001", 3, `${spentEvent("SLICE-001")}\n`)).toEqual({ kind: "already", file: "events.jsonl", line: 1, remaining: undefined });
  });

  it("the audit is not read when the Log already records the charge", () => {
    const once = charged(TABLE, "SLICE-001", 3);
    const p = planSpend({ state: once, slice: "SLICE-001", maxSlices: 3, now: NOW, audit: () => { throw new Error("read"); } });
    expect(p.kind).toBe("already");
  });

  it.each([
    ["another slice's event", `${spentEvent("SLICE-10")}\n`],
    ["another event naming the slice", `{"v":1,"event":"raised","detail":{"slice":"SLICE-1","note":"slice_spent"}}\n`],
    ["the event name only in a nested value", `{"v":1,"event":"paused","detail":{"event":"slice_spent","slice":"SLICE-1"}}\n`],
    ["a torn line", `{"v":1,"event":"slice_spent","detail":{"slice":"SLICE-1"\n`],
    ["a JSON array", `["slice_spent",{"slice":"SLICE-1"}]\n`],
    ["an event without detail", `{"v":1,"event":"slice_spent"}\n`],
    ["no audit at all", ""],
  ])("%s does not mark SLICE-1 charged", (_name, events) => {
    expect(chargedEventLine(Buffer.from(events), "SLICE-1")).toBeUndefined();
  });

  it("counts lines across skipped events, blank lines and a last line without a newline", () => {
    const events = `{"event":"resolved"}\n\n${spentEvent("A")}\n{"event":"x"}\n${spentEvent("B")}`;
    expect(chargedEventLine(Buffer.from(events), "A")).toBe(3);
    expect(chargedEventLine(Buffer.from(events), "B")).toBe(5);
  });

  it("a retry after the charge that reached 0 is 'already', not a stop", () => {
    const input = TABLE.replace("| status | running |\n", "| status | running |\n| afk_slices_remaining | 1 |\n");
    const last = charged(input, "SLICE-004", 10);
    expect(spend(last, "SLICE-004", 10).kind).toBe("already");
  });

  it.each([
    ["- 2026-07-20T09:00:00Z build: charged SLICE-1 (AFK slices remaining: 4)", "SLICE-1", 5],
    ["* 2026-07-20T09:00:00Z prove: charged SLICE-1", "SLICE-1", 5],
  ])("the Log line %j marks %s charged", (line, slice, n) => {
    expect(chargedLine(parseState(`- Schema: 4\n\n## Log\n- a b: c\n${line}\n`), slice)).toBe(n);
  });

  it.each([
    ["- t build: charged SLICE-10 (AFK slices remaining: 4)", "SLICE-1"],
    ["- t build: charged SLICE-1, SLICE-2 (AFK slices remaining: 4)", "SLICE-1"],
    ["- t build: charged slice-1 (AFK slices remaining: 4)", "SLICE-1"],
    ["- t build: SLICE-1 charged", "SLICE-1"],
    ["- t build: not charged SLICE-1", "SLICE-1"],
  ])("the Log line %j does not mark %s charged (the id is matched exactly, as a token)", (line, slice) => {
    expect(chargedLine(parseState(`- Schema: 4\n\n## Log\n${line}\n`), slice)).toBeUndefined();
  });

  it("a charge line outside the Log section, or inside a code fence, does not count", () => {
    const text = "- Schema: 4\n- note: charged SLICE-1\n\n## Log\n```\n- t build: charged SLICE-1 (AFK slices remaining: 1)\n```\n";
    expect(chargedLine(parseState(text), "SLICE-1")).toBeUndefined();
  });
});

describe("nothing to charge, and the stops", () => {
  it("no counter and no max_slices is nothing to charge", () => {
    expect(spend(TABLE, "SLICE-001", undefined)).toEqual({ kind: "nothing" });
  });

  it.each([
    ["a counter at 0", TABLE.replace("| status | running |\n", "| status | running |\n| afk_slices_remaining | 0 |\n"), 10],
    ["max_slices 0 and no counter", TABLE, 0],
  ])("%s is a budget stop (exit 7)", (_name, input, max) => {
    expect(() => spend(input, "SLICE-002", max)).toThrow(BudgetStopError);
  });

  it.each(["nonexistent", "-1", "", "2.5"])("a counter of %j is exit 5, never a guess", (v) => {
    const input = TABLE.replace("| status | running |\n", `| status | running |\n| afk_slices_remaining | ${v} |\n`);
    expect(() => spend(input, "SLICE-002", 10)).toThrow(BadInputError);
  });
});

describe("slice ids", () => {
  it.each(["SLICE-003", "s1", "slice_2.b", "#12"])("%j is accepted", (id) => expect(assertSliceId(id)).toBe(id));
  it.each([undefined, "", "two words", "tab\there", "new\nline", "x".repeat(201), "api_key=abc123", "ghp_abcdefghijklmnopqrstuvwxyz0123"])("%j is exit 5", (id) => {
    expect(() => assertSliceId(id)).toThrow(BadInputError);
  });
});

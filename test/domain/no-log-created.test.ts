// No writer creates a `## Log` (formats.md, Log): on the DevRites pack's 5.x cursor — a
// `## Cursor` table and nothing else, "no narrative log" — every use case that touches state.md
// changes only its rows (and the awaiting section), and the file keeps exactly its sections.

import { describe, expect, it } from "vitest";
import { viewOf } from "../../src/documents/markdown-view.js";
import { parseState } from "../../src/documents/state/parse-state.js";
import { planMigrate } from "../../src/domain/migrate-workspace.js";
import { parsePauseInput, planPause } from "../../src/domain/pause-run.js";
import { parseRaiseInput, planRaise } from "../../src/domain/raise-question.js";
import { planStateClear } from "../../src/domain/resolve-question.js";
import { planResume } from "../../src/domain/resume-run.js";
import { planSeed } from "../../src/domain/seed-budget.js";
import { planSpend } from "../../src/domain/spend-slice.js";

const NOW = new Date("2026-07-20T10:00:00Z");

/** The pack's state.md template (state-workspace.md), filled in, with the schema row migrate adds. */
const CURSOR = (rows: string) => `# State

## Cursor
| Key | Value |
| --- | --- |
| schema | 4 |
| phase | build |
${rows}| active_slice | SLICE-002 |
| slice_mode | AFK |
| risk | none |
| next_action | /rite-build SLICE-002 |
| afk_slices_remaining | 3 |
| sequence_parent | ledger-m1 |
| sequence_position | 2 |
`;
const RUNNING = CURSOR("| status | running |\n");
const AWAITING = `${CURSOR("| status | awaiting_human |\n").replace("/rite-build SLICE-002", '/rite-resolve q-2026-07-20-001 "<answer>"')}
## Awaiting human
Only present when status is awaiting_human.
| Key | Value |
| --- | --- |
| question_id | q-2026-07-20-001 |
| gate | blocking |
| blocking_slices | SLICE-002 |
`;
const BLOCKED = CURSOR("| status | blocked |\n| pause_reason | operator |\n");

const headings = (text: string) => viewOf(text).headings.map((h) => h.text);

const writers: [string, string, () => string | undefined][] = [
  ["migrate (schema 2 → 4)", RUNNING.replace("| schema | 4 |\n", ""), () => planMigrate(RUNNING.replace("| schema | 4 |\n", ""), "ledger", NOW).state],
  ["state resolve (clears the awaiting section)", AWAITING, () => planStateClear(AWAITING, ["q-2026-07-20-001"], "2026-07-20T10:00:00Z")],
  ["state pause", RUNNING, () => {
    const p = planPause(RUNNING, parsePauseInput({ reason: "usage_cap", detail: "cap", until: "2026-07-20T14:50:00Z" }, 3), 3, NOW);
    return p.kind === "paused" ? p.state : undefined;
  }],
  ["state resume", BLOCKED, () => {
    const p = planResume(BLOCKED, { auto: false, note: "back" }, NOW);
    return p.kind === "resumed" ? p.state : undefined;
  }],
  ["question add (a blocking pause)", RUNNING, () => planRaise(
    { slug: "ledger", questions: "# Questions\n", state: RUNNING, decisions: undefined },
    parseRaiseInput({ gate: "blocking", question: "Keep it?", slice: "SLICE-002", options: ["Yes", "No"], proposed: undefined, route: undefined, impact: "AC-001", supersedes: undefined, blockingSlices: "SLICE-002" }),
    { afk: false },
    NOW,
  ).state],
  ["budget spend", RUNNING, () => {
    const p = planSpend({ state: RUNNING, slice: "SLICE-002", maxSlices: 10, audit: () => undefined, now: NOW });
    return p.kind === "charged" ? p.state : undefined;
  }],
  ["budget seed", RUNNING, () => {
    const p = planSeed({ state: RUNNING, pending: 1, maxSlicesOption: undefined, maxSlices: 10, now: NOW });
    return p.kind === "seeded" ? p.state : undefined;
  }],
];

describe("no writer creates a ## Log on the pack's 5.x cursor", () => {
  it.each(writers)("%s writes state.md with no Log and no other new section", (_name, input, write) => {
    const out = write();
    expect(out, "the writer changed state.md").toBeDefined();
    expect(out).not.toBe(input);
    expect(parseState(out!).log).toBeUndefined();
    expect(out).not.toMatch(/^## Log/m);
    expect(headings(out!).filter((h) => h !== "Awaiting human")).toEqual(headings(input).filter((h) => h !== "Awaiting human"));
  });
});

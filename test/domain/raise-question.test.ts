// The raise use case (commands.md, `question add`): argument rules, id allocation, the block
// as rendered and what each outcome writes (the gate policy table: test/documents/gates.test.ts).

import { describe, expect, it } from "vitest";
import { BadInputError, RefusedError } from "../../src/errors.js";
import { fieldValue, optionsOf, parseQuestions, statusOf } from "../../src/documents/questions/parse-questions.js";
import { cursorValue, parseState } from "../../src/documents/state/parse-state.js";
import type { RaiseMode } from "../../src/documents/gates.js";
import { nextQuestionId, parseRaiseInput, planRaise, renderQuestionBlock, type RaiseArgs } from "../../src/domain/raise-question.js";
import { parsePauseInput, planPause } from "../../src/domain/pause-run.js";
import { planStateClear } from "../../src/domain/resolve-question.js";
import { RUNNING_FEAT_STATE } from "../helpers/texts.js";

const NOW = new Date("2026-07-20T10:00:00Z");
const T = "2026-07-20T10:00:00Z";
const HITL: RaiseMode = { afk: false };
const AFK: RaiseMode = { afk: true, allowGates: ["advisory", "validating"] };
const AFK_NONE: RaiseMode = { afk: true, allowGates: [] };

const args = (over: Partial<RaiseArgs> = {}): RaiseArgs => ({
  gate: "blocking", question: "Keep the column?", slice: undefined, options: ["Keep it", "Drop it"], proposed: undefined,
  route: undefined, impact: undefined, supersedes: undefined, blockingSlices: undefined, ...over,
});

const STATE = RUNNING_FEAT_STATE;

const QUESTIONS = `# Questions: feat

## q-2026-07-20-002
status: open
gate: blocking
question: Drop now?
answered_at:
answer:
`;

const texts = (over: { questions?: string; state?: string; decisions?: string } = {}) => ({
  slug: "feat", questions: QUESTIONS, state: STATE, decisions: undefined as string | undefined, ...over,
});
const raise = (over: Partial<RaiseArgs>, mode: RaiseMode = HITL, t = texts()) => planRaise(t, parseRaiseInput(args(over)), mode, NOW);

describe("parseRaiseInput", () => {
  it.each([
    [{ gate: undefined }],
    [{ gate: "urgent" }],
    [{ question: undefined }],
    [{ question: "   " }],
    [{ question: "bell \u0007 inside" }],
    [{ gate: "escalating" }],
    [{ gate: "escalating", route: " " }],
    [{ options: ["only one"] }],
    [{ options: ["a", "b", "c", "d", "e"] }],
    [{ options: ["a", ""] }],
    [{ options: ["a", "b (Recommended)"] }],
    [{ proposed: "" }],
    [{ slice: "" }],
  ])("%j is bad input (exit 5)", (over) => {
    expect(() => parseRaiseInput(args(over))).toThrow(BadInputError);
  });

  it.each([
    [{ options: [] }, 0],
    [{ options: ["a", "b"] }, 2],
    [{ options: ["a", "b", "c", "d"] }, 4],
    [{ gate: "Escalating", route: "security" }, 2],
  ])("%j is accepted with %i options", (over, n) => {
    expect(parseRaiseInput(args(over)).options).toHaveLength(n);
  });

  it("texts are flattened to one trimmed line", () => {
    const i = parseRaiseInput(args({ question: "  Keep\n the   column? ", options: ["Keep\tit", "Drop it"] }));
    expect(i.question).toBe("Keep the column?");
    expect(i.options).toEqual(["Keep it", "Drop it"]);
  });
});

describe("nextQuestionId", () => {
  const q = (...ids: string[]) => parseQuestions(ids.map((id) => `## ${id}\nstatus: open\n`).join("\n"));
  it.each([
    [[], "q-2026-07-20-001"],
    [["q-2026-07-19-009"], "q-2026-07-20-001"],
    [["q-2026-07-20-001", "q-2026-07-20-004"], "q-2026-07-20-005"],
    [["q-2026-07-20-004", "q-2026-07-20-001"], "q-2026-07-20-005"],
    [["Q-2026-07-20-007"], "q-2026-07-20-008"],
    [["q-2026-07-20-999"], "q-2026-07-20-1000"],
    [["q-2026-07-20-01x", "q-1", "q-2026-07-21-003"], "q-2026-07-20-001"],
  ])("ids %j → %s (highest on today's date + 1, gaps kept)", (ids, want) => {
    expect(nextQuestionId(q(...ids), NOW)).toBe(want);
  });

  it("register rows count as used ids", () => {
    const doc = parseQuestions("## Question register\n| Question ID | Status | Gate |\n| --- | --- | --- |\n| q-2026-07-20-003 | open | blocking |\n");
    expect(nextQuestionId(doc, NOW)).toBe("q-2026-07-20-004");
  });
});

describe("renderQuestionBlock", () => {
  it("renders every given field in the formats.md order, option 1 marked before its rationale", () => {
    const input = parseRaiseInput(args({
      gate: "escalating", slice: "SLICE-003", options: ["Keep one release — risk: reversible", "Drop now"], route: "dba",
      impact: "SLICE-004", supersedes: "q-2026-07-19-001",
    }));
    expect(renderQuestionBlock("q-2026-07-20-003", input, "Keep one release", T)).toEqual([
      "## q-2026-07-20-003", "status: open", "slice: SLICE-003", "gate: escalating", "question: Keep the column?",
      "options: |", "  1. Keep one release (Recommended) — risk: reversible", "  2. Drop now",
      "proposed: Keep one release", `raised_at: ${T}`, "impact: SLICE-004", "supersedes: q-2026-07-19-001", "route: dba",
      "answered_at:", "answer:",
    ]);
  });

  it("without options or proposal there is no options or proposed line", () => {
    const input = parseRaiseInput(args({ options: [] }));
    expect(renderQuestionBlock("q-1", input, undefined, T)).toEqual(["## q-1", "status: open", "gate: blocking", "question: Keep the column?", `raised_at: ${T}`, "answered_at:", "answer:"]);
  });
});

describe("planRaise", () => {
  it("a blocking question in HITL pauses: block appended after a blank line, awaiting table before ## Log", () => {
    const p = raise({ slice: "SLICE-003", blockingSlices: "SLICE-003" });
    expect(p.qid).toBe("q-2026-07-20-003");
    expect(p.outcome).toBe("paused");
    expect(p.questions).toBe(`${QUESTIONS}
## q-2026-07-20-003
status: open
slice: SLICE-003
gate: blocking
question: Keep the column?
options: |
  1. Keep it (Recommended)
  2. Drop it
proposed: Keep it
raised_at: ${T}
answered_at:
answer:
`);
    expect(p.state).toBe(`# State: feat

## Cursor
| Key | Value |
| --- | --- |
| schema | 4 |
| phase | build |
| status | awaiting_human |
| next_action | /rite-resolve q-2026-07-20-003 "<answer>" |

## Awaiting human
| Key | Value |
| --- | --- |
| question_id | q-2026-07-20-003 |
| gate | blocking |
| question | Keep the column? |
| proposed | Keep it |
| raised_at | ${T} |
| blocking_slices | SLICE-003 |

## Log
- 2026-07-20T08:58:40Z build: SLICE-001 built
- ${T} build: paused on q-2026-07-20-003 (blocking)
`);
    expect(p.events.map((e) => e.event)).toEqual(["raised", "paused"]);
  });

  it("bullet form: the awaiting section is bullets with qid, next_action inserted when missing, CRLF kept", () => {
    const state = "- Schema: 4\r\n- Phase: plan\r\n- Status: running\r\n\r\n## Log\r\n- 2026-07-20T08:00:00Z plan: started\r\n";
    const p = raise({ options: [] }, HITL, texts({ state }));
    expect(p.state).toBe(
      "- Schema: 4\r\n- Phase: plan\r\n- Status: awaiting_human\r\n- Next step: /rite-resolve q-2026-07-20-003 \"<answer>\"\r\n\r\n" +
        "## Awaiting human\r\n- qid: q-2026-07-20-003\r\n- gate: blocking\r\n- question: Keep the column?\r\n- raised_at: 2026-07-20T10:00:00Z\r\n\r\n" +
        "## Log\r\n- 2026-07-20T08:00:00Z plan: started\r\n- 2026-07-20T10:00:00Z plan: paused on q-2026-07-20-003 (blocking)\r\n",
    );
  });

  it("a state.md without ## Log gets the awaiting section at the end and no Log", () => {
    const state = "| Key | Value |\n| --- | --- |\n| schema | 4 |\n| status | running |\n";
    const p = raise({}, HITL, texts({ state }));
    const doc = parseState(p.state!);
    expect(doc.awaiting).toHaveLength(1);
    expect(doc.awaiting[0]!.questionId).toBe("q-2026-07-20-003");
    expect(doc.log).toBeUndefined();
    expect(p.state!).not.toContain("paused on");
    expect(p.state!.endsWith(`| status | awaiting_human |\n| next_action | /rite-resolve q-2026-07-20-003 "<answer>" |\n\n## Awaiting human\n`
      + `| Key | Value |\n| --- | --- |\n| question_id | q-2026-07-20-003 |\n| gate | blocking |\n| question | Keep the column? |\n`
      + `| proposed | Keep it |\n| raised_at | ${T} |\n`)).toBe(true);
  });

  it("while the run awaits an open question, a new pause is queued and state.md is not written", () => {
    const first = raise({});
    const second = raise({ question: "And the index?" }, HITL, texts({ questions: first.questions, state: first.state! }));
    expect(second.qid).toBe("q-2026-07-20-004");
    expect(second.outcome).toBe("queued");
    expect(second.queuedBehind).toBe("q-2026-07-20-003");
    expect(second.state).toBeUndefined();
  });

  it("an awaiting section naming an answered question is stale: the new question replaces it", () => {
    const first = raise({});
    const answered = first.questions.replace("status: open\nslice", "x").replace(/(## q-2026-07-20-003\n)status: open/, "$1status: answered");
    const p = raise({ question: "Next?" }, HITL, texts({ questions: answered, state: first.state! }));
    expect(p.outcome).toBe("paused");
    const doc = parseState(p.state!);
    expect(doc.awaiting.map((s) => s.questionId)).toEqual(["q-2026-07-20-004"]);
  });

  it("a question raised while the run is blocked takes over the pause: pause and blocker fields removed", () => {
    const blocked = planPause(STATE, parsePauseInput({ reason: "usage_cap", detail: "window", until: "2026-07-20T14:00:00Z" }, 3), 3, NOW).state;
    const withCounter = blocked.replace("| pause_reason |", "| blocker_attempts | 2 |\n| pause_reason |");
    const p = raise({}, HITL, texts({ state: withCounter }));
    const doc = parseState(p.state!);
    expect(cursorValue(doc, "status")).toBe("awaiting_human");
    for (const k of ["pause_reason", "pause_detail", "resumes_at", "blocker_attempts"]) expect(cursorValue(doc, k)).toBeUndefined();
    // …and resolving it then leaves no pause field behind.
    const cleared = planStateClear(p.state!, [p.qid], T)!;
    expect(cleared).not.toMatch(/pause_reason|pause_detail|resumes_at|blocker_/);
    expect(cursorValue(parseState(cleared), "status")).toBe("running");
  });

  it.each([
    ["advisory", HITL, "open"],
    ["advisory", AFK_NONE, "open"],
    ["validating", AFK, "open"],
    ["validating", AFK_NONE, "paused"],
    ["blocking", AFK, "paused"],
  ] as const)("%s under %j is %s", (gate, mode, outcome) => {
    const p = raise({ gate }, mode);
    expect(p.outcome).toBe(outcome);
    expect(p.state === undefined).toBe(outcome !== "paused");
    expect(statusOf(parseQuestions(p.questions).byId.get(p.qid)![0]!)).toBe("open");
  });

  it("AFK auto-pick: answered with proposed by afk, a DEC entry, events raised + auto_picked, state.md untouched", () => {
    const decisions = "# Decisions: feat\n\n### DEC-004 — Earlier\n- Status: accepted\n";
    const p = raise({ gate: "advisory", slice: "SLICE-001", options: ["SHA-256 — fast", "Argon2id"] }, AFK, texts({ decisions }));
    expect(p.outcome).toBe("auto_picked");
    const block = parseQuestions(p.questions).byId.get(p.qid)![0]!;
    expect([statusOf(block), fieldValue(block, "answer"), fieldValue(block, "answered_by"), fieldValue(block, "answered_at")]).toEqual(["answered", "SHA-256", "afk", T]);
    expect(optionsOf(block).map((o) => o.answer)).toEqual(["SHA-256", "Argon2id"]);
    expect(p.decisionId).toBe("DEC-005");
    expect(p.decisions).toBe(`${decisions}
### DEC-005 — SHA-256
- Status: accepted
- Context: q-2026-07-20-003 (advisory) auto-picked under AFK
- Options: SHA-256 / Argon2id
- Decision: SHA-256
- Related: q-2026-07-20-003, SLICE-001
`);
    expect(p.state).toBeUndefined();
    expect(p.events.map((e) => e.event)).toEqual(["raised", "auto_picked"]);
  });

  it("AFK auto-pick creates decisions.md when missing; without a proposal the question stays open", () => {
    expect(raise({ gate: "advisory" }, AFK).decisions).toMatch(/^# Decisions: feat\n\n### DEC-001 — Keep it\n/);
    const open = raise({ gate: "advisory", options: [] }, AFK);
    expect(open.outcome).toBe("open");
    expect(open.note).toMatch(/not auto-picked/);
  });

  it("--proposed overrides option 1", () => {
    const p = raise({ proposed: "Drop it" });
    expect(fieldValue(parseQuestions(p.questions).byId.get(p.qid)![0]!, "proposed")).toBe("Drop it");
  });

  it.each([
    ["--supersedes naming no question", { supersedes: "q-2026-07-19-404" }, texts(), RefusedError],
    ["questions.md ending in an open fence", {}, texts({ questions: `${QUESTIONS}\n\`\`\`\nnotes\n` }), RefusedError],
    ["a | in a text bound for the awaiting table", { question: "A | B?" }, texts(), BadInputError],
  ] as const)("%s is refused", (_what, over, t, error) => {
    expect(() => raise(over, HITL, t)).toThrow(error);
  });

  it("--supersedes naming an existing question is written as a field", () => {
    const p = raise({ supersedes: "q-2026-07-20-002" });
    expect(fieldValue(parseQuestions(p.questions).byId.get(p.qid)![0]!, "supersedes")).toBe("q-2026-07-20-002");
  });

  it("a questions.md without a final newline gets a blank line before the new block", () => {
    const p = raise({ gate: "advisory" }, HITL, texts({ questions: "# Questions: feat" }));
    expect(p.questions.startsWith(`# Questions: feat\n\n## q-2026-07-20-001\n`)).toBe(true);
  });
});

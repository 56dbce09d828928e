// The resolve use case as a pure function: (questions.md, state.md, decisions.md, entries,
// now) → new texts and events, or a typed error with the table's exit code and no text.

import { describe, expect, it } from "vitest";
import { BadInputError, ConflictError, DuplicateIdError, RefusedError } from "../../src/errors.js";
import { planResolve, planStateClear, type ResolveEntry, type ResolveInput } from "../../src/domain/resolve-question.js";
import { parseQuestions, fieldValue, statusOf } from "../../src/documents/questions/parse-questions.js";
import { parseState } from "../../src/documents/state/parse-state.js";
import { contentBytes } from "../helpers/file-bytes.js";
import { thrown } from "../helpers/thrown.js";

const NOW = new Date("2026-07-20T10:00:00Z");
const T = "2026-07-20T10:00:00Z";
const resume = (verb: string) => `(resume: \`/rite-${verb} (Claude) / $rite-${verb} (Codex)\` to continue the workflow)`;

const QUESTIONS = `# Questions: feat

## q-1
status: open
slice: SLICE-2
gate: blocking
question: Keep the column?
options: |
  1. Keep one release (Recommended) — reversible
  2. Drop now — irreversible
proposed: Keep one release
answered_at:
answer:

## q-2
status: open
gate: advisory
question: Log level?
answered_at:
answer:

## q-3
status: answered
gate: advisory
answered_at: 2026-07-19T09:00:00Z
answer: info

## q-4
status: dropped
answered_at: 2026-07-19T09:00:00Z
answer: superseded
`;

const STATE = `# State: feat

## Cursor
| Key | Value |
| --- | --- |
| schema | 4 |
| phase | plan |
| status | awaiting_human |
| next_action | /rite-resolve q-1 "<answer>" |
| pause_reason | approval |

## Awaiting human
| Key | Value |
| --- | --- |
| question_id | q-1 |

## Log
- 2026-07-20T09:00:00Z plan: paused on q-1 (blocking)
`;

const STATE_CLEARED = `# State: feat

## Cursor
| Key | Value |
| --- | --- |
| schema | 4 |
| phase | plan |
| status | running |
| next_action | ${resume("vet")} |

## Log
- 2026-07-20T09:00:00Z plan: paused on q-1 (blocking)
- ${T} plan: resolved q-1
`;

const text = (qid: string, t: string): ResolveEntry => ({ qid, kind: "answer", source: { kind: "text", text: t } });
const drop = (qid: string, reason = "dropped"): ResolveEntry => ({ qid, kind: "drop", source: { kind: "text", text: reason } });
const input = (entries: ResolveEntry[], over: Partial<ResolveInput> = {}): ResolveInput => ({ entries, human: false, recordDecision: false, now: NOW, ...over });
const plan = (entries: ResolveEntry[], over: Partial<ResolveInput> = {}, texts: Partial<{ questions: string; state: string; decisions: string }> = {}) =>
  planResolve({ slug: "feat", questions: QUESTIONS, state: STATE, decisions: undefined, ...texts }, input(entries, over));

describe("planResolve: answering", () => {
  it("answers the awaited question in place and clears state.md (status, resume verb, pause fields, Log)", () => {
    const p = plan([text("q-1", "Keep one release")]);
    expect(p.questions).toBe(QUESTIONS.replace("status: open\nslice: SLICE-2", "status: answered\nslice: SLICE-2").replace(
      "proposed: Keep one release\nanswered_at:\nanswer:\n",
      `proposed: Keep one release\nanswered_at: ${T}\nanswer: Keep one release\n`,
    ));
    expect(p.state).toBe(STATE_CLEARED);
    expect(p.decisions).toBeUndefined();
    expect(p.outcomes).toEqual([{ qid: "q-1", kind: "answer", text: "Keep one release", already: false }]);
    expect(p.events).toEqual([{ event: "resolved", qid: "q-1", by: "agent", detail: { answer: "Keep one release", batch: false } }]);
  });

  it("a question that is not awaited leaves state.md alone", () => {
    const p = plan([text("q-2", "info")]);
    expect(p.state).toBeUndefined();
    expect(statusOf(parseQuestions(p.questions!).byId.get("q-2")![0]!)).toBe("answered");
  });

  it.each([
    [{ kind: "option", number: 1 } as const, "Keep one release"],
    [{ kind: "option", number: 2 } as const, "Drop now"],
    [{ kind: "proposed" } as const, "Keep one release"],
  ])("the answer source %j answers %j", (source, answer) => {
    const p = plan([{ qid: "q-1", kind: "answer", source }]);
    expect(fieldValue(parseQuestions(p.questions!).byId.get("q-1")![0]!, "answer")).toBe(answer);
  });

  it.each([
    [{ qid: "q-1", kind: "answer", source: { kind: "option", number: 3 } }, /q-1 has no option 3/, /options are 1, 2/],
    [{ qid: "q-2", kind: "answer", source: { kind: "option", number: 1 } }, /q-2 has no option 1/, /lists no options/],
    [{ qid: "q-2", kind: "answer", source: { kind: "proposed" } }, /q-2 has no proposed answer/, /--option/],
  ] as [ResolveEntry, RegExp, RegExp][])("a missing option or proposed answer is exit 5 (%#)", (entry, message, hint) => {
    const e = thrown(() => plan([entry]));
    expect(e).toBeInstanceOf(BadInputError);
    expect(e.message).toMatch(message);
    expect(e.hint).toMatch(hint);
  });

  it("--human records answered_by: human and the event says human", () => {
    const p = plan([text("q-2", "info")], { human: true });
    expect(fieldValue(parseQuestions(p.questions!).byId.get("q-2")![0]!, "answered_by")).toBe("human");
    expect(p.events[0]!.by).toBe("human");
  });

  it("dropping the awaited question clears state.md with the same `resolved` Log line", () => {
    const p = plan([drop("q-1", "superseded by q-9")]);
    expect(p.state).toBe(STATE_CLEARED);
    const b = parseQuestions(p.questions!).byId.get("q-1")![0]!;
    expect([statusOf(b), fieldValue(b, "answer")]).toEqual(["dropped", "superseded by q-9"]);
    expect(p.events[0]).toMatchObject({ event: "dropped", detail: { reason: "superseded by q-9" } });
  });

  it("an answer with `|` and `:` is stored verbatim in questions.md (not a table)", () => {
    const p = plan([text("q-2", "a | b: c")]);
    expect(fieldValue(parseQuestions(p.questions!).byId.get("q-2")![0]!, "answer")).toBe("a | b: c");
  });
});

describe("planResolve: re-runs and conflicts", () => {
  it.each([
    [text("q-3", "info")],
    [drop("q-4", "superseded")],
  ])("an identical re-run (%j) changes nothing and records no event", (entry) => {
    const p = plan([entry]);
    expect(p.questions).toBeUndefined();
    expect(p.state).toBeUndefined();
    expect(p.events).toEqual([]);
    expect(p.outcomes[0]!.already).toBe(true);
  });

  it("an identical re-run while state.md still awaits the question repairs state.md", () => {
    const answered = plan([text("q-1", "Keep one release")]).questions!;
    const p = plan([text("q-1", "Keep one release")], {}, { questions: answered });
    expect(p.questions).toBeUndefined();
    expect(p.state).toBe(STATE_CLEARED);
    expect(p.events).toEqual([{ event: "resolved", qid: "q-1", detail: { state_repaired: true } }]);
  });

  it.each([
    ["a different answer", text("q-3", "debug"), 'recorded answered: "info"'],
    ["a drop of an answered question", drop("q-3", "info"), 'recorded answered: "info"'],
    ["an answer to a dropped question", text("q-4", "superseded"), 'recorded dropped: "superseded"'],
    ["another drop reason", drop("q-4", "obsolete"), 'recorded dropped: "superseded"'],
  ])("%s is exit 4 with the recorded answer and the supersedes hint", (_name, entry, recorded) => {
    const e = thrown(() => plan([entry]));
    expect(e).toBeInstanceOf(ConflictError);
    expect(e.exitCode).toBe(4);
    expect(e.message).toBe(`qid not open (already answered/dropped): ${entry.qid}`);
    expect(e.hint).toContain(recorded);
    expect(e.hint).toContain(`raise a new question with supersedes: ${entry.qid}`);
  });

  it("a status that is neither open nor terminal is a conflict too", () => {
    const e = thrown(() => plan([text("q-5", "x")], {}, { questions: "## q-5\nstatus: parked\n" }));
    expect(e).toBeInstanceOf(ConflictError);
    expect(e.hint).toContain('status "parked"');
  });
});

describe("planResolve: unknown, duplicate and register ids", () => {
  it("an unknown qid is exit 3 with the open ids in the hint and data", () => {
    const e = thrown(() => plan([text("q-9", "x")]));
    expect(e).toBeInstanceOf(RefusedError);
    expect(e.message).toBe("qid not found: q-9");
    expect(e.hint).toBe("open questions: q-1, q-2");
    expect(e.data).toEqual({ open: ["q-1", "q-2"] });
  });

  it("ids are literal: q-1 does not find Q-1 or q-10", () => {
    const e = thrown(() => plan([text("q-1", "x")], {}, { questions: "## Q-1\nstatus: open\n\n## q-10\nstatus: open\n" }));
    expect(e.message).toBe("qid not found: q-1");
  });

  it("a duplicated id is exit 6 naming both lines; other ids stay writable", () => {
    const dup = "## q-1\nstatus: open\n\n## q-2\nstatus: open\n\n## q-1 copy\nstatus: open\n";
    const e = thrown(() => plan([text("q-1", "x")], {}, { questions: dup }));
    expect(e).toBeInstanceOf(DuplicateIdError);
    expect(e.exitCode).toBe(6);
    expect(e.message).toContain("lines 1, 7");
    expect(plan([text("q-2", "x")], {}, { questions: dup }).questions).toContain("## q-2\nstatus: answered\n");
  });

  it("a `## Question register` row is exit 3 with a hint, never written", () => {
    const reg = "## Question register\n| Question ID | Gate | Status |\n| --- | --- | --- |\n| q-7 | blocking | open |\n";
    const e = thrown(() => plan([text("q-7", "x")], {}, { questions: reg }));
    expect(e).toBeInstanceOf(RefusedError);
    expect(e.message).toContain("Question register");
  });
});

describe("planResolve: batches are all or nothing", () => {
  const where = (line: number) => ({ file: "answers.txt", line });

  it("commits every entry together and clears state.md when the awaited one is among them", () => {
    const p = plan([{ ...text("q-2", "info"), where: where(1) }, { ...drop("q-1", "dropped"), where: where(3) }]);
    const doc = parseQuestions(p.questions!);
    expect(["q-1", "q-2"].map((q) => statusOf(doc.byId.get(q)![0]!))).toEqual(["dropped", "answered"]);
    expect(p.state).toBe(STATE_CLEARED);
    expect(p.events.map((e) => [e.event, e.qid, e.detail!.batch])).toEqual([["resolved", "q-2", true], ["dropped", "q-1", true]]);
  });

  it.each([
    ["an unknown qid", text("q-9", "x"), RefusedError],
    ["a conflict", text("q-3", "debug"), ConflictError],
    ["a missing option", { qid: "q-2", kind: "answer", source: { kind: "option", number: 1 } } as ResolveEntry, BadInputError],
  ])("%s anywhere throws with its exit code and the entry's file:line, producing no text", (_name, bad, cls) => {
    const e = thrown(() => plan([{ ...text("q-2", "info"), where: where(1) }, { ...bad, where: where(4) }]));
    expect(e).toBeInstanceOf(cls);
    expect(e.message.startsWith("answers.txt:4: ")).toBe(true);
    expect(e.message).not.toMatch(/\(line \d+\)/); // the line number once, not repeated at the end
  });

  it("already-resolved entries mix with new ones", () => {
    const p = plan([{ ...text("q-3", "info"), where: where(1) }, { ...text("q-2", "debug"), where: where(2) }]);
    expect(p.outcomes.map((o) => o.already)).toEqual([true, false]);
    expect(p.events).toHaveLength(1);
  });
});

describe("planResolve: --record-decision", () => {
  it("appends the next DEC entry in the table shape with the gate, options, answer, qid and slice", () => {
    const decisions = "## Decision log\n| Decision ID | Status | Context | Options | Decision | Consequences | Related IDs |\n| --- | --- | --- | --- | --- | --- | --- |\n| DEC-004 | accepted | c | o | d | x | r |\n";
    const p = plan([text("q-1", "Keep one release")], { recordDecision: true }, { decisions });
    expect(p.decisions).toBe(`${decisions}| DEC-005 | accepted | q-1 (blocking) answered | Keep one release / Drop now | Keep one release | — | q-1, SLICE-2 |\n`);
  });

  it("creates decisions.md content in the heading shape when the file is missing", () => {
    const p = plan([text("q-2", "info")], { recordDecision: true });
    expect(p.decisions).toBe(
      "# Decisions: feat\n\n### DEC-001 — info\n- Status: accepted\n- Context: q-2 (advisory) answered\n- Options: info\n- Decision: info\n- Related: q-2\n",
    );
  });

  it("records nothing for an identical re-run", () => {
    expect(plan([text("q-3", "info")], { recordDecision: true }).decisions).toBeUndefined();
  });

  it("a 4,000-entry batch records 4,000 entries in answer order, DEC-001 to DEC-4000, in linear time", () => {
    const n = 4_000;
    const ids = Array.from({ length: n }, (_, i) => `q-${i + 1}`);
    const questions = "# Questions: feat\n" + ids.map((id, i) => `\n## ${id}\nstatus: open\nslice: SLICE-${i % 7}\ngate: advisory\nquestion: Which ${i}?\nanswered_at:\nanswer:\n`).join("");
    const t0 = performance.now();
    const p = plan(ids.map((id, i) => ({ ...text(id, `answer ${i}`), where: { file: "answers.txt", line: i + 1 } })), { recordDecision: true, failures: [] }, { questions });
    // Quadratic (the file re-parsed per entry) took over a minute here; linear takes well under a second.
    expect(performance.now() - t0).toBeLessThan(10_000);
    const d = p.decisions!;
    expect(d.match(/^### DEC-\d+ — /gm)).toHaveLength(n);
    expect(d).toContain("### DEC-001 — answer 0\n- Status: accepted\n- Context: q-1 (advisory) answered\n- Options: answer 0\n- Decision: answer 0\n- Related: q-1, SLICE-0\n");
    expect(d.endsWith("### DEC-4000 — answer 3999\n- Status: accepted\n- Context: q-4000 (advisory) answered\n- Options: answer 3999\n- Decision: answer 3999\n- Related: q-4000, SLICE-2\n")).toBe(true);
  });
});

describe("planStateClear", () => {
  it("returns undefined (byte-identical state.md) when another question is awaited", () => {
    expect(planStateClear(STATE, ["q-2"], T)).toBeUndefined();
  });

  it("removes every awaiting section naming the question and logs it once", () => {
    const two = STATE.replace("## Log", "## Awaiting human\n- qid: q-1\n\n## Log");
    const out = planStateClear(two, ["q-1"], T)!;
    expect(parseState(out).awaiting).toHaveLength(0);
    expect(out.match(/resolved q-1/g)).toHaveLength(1);
  });

  it("does not add missing status or next_action fields", () => {
    const bare = "- Schema: 4\n- Phase: review\n\n## Awaiting human\n- qid: q-1\n\n## Log\n- a\n";
    expect(planStateClear(bare, ["q-1"], T)).toBe(`- Schema: 4\n- Phase: review\n\n## Log\n- a\n- ${T} review: resolved q-1\n`);
  });

  it("keeps CRLF in the cleared file, inserted Log line included", () => {
    const out = planStateClear(STATE.replace(/\n/g, "\r\n"), ["q-1"], T)!;
    expect(out).toBe(STATE_CLEARED.replace(/\n/g, "\r\n"));
  });

  it.each<[string, string, string[]]>([
    ["the awaited question", STATE, ["q-1"]],
    ["another question", STATE, ["q-2"]],
    ["CRLF", STATE.replace(/\n/g, "\r\n"), ["q-2", "q-1"]],
  ])("a state.md parsed by the caller clears exactly as the text alone (%s)", (_name, state, qids) => {
    expect(planStateClear(state, qids, T, parseState(state))).toBe(planStateClear(state, qids, T));
  });
});

describe("planResolve: questions.md given as bytes", () => {
  // 40 open blocks with a non-ASCII character each (a two-byte string when decoded).
  const many = `# Questions: feat\n\n${Array.from({ length: 40 }, (_, i) => `## q-${i + 1}\nstatus: open\nquestion: Café ${i}?\nanswered_at:\nanswer:\n\n`).join("")}`;
  const viaBytes = (entries: ResolveEntry[]) => planResolve({ slug: "feat", questions: Buffer.from(many), state: STATE, decisions: undefined }, input(entries));
  const viaText = (entries: ResolveEntry[]) => planResolve({ slug: "feat", questions: many, state: STATE, decisions: undefined }, input(entries));

  it.each([
    ["one entry (the block is found in the bytes)", 1],
    ["a batch of 30 (the file is decoded and parsed once)", 30],
  ])("%s: byte pieces that concatenate to the text result, the same outcomes and events", (_name, n) => {
    const entries = Array.from({ length: n }, (_, i) => text(`q-${i + 1}`, `réponse ${i}`));
    const bytes = viaBytes(entries);
    const str = viaText(entries);
    expect(Array.isArray(bytes.questions)).toBe(true);
    expect(contentBytes(bytes.questions!).toString("utf8")).toBe(str.questions);
    expect(bytes.outcomes).toEqual(str.outcomes);
    expect(bytes.events).toEqual(str.events);
    expect(bytes.state).toBe(str.state);
  });

  it("an unchanged re-run gives no new content either way", () => {
    const done = viaText([text("q-2", "x")]).questions!;
    const again = planResolve({ slug: "feat", questions: Buffer.from(done), state: STATE, decisions: undefined }, input([text("q-2", "x")]));
    expect(again.questions).toBeUndefined();
    expect(again.outcomes).toEqual([{ qid: "q-2", kind: "answer", text: "x", already: true }]);
  });
});

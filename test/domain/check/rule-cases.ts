// The `check` rule tables: for every rule id, a minimal input that triggers it (with the
// file, line, column and severity it must report) and a near-identical one that does not.
// Shared by the per-module tests and by the coverage test that greps src/domain/check/.

import type { Diagnostic, Severity } from "../../../src/domain/check/diagnostic.js";
import { lintState } from "../../../src/domain/check/lint-state.js";
import { lintQuestions } from "../../../src/domain/check/lint-questions.js";
import { lintWorkspace, type ModeInfo } from "../../../src/domain/check/lint-workspace.js";
import { lintDecisions } from "../../../src/domain/check/lint-decisions.js";
import { lintControlChars, lintFences } from "../../../src/domain/check/lint-markdown.js";
import { lintAll } from "../../../src/domain/check/lint-all.js";
import { crossCheck } from "../../../src/domain/check/crosscheck.js";
import { REASON_CODES } from "../../../src/domain/pause-reasons.js";
import { parseState } from "../../../src/documents/state/parse-state.js";
import { parseQuestions } from "../../../src/documents/questions/parse-questions.js";
import { viewOf } from "../../../src/documents/markdown-view.js";
import { validateSentinel } from "../../../src/documents/afk/sentinel.js";
import { parseYamlTop } from "../../../src/adapters/yaml.js";
import { markdownOutline } from "../../../src/adapters/micromark.js";

/** One row of a rule table. `hit` must report the rule at file:line:col; `miss` must not report it. */
export interface RuleCase {
  name: string;
  rule: string;
  severity: Severity;
  file: string;
  line: number;
  col: number;
  hit: () => Diagnostic[];
  miss: () => Diagnostic[];
}

const lines = (...ls: string[]) => ls.join("\n") + "\n";

/** A table-form state.md: rows start on line 6; `tail` follows the cursor table. */
export const S = (rows: string[], tail: string[] = []) => lines("# State: feat", "", "## Cursor", "| Key | Value |", "| --- | --- |", ...rows, ...tail);
/** A questions.md: the first block's heading is line 3. */
export const Q = (...blockLines: string[]) => lines("# Questions: feat", "", ...blockLines);

const SCHEMA = "| schema | 4 |";
const PHASE = "| phase | build |";
const RUNNING = "| status | running |";

const state = (text: string) => lintState(parseState(text), REASON_CODES);
const questions = (text: string) => lintQuestions(parseQuestions(text));
const HITL: ModeInfo = { afk: false, allowGates: [] };
const workspace = (stateText: string, questionsText: string, mode: ModeInfo = HITL) => lintWorkspace(parseState(stateText), parseQuestions(questionsText), mode);

type Row<I> = [name: string, rule: string, severity: Severity, line: number, col: number, hit: I, miss: I];

function table<I>(file: string, lint: (input: I) => Diagnostic[], rows: Row<I>[]): RuleCase[] {
  return rows.map(([name, rule, severity, line, col, hit, miss]) => ({ name, rule, severity, file, line, col, hit: () => lint(hit), miss: () => lint(miss) }));
}

// ---------------------------------------------------------------- lint-state.ts (state.md)

export const STATE_CASES = table("state.md", state, [
  ["no status and no phase field", "state-no-cursor", "error", 1, 1, lines("# State: feat", "", "Just prose, no fields."), lines("# State: feat", "", "- Phase: build")],
  ["no schema field (schema 2)", "state-schema", "error", 1, 1, S([PHASE, RUNNING]), S([SCHEMA, PHASE, RUNNING])],
  ["schema 3 in a table row points at the value", "state-schema", "error", 6, 12, S(["| schema | 3 |", PHASE, RUNNING]), S([SCHEMA, PHASE, RUNNING])],
  ["schema 5 in a bullet points at the value", "state-schema", "error", 3, 11, lines("# State: feat", "", "- Schema: 5", "- Phase: build", "- Status: running"), lines("# State: feat", "", "- Schema: 4", "- Phase: build", "- Status: running")],
  ["unknown run status", "state-unknown-status", "error", 8, 12, S([SCHEMA, PHASE, "| status | paused |"]), S([SCHEMA, PHASE, "| status | Running |"])],
  ["a phase without a status", "state-no-status", "warning", 7, 1, S([SCHEMA, PHASE]), S([SCHEMA, PHASE, RUNNING])],
  ["unknown phase", "state-unknown-phase", "warning", 7, 11, S([SCHEMA, "| phase | building |", RUNNING]), S([SCHEMA, "| phase | Build (slice 3) |", RUNNING])],
  ["a known key written twice", "state-duplicate-field", "warning", 9, 1, S([SCHEMA, PHASE, RUNNING, "| status | blocked |"]), S([SCHEMA, PHASE, RUNNING, "| status_note | blocked |"])],
  ["unknown pause_reason", "state-unknown-pause-reason", "error", 9, 18, S([SCHEMA, PHASE, "| status | blocked |", "| pause_reason | lunch |"]), S([SCHEMA, PHASE, "| status | blocked |", "| pause_reason | usage_cap |"])],
  [
    "resumes_at that is not a UTC timestamp", "state-bad-timestamp", "error", 10, 16,
    S([SCHEMA, PHASE, "| status | blocked |", "| pause_reason | usage_cap |", "| resumes_at | 2026-07-20 14:50 |"]),
    S([SCHEMA, PHASE, "| status | blocked |", "| pause_reason | usage_cap |", "| resumes_at | 2026-07-20T14:50:00Z |"]),
  ],
  ["a word as the slice counter", "state-bad-counter", "error", 9, 26, S([SCHEMA, PHASE, RUNNING, "| afk_slices_remaining | two |"]), S([SCHEMA, PHASE, RUNNING, "| afk_slices_remaining | 2 |"])],
  [
    "a negative slice counter in the released bullet spelling", "state-bad-counter", "error", 5, 25,
    lines("# State: feat", "", "- Schema: 4", "- Status: running", "- AFK slices remaining: -1"),
    lines("# State: feat", "", "- Schema: 4", "- Status: running", "- AFK slices remaining: 1"),
  ],
  ["a Log line without a timestamp", "state-log-line", "warning", 11, 1, S([SCHEMA, PHASE, RUNNING], ["", "## Log", "- yesterday build: built"]), S([SCHEMA, PHASE, RUNNING], ["", "## Log", "- 2026-07-20T09:00:00Z build: built"])],
  ["a Log line without a timestamp (the pack's bare date is one)", "state-log-line", "warning", 11, 1, S([SCHEMA, PHASE, RUNNING], ["", "## Log", "- 07/20 build: built"]), S([SCHEMA, PHASE, RUNNING], ["", "## Log", "- 2026-07-20 build: built"])],
]);

// ---------------------------------------------------------- lint-questions.ts (questions.md)

const HEAD = "## q-2026-07-20-001";
const block = (over: Record<string, string | null> = {}, head = HEAD): string[] => {
  const fields: [string, string][] = [["status", "open"], ["gate", "advisory"], ["question", "Ship?"], ["raised_at", "2026-07-20T09:00:00Z"], ["answered_at", ""], ["answer", ""]];
  const out = [head];
  for (const [k, v] of fields) {
    const value = k in over ? over[k] : v;
    if (value === null) continue;
    out.push(value === "" ? `${k}:` : `${k}: ${value}`);
  }
  for (const [k, v] of Object.entries(over)) if (!fields.some(([f]) => f === k) && v !== null) out.push(`${k}: ${v}`);
  return out;
};

export const QUESTION_CASES = table("questions.md", questions, [
  ["a second block with the same id, at its heading", "question-duplicate-id", "error", 11, 4, Q(...block(), "", ...block()), Q(...block(), "", ...block({}, "## q-2026-07-20-002"))],
  ["a malformed id", "question-bad-id", "error", 3, 4, Q(...block({}, "## q-?1")), Q(...block({}, "## q-1"))],
  ["an engine-like id that is not q-YYYY-MM-DD-NNN", "question-id-format", "warning", 3, 4, Q(...block({}, "## q-2026-7-20-1")), Q(...block({}, "## q-7"))],
  ["a block without status", "question-no-status", "error", 3, 1, Q(...block({ status: null })), Q(...block())],
  ["unknown status", "question-unknown-status", "error", 4, 9, Q(...block({ status: "pending" })), Q(...block({ status: "Open  " }))],
  ["unknown status written without a space points at the value", "question-unknown-status", "error", 4, 8, Q(HEAD, "status:pending", "gate: advisory"), Q(HEAD, "status:open", "gate: advisory")],
  ["unknown status after extra spaces points at the value", "question-unknown-status", "error", 4, 11, Q(HEAD, "status:   pending", "gate: advisory"), Q(HEAD, "status:   answered", "gate: advisory", "answered_at: 2026-07-20T09:00:00Z", "answer: x")],
  ["unknown gate", "question-unknown-gate", "error", 5, 7, Q(...block({ gate: "urgent" })), Q(...block({ gate: "Blocking" }))],
  ["an empty gate points at its key (the heading's gate word counts instead)", "question-unknown-gate", "error", 5, 1, Q(...block({ gate: "" })), Q(...block({ gate: "" }, `${HEAD} blocking`))],
  ["no gate at all", "question-no-gate", "warning", 3, 1, Q(...block({ gate: null })), Q(...block({ gate: null }, `${HEAD} advisory`))],
  ["escalating without a route", "question-escalating-route", "warning", 5, 7, Q(...block({ gate: "escalating" })), Q(...block({ gate: "escalating", route: "dba" }))],
  ["raised_at that is not a UTC timestamp", "question-bad-timestamp", "error", 7, 12, Q(...block({ raised_at: "2026-07-20 09:00" })), Q(...block({ raised_at: "2026-07-20T09:00:00Z" }))],
  [
    "answered_at that is not a UTC timestamp", "question-bad-timestamp", "error", 8, 14,
    Q(...block({ status: "answered", answered_at: "yesterday", answer: "Ship" })), Q(...block({ status: "answered", answered_at: "2026-07-20T10:00:00Z", answer: "Ship" })),
  ],
  [
    "answered with an empty answer", "question-answered-without-answer", "error", 4, 9,
    Q(...block({ status: "answered", answered_at: "2026-07-20T10:00:00Z" })), Q(...block({ status: "answered", answered_at: "2026-07-20T10:00:00Z", answer: "Ship" })),
  ],
  ["answered without answered_at", "question-no-answered-at", "warning", 4, 9, Q(...block({ status: "answered", answer: "Ship" })), Q(...block({ status: "answered", answered_at: "2026-07-20T10:00:00Z", answer: "Ship" }))],
  ["dropped without answered_at", "question-no-answered-at", "warning", 4, 9, Q(...block({ status: "dropped", answer: "superseded" })), Q(...block({ status: "dropped", answered_at: "2026-07-20T10:00:00Z", answer: "superseded" }))],
  ["open with an answer already written", "question-open-with-answer", "warning", 9, 9, Q(...block({ answer: "Ship" })), Q(...block())],
  ["text below an empty answer: not indented", "question-answer-not-read", "warning", 10, 1, Q(...block(), "Ship it"), Q(...block(), "  Ship it")],
  ["indented answer lines after a blank line", "question-answer-not-read", "warning", 12, 1, Q(...block({ answer: "|" }), "  Ship", "", "  it"), Q(...block({ answer: "|" }), "  Ship", "  it")],
  ["a key one swap from answer", "question-unknown-key", "warning", 10, 1, Q(...block(), "anwser: Ship"), Q(...block(), "ticket: Ship")],
  ["a known key in capitals", "question-unknown-key", "warning", 10, 1, Q(...block(), "Answer: Ship"), Q(...block(), "Notes: Ship")],
  ["a field written twice, at the second one", "question-duplicate-field", "warning", 6, 1, Q(HEAD, "status: open", "gate: advisory", "gate: blocking", "question: Ship?"), Q(HEAD, "status: open", "gate: advisory", "route: blocking", "question: Ship?")],
  [
    "a register row with an unknown status", "register-unknown-status", "error", 6, 1,
    Q("## Question register", "| Question ID | Status | Gate |", "| --- | --- | --- |", "| q-1 | pending | blocking |"),
    Q("## Question register", "| Question ID | Status | Gate |", "| --- | --- | --- |", "| q-1 | Open | blocking |"),
  ],
  [
    "a register row with an unknown gate", "register-unknown-gate", "error", 6, 1,
    Q("## Question register", "| Question ID | Status | Gate |", "| --- | --- | --- |", "| q-1 | open | urgent |"),
    Q("## Question register", "| Question ID | Status | Gate |", "| --- | --- | --- |", "| q-1 | open | Blocking |"),
  ],
]);

// ----------------------------------------- lint-workspace.ts (state.md ⇄ questions.md)

/** questions.md with q-1 (heading line 3, status line 4). */
const q1 = (status: string, gate = "blocking") => Q("## q-1", `status: ${status}`, `gate: ${gate}`, "question: Ship?", ...(status === "open" ? [] : ["answered_at: 2026-07-20T09:00:00Z", "answer: Ship"]));
/** state.md awaiting `qid` in a table section: heading line 10, question_id row line 13 (value at col 17). */
const awaiting = (qid: string, status = "awaiting_human", key = "question_id") =>
  S([SCHEMA, PHASE, `| status | ${status} |`], ["", "## Awaiting human", "| Key | Value |", "| --- | --- |", `| ${key} | ${qid} |`]);
const bulletAwaiting = (qid: string) => lines("- Schema: 4", "- Phase: build", "- Status: awaiting_human", "", "## Awaiting human", `- qid: ${qid}`);

interface WsInput {
  state: string;
  questions: string;
  mode?: ModeInfo;
}
const ws = (i: WsInput) => workspace(i.state, i.questions, i.mode);
const AFK_VALIDATING: ModeInfo = { afk: true, allowGates: ["advisory", "validating"] };

export const WORKSPACE_STATE_CASES = table<WsInput>("state.md", ws, [
  ["an awaiting section without question_id", "awaiting-no-question", "error", 10, 1, { state: awaiting("blocking", "awaiting_human", "gate"), questions: q1("open") }, { state: awaiting("q-1"), questions: q1("open") }],
  ["an awaiting section naming a missing question (table)", "awaiting-missing-question", "error", 13, 17, { state: awaiting("q-9"), questions: q1("open") }, { state: awaiting("q-1"), questions: q1("open") }],
  ["an awaiting section naming a missing question (bullet qid)", "awaiting-missing-question", "error", 6, 8, { state: bulletAwaiting("q-9"), questions: q1("open") }, { state: bulletAwaiting("q-1"), questions: q1("open") }],
  ["an awaiting section naming an answered question", "awaiting-not-open", "error", 13, 17, { state: awaiting("q-1"), questions: q1("answered") }, { state: awaiting("q-1"), questions: q1("open") }],
  ["an awaiting section naming a dropped question", "awaiting-not-open", "error", 13, 17, { state: awaiting("q-1"), questions: q1("dropped") }, { state: awaiting("q-1"), questions: q1("Open ") }],
  ["awaiting_human without the section, at the status row", "awaiting-without-section", "error", 8, 1, { state: S([SCHEMA, PHASE, "| status | awaiting_human |"]), questions: q1("open") }, { state: awaiting("q-1"), questions: q1("open") }],
  ["an awaiting section while running", "section-without-awaiting", "error", 10, 1, { state: awaiting("q-1", "running"), questions: q1("open") }, { state: awaiting("q-1", "awaiting_human"), questions: q1("open") }],
  ["pause_reason while running", "pause-fields-not-blocked", "error", 9, 1, { state: S([SCHEMA, PHASE, RUNNING, "| pause_reason | usage_cap |"]), questions: Q() }, { state: S([SCHEMA, PHASE, "| status | blocked |", "| pause_reason | usage_cap |"]), questions: Q() }],
  ["resumes_at on a finished run", "pause-fields-not-blocked", "error", 9, 1, { state: S([SCHEMA, PHASE, "| status | done |", "| resumes_at | 2026-07-20T14:50:00Z |"]), questions: Q() }, { state: S([SCHEMA, PHASE, "| status | blocked |", "| pause_reason | usage_cap |", "| resumes_at | 2026-07-20T14:50:00Z |"]), questions: Q() }],
  ["blocked without pause_reason", "blocked-without-reason", "warning", 8, 1, { state: S([SCHEMA, PHASE, "| status | blocked |"]), questions: Q() }, { state: S([SCHEMA, PHASE, "| status | blocked |", "| pause_reason | operator |"]), questions: Q() }],
]);

export const WORKSPACE_QUESTIONS_CASES = table<WsInput>("questions.md", ws, [
  ["an open blocking question while running, at its status line", "open-gate-not-paused", "error", 4, 1, { state: S([SCHEMA, PHASE, RUNNING]), questions: q1("open") }, { state: S([SCHEMA, PHASE, RUNNING]), questions: q1("open", "advisory") }],
  ["an open escalating question while done", "open-gate-not-paused", "error", 4, 1, { state: S([SCHEMA, PHASE, "| status | done |"]), questions: q1("open", "escalating") }, { state: S([SCHEMA, PHASE, "| status | done |"]), questions: q1("answered", "escalating") }],
  ["an open validating question while running in HITL", "open-gate-not-paused", "error", 4, 1, { state: S([SCHEMA, PHASE, RUNNING]), questions: q1("open", "validating") }, { state: S([SCHEMA, PHASE, RUNNING]), questions: q1("open", "validating"), mode: AFK_VALIDATING }],
  ["an open blocking question while running even when AFK allows validating", "open-gate-not-paused", "error", 4, 1, { state: S([SCHEMA, PHASE, RUNNING]), questions: q1("open"), mode: AFK_VALIDATING }, { state: S([SCHEMA, PHASE, "| status | blocked |", "| pause_reason | operator |"]), questions: q1("open"), mode: AFK_VALIDATING }],
]);

// --------------------------------------------------------- lint-decisions.ts (decisions.md)

const dec = (...ls: string[]) => lines("# Decisions: feat", "", ...ls);

export const DECISION_CASES = table("decisions.md", lintDecisions, [
  ["a DEC id defined twice (headings)", "decision-duplicate-id", "error", 6, 5, dec("### DEC-001 — Rotate", "- Status: accepted", "", "### DEC-001 — Again", "- Status: accepted"), dec("### DEC-001 — Rotate", "- Status: accepted", "", "### DEC-002 — Again", "- Status: accepted")],
  [
    "a DEC id defined twice (table rows)", "decision-duplicate-id", "error", 7, 3,
    dec("## Decision log", "| Decision ID | Status |", "| --- | --- |", "| DEC-001 | accepted |", "| DEC-001 | accepted |"),
    dec("## Decision log", "| Decision ID | Status |", "| --- | --- |", "| DEC-001 | accepted |", "| DEC-002 | accepted |"),
  ],
  ["a DEC id with fewer than three digits", "decision-id-format", "warning", 3, 5, dec("### DEC-01 — Rotate"), dec("### DEC-001 — Rotate")],
]);

// ------------------------------------------------------------ lint-markdown.ts (any file)

export const MARKDOWN_CASES = table("state.md", (text: string) => [...lintFences(viewOf(text), "state.md"), ...lintControlChars(text, "state.md")], [
  ["a backtick fence that never closes", "unclosed-fence", "warning", 3, 1, lines("# State", "", "```md", "| status | running |"), lines("# State", "", "```md", "| status | running |", "```")],
  ["a tilde fence closed by backticks only", "unclosed-fence", "warning", 2, 1, lines("# State", "~~~~", "code", "```"), lines("# State", "~~~~", "code", "~~~~~")],
  ["an ESC sequence (OSC title) in a field value, at its column", "control-characters", "warning", 2, 14, lines("# State", "| status | ru\u001b]0;pwned\u0007nning |"), lines("# State", "| status | running |\r", "tab\tok")],
  ["a lone CR", "control-characters", "warning", 1, 8, "# State\rhidden\n", "# State\r\n"],
  ["a C1 CSI", "control-characters", "warning", 1, 3, "# \u009b2J State\n", "# State ✓\n"],
  ["a right-to-left override (U+202E) in a value, at its column", "bidi-controls", "warning", 2, 12, lines("# State", "| status | \u202erunning |"), lines("# State", "| status | running \u05e9\u05dc\u05d5\u05dd |")],
  ["a first-strong isolate (U+2068)", "bidi-controls", "warning", 1, 3, "# \u2068State\u2069\n", "# State \u200f\n"],
]);

// ------------------------------------------------ lint-all.ts (events.jsonl, the sentinel)

const STATE_OK = S([SCHEMA, PHASE, RUNNING]);
const QUESTIONS_OK = Q();
const all = (extra: { events?: string; sentinel?: string }) =>
  lintAll(
    { state: STATE_OK, questions: QUESTIONS_OK, decisions: undefined, touched: undefined, events: extra.events },
    { sentinel: extra.sentinel === undefined ? undefined : validateSentinel(parseYamlTop(extra.sentinel), ".devrites/AFK"), reasonCodes: REASON_CODES },
  );

/** An events.jsonl line of the engine's shape. */
const EV = (event: string) => JSON.stringify({ v: 1, id: `ev-${event}`, ts: "2026-07-20T10:00:00Z", event });

export const EVENTS_CASES = table("events.jsonl", (events: string) => all({ events }), [
  ["a torn audit line", "events-line", "warning", 2, 1, `${EV("resolved")}\n{"v":1,"ev\n`, `${EV("resolved")}\n${EV("raised")}\n`],
  ["a line that is JSON but not an event object", "events-line", "warning", 2, 1, `${EV("resolved")}\nnull\n`, `${EV("resolved")}\n${EV("raised")}\n`],
  ["an event without its timestamp", "events-line", "warning", 1, 1, '{"v":1,"event":"resolved"}\n', `${EV("resolved")}\n`],
]);

/** Sentinel rules live in documents/afk/sentinel.ts; lint-all reports them as AFK:<line>:<col>. */
export const SENTINEL_CASES = table("AFK", (sentinel: string) => all({ sentinel }), [
  ["YAML that does not parse (reported where the parser gave up)", "afk-yaml", "error", 2, 1, "max_slices: [1, 2\n", "max_slices: 12\n"],
  ["a signed count", "afk-count", "error", 2, 13, "max_slices: 10\nmax_agents: -1\n", "max_slices: 10\nmax_agents: 1\n"],
  ["a quoted count", "afk-count", "error", 1, 19, 'max_review_queue: "8"\n', "max_review_queue: 8\n"],
  ["a cost in exponent form", "afk-cost", "error", 1, 15, "max_cost_usd: 1e3\n", "max_cost_usd: 10.50\n"],
  ["allow_gates that is not a list", "afk-allow-gates", "error", 1, 14, "allow_gates: advisory\n", "allow_gates: [advisory]\n"],
  ["allow_gates with an unknown gate, at the item", "afk-allow-gates", "error", 1, 25, "allow_gates: [advisory, sometimes]\n", "allow_gates: [advisory, validating]\n"],
  ["blocking in allow_gates is ignored", "afk-gate-ignored", "warning", 1, 25, "allow_gates: [advisory, blocking]\n", "allow_gates: [advisory, validating]\n"],
  ["continue_sequence that is not a boolean", "afk-boolean", "error", 1, 20, "continue_sequence: yes\n", "continue_sequence: true\n"],
  ["notify that is not a command string", "afk-notify", "error", 1, 9, "notify: 3\n", 'notify: "echo 3"\n'],
  ["the legacy expires_at key", "afk-legacy-key", "warning", 2, 1, "max_slices: 1\nexpires_at: 2026-07-21\n", "max_slices: 1\n# expires_at: 2026-07-21\n"],
  ["an unknown key", "afk-unknown-key", "warning", 1, 1, "colour: blue\n", "notify: blue\n"],
  ["a YAML merge key (fails closed: it would drop max_slices)", "afk-merge-key", "error", 2, 1, "base: &b {max_slices: 3}\n<<: *b\n", "base: 1\nmax_slices: 3\n"],
  ["an alias as a key", "afk-alias-key", "error", 2, 1, "a: &k max_slices\n*k : 5\n", "a: max_slices\nmax_slices: 5\n"],
  ["notify_env with a name that is not an environment variable", "afk-notify-env", "error", 1, 27, "notify_env: [SLACK_TOKEN, 9LIVES]\n", "notify_env: [SLACK_TOKEN, LIVES_9]\n"],
  ["a duplicate key, at the second one", "afk-duplicate-key", "error", 2, 1, "max_slices: 1\nmax_slices: 2\n", "max_slices: 1\nmax_agents: 2\n"],
]);

// ------------------------------------------------ crosscheck.ts (engine vs CommonMark)

const cross = (text: string) => crossCheck(viewOf(text), "questions.md", markdownOutline).diagnostics;

export const CROSSCHECK_CASES = table("questions.md", cross, [
  ["a level-3 heading inside an HTML block", "markdown-crosscheck", "warning", 6, 1, Q("## q-1", "status: open", "<div>", "### Discussion", "</div>"), Q("## q-1", "status: open", "<div></div>", "", "### Discussion")],
  ["a fence inside a block quote", "markdown-crosscheck", "warning", 4, 1, Q("## q-1", "> ```", "> code", "> ```"), Q("## q-1", "```", "code", "```")],
  ["a fence opened inside an HTML comment hides a heading from the engine", "markdown-crosscheck", "warning", 7, 1, Q("## q-1", "<!--", "```", "-->", "## q-2"), Q("## q-1", "<!--", "-->", "```", "## q-2", "```")],
  ["a question block commented out with <!-- -->", "markdown-crosscheck", "warning", 4, 1, Q("<!--", "## q-1", "status: open", "-->"), Q("<!-- -->", "## q-1", "status: open")],
]);

/** Every table, for the coverage test. */
export const ALL_CASES: RuleCase[] = [
  ...STATE_CASES, ...QUESTION_CASES, ...WORKSPACE_STATE_CASES, ...WORKSPACE_QUESTIONS_CASES, ...DECISION_CASES,
  ...MARKDOWN_CASES, ...EVENTS_CASES, ...SENTINEL_CASES, ...CROSSCHECK_CASES,
];

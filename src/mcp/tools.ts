// The MCP tool table: each tool names its command in the command table by its words, its input
// fields (the command's options under snake_case names) and how validated input becomes the
// command's typed arguments. The command then applies every rule itself.

import type { FieldSpec } from "../adapters/mcp-sdk.js";
import { BadInputError } from "../errors.js";
import { GATES } from "../documents/gates.js";
import { REASON_CODES } from "../domain/pause-reasons.js";

/**
 * A command's typed arguments (the shape of commands/types.ts CommandArgs, which this folder
 * does not import: commands/ loads it). Options by the command's own option names.
 */
export interface ToolArgs {
  positionals: string[];
  options: Record<string, string | boolean | string[] | undefined>;
  input?: { batch?: string; comments?: unknown[] };
}

export interface ToolDef {
  name: string;
  /** The command it runs: its words in the command table. */
  words: string[];
  /** The command line it mirrors, for descriptions and docs (`state resolve --batch`). */
  cli: string;
  description: string;
  input: Record<string, FieldSpec>;
  /** Input field → the command's own option name; a message names the option by the field. */
  options: Record<string, string>;
  /** The usage a bad-input hint shows (default: the CLI's usage). */
  usage?: string;
  readOnly: boolean;
  /** The fields of its result beyond ok/exit/error/hint: name → what it holds (outputSchema). */
  result: Record<string, string>;
  /**
   * The command's arguments from validated input, given `mapped` (the options by `options`, no
   * positionals); default: `mapped`. @throws BadInputError for input the fields cannot carry.
   */
  args?(input: Record<string, unknown>, mapped: ToolArgs): ToolArgs;
}

type In = Record<string, unknown>;

const str = (describe: string, required = false): FieldSpec => ({ type: "string", describe, required });
const bool = (describe: string): FieldSpec => ({ type: "boolean", describe });
const num = (describe: string): FieldSpec => ({ type: "number", describe });
/** A count: a whole number from 0 (the CLI refuses 2.5 and -1 itself; the schema says so up front). */
const count = (describe: string, required = false): FieldSpec => ({ type: "integer", min: 0, describe, required });
const WORKSPACE: Record<string, FieldSpec> = { workspace: str("workspace slug instead of ACTIVE (like --workspace)") };

/**
 * The command's options from `input` by `names` (field → option): true stays true, a number
 * becomes its decimal text (as the command line would hand it), false and absent are left out.
 */
function optionsOf(input: In, names: Record<string, string>): ToolArgs["options"] {
  const out: ToolArgs["options"] = {};
  for (const [key, option] of Object.entries(names)) {
    const v = input[key];
    if (v === undefined || v === false) continue;
    out[option] = v === true ? true : Array.isArray(v) ? v.map(String) : String(v);
  }
  return out;
}

/** Tool `t`'s command arguments for `input` (the CLI's `workspace` is the call's, not an option). */
export function commandArgs(t: ToolDef, input: In): ToolArgs {
  const mapped: ToolArgs = { positionals: [], options: optionsOf(input, t.options) };
  return t.args ? t.args(input, mapped) : mapped;
}

/** `mapped` with these positionals (absent ones left out). */
const withPositionals = (mapped: ToolArgs, ...pos: (string | undefined)[]): ToolArgs => ({ ...mapped, positionals: pos.filter((p): p is string => p !== undefined) });

const refuse = (error: string, hint: string) => new BadInputError(error, { hint });

/** An agent answering never sets it (CHANGES 2026-12-04): it would record its answer as a person's. */
const HUMAN_ONLY = "only when a person gave this answer themselves (records answered_by: human); an agent's own answer leaves it unset";

const RESOLVE_HINT = "give qid with one of: answer, option, proposed, or drop (with an optional reason)";
/** Whitespace runs become one space, as the CLI's answer rule does; so no entry spans two lines. */
const oneLine = (s: string) => s.replace(/\s+/g, " ");

/**
 * One batch-file line per entry (batch-file grammar: `qid: answer` / `--drop qid: reason`). An
 * answer is always text here (`option`/`proposed` are fields of their own), so one that starts
 * with `--` is written after `-- ` and never read as a form.
 */
function batchText(entries: In[]): string {
  const lines: string[] = [];
  for (const [i, e] of entries.entries()) {
    const qid = String(e.qid);
    // A qid the line grammar cannot carry: it would split at the colon or read as a comment.
    if (qid.includes(":") || qid.trimStart().startsWith("#") || /\s/.test(qid) || qid === "") {
      throw refuse(`entries[${i}]: invalid question id ${JSON.stringify(qid)}`, "a question id has no spaces, ':' or leading '#'");
    }
    const drop = e.drop === true;
    if (drop && e.answer !== undefined) throw refuse(`entries[${i}]: ${qid} has both drop and answer`, "a drop takes reason, not answer");
    if (!drop && e.reason !== undefined) throw refuse(`entries[${i}]: reason goes with drop: true`, "answer it with answer, or set drop: true");
    if (!drop && e.answer === undefined) throw refuse(`entries[${i}]: ${qid} needs answer or drop: true`, RESOLVE_HINT);
    const answer = oneLine(String(e.answer ?? "")).trim();
    lines.push(drop ? `--drop ${qid}: ${oneLine(String(e.reason ?? ""))}` : `${qid}: ${answer.startsWith("--") ? "-- " : ""}${answer}`);
  }
  return lines.join("\n") + "\n";
}

const WS_OUT = "the workspace slug";
const FILES_OUT = "the workspace files written (or, with dry_run, that would be)";
const RESOLVE_OUT: Record<string, string> = {
  workspace: WS_OUT,
  dry_run: "whether nothing was written",
  results: "each question's qid, outcome (answered, dropped, already_resolved) and text",
  files: FILES_OUT,
  warnings: "answers recorded as given that may not be what was meant (a bare number where an option has it)",
};

const ENTRY_FIELDS: Record<string, FieldSpec> = {
  qid: str("the question id", true),
  answer: str("the answer text"),
  drop: bool("drop the question instead of answering it"),
  reason: str("with drop: why (default 'dropped')"),
};

/** The server's `instructions`: when to call what, and what the exit codes mean. */
export const INSTRUCTIONS = [
  "devrites-engine is the one writer of a DevRites workspace (.devrites/work/<slug>/): change questions, state and budget through these tools, never by editing the files.",
  "Start with status (where the run stands and what to do next). Answer questions with resolve (one), resolve_batch (several, all or nothing) or resolve_comments (a ticket's comments); raise one with question_add; pause and resume for stops that are not questions.",
  "In AFK mode call budget_check before dispatching a slice (exit 7 stops) and budget_spend once per built slice. check lints the workspace; log is the audit trail. The resolve tools take dry_run; an identical re-run of a resolve or of budget_spend is exit 0 and changes nothing, while question_add raises a new question each time.",
  "Every result is the CLI's --json object: ok, exit, and on failure error and hint (what to do next). Exit codes: 0 done, 1 I/O or internal, 2 no workspace or unknown tool, 3 refused, 4 conflict, 5 bad input (fix the call), 6 duplicate id, 7 budget stop, 8 pause deferred, 9 busy (retry shortly).",
].join("\n");

export const TOOLS: ToolDef[] = [
  {
    name: "status",
    words: ["status"],
    cli: "status",
    options: {},
    description: "Where the active workspace stands, why it stopped and what to do next.",
    input: { ...WORKSPACE },
    readOnly: true,
    result: { workspace: WS_OUT, phase: "the workflow phase", status: "the run status (running, awaiting_human, blocked, …)", next_action: "what to do next", awaiting: "the questions the run waits on", pause: "the pause (reason, detail, resumes_at) or null", open_questions: "open questions counted by gate", written_answers: "open questions with an answer written in questions.md", unread_answers: "open questions with answer text in questions.md that is not read (qid, line, problem, fix): resolving them from the file refuses until it is fixed", mode: "hitl or afk, and the AFK sentinel", warnings: "problems found while reading the workspace" },
  },
  {
    name: "questions",
    words: ["questions"],
    cli: "questions",
    options: { open: "open", all: "all", gate: "gate" },
    description: "List questions (default: the open ones).",
    input: { ...WORKSPACE, open: bool("only open questions (default)"), all: bool("every question"), gate: { type: "enum", values: GATES, describe: "only questions with this gate" } },
    readOnly: true,
    result: { workspace: WS_OUT, questions: "the listed questions, one object each" },
  },
  {
    name: "question_show",
    words: ["questions", "show"],
    cli: "questions show",
    options: {},
    description: "One question with its options numbered.",
    input: { ...WORKSPACE, qid: str("the question id", true) },
    readOnly: true,
    result: { workspace: WS_OUT, question: "the question, its options numbered" },
    args: (i, mapped) => withPositionals(mapped, String(i.qid)),
  },
  {
    name: "resolve",
    words: ["state", "resolve"],
    cli: "state resolve",
    options: { option: "option", proposed: "proposed", drop: "drop", human: "human", record_decision: "record-decision", dry_run: "dry-run" },
    description:
      "Answer or drop one question; clears state.md when the run awaits it. Give answer text, option N, proposed, or drop with a reason. An identical re-run is safe (exit 0, no change).",
    input: {
      ...WORKSPACE,
      qid: str("the question id", true),
      answer: str("the answer text (whitespace runs become one space; at most 10,000 characters)"),
      option: { type: "integer", min: 1, describe: "answer with option N's text (1 is the first option)" },
      proposed: bool("answer with the question's proposed: value"),
      drop: bool("drop the question"),
      reason: str("with drop: why (default 'dropped')"),
      human: bool(HUMAN_ONLY),
      record_decision: bool("also append the next DEC entry to decisions.md"),
      dry_run: bool("check and report what would change, write nothing"),
    },
    readOnly: false,
    result: RESOLVE_OUT,
    usage: RESOLVE_HINT,
    args(i, mapped) {
      // The command line carries an answer and a drop reason in the same words; the tool has a field for each.
      if (i.reason !== undefined && i.drop !== true) throw refuse("reason goes with drop: true", RESOLVE_HINT);
      if (i.drop === true && i.answer !== undefined) throw refuse("a drop takes reason, not answer", RESOLVE_HINT);
      return withPositionals(mapped, String(i.qid), (i.drop === true ? i.reason : i.answer) as string | undefined);
    },
  },
  {
    name: "resolve_batch",
    words: ["state", "resolve"],
    cli: "state resolve --batch",
    options: { human: "human", record_decision: "record-decision", dry_run: "dry-run" },
    description: "Resolve several questions at once, all or nothing: each entry is {qid, answer} or {qid, drop: true, reason}.",
    input: {
      ...WORKSPACE,
      entries: { type: "object[]", describe: "the answers and drops, one per question", required: true, fields: ENTRY_FIELDS },
      human: bool(HUMAN_ONLY),
      record_decision: bool("also append a DEC entry to decisions.md per answer"),
      dry_run: bool("check and report, write nothing"),
    },
    readOnly: false,
    result: { ...RESOLVE_OUT, failures: "with exit ≠ 0 and more than one refused entry: each entry's line, exit, error and hint" },
    usage: "give entries: [{qid, answer}] or [{qid, drop: true, reason}]",
    // The entries become the batch grammar's lines and go through the command's own batch parser.
    args: (i, mapped) => ({ ...mapped, options: { ...mapped.options, batch: "resolve_batch" }, input: { batch: batchText(i.entries as In[]) } }),
  },
  {
    name: "resolve_comments",
    words: ["state", "resolve"],
    cli: "state resolve --from-comments",
    options: { record_decision: "record-decision", dry_run: "dry-run" },
    description:
      "Resolve the answers people wrote on a ticket: pass the comment objects GitHub's REST API returns (gh api repos/OWNER/REPO/issues/N/comments). Only non-bot owners, members and collaborators count (or the AFK sentinel's answerers); lines 'qid: answer' / 'qid: --option N' / 'qid: --proposed' / 'qid: --drop reason' answer, a line 'resume' resumes a pause; the first answer to a question wins. A line that cannot apply is skipped and listed in skipped (exit 0); only the workspace the thread's engine comments name is answered; a re-run changes nothing.",
    input: {
      ...WORKSPACE,
      comments: { type: "object[] (any)", describe: "the comments, oldest or newest first: {id, user: {login, type}, author_association, body, created_at}", required: true },
      record_decision: bool("also append a DEC entry to decisions.md per answer"),
      dry_run: bool("check and report, write nothing"),
    },
    readOnly: false,
    result: { ...RESOLVE_OUT, counted: "comments that counted", ignored: "comments not counted, with the reason", not_applied: "answers not applied (a question closed otherwise)", resumed: "the comment that resumed a pause, or null", resume_note: "the note of that resume" },
    args: (i, mapped) => ({ ...mapped, options: { ...mapped.options, "from-comments": "comments" }, input: { comments: i.comments as unknown[] } }),
  },
  {
    name: "question_add",
    words: ["question", "add"],
    cli: "question add",
    options: {
      gate: "gate",
      question: "question",
      slice: "slice",
      options: "option",
      proposed: "proposed",
      route: "route",
      impact: "impact",
      supersedes: "supersedes",
      blocking_slices: "blocking-slices",
    },
    description: "Raise a question: allocate its id, append it, and pause the run as the gate policy says.",
    input: {
      ...WORKSPACE,
      gate: { type: "enum", values: GATES, describe: "the gate: how the question pauses the run", required: true },
      question: str("the question, one line", true),
      slice: str("the slice it concerns"),
      options: { type: "string[]", describe: "2 to 4 options; the first is the recommended one" },
      proposed: str("the proposed answer (default: option 1)"),
      route: str("who an escalating question goes to (required for escalating)"),
      impact: str("ids this answer affects"),
      supersedes: str("the question this one replaces"),
      blocking_slices: str("slices blocked until it is answered"),
    },
    readOnly: false,
    result: { workspace: WS_OUT, qid: "the new question's id", gate: "its gate", outcome: "what the gate policy did (paused, queued, …)", proposed: "the proposed answer or null", queued_behind: "the question it waits behind, or null", decision: "the DEC id recorded, or null", files: FILES_OUT },
  },
  {
    name: "pause",
    words: ["state", "pause"],
    cli: "state pause",
    options: { reason: "reason", detail: "detail", until: "until" },
    description: "Pause the run for a reason that is not a question.",
    input: { ...WORKSPACE, reason: { type: "enum", values: REASON_CODES, describe: "the pause reason code", required: true }, detail: str("what happened (secrets are redacted)"), until: str("when it resumes by itself (usage_cap)") },
    readOnly: false,
    result: { workspace: WS_OUT, reason: "the pause reason code", detail: "the detail or null", resumes_at: "when a usage_cap pause resumes, or null", deferred: "true when exit 8: not paused yet (attempt < threshold)", attempt: "with deferred: this attempt", threshold: "with deferred: the attempts before a pause", status: "the run status after the pause", summary: "the pause as state.md shows it", replaced: "the pause this one replaced, or null" },
  },
  {
    name: "resume",
    words: ["state", "resume"],
    cli: "state resume",
    options: { auto: "auto", note: "note" },
    description: "Clear a pause and continue the workflow.",
    input: { ...WORKSPACE, auto: bool("resume only a usage_cap pause whose resumes_at has passed"), note: str("why the run resumes (kept in the resumed event, and in the Log where state.md has one)") },
    readOnly: false,
    result: { workspace: WS_OUT, resumed: "whether a pause was cleared", status: "with resumed: false: the run status", cause: "what was cleared", was: "the status before", next_action: "what to do next" },
  },
  {
    name: "budget_status",
    words: ["budget", "status"],
    cli: "budget status",
    options: {},
    description: "The AFK mode, sentinel values and the budget left.",
    input: { ...WORKSPACE },
    readOnly: true,
    result: { mode: "hitl or afk", message: "the verdict in words", sentinel: "the AFK sentinel file, its values and warnings", workspace: WS_OUT, slices: "slices remaining, their source and the counter", review_queue: "open validating questions and the cap", sequence: "the release sequence, if any" },
  },
  {
    name: "budget_check",
    words: ["budget", "check"],
    cli: "budget check",
    options: {
      writer: "writer",
      findings: "findings",
      agents_used: "agents-used",
      minutes_used: "minutes-used",
      tokens_used: "tokens-used",
      cost_used: "cost-used",
    },
    description: "May another slice be dispatched? ok: true admits; exit 7 (isError) stops.",
    input: {
      ...WORKSPACE,
      writer: bool("also require max_agents, max_minutes and max_review_queue"),
      findings: count("unresolved Critical/Important findings in the review queue"),
      agents_used: count("agents dispatched in this activation"),
      minutes_used: count("wall-clock minutes used in this activation"),
      tokens_used: count("tokens used in this activation"),
      cost_used: num("cost used in this activation, in USD"),
    },
    readOnly: true,
    result: { mode: "hitl or afk", message: "the verdict in words", verdict: "the verdict code", admit: "true: dispatch another slice", reconcile_only: "true: only reconciliation may run", reasons: "why it stops", review_queue: "the review queue counted" },
  },
  {
    name: "budget_spend",
    words: ["budget", "spend"],
    cli: "budget spend",
    options: {},
    description: "Charge one built slice, exactly once per slice id.",
    input: { ...WORKSPACE, slice: str("the slice id", true) },
    usage: "give slice: the built slice's id, e.g. SLICE-003",
    readOnly: false,
    result: { mode: "afk", workspace: WS_OUT, slice: "the slice id", charged: "true when this call charged it", already_charged: "true when an earlier call did", remaining: "slices left, or null", log_line: "the state.md Log line of an earlier charge, or null", event_line: "the events.jsonl line of an earlier charge, or null", previous: "the counter before, or null", source: "where remaining comes from" },
    args: (i, mapped) => withPositionals(mapped, String(i.slice)),
  },
  {
    name: "budget_seed",
    words: ["budget", "seed"],
    cli: "budget seed",
    options: { pending: "pending", max_slices: "max-slices" },
    description: "Pre-seed the slice counter after planning (it only goes down).",
    input: { ...WORKSPACE, pending: count("slices still to build", true), max_slices: count("an upper bound for the counter") },
    usage: "give pending (the slices still to build) and optionally max_slices",
    readOnly: false,
    result: { mode: "afk", workspace: WS_OUT, pending: "slices still to build", max_slices_option: "max_slices as given, or null", max_slices: "the bound used, or null", remaining: "the counter now", seeded: "whether the counter changed", previous: "the counter before, or null" },
  },
  {
    name: "merge_manifest",
    words: ["state", "merge-manifest"],
    cli: "state merge-manifest",
    options: {},
    description: "Fold the predecessors' candidate manifests into the release workspace's touched-files.md.",
    input: { slug: str("the release workspace", true), predecessors: { type: "string[]", describe: "predecessor slugs (default: its sequence chain)" } },
    readOnly: false,
    result: { workspace: WS_OUT, mode: "how the manifests were merged", predecessors: "the predecessor slugs", manifests: "the manifests read", rows: "rows in the merged manifest", collisions: "paths touched by more than one predecessor", changed: "whether touched-files.md changed" },
    args: (i, mapped) => withPositionals(mapped, String(i.slug), ...((i.predecessors as string[] | undefined) ?? [])),
  },
  {
    name: "check",
    words: ["check"],
    cli: "check",
    options: {},
    description: "Lint the workspace files and the sentinel: file:line:col diagnostics; exit 3 on errors.",
    input: { ...WORKSPACE },
    readOnly: true,
    result: { workspace: WS_OUT, errors: "the number of errors", warnings: "the number of warnings", diagnostics: "file, line, col, rule and message of each finding", notes: "notes that are not findings" },
  },
  {
    name: "log",
    words: ["log"],
    cli: "log",
    options: { since: "since", qid: "qid" },
    description: "The audit trail from events.jsonl, newest last.",
    input: { ...WORKSPACE, since: str("only events at or after this time"), qid: str("only events about this question") },
    readOnly: true,
    result: { workspace: WS_OUT, events: "the events, oldest first", skipped: "how many events.jsonl lines are not events and were skipped", skipped_lines: "the first 1,000 of those lines (1-based)" },
  },
];

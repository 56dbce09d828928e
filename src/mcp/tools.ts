// The MCP tool table: each tool's input fields (the CLI's options under snake_case names) and
// the CLI command line its validated input becomes. The CLI then applies every rule itself.

import type { FieldSpec } from "../adapters/mcp-sdk.js";
import { GATES } from "../documents/gates.js";
import { REASON_CODES } from "../domain/pause-reasons.js";

/**
 * A tool call as the CLI would run it; `file` is the text of an input file to hand it with
 * `--<flag>=<path>` (a batch, ticket comments), named `name` in the CLI's messages.
 */
export type Invocation = { argv: string[]; file?: { flag: string; name: string; text: string } } | { refuse: { error: string; hint: string } };

const batchFile = (text: string) => ({ flag: "batch", name: "resolve_batch", text });

interface ToolDef {
  name: string;
  /** The CLI command it runs, for descriptions and docs. */
  command: string;
  description: string;
  input: Record<string, FieldSpec>;
  readOnly: boolean;
  /** The fields of its result beyond ok/exit/error/hint: name → what it holds (outputSchema). */
  result: Record<string, string>;
  invoke(input: Record<string, unknown>): Invocation;
}

type In = Record<string, unknown>;

const str = (describe: string, required = false): FieldSpec => ({ type: "string", describe, required });
const bool = (describe: string): FieldSpec => ({ type: "boolean", describe });
const num = (describe: string): FieldSpec => ({ type: "number", describe });
/** A count: a whole number from 0 (the CLI refuses 2.5 and -1 itself; the schema says so up front). */
const count = (describe: string, required = false): FieldSpec => ({ type: "integer", min: 0, describe, required });
const WORKSPACE: Record<string, FieldSpec> = { workspace: str("workspace slug instead of ACTIVE (like --workspace)") };

/** `--name=value` for strings and numbers (a value starting with '-' stays a value), `--name` for true. */
function options(input: In, names: Record<string, string>): string[] {
  const out: string[] = [];
  for (const [key, flag] of Object.entries(names)) {
    const v = input[key];
    if (v === undefined || v === false) continue;
    if (v === true) out.push(`--${flag}`);
    else if (Array.isArray(v)) for (const item of v) out.push(`--${flag}=${String(item)}`);
    else out.push(`--${flag}=${String(v)}`);
  }
  return out;
}

function cli(words: string[], input: In, names: Record<string, string>, positionals: (string | undefined)[] = []): Invocation {
  const pos = positionals.filter((p): p is string => p !== undefined);
  return { argv: [...words, "--json", ...options(input, { workspace: "workspace", ...names }), ...(pos.length > 0 ? ["--", ...pos] : [])] };
}

const refuse = (error: string, hint: string): Invocation => ({ refuse: { error, hint } });

const RESOLVE_HINT = "give qid with one of: answer, option, proposed, or drop (with an optional reason)";
/** Whitespace runs become one space, as the CLI's answer rule does; so no entry spans two lines. */
const oneLine = (s: string) => s.replace(/\s+/g, " ");

/**
 * One batch-file line per entry (batch-file grammar: `qid: answer` / `--drop qid: reason`). An
 * answer is always text here (`option`/`proposed` are fields of their own), so one that starts
 * with `--` is written after `-- ` and never read as a form.
 */
function batchText(entries: In[]): string | { error: string; hint: string } {
  const lines: string[] = [];
  for (const [i, e] of entries.entries()) {
    const qid = String(e.qid);
    // A qid the line grammar cannot carry: it would split at the colon or read as a comment.
    if (qid.includes(":") || qid.trimStart().startsWith("#") || /\s/.test(qid) || qid === "") {
      return { error: `entries[${i}]: invalid question id ${JSON.stringify(qid)}`, hint: "a question id has no spaces, ':' or leading '#'" };
    }
    const drop = e.drop === true;
    if (drop && e.answer !== undefined) return { error: `entries[${i}]: ${qid} has both drop and answer`, hint: "a drop takes reason, not answer" };
    if (!drop && e.reason !== undefined) return { error: `entries[${i}]: reason goes with drop: true`, hint: "answer it with answer, or set drop: true" };
    if (!drop && e.answer === undefined) return { error: `entries[${i}]: ${qid} needs answer or drop: true`, hint: RESOLVE_HINT };
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
  "In AFK mode call budget_check before dispatching a slice (exit 7 stops) and budget_spend once per built slice. check lints the workspace; log is the audit trail. Every write tool takes dry_run or is safe to repeat: an identical re-run is exit 0 and changes nothing.",
  "Every result is the CLI's --json object: ok, exit, and on failure error and hint (what to do next). Exit codes: 0 done, 1 I/O or internal, 2 no workspace or unknown tool, 3 refused, 4 conflict, 5 bad input (fix the call), 6 duplicate id, 7 budget stop, 8 pause deferred, 9 busy (retry shortly).",
].join("\n");

export const TOOLS: ToolDef[] = [
  {
    name: "status",
    command: "status",
    description: "Where the active workspace stands, why it stopped and what to do next.",
    input: { ...WORKSPACE },
    readOnly: true,
    result: { workspace: WS_OUT, phase: "the workflow phase", status: "the run status (running, awaiting_human, blocked, …)", next_action: "what to do next", awaiting: "the questions the run waits on", pause: "the pause (reason, detail, resumes_at) or null", open_questions: "open questions counted by gate", written_answers: "open questions with an answer written in questions.md", mode: "hitl or afk, and the AFK sentinel", warnings: "problems found while reading the workspace" },
    invoke: (i) => cli(["status"], i, {}),
  },
  {
    name: "questions",
    command: "questions",
    description: "List questions (default: the open ones).",
    input: { ...WORKSPACE, open: bool("only open questions (default)"), all: bool("every question"), gate: { type: "enum", values: GATES, describe: "only questions with this gate" } },
    readOnly: true,
    result: { workspace: WS_OUT, questions: "the listed questions, one object each" },
    invoke: (i) => cli(["questions"], i, { open: "open", all: "all", gate: "gate" }),
  },
  {
    name: "question_show",
    command: "questions show",
    description: "One question with its options numbered.",
    input: { ...WORKSPACE, qid: str("the question id", true) },
    readOnly: true,
    result: { workspace: WS_OUT, question: "the question, its options numbered" },
    invoke: (i) => cli(["questions", "show"], i, {}, [String(i.qid)]),
  },
  {
    name: "resolve",
    command: "state resolve",
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
      human: bool("record answered_by: human"),
      record_decision: bool("also append the next DEC entry to decisions.md"),
      dry_run: bool("check and report, write nothing (answer text or drop only)"),
    },
    readOnly: false,
    result: RESOLVE_OUT,
    invoke(i) {
      const qid = String(i.qid);
      if (i.reason !== undefined && i.drop !== true) return refuse("reason goes with drop: true", RESOLVE_HINT);
      if (i.drop === true && i.answer !== undefined) return refuse("a drop takes reason, not answer", RESOLVE_HINT);
      const flags = { option: "option", proposed: "proposed", drop: "drop", human: "human", record_decision: "record-decision" };
      if (i.dry_run === true) {
        // The CLI previews only a batch: a one-entry batch is the same check and the same JSON.
        if (i.option !== undefined || i.proposed === true) return refuse("dry_run previews an answer text or a drop, not option or proposed", RESOLVE_HINT);
        const text = batchText([{ qid, answer: i.answer, drop: i.drop, reason: i.reason }]);
        if (typeof text !== "string") return { refuse: text };
        return { ...cli(["state", "resolve"], i, { human: "human", record_decision: "record-decision", dry_run: "dry-run" }), file: batchFile(text) };
      }
      return cli(["state", "resolve"], i, flags, [qid, i.drop === true ? (i.reason as string | undefined) : (i.answer as string | undefined)]);
    },
  },
  {
    name: "resolve_batch",
    command: "state resolve --batch",
    description: "Resolve several questions at once, all or nothing: each entry is {qid, answer} or {qid, drop: true, reason}.",
    input: {
      ...WORKSPACE,
      entries: { type: "object[]", describe: "the answers and drops, one per question", required: true, fields: ENTRY_FIELDS },
      human: bool("record answered_by: human"),
      record_decision: bool("also append a DEC entry to decisions.md per answer"),
      dry_run: bool("check and report, write nothing"),
    },
    readOnly: false,
    result: { ...RESOLVE_OUT, failures: "with exit ≠ 0 and more than one refused entry: each entry's line, exit, error and hint" },
    invoke(i) {
      const text = batchText(i.entries as In[]);
      if (typeof text !== "string") return { refuse: text };
      return { ...cli(["state", "resolve"], i, { human: "human", record_decision: "record-decision", dry_run: "dry-run" }), file: batchFile(text) };
    },
  },
  {
    name: "resolve_comments",
    command: "state resolve --from-comments",
    description:
      "Resolve the answers people wrote on a ticket: pass the comment objects GitHub's REST API returns (gh api repos/OWNER/REPO/issues/N/comments). Only non-bot owners, members and collaborators count (or the AFK sentinel's answerers); lines 'qid: answer' / 'qid: --option N' / 'qid: --proposed' / 'qid: --drop reason' answer, a line 'resume' resumes a pause; the first answer to a question wins. All or nothing; a re-run changes nothing.",
    input: {
      ...WORKSPACE,
      comments: { type: "object[] (any)", describe: "the comments, oldest or newest first: {id, user: {login, type}, author_association, body, created_at}", required: true },
      record_decision: bool("also append a DEC entry to decisions.md per answer"),
      dry_run: bool("check and report, write nothing"),
    },
    readOnly: false,
    result: { ...RESOLVE_OUT, counted: "comments that counted", ignored: "comments not counted, with the reason", not_applied: "answers not applied (a question closed otherwise)", resumed: "the comment that resumed a pause, or null", resume_note: "the note of that resume" },
    invoke: (i) => ({
      ...cli(["state", "resolve"], i, { record_decision: "record-decision", dry_run: "dry-run" }),
      file: { flag: "from-comments", name: "resolve_comments.json", text: JSON.stringify(i.comments) },
    }),
  },
  {
    name: "question_add",
    command: "question add",
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
    invoke: (i) =>
      cli(["question", "add"], i, {
        gate: "gate",
        question: "question",
        slice: "slice",
        options: "option",
        proposed: "proposed",
        route: "route",
        impact: "impact",
        supersedes: "supersedes",
        blocking_slices: "blocking-slices",
      }),
  },
  {
    name: "pause",
    command: "state pause",
    description: "Pause the run for a reason that is not a question.",
    input: { ...WORKSPACE, reason: { type: "enum", values: REASON_CODES, describe: "the pause reason code", required: true }, detail: str("what happened (secrets are redacted)"), until: str("when it resumes by itself (usage_cap)") },
    readOnly: false,
    result: { workspace: WS_OUT, reason: "the pause reason code", detail: "the detail or null", resumes_at: "when a usage_cap pause resumes, or null", deferred: "true when exit 8: not paused yet (attempt < threshold)", attempt: "with deferred: this attempt", threshold: "with deferred: the attempts before a pause", status: "the run status after the pause", summary: "the pause as state.md shows it", replaced: "the pause this one replaced, or null" },
    invoke: (i) => cli(["state", "pause"], i, { reason: "reason", detail: "detail", until: "until" }),
  },
  {
    name: "resume",
    command: "state resume",
    description: "Clear a pause and continue the workflow.",
    input: { ...WORKSPACE, auto: bool("resume only a usage_cap pause whose resumes_at has passed"), note: str("why the run resumes (kept in the resumed event, and in the Log where state.md has one)") },
    readOnly: false,
    result: { workspace: WS_OUT, resumed: "whether a pause was cleared", status: "with resumed: false: the run status", cause: "what was cleared", was: "the status before", next_action: "what to do next" },
    invoke: (i) => cli(["state", "resume"], i, { auto: "auto", note: "note" }),
  },
  {
    name: "budget_status",
    command: "budget status",
    description: "The AFK mode, sentinel values and the budget left.",
    input: { ...WORKSPACE },
    readOnly: true,
    result: { mode: "hitl or afk", message: "the verdict in words", sentinel: "the AFK sentinel file, its values and warnings", workspace: WS_OUT, slices: "slices remaining, their source and the counter", review_queue: "open validating questions and the cap", sequence: "the release sequence, if any" },
    invoke: (i) => cli(["budget", "status"], i, {}),
  },
  {
    name: "budget_check",
    command: "budget check",
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
    invoke: (i) =>
      cli(["budget", "check"], i, {
        writer: "writer",
        findings: "findings",
        agents_used: "agents-used",
        minutes_used: "minutes-used",
        tokens_used: "tokens-used",
        cost_used: "cost-used",
      }),
  },
  {
    name: "budget_spend",
    command: "budget spend",
    description: "Charge one built slice, exactly once per slice id.",
    input: { ...WORKSPACE, slice: str("the slice id", true) },
    readOnly: false,
    result: { mode: "afk", workspace: WS_OUT, slice: "the slice id", charged: "true when this call charged it", already_charged: "true when an earlier call did", remaining: "slices left, or null", previous: "the counter before, or null", source: "where remaining comes from" },
    invoke: (i) => cli(["budget", "spend"], i, {}, [String(i.slice)]),
  },
  {
    name: "budget_seed",
    command: "budget seed",
    description: "Pre-seed the slice counter after planning (it only goes down).",
    input: { ...WORKSPACE, pending: count("slices still to build", true), max_slices: count("an upper bound for the counter") },
    readOnly: false,
    result: { mode: "afk", workspace: WS_OUT, pending: "slices still to build", max_slices_option: "max_slices as given, or null", max_slices: "the bound used, or null", remaining: "the counter now", seeded: "whether the counter changed", previous: "the counter before, or null" },
    invoke: (i) => cli(["budget", "seed"], i, { pending: "pending", max_slices: "max-slices" }),
  },
  {
    name: "merge_manifest",
    command: "state merge-manifest",
    description: "Fold the predecessors' candidate manifests into the release workspace's touched-files.md.",
    input: { slug: str("the release workspace", true), predecessors: { type: "string[]", describe: "predecessor slugs (default: its sequence chain)" } },
    readOnly: false,
    result: { workspace: WS_OUT, mode: "how the manifests were merged", predecessors: "the predecessor slugs", manifests: "the manifests read", rows: "rows in the merged manifest", collisions: "paths touched by more than one predecessor", changed: "whether touched-files.md changed" },
    invoke: (i) => cli(["state", "merge-manifest"], i, {}, [String(i.slug), ...((i.predecessors as string[] | undefined) ?? [])]),
  },
  {
    name: "check",
    command: "check",
    description: "Lint the workspace files and the sentinel: file:line:col diagnostics; exit 3 on errors.",
    input: { ...WORKSPACE },
    readOnly: true,
    result: { workspace: WS_OUT, errors: "the number of errors", warnings: "the number of warnings", diagnostics: "file, line, col, rule and message of each finding", notes: "notes that are not findings" },
    invoke: (i) => cli(["check"], i, {}),
  },
  {
    name: "log",
    command: "log",
    description: "The audit trail from events.jsonl, newest last.",
    input: { ...WORKSPACE, since: str("only events at or after this time"), qid: str("only events about this question") },
    readOnly: true,
    result: { workspace: WS_OUT, events: "the events, oldest first", skipped_lines: "events.jsonl lines that could not be read" },
    invoke: (i) => cli(["log"], i, { since: "since", qid: "qid" }),
  },
];

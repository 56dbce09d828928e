// The MCP tool table: each tool's input fields (the CLI's options under snake_case names) and
// the CLI command line its validated input becomes. The CLI then applies every rule itself.

import type { FieldSpec } from "../adapters/mcp-sdk.js";
import { GATES } from "../documents/gates.js";

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
  invoke(input: Record<string, unknown>): Invocation;
}

type In = Record<string, unknown>;

const str = (describe: string, required = false): FieldSpec => ({ type: "string", describe, required });
const bool = (describe: string): FieldSpec => ({ type: "boolean", describe });
const num = (describe: string): FieldSpec => ({ type: "number", describe });
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

const ENTRY_FIELDS: Record<string, FieldSpec> = {
  qid: str("the question id", true),
  answer: str("the answer text"),
  drop: bool("drop the question instead of answering it"),
  reason: str("with drop: why (default 'dropped')"),
};

export const TOOLS: ToolDef[] = [
  {
    name: "status",
    command: "status",
    description: "Where the active workspace stands, why it stopped and what to do next.",
    input: { ...WORKSPACE },
    readOnly: true,
    invoke: (i) => cli(["status"], i, {}),
  },
  {
    name: "questions",
    command: "questions",
    description: "List questions (default: the open ones).",
    input: { ...WORKSPACE, open: bool("only open questions (default)"), all: bool("every question"), gate: str("only questions with this gate") },
    readOnly: true,
    invoke: (i) => cli(["questions"], i, { open: "open", all: "all", gate: "gate" }),
  },
  {
    name: "question_show",
    command: "questions show",
    description: "One question with its options numbered.",
    input: { ...WORKSPACE, qid: str("the question id", true) },
    readOnly: true,
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
      option: { type: "integer", describe: "answer with option N's text" },
      proposed: bool("answer with the question's proposed: value"),
      drop: bool("drop the question"),
      reason: str("with drop: why (default 'dropped')"),
      human: bool(HUMAN_ONLY),
      record_decision: bool("also append the next DEC entry to decisions.md"),
      dry_run: bool("check and report, write nothing (answer text or drop only)"),
    },
    readOnly: false,
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
      human: bool(HUMAN_ONLY),
      record_decision: bool("also append a DEC entry to decisions.md per answer"),
      dry_run: bool("check and report, write nothing"),
    },
    readOnly: false,
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
      gate: str(GATES.join(" | "), true),
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
    input: { ...WORKSPACE, reason: str("the pause reason code", true), detail: str("what happened (secrets are redacted)"), until: str("when it resumes by itself (usage_cap)") },
    readOnly: false,
    invoke: (i) => cli(["state", "pause"], i, { reason: "reason", detail: "detail", until: "until" }),
  },
  {
    name: "resume",
    command: "state resume",
    description: "Clear a pause and continue the workflow.",
    input: { ...WORKSPACE, auto: bool("resume only a usage_cap pause whose resumes_at has passed"), note: str("why the run resumes (kept in the resumed event, and in the Log where state.md has one)") },
    readOnly: false,
    invoke: (i) => cli(["state", "resume"], i, { auto: "auto", note: "note" }),
  },
  {
    name: "budget_status",
    command: "budget status",
    description: "The AFK mode, sentinel values and the budget left.",
    input: { ...WORKSPACE },
    readOnly: true,
    invoke: (i) => cli(["budget", "status"], i, {}),
  },
  {
    name: "budget_check",
    command: "budget check",
    description: "May another slice be dispatched? ok: true admits; exit 7 (isError) stops.",
    input: {
      ...WORKSPACE,
      writer: bool("also require max_agents, max_minutes and max_review_queue"),
      findings: num("unresolved Critical/Important findings in the review queue"),
      agents_used: num("agents dispatched in this activation"),
      minutes_used: num("wall-clock minutes used in this activation"),
      tokens_used: num("tokens used in this activation"),
      cost_used: num("cost used in this activation, in USD"),
    },
    readOnly: true,
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
    invoke: (i) => cli(["budget", "spend"], i, {}, [String(i.slice)]),
  },
  {
    name: "budget_seed",
    command: "budget seed",
    description: "Pre-seed the slice counter after planning (it only goes down).",
    input: { ...WORKSPACE, pending: { type: "number", describe: "slices still to build", required: true }, max_slices: num("an upper bound for the counter") },
    readOnly: false,
    invoke: (i) => cli(["budget", "seed"], i, { pending: "pending", max_slices: "max-slices" }),
  },
  {
    name: "merge_manifest",
    command: "state merge-manifest",
    description: "Fold the predecessors' candidate manifests into the release workspace's touched-files.md.",
    input: { slug: str("the release workspace", true), predecessors: { type: "string[]", describe: "predecessor slugs (default: its sequence chain)" } },
    readOnly: false,
    invoke: (i) => cli(["state", "merge-manifest"], i, {}, [String(i.slug), ...((i.predecessors as string[] | undefined) ?? [])]),
  },
  {
    name: "check",
    command: "check",
    description: "Lint the workspace files and the sentinel: file:line:col diagnostics; exit 3 on errors.",
    input: { ...WORKSPACE },
    readOnly: true,
    invoke: (i) => cli(["check"], i, {}),
  },
  {
    name: "log",
    command: "log",
    description: "The audit trail from events.jsonl, newest last.",
    input: { ...WORKSPACE, since: str("only events at or after this time"), qid: str("only events about this question") },
    readOnly: true,
    invoke: (i) => cli(["log"], i, { since: "since", qid: "qid" }),
  },
];

// The MCP tools, derived from the command table: each row with an MCP entry (command-row.ts) is
// a tool whose fields are its positionals and options (snake_case names, the row's descriptions
// and value kinds) and whose description is the row's. Only what a row cannot say is written
// here: the two extra forms of state resolve (resolve_batch, resolve_comments) and how the
// resolve tool's answer and drop reason become the command's words. The command then applies
// every rule itself.

import type { FieldSpec } from "../adapters/mcp-sdk.js";
import { fieldName, type CommandArgs, type CommandSpec, type McpEntry, type OptionDef, type PositionalDef, type ValueKind } from "../command-row.js";
import { BadInputError } from "../errors.js";
import { RESULTS } from "./results.js";

export interface ToolDef {
  name: string;
  /** The command it runs: its words in the command table. */
  words: readonly string[];
  /** The command line it mirrors, for descriptions and docs (`state resolve --batch`). */
  cli: string;
  description: string;
  input: Record<string, FieldSpec>;
  /** Input field → the command's own option name; a message names the option by the field. */
  options: Record<string, string>;
  /** Input field → its place among the command's positionals (a repeatable one takes a list). */
  positionals: string[];
  /** The usage a bad-input hint shows (default: the CLI's usage). */
  usage?: string;
  readOnly: boolean;
  /** The fields of its result beyond ok/exit/error/hint: name → what it holds (outputSchema). */
  result: Record<string, string>;
  /**
   * The command's arguments from validated input, given `mapped` (the options and positionals
   * by the fields); default: `mapped`. @throws BadInputError for input the fields cannot carry.
   */
  args?(input: Record<string, unknown>, mapped: CommandArgs): CommandArgs;
}

type In = Record<string, unknown>;

const WORKSPACE: FieldSpec = { type: "string", describe: "workspace slug instead of ACTIVE (like --workspace)" };

/** An agent answering never sets it (CHANGES 2026-12-04): it would record its answer as a person's. */
const PERSON_ONLY = "only when a person gave this answer themselves (records answered_by: human); an agent's own answer leaves it unset";

/** The field a value of `kind` is. */
function fieldOf(kind: ValueKind | undefined, describe: string, required: boolean, list: boolean): FieldSpec {
  const req = required ? { required: true } : {};
  if (list) return { type: "string[]", describe, ...req };
  if (typeof kind === "object") return { type: "enum", values: kind.oneOf, describe, ...req };
  // A count is a whole number from 0 (the CLI refuses 2.5 and -1 itself; the schema says so up front).
  if (kind === "count") return { type: "integer", min: 0, describe, ...req };
  if (kind === "ordinal") return { type: "integer", min: 1, describe, ...req };
  if (kind === "number") return { type: "number", describe, ...req };
  return { type: "string", describe, ...req };
}

function optionField(o: OptionDef): FieldSpec {
  if (o.type === "boolean") return { type: "boolean", describe: o.personOnly ? PERSON_ONLY : o.describe };
  return fieldOf(o.kind, o.describe, o.required === true, o.multiple === true);
}

/** A positional's field name: the row's, else its name in lower case (`SLICE-ID` → `slice_id`). */
const positionalName = (p: PositionalDef) => p.field ?? fieldName(p.name.toLowerCase());

/**
 * The command's options from `input` by `names` (field → option): true stays true, a number
 * becomes its decimal text (as the command line would hand it), false and absent are left out.
 */
function optionsOf(input: In, names: Record<string, string>): CommandArgs["options"] {
  const out: CommandArgs["options"] = {};
  for (const [key, option] of Object.entries(names)) {
    const v = input[key];
    if (v === undefined || v === false) continue;
    out[option] = v === true ? true : Array.isArray(v) ? v.map(String) : String(v);
  }
  return out;
}

/** Tool `t`'s command arguments for `input` (the CLI's `workspace` is the call's, not an option). */
export function commandArgs(t: ToolDef, input: In): CommandArgs {
  const positionals = t.positionals.flatMap((f) => {
    const v = input[f];
    return v === undefined ? [] : Array.isArray(v) ? v.map(String) : [String(v)];
  });
  const mapped: CommandArgs = { positionals, options: optionsOf(input, t.options) };
  return t.args ? t.args(input, mapped) : mapped;
}

/** The tool a row's MCP entry makes, with only the options `keep` accepts. */
function toolOf(row: CommandSpec, name: string, keep: (option: string) => boolean = () => true): ToolDef {
  const entry = row.mcp as Extract<McpEntry, { tool: string }>;
  const input: Record<string, FieldSpec> = {};
  const positionals: string[] = [];
  // A command that names its workspace takes no other (merge_manifest, close, orient).
  if (!(row.positionals ?? []).some((p) => p.kind === "slug")) input.workspace = WORKSPACE;
  for (const p of row.positionals ?? []) {
    const field = positionalName(p);
    positionals.push(field);
    input[field] = fieldOf(p.kind, p.describe ?? p.name, !p.optional, p.repeatable === true);
  }
  const options: Record<string, string> = {};
  for (const [option, o] of Object.entries(row.options)) {
    if (o.field === false || !keep(option)) continue;
    const field = o.field ?? fieldName(option);
    options[field] = option;
    input[field] = optionField(o);
  }
  const describe = row.describe.charAt(0).toUpperCase() + row.describe.slice(1);
  return {
    name,
    words: row.words,
    cli: row.words.join(" "),
    description: `${describe}.${entry.note !== undefined ? ` ${entry.note}` : ""}`,
    input,
    options,
    positionals,
    readOnly: entry.readOnly,
    result: RESULTS[name] ?? {},
    ...(entry.usage !== undefined ? { usage: entry.usage } : {}),
  };
}

const refuse = (error: string, hint: string) => new BadInputError(error, { hint });

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

const ENTRY_FIELDS: Record<string, FieldSpec> = {
  qid: { type: "string", describe: "the question id", required: true },
  answer: { type: "string", describe: "the answer text" },
  drop: { type: "boolean", describe: "drop the question instead of answering it" },
  reason: { type: "string", describe: "with drop: why (default 'dropped')" },
};

/** The fields only the batch and comment forms take (the answers come in them instead of words). */
const FORM_FIELDS = new Set(["batch", "from-comments"]);
/** What the resolve forms share with the command line: who answers, a DEC entry, a dry run. */
const SHARED = new Set(["human", "record-decision", "dry-run"]);

/**
 * state resolve's three tools: one question (the answer or the drop reason is the command's
 * words), a batch (its entries become the batch grammar's lines) and ticket comments.
 */
function resolveTools(row: CommandSpec): ToolDef[] {
  const one = toolOf(row, "resolve", (o) => !FORM_FIELDS.has(o));
  // A tool call names its question (the command line may leave it to the awaited one), and the
  // answer's words are one text here (the command joins them with spaces).
  one.input.qid = { type: "string", describe: "the question id", required: true };
  one.input.answer = { ...one.input.answer!, type: "string" } as FieldSpec;
  one.input.reason = { type: "string", describe: "with drop: why (default 'dropped')" };
  one.description = "Answer or drop one question; clears state.md when the run awaits it. Give answer text, option N, proposed, or drop with a reason. An identical re-run is safe (exit 0, no change).";
  one.usage = RESOLVE_HINT;
  one.args = (i, mapped) => {
    // The command line carries an answer and a drop reason in the same words; the tool has a field for each.
    if (i.reason !== undefined && i.drop !== true) throw refuse("reason goes with drop: true", RESOLVE_HINT);
    if (i.drop === true && i.answer !== undefined) throw refuse("a drop takes reason, not answer", RESOLVE_HINT);
    const words = i.drop === true ? i.reason : i.answer;
    return { ...mapped, positionals: [String(i.qid), ...(words === undefined ? [] : [String(words)])] };
  };
  const batch = toolOf(row, "resolve_batch", (o) => SHARED.has(o) && o !== "batch");
  batch.cli = "state resolve --batch";
  batch.description = "Resolve several questions at once, all or nothing: each entry is {qid, answer} or {qid, drop: true, reason}.";
  batch.input = { ...batch.input, entries: { type: "object[]", describe: "the answers and drops, one per question", required: true, fields: ENTRY_FIELDS } };
  delete batch.input.qid;
  delete batch.input.answer;
  batch.positionals = [];
  batch.options.entries = "batch";
  batch.usage = "give entries: [{qid, answer}] or [{qid, drop: true, reason}]";
  // The entries become the batch grammar's lines and go through the command's own batch parser.
  batch.args = (i, mapped) => ({ ...mapped, options: { ...mapped.options, batch: "resolve_batch" }, input: { batch: batchText(i.entries as In[]) } });
  const comments = toolOf(row, "resolve_comments", (o) => SHARED.has(o) && o !== "human");
  comments.cli = "state resolve --from-comments";
  comments.description =
    "Resolve the answers people wrote on a ticket: pass the comment objects GitHub's REST API returns (gh api repos/OWNER/REPO/issues/N/comments). Only non-bot owners, members and collaborators count (or the AFK sentinel's answerers); lines 'qid: answer' / 'qid: --option N' / 'qid: --proposed' / 'qid: --drop reason' answer, a line 'resume' resumes a pause; the first answer to a question wins. A line that cannot apply is skipped and listed in skipped (exit 0); only the workspace the thread's engine comments name is answered; a re-run changes nothing.";
  comments.input = {
    ...comments.input,
    comments: { type: "object[] (any)", describe: "the comments, oldest or newest first: {id, user: {login, type}, author_association, body, created_at}", required: true },
  };
  delete comments.input.qid;
  delete comments.input.answer;
  comments.positionals = [];
  comments.options.comments = "from-comments";
  comments.args = (i, mapped) => ({ ...mapped, options: { ...mapped.options, "from-comments": "comments" }, input: { comments: i.comments as unknown[] } });
  return [one, batch, comments];
}

/** Every tool, from the rows with an MCP entry, in the table's order. */
export function toolsFrom(rows: readonly CommandSpec[]): ToolDef[] {
  return rows.flatMap((row) => {
    if (!row.mcp || !("tool" in row.mcp)) return [];
    return row.words.join(" ") === "state resolve" ? resolveTools(row) : [toolOf(row, row.mcp.tool)];
  });
}

/** The server's `instructions`: when to call what, and what the exit codes mean. */
export const INSTRUCTIONS = [
  "devrites-engine is the one writer of a DevRites workspace (.devrites/work/<slug>/): change questions, state and budget through these tools, never by editing the files.",
  "Start with status (where the run stands and what to do next). Answer questions with resolve (one), resolve_batch (several, all or nothing) or resolve_comments (a ticket's comments); raise one with question_add; pause and resume for stops that are not questions.",
  "A phase of the pack starts with orient (the workspace summary), then observe_slice and check_readiness (or check_task_graph); close archives a finished workspace; migrate upgrades an older one.",
  "In AFK mode call budget_check before dispatching a slice (exit 7 stops) and budget_spend once per built slice. check lints the workspace; log is the audit trail. The resolve tools take dry_run; an identical re-run of a resolve or of budget_spend is exit 0 and changes nothing, while question_add raises a new question each time.",
  "Every result is the CLI's --json object: ok, exit, and on failure error and hint (what to do next). Exit codes: 0 done, 1 I/O or internal, 2 no workspace or unknown tool, 3 refused, 4 conflict, 5 bad input (fix the call), 6 duplicate id, 7 budget stop, 8 pause deferred, 9 busy (retry shortly).",
].join("\n");


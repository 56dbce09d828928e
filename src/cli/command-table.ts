// Every command the CLI knows: its words, usage, options and runner. argv.ts parses with
// it, help.ts renders help from it, completions.ts answers the shell from it.

import type { CommandRun } from "../commands/types.js";
import { budgetCheck } from "../commands/budget-check.js";
import { makeMcp } from "../commands/mcp.js";
import { ENGINE_VERSION, main } from "./main.js";
import { stateResolve, RESOLVE_USAGE } from "../commands/state-resolve.js";
import { status } from "../commands/status.js";
import { GATES } from "../documents/gates.js";

/** A command of the cold chunk (commands/cold.ts), imported the first time one runs. */
function cold(name: "budgetGrant" | "check" | "completion" | "init" | "log" | "migrate" | "stateMergeManifest"): CommandRun {
  return async (ctx, args) => (await import("../commands/cold.js"))[name](ctx, args);
}

/** A command of the warm chunk (cli/warm-commands.ts), imported the first time one runs. */
function warm(name: "budgetSeed" | "budgetSpend" | "budgetStatus" | "questionAdd" | "questionsList" | "questionsShow" | "statePause" | "stateResume"): CommandRun {
  return async (ctx, args) => (await import("./warm-commands.js"))[name](ctx, args);
}

export interface OptionDef {
  type: "string" | "boolean";
  multiple?: boolean;
  short?: string;
  describe: string;
}

export interface CommandDef {
  words: string[];
  usage: string;
  describe: string;
  options: Record<string, OptionDef>;
  run: CommandRun;
  /** A deprecated spelling kept for older skill packs: the command it stands for (not in help). */
  deprecatedFor?: string;
}

export const GLOBAL_OPTIONS: Record<string, OptionDef> = {
  root: { type: "string", describe: "project directory or its .devrites directory (env DEVRITES_ROOT)" },
  workspace: { type: "string", describe: "workspace slug instead of ACTIVE (env DEVRITES_WORKSPACE)" },
  json: { type: "boolean", describe: "print one JSON object on stdout (errors too)" },
  help: { type: "boolean", short: "h", describe: "show help" },
  version: { type: "boolean", describe: "show the engine version" },
};

const str = (describe: string): OptionDef => ({ type: "string", describe });
const bool = (describe: string): OptionDef => ({ type: "boolean", describe });

export const COMMANDS: CommandDef[] = [
  {
    words: ["init"],
    usage: "devrites-engine init <slug> [--title TEXT] [--continues PARENT [--release]] [--no-activate]",
    describe: "create .devrites/work/<slug>/ from the templates and make it active",
    options: {
      title: str("title used in the files' headings (default: the slug)"),
      continues: str("open a continuation of a release sequence after PARENT"),
      release: bool("with --continues: the new workspace is the release (sequence_role release)"),
      "no-activate": bool("do not write ACTIVE"),
    },
    run: cold("init"),
  },
  {
    words: ["status"],
    usage: "devrites-engine status [--markdown] [--json]",
    describe: "where the active workspace stands, why it stopped and what to type next",
    options: { markdown: bool("what waits on a person, as a ticket/PR comment body (markdown)") },
    run: status,
  },
  {
    words: ["questions"],
    usage: "devrites-engine questions [--open | --all] [--gate GATE] [--json]",
    describe: "list questions, one line each (default: open ones)",
    options: { open: bool("only open questions (default)"), all: bool("every question"), gate: str("only questions with this gate") },
    run: warm("questionsList"),
  },
  {
    words: ["questions", "show"],
    usage: "devrites-engine questions show <qid> [--markdown] [--json]",
    describe: "print one question with its options numbered",
    options: { markdown: bool("the question as a ticket/PR comment body (markdown), with the commands that answer it") },
    run: warm("questionsShow"),
  },
  {
    words: ["question", "add"],
    usage:
      "devrites-engine question add --gate GATE --question TEXT [--slice S] [--option TEXT]… [--proposed TEXT] [--route ROLE] [--impact IDS] [--supersedes QID] [--blocking-slices IDS]",
    describe: "raise a question: allocate its id, append it, and pause the run as the gate policy says",
    options: {
      gate: str(GATES.join(" | ")),
      question: str("the question, one line"),
      slice: str("the slice it concerns"),
      option: { type: "string", multiple: true, describe: "an option (2 to 4; the first is the recommended one)" },
      proposed: str("the proposed answer (default: option 1)"),
      route: str("who an escalating question goes to (required for escalating)"),
      impact: str("ids this answer affects"),
      supersedes: str("the question this one replaces"),
      "blocking-slices": str("slices blocked until it is answered"),
    },
    run: warm("questionAdd"),
  },
  {
    words: ["state", "resolve"],
    usage: RESOLVE_USAGE.replace(/^usage: /, ""),
    describe: "answer or drop a question (or a batch of them); clears state.md when the awaited question is resolved",
    options: {
      human: bool("the answer is your own, as a person (records answered_by: human); an agent never passes it"),
      "record-decision": bool("also append the next DEC entry to decisions.md"),
      option: str("answer with option N's text"),
      proposed: bool("answer with the proposed: value"),
      drop: bool("drop the question (reason defaults to 'dropped')"),
      batch: str("resolve every entry of FILE, all or nothing"),
      filled: bool("resolve every open question whose answer: was written in questions.md, all or nothing"),
      "from-comments": str("resolve the answers people wrote in ticket comments (gh api JSON; - for stdin)"),
      "dry-run": bool("check and print what would be written, write nothing"),
      interactive: bool("choose a question and an answer at prompts (also from a pipe)"),
    },
    run: stateResolve,
  },
  {
    words: ["state", "pause"],
    usage: "devrites-engine state pause --reason CODE [--detail TEXT] [--until TIMESTAMP]",
    describe: "pause the run for a reason that is not a question",
    options: { reason: str("the pause reason code"), detail: str("what happened (secrets are redacted)"), until: str("when it resumes by itself (usage_cap)") },
    run: warm("statePause"),
  },
  {
    words: ["state", "resume"],
    usage: "devrites-engine state resume [--auto] [--note TEXT]",
    describe: "clear a pause and continue the workflow",
    options: { auto: bool("resume only a usage_cap pause whose resumes_at has passed"), note: str("why the run resumes (kept in the resumed event, and in the Log where state.md has one)") },
    run: warm("stateResume"),
  },
  {
    words: ["state", "merge-manifest"],
    usage: "devrites-engine state merge-manifest <slug> [<predecessor>…]",
    describe: "fold the predecessors' candidate manifests into the release workspace's touched-files.md",
    options: {},
    run: cold("stateMergeManifest"),
  },
  {
    words: ["budget", "status"],
    usage: "devrites-engine budget status [--json]",
    describe: "the AFK mode, sentinel values and the budget left",
    options: {},
    run: warm("budgetStatus"),
  },
  {
    words: ["budget", "check"],
    usage:
      "devrites-engine budget check [--writer] [--findings N] [--agents-used N] [--minutes-used N] [--tokens-used N] [--cost-used X] [--json]",
    describe: "may another slice be dispatched? exit 0 admits, exit 7 stops",
    options: {
      writer: bool("also require max_agents, max_minutes and max_review_queue"),
      findings: str("unresolved Critical/Important findings in the review queue"),
      "agents-used": str("agents dispatched in this activation"),
      "minutes-used": str("wall-clock minutes used in this activation"),
      "tokens-used": str("tokens used in this activation"),
      "cost-used": str("cost used in this activation, in USD"),
    },
    run: budgetCheck,
  },
  {
    words: ["budget", "spend"],
    usage: "devrites-engine budget spend <slice>",
    describe: "charge one built slice, exactly once per slice id",
    options: {},
    run: warm("budgetSpend"),
  },
  {
    words: ["budget", "seed"],
    usage: "devrites-engine budget seed --pending N [--max-slices N]",
    describe: "pre-seed the slice counter after planning (it only goes down)",
    options: { pending: str("slices still to build"), "max-slices": str("an upper bound for the counter") },
    run: warm("budgetSeed"),
  },
  {
    words: ["budget", "grant"],
    usage: "devrites-engine budget grant <N> --human",
    describe: "a person gives the AFK run N more slices (never an agent; not over MCP)",
    options: { human: bool("you are a person granting the slices (required; --json is refused)") },
    run: cold("budgetGrant"),
  },
  {
    words: ["check"],
    usage: "devrites-engine check [--json]",
    describe: "lint the workspace files and the sentinel: file:line:col diagnostics, exit 3 on errors",
    options: {},
    run: cold("check"),
  },
  {
    words: ["migrate"],
    usage: "devrites-engine migrate [<slug>]",
    describe: "upgrade an older workspace to schema 4",
    options: {},
    run: cold("migrate"),
  },
  {
    words: ["log"],
    usage: "devrites-engine log [--since TIMESTAMP] [--qid QID] [--json]",
    describe: "print the audit trail from events.jsonl, newest last",
    options: { since: str("only events at or after this time"), qid: str("only events about this question") },
    run: cold("log"),
  },
  {
    words: ["mcp"],
    usage: "devrites-engine mcp [--root DIR] [--workspace SLUG]",
    describe: "serve the agent-facing commands as MCP tools on stdio (for Claude Code, Codex, …)",
    options: {},
    // The server runs each tool call through main(), which imports this table: the cycle is
    // only followed at call time. (A dynamic import here would split the bundle's runtime out.)
    run: makeMcp(async () => ({ main, ENGINE_VERSION })),
  },
  {
    words: ["completion"],
    usage: "devrites-engine completion",
    describe: "print a bash/zsh completion script (source it from your shell profile)",
    options: {},
    run: cold("completion"),
  },
];

// Older DevRites packs (rite-resolve/SKILL.md, the pack's command list) and the Go engine
// before `state` call `devrites-engine resolve …` with the same argument forms: an alias, so
// an old pack's answer is still recorded, with a note on stderr naming the new call.
const stateResolveDef = COMMANDS.find((c) => c.words.join(" ") === "state resolve")!;
COMMANDS.push({
  ...stateResolveDef,
  words: ["resolve"],
  usage: stateResolveDef.usage.replace(/^devrites-engine state resolve/, "devrites-engine resolve"),
  describe: "deprecated spelling of state resolve",
  deprecatedFor: "state resolve",
});

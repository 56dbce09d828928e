// Every command the CLI knows: its words, usage, help, options and runner. argv.ts parses with
// it, help.ts renders help from it, completions.ts answers the shell from it. It is also the one
// place that decides which commands start fast: a runner imported statically here is bundled in
// the entry (hot: every call compiles it; state resolve, the hot command with the least margin);
// `hotChunk(…)` loads the other hot commands (status, budget check) from one small chunk of their
// own, so that a resolve does not compile their code; `lazy(…)` loads the command's file the
// first time it runs, from the one chunk vite.config.ts makes of every lazily loaded command.

import { stateResolve, RESOLVE_USAGE } from "../commands/state-resolve.js";
import { GATES } from "../documents/gates.js";
import { BadInputError } from "../errors.js";
import { ENGINE_VERSION } from "../version.js";
import { bool, hotChunk, lazy, str, type CommandDef, type OptionDef } from "./command-def.js";
import type { CommandRun } from "../commands/types.js";

export const GLOBAL_OPTIONS: Record<string, OptionDef> = {
  root: { type: "string", describe: "project directory or its .devrites directory (env DEVRITES_ROOT)" },
  workspace: { type: "string", describe: "workspace slug instead of ACTIVE (env DEVRITES_WORKSPACE)" },
  json: { type: "boolean", describe: "print one JSON object on stdout (errors too)" },
  help: { type: "boolean", short: "h", describe: "show help" },
  version: { type: "boolean", describe: "show the engine version" },
};

export const COMMANDS: CommandDef[] = [
  {
    words: ["init"],
    usage: "devrites-engine init <slug> [--title TEXT] [--continues PARENT [--release]] [--no-activate]",
    describe: "create .devrites/work/<slug>/ from the templates and make it active",
    examples: [
      "devrites-engine init csv-export",
      'devrites-engine init csv-export --title "CSV export" --no-activate',
      "devrites-engine init csv-export-2 --continues csv-export --release",
    ],
    options: {
      title: str("title used in the files' headings (default: the slug)"),
      continues: str("open a continuation of a release sequence after PARENT"),
      release: bool("with --continues: the new workspace is the release (sequence_role release)"),
      "no-activate": bool("do not write ACTIVE"),
    },
    run: lazy(() => import("../commands/init.js"), "init"),
  },
  {
    words: ["status"],
    usage: "devrites-engine status [--markdown] [--json]",
    describe: "where the active workspace stands, why it stopped and what to type next",
    examples: ["devrites-engine status", "devrites-engine status --json", 'gh pr comment 42 --body "$(devrites-engine status --markdown)"'],
    options: { markdown: bool("what waits on a person, as a ticket/PR comment body (markdown)") },
    run: hotChunk(() => import("../commands/status.js"), "status"),
  },
  {
    words: ["questions"],
    usage: "devrites-engine questions [--open | --all] [--gate GATE] [--json]",
    describe: "list questions, one line each (default: open ones)",
    examples: ["devrites-engine questions", "devrites-engine questions --all --gate blocking", "devrites-engine questions --json"],
    options: { open: bool("only open questions (default)"), all: bool("every question"), gate: str("only questions with this gate") },
    run: lazy(() => import("../commands/questions.js"), "questionsList"),
  },
  {
    words: ["questions", "show"],
    usage: "devrites-engine questions show <qid> [--markdown] [--json]",
    describe: "print one question with its options numbered",
    examples: [
      "devrites-engine questions show q-2026-07-20-001",
      "devrites-engine questions show q-2026-07-20-001 --markdown > comment.md",
    ],
    options: { markdown: bool("the question as a ticket/PR comment body (markdown), with the commands that answer it") },
    run: lazy(() => import("../commands/questions.js"), "questionsShow"),
  },
  {
    words: ["question", "add"],
    usage:
      "devrites-engine question add --gate GATE --question TEXT [--slice S] [--option TEXT]… [--proposed TEXT] [--route ROLE] [--impact IDS] [--supersedes QID] [--blocking-slices IDS]",
    describe: "raise a question: allocate its id, append it, and pause the run as the gate policy says",
    examples: [
      'devrites-engine question add --gate blocking --slice SLICE-003 --question "Drop the legacy column now?" --option "Keep it one release" --option "Drop it now"',
      'devrites-engine question add --gate advisory --question "Name the file after the tenant?" --proposed "Yes"',
      'devrites-engine question add --gate escalating --route security --question "Rotate the signing key?"',
    ],
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
    run: lazy(() => import("../commands/question-add.js"), "questionAdd"),
  },
  {
    words: ["state", "resolve"],
    usage: RESOLVE_USAGE,
    describe: "answer or drop a question (or a batch of them); clears state.md when the awaited question is resolved",
    examples: [
      "devrites-engine state resolve q-2026-07-20-001 --option 1 --human",
      'devrites-engine state resolve q-2026-07-20-001 "Keep it one release" --record-decision',
      "devrites-engine state resolve --batch answers.txt --dry-run",
    ],
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
    examples: [
      'devrites-engine state pause --reason approval --detail "waiting for the DBA"',
      "devrites-engine state pause --reason usage_cap --until 2026-07-20T14:50:00Z",
    ],
    options: { reason: str("the pause reason code"), detail: str("what happened (secrets are redacted)"), until: str("when it resumes by itself (usage_cap)") },
    run: lazy(() => import("../commands/state-pause.js"), "statePause"),
  },
  {
    words: ["state", "resume"],
    usage: "devrites-engine state resume [--auto] [--note TEXT]",
    describe: "clear a pause and continue the workflow",
    examples: ["devrites-engine state resume", 'devrites-engine state resume --note "DBA approved"', "devrites-engine state resume --auto"],
    options: { auto: bool("resume only a usage_cap pause whose resumes_at has passed"), note: str("why the run resumes (kept in the resumed event, and in the Log where state.md has one)") },
    run: lazy(() => import("../commands/state-resume.js"), "stateResume"),
  },
  {
    words: ["state", "merge-manifest"],
    usage: "devrites-engine state merge-manifest <slug> [<predecessor>…]",
    describe: "fold the predecessors' candidate manifests into the release workspace's touched-files.md",
    examples: ["devrites-engine state merge-manifest billing-release", "devrites-engine state merge-manifest billing-release billing-part-1 billing-part-2"],
    options: {},
    run: lazy(() => import("../commands/state-merge-manifest.js"), "stateMergeManifest"),
  },
  {
    words: ["state", "close"],
    usage: "devrites-engine state close <slug>",
    describe: "archive a closed-out workspace: move work/<slug> to archive/<slug> and clear ACTIVE",
    examples: ["devrites-engine state close csv-export", "devrites-engine state close csv-export --json"],
    options: {},
    run: lazy(() => import("../commands/state-close.js"), "stateClose"),
  },
  {
    words: ["budget", "status"],
    usage: "devrites-engine budget status [--json]",
    describe: "the AFK mode, sentinel values and the budget left",
    examples: ["devrites-engine budget status", "devrites-engine budget status --json"],
    options: {},
    run: lazy(() => import("../commands/budget-status.js"), "budgetStatus"),
  },
  {
    words: ["budget", "check"],
    usage:
      "devrites-engine budget check [--writer] [--findings N] [--agents-used N] [--minutes-used N] [--tokens-used N] [--cost-used X] [--json]",
    describe: "may another slice be dispatched? exit 0 admits, exit 7 stops",
    examples: ["devrites-engine budget check", "devrites-engine budget check --writer --agents-used 3 --minutes-used 40 --findings 1"],
    options: {
      writer: bool("also require max_agents, max_minutes and max_review_queue"),
      findings: str("unresolved Critical/Important findings in the review queue"),
      "agents-used": str("agents dispatched in this activation"),
      "minutes-used": str("wall-clock minutes used in this activation"),
      "tokens-used": str("tokens used in this activation"),
      "cost-used": str("cost used in this activation, in USD"),
    },
    run: hotChunk(() => import("../commands/budget-check.js"), "budgetCheck"),
  },
  {
    words: ["budget", "spend"],
    usage: "devrites-engine budget spend <slice>",
    describe: "charge one built slice, exactly once per slice id",
    examples: ["devrites-engine budget spend SLICE-003", "devrites-engine budget spend SLICE-003 --json"],
    options: {},
    run: lazy(() => import("../commands/budget-spend.js"), "budgetSpend"),
  },
  {
    words: ["budget", "seed"],
    usage: "devrites-engine budget seed --pending N [--max-slices N]",
    describe: "pre-seed the slice counter after planning (it only goes down)",
    examples: ["devrites-engine budget seed --pending 6", "devrites-engine budget seed --pending 6 --max-slices 8"],
    options: { pending: str("slices still to build"), "max-slices": str("an upper bound for the counter") },
    run: lazy(() => import("../commands/budget-seed.js"), "budgetSeed"),
  },
  {
    words: ["budget", "grant"],
    usage: "devrites-engine budget grant <N> --human",
    describe: "a person gives the AFK run N more slices (never an agent; not over MCP)",
    examples: ["devrites-engine budget grant 2 --human", "devrites-engine budget grant 5 --human --workspace billing-export"],
    options: { human: bool("you are a person granting the slices (required; --json is refused)") },
    run: lazy(() => import("../commands/budget-grant.js"), "budgetGrant"),
  },
  {
    words: ["check"],
    usage: "devrites-engine check [--json]",
    describe: "lint the workspace files and the sentinel: file:line:col diagnostics, exit 3 on errors",
    examples: ["devrites-engine check", "devrites-engine check --json", "devrites-engine check --workspace csv-export"],
    options: {},
    run: lazy(() => import("../commands/check.js"), "check"),
  },
  {
    words: ["check", "readiness"],
    usage: "devrites-engine check readiness [<slug>] [--emit-binding] [--json]",
    describe: "the readiness gate: exit 0 passed, exit 3 blocked with its reasons",
    examples: ["devrites-engine check readiness csv-export", "devrites-engine check readiness --emit-binding csv-export", "devrites-engine check readiness --json"],
    options: { "emit-binding": bool("print the workspace's `Readiness inputs SHA-256: …` line instead of checking") },
    run: lazy(() => import("../commands/check-readiness.js"), "checkReadiness"),
  },
  {
    words: ["check", "task-graph"],
    usage: "devrites-engine check task-graph [<slug>] [--json]",
    describe: "check tasks.md's slice dependency graph: exit 3 on a cycle, an unknown or malformed dependency",
    examples: ["devrites-engine check task-graph csv-export", "devrites-engine check task-graph --json"],
    options: {},
    run: lazy(() => import("../commands/check-readiness.js"), "checkTaskGraph"),
  },
  {
    words: ["check", "candidate"],
    usage: "devrites-engine check candidate [<slug>] [--json]",
    describe: "hash the project files touched-files.md names: the candidate /rite-ship binds (exit 3 when it is not closed)",
    examples: ["devrites-engine check candidate csv-export", "devrites-engine check candidate --json"],
    options: {},
    run: lazy(() => import("../commands/check-candidate.js"), "checkCandidate"),
  },
  {
    words: ["check", "seal"],
    usage: "devrites-engine check seal [<slug>] [--json]",
    describe: "the seal gate and evidence freshness: exit 0 passed, exit 3 blocked with its reasons",
    examples: ["devrites-engine check seal csv-export", "devrites-engine check seal --json"],
    options: {},
    run: lazy(() => import("../commands/check-seal.js"), "checkSeal"),
  },
  {
    words: ["check", "path-disjoint"],
    usage: "devrites-engine check path-disjoint [--root <dir>] [<json-file>|-]",
    describe: "slices' path sets (JSON) share no path, so they may build in parallel: exit 3 on an overlap",
    examples: ["devrites-engine check path-disjoint slices.json", "devrites-engine check path-disjoint - < slices.json", "devrites-engine check path-disjoint --root . slices.json"],
    options: {},
    run: lazy(() => import("../commands/check-path-disjoint.js"), "checkPathDisjointCommand"),
  },
  {
    words: ["secret-scan"],
    usage: "devrites-engine secret-scan [--staged] [--stdin] [<slug>] [--json]",
    describe: "scan the staged blobs, a workspace's candidate files or stdin for credentials: exit 3 on a HIGH finding",
    examples: ["devrites-engine secret-scan --staged", "devrites-engine secret-scan csv-export", "git diff | devrites-engine secret-scan --stdin"],
    options: {
      staged: bool("scan the exact blobs staged in git's index"),
      stdin: bool("scan standard input (review text)"),
      text: str("refused: review text comes through --stdin"),
    },
    run: lazy(() => import("../commands/secret-scan.js"), "secretScan"),
  },
  {
    words: ["orient"],
    usage: "devrites-engine orient [<slug>] [--json]",
    describe: "the workspace summary a phase reads first, as JSON: cursor, awaiting, open questions, budget, task graph",
    examples: ["devrites-engine orient csv-export", "devrites-engine orient", "devrites-engine orient csv-export --json"],
    options: {},
    run: lazy(() => import("../commands/orient.js"), "orient"),
  },
  {
    words: ["observe", "summary"],
    usage: "devrites-engine observe summary [<slug>] [--json]",
    describe: "the same JSON summary as orient",
    examples: ["devrites-engine observe summary csv-export", "devrites-engine observe summary"],
    options: {},
    run: lazy(() => import("../commands/orient.js"), "orient"),
  },
  {
    words: ["observe", "slice"],
    usage: "devrites-engine observe slice <slug> <SLICE-ID>",
    describe: "print one `## SLICE-…` section of tasks.md",
    examples: ["devrites-engine observe slice csv-export SLICE-002", "devrites-engine observe slice csv-export SLICE-002 --json"],
    options: {},
    run: lazy(() => import("../commands/orient.js"), "observeSlice"),
  },
  {
    words: ["migrate"],
    usage: "devrites-engine migrate [<slug>] [--dry-run] [--answer ANSWER]…",
    describe: "upgrade an older workspace to schema 4",
    examples: ["devrites-engine migrate", "devrites-engine migrate csv-export --dry-run", "devrites-engine migrate csv-export --answer phase=build"],
    options: {
      "dry-run": bool("print what would change, write nothing"),
      answer: { type: "string", multiple: true, describe: "answer a question migrate asked: phase=<phase>" },
    },
    run: lazy(() => import("../commands/migrate.js"), "migrate"),
  },
  {
    words: ["log"],
    usage: "devrites-engine log [--since TIMESTAMP] [--qid QID] [--json]",
    describe: "print the audit trail from events.jsonl, newest last",
    examples: ["devrites-engine log", "devrites-engine log --since 2026-07-20 --qid q-2026-07-20-001", "devrites-engine log --json"],
    options: { since: str("only events at or after this time"), qid: str("only events about this question") },
    run: lazy(() => import("../commands/log.js"), "log"),
  },
  {
    words: ["mcp"],
    usage: "devrites-engine mcp [--root DIR] [--workspace SLUG]",
    describe: "serve the agent-facing commands as MCP tools on stdio (for Claude Code, Codex, …)",
    examples: ["devrites-engine mcp", "devrites-engine mcp --root ~/src/billing", "claude mcp add devrites -- npx devrites-engine mcp"],
    options: {},
    run: lazy(() => import("../commands/mcp.js"), "mcp"),
  },
  {
    words: ["version"],
    usage: "devrites-engine version",
    describe: "print the engine version (as --version)",
    examples: ["devrites-engine version", "devrites-engine version --json"],
    options: {},
    run: (_ctx, args) => {
      if (args.positionals.length > 0) throw new BadInputError(`version takes no arguments (got ${args.positionals.join(" ")})`, { hint: "devrites-engine version" });
      return { exit: 0, lines: [ENGINE_VERSION], data: { version: ENGINE_VERSION } };
    },
  },
  {
    words: ["completion"],
    usage: "devrites-engine completion",
    describe: "print a bash/zsh completion script (source it from your shell profile)",
    examples: ["devrites-engine completion >> ~/.bashrc", "source <(devrites-engine completion)"],
    options: {},
    run: lazy(() => import("../commands/completion.js"), "completion"),
  },
];

// Older DevRites packs (rite-resolve/SKILL.md, the pack's command list) and the Go engine
// before `state` call `devrites-engine resolve …` with the same argument forms: an alias, so
// an old pack's answer is still recorded, with a note on stderr naming the new call.
const stateResolveDef = COMMANDS.find((c) => c.words.join(" ") === "state resolve")!;
COMMANDS.push({
  ...stateResolveDef,
  words: ["resolve"],
  usage: stateResolveDef.usage.replace("devrites-engine state resolve", "devrites-engine resolve"),
  describe: "deprecated spelling of state resolve",
  examples: [],
  deprecatedFor: "state resolve",
});

// Calls the DevRites pack (5.x) makes that are not the workspace writer's job: each is exit 2
// naming what to call instead (commands/not-provided.ts), so a skill learns it from one run;
// `hook` is the pack's host hooks, which fail open (exit 0) as when the engine is absent.
// docs/migrating-from-go.md lists them with their sources.
const NOT_PROVIDED: string[][] = [
  ["hook"], ["gates"], ["dispatch"], ["parallel"], ["claim"], ["note"], ["next"], ["handoff"], ["context"],
  ["metrics"], ["detect"], ["open-visual"], ["overhaul"], ["install"], ["update"], ["uninstall"],
  ["check", "slice"], ["check", "diff-scope"],
  ["check", "indexes"], ["check", "skill-trust"], ["check", "regression"], ["check", "windows"], ["check", "dup"], ["check", "drift"],
];
/** The not-provided answer for `words`, loaded on first use like every lazy command. */
const notProvidedRun = (words: string[]): CommandRun =>
  lazy(() => import("../commands/not-provided.js").then((m) => ({ run: ((ctx, args) => m.notProvided(ctx, args, words)) as CommandRun })), "run");
for (const words of NOT_PROVIDED) {
  COMMANDS.push({
    words,
    usage: `devrites-engine ${words.join(" ")} …`,
    describe: "a DevRites pack call this engine does not provide",
    examples: [],
    options: {},
    run: notProvidedRun(words),
    notProvided: true,
  });
}

// Every command the CLI knows: its words, usage, help, options and runner. argv.ts parses with
// it, help.ts renders help from it, completions.ts answers the shell from it. It is also the one
// place that decides which commands start fast: a runner imported statically here is bundled in
// the entry (hot: every call compiles it; state resolve, the hot command with the least margin);
// `hotChunk(…)` loads the other hot commands (status, budget check) from one small chunk of their
// own, so that a resolve does not compile their code; `lazy(…)` loads the command's file the
// first time it runs, from the one chunk vite.config.ts makes of every lazily loaded command.
// The rows are filed under their first word and built when a call first names that word: a
// call parses and builds its own noun's rows only; help, completion and MCP build them all.

import { stateResolve, RESOLVE_USAGE } from "../commands/state/resolve.js";
import { GATES } from "../documents/gates.js";
import { ENGINE_VERSION } from "../version.js";
import { REASON_CODES } from "../domain/pause-reasons.js";
import { bool, hotChunk, lazy, str, type CommandDef, type CommandRow, type OptionDef } from "./command-def.js";
import { usageLine } from "./command-rules.js";
import type { CommandRun } from "../commands/types.js";

export const GLOBAL_OPTIONS: Record<string, OptionDef> = {
  root: { type: "string", describe: "project directory or its .devrites directory (env DEVRITES_ROOT)" },
  workspace: { type: "string", describe: "workspace slug instead of ACTIVE (env DEVRITES_WORKSPACE)", kind: "slug" },
  json: { type: "boolean", describe: "print one JSON object on stdout (errors too)" },
  help: { type: "boolean", short: "h", describe: "show help" },
  version: { type: "boolean", describe: "show the engine version" },
};

const SLUG = { name: "slug", kind: "slug", describe: "the workspace slug" } as const;
const SLUG_OR_ACTIVE = { ...SLUG, optional: true, describe: "the workspace slug (default: the selected one, like --workspace)" } as const;

const NOUNS: Record<string, () => CommandRow[]> = {
  init: (): CommandRow[] => [
    {
      words: ["init"],
      describe: "create .devrites/work/<slug>/ from the templates and make it active",
      examples: [
        "devrites-engine init csv-export",
        'devrites-engine init csv-export --title "CSV export" --no-activate',
        "devrites-engine init csv-export-2 --continues csv-export --release",
      ],
      options: {
        title: str("title used in the files' headings (default: the slug)", { value: "TEXT" }),
        continues: str("open a continuation of a release sequence after PARENT", { value: "PARENT", kind: "slug" }),
        release: bool("with --continues: the new workspace is the release (sequence_role release)", { requires: "continues" }),
        "no-activate": bool("do not write ACTIVE"),
      },
      positionals: [{ ...SLUG, describe: "the new workspace's slug" }],
      mcp: { not: "a person starts a workspace; agents work in the one they are given" },
      run: lazy(() => import("../commands/init/init.js"), "init"),
    },
  ],
  status: (): CommandRow[] => [
    {
      words: ["status"],
      describe: "where the active workspace stands, why it stopped and what to type next",
      examples: ["devrites-engine status", "devrites-engine status --json", 'gh pr comment 42 --body "$(devrites-engine status --markdown)"'],
      options: { markdown: bool("what waits on a person, as a ticket/PR comment body (markdown)", { field: false }) },
      shows: ["json"],
      mcp: { tool: "status", readOnly: true },
      run: hotChunk(() => import("../commands/status/status.js"), "status"),
    },
  ],
  questions: (): CommandRow[] => [
    {
      words: ["questions"],
      describe: "list questions, one line each (default: open ones)",
      examples: ["devrites-engine questions", "devrites-engine questions --all --gate blocking", "devrites-engine questions --json"],
      options: { open: bool("only open questions (default)", { conflicts: "all" }), all: bool("every question"), gate: str("only questions with this gate", { kind: { oneOf: GATES } }) },
      shows: ["json"],
      mcp: { tool: "questions", readOnly: true },
      run: lazy(() => import("../commands/questions/questions.js"), "questionsList"),
    },
    {
      words: ["questions", "show"],
      describe: "print one question with its options numbered",
      examples: [
        "devrites-engine questions show q-2026-07-20-001",
        "devrites-engine questions show q-2026-07-20-001 --markdown > comment.md",
      ],
      options: { markdown: bool("the question as a ticket/PR comment body (markdown), with the commands that answer it", { field: false }) },
      positionals: [{ name: "qid", kind: "qid", describe: "the question id" }],
      shows: ["json"],
      mcp: { tool: "question_show", readOnly: true },
      run: lazy(() => import("../commands/questions/questions.js"), "questionsShow"),
    },
  ],
  question: (): CommandRow[] => [
    {
      words: ["question", "add"],
      describe: "raise a question: allocate its id, append it, and pause the run as the gate policy says",
      examples: [
        'devrites-engine question add --gate blocking --slice SLICE-003 --question "Drop the legacy column now?" --option "Keep it one release" --option "Drop it now"',
        'devrites-engine question add --gate advisory --question "Name the file after the tenant?" --proposed "Yes"',
        'devrites-engine question add --gate escalating --route security --question "Rotate the signing key?"',
      ],
      options: {
        gate: str(GATES.join(" | "), { value: "GATE", kind: { oneOf: GATES }, required: true }),
        question: str("the question, one line", { value: "TEXT", required: true }),
        slice: str("the slice it concerns", { value: "S", kind: "slice" }),
        option: str("an option (2 to 4; the first is the recommended one)", { value: "TEXT", multiple: true, field: "options" }),
        proposed: str("the proposed answer (default: option 1)", { value: "TEXT" }),
        route: str("who an escalating question goes to (required for escalating)", { value: "ROLE" }),
        impact: str("ids this answer affects", { value: "IDS" }),
        supersedes: str("the question this one replaces", { value: "QID", kind: "qid" }),
        "blocking-slices": str("slices blocked until it is answered", { value: "IDS" }),
      },
      mcp: { tool: "question_add", readOnly: false },
      run: lazy(() => import("../commands/question/add.js"), "questionAdd"),
    },
  ],
  state: (): CommandRow[] => [
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
        human: bool("the answer is your own, as a person (records answered_by: human); an agent never passes it", { personOnly: true }),
        "record-decision": bool("also append the next DEC entry to decisions.md"),
        option: str("answer with option N's text", { value: "N", kind: "ordinal" }),
        proposed: bool("answer with the proposed: value"),
        drop: bool("drop the question (reason defaults to 'dropped')"),
        batch: str("resolve every entry of FILE, all or nothing", { value: "FILE", kind: "path", field: "entries" }),
        filled: bool("resolve every open question whose answer: was written in questions.md, all or nothing", { field: false }),
        "from-comments": str("resolve the answers people wrote in ticket comments (gh api JSON; - for stdin)", { kind: "path", field: "comments" }),
        "dry-run": bool("check and print what would be written, write nothing"),
        interactive: bool("choose a question and an answer at prompts (also from a pipe)", { field: false }),
      },
      positionals: [
        { name: "qid", kind: "qid", optional: true, describe: "the question id" },
        { name: "answer", kind: "text", optional: true, repeatable: true, field: "answer", describe: "the answer text (whitespace runs become one space; at most 10,000 characters)" },
      ],
      mcp: { tool: "resolve", readOnly: false },
      run: stateResolve,
    },
    {
      words: ["state", "pause"],
      describe: "pause the run for a reason that is not a question",
      examples: [
        'devrites-engine state pause --reason approval --detail "waiting for the DBA"',
        "devrites-engine state pause --reason usage_cap --until 2026-07-20T14:50:00Z",
      ],
      options: {
        reason: str("the pause reason code", { value: "CODE", kind: { oneOf: REASON_CODES }, required: true }),
        detail: str("what happened (secrets are redacted)", { value: "TEXT" }),
        until: str("when it resumes by itself (usage_cap)", { value: "TIMESTAMP", kind: "timestamp" }),
      },
      mcp: { tool: "pause", readOnly: false },
      run: lazy(() => import("../commands/state/pause.js"), "statePause"),
    },
    {
      words: ["state", "resume"],
      describe: "clear a pause and continue the workflow",
      examples: ["devrites-engine state resume", 'devrites-engine state resume --note "DBA approved"', "devrites-engine state resume --auto"],
      options: { auto: bool("resume only a usage_cap pause whose resumes_at has passed"), note: str("why the run resumes (kept in the resumed event, and in the Log where state.md has one)", { value: "TEXT" }) },
      mcp: { tool: "resume", readOnly: false },
      run: lazy(() => import("../commands/state/resume.js"), "stateResume"),
    },
    {
      words: ["state", "merge-manifest"],
      describe: "fold the predecessors' candidate manifests into the release workspace's touched-files.md",
      examples: ["devrites-engine state merge-manifest billing-release", "devrites-engine state merge-manifest billing-release billing-part-1 billing-part-2"],
      options: {},
      positionals: [
        { ...SLUG, describe: "the release workspace" },
        { name: "predecessor", kind: "slug", optional: true, repeatable: true, field: "predecessors", describe: "predecessor slugs (default: its sequence chain)" },
      ],
      mcp: { tool: "merge_manifest", readOnly: false },
      run: lazy(() => import("../commands/state/merge-manifest.js"), "stateMergeManifest"),
    },
    {
      words: ["state", "close"],
      describe: "archive a closed-out workspace: move work/<slug> to archive/<slug> and clear ACTIVE",
      examples: ["devrites-engine state close csv-export", "devrites-engine state close csv-export --json"],
      options: {},
      positionals: [{ ...SLUG, describe: "the workspace to archive" }],
      mcp: { tool: "close", readOnly: false },
      run: lazy(() => import("../commands/state/close.js"), "stateClose"),
    },
  ],
  gates: (): CommandRow[] => [
    // The `gates` verbs: the gates.md acceptance ledger (engine/help.go and
    // engine/internal/acceptance/cli.go in the Go engine).
    {
      words: ["gates", "scaffold"],
      describe: "create gates.md from spec.md's AC ids (only when it is absent)",
      examples: ["devrites-engine gates scaffold csv-export", "devrites-engine gates scaffold csv-export --json"],
      options: {},
      positionals: [SLUG],
      mcp: { tool: "gates_scaffold", readOnly: false },
      run: lazy(() => import("../commands/gates/scaffold.js"), "gatesScaffold"),
    },
    {
      words: ["gates", "status"],
      describe: "reduce the gates.md ledger without running anything; exit 3 unless every gate is met",
      examples: ["devrites-engine gates status csv-export", "devrites-engine gates status csv-export --json"],
      options: {},
      positionals: [SLUG],
      mcp: { tool: "gates_status", readOnly: true, note: "exit 3 (isError) while any gate is unmet, stale, abandoned or the ledger is malformed." },
      run: lazy(() => import("../commands/gates/ledger.js"), "gatesStatus"),
    },
    {
      words: ["gates", "run"],
      describe: "run the unmet runnable gates (approved CHECKs only) and record their evidence",
      examples: ["devrites-engine gates run csv-export", "devrites-engine gates run csv-export --timeout 300"],
      options: { timeout: str("seconds one CHECK may run (default 120)", { value: "N", kind: "count" }) },
      positionals: [SLUG],
      mcp: { tool: "gates_run", readOnly: false, note: "runs project commands that test-plan.md approves; exit 3 (isError) unless every gate is met afterwards." },
      run: lazy(() => import("../commands/gates/run.js"), "gatesRun"),
    },
    {
      words: ["gates", "reverify"],
      describe: "re-run every runnable gate, demoting passes that no longer hold",
      examples: ["devrites-engine gates reverify csv-export", "devrites-engine gates reverify csv-export --timeout 300"],
      options: { timeout: str("seconds one CHECK may run (default 120)", { value: "N", kind: "count" }) },
      positionals: [SLUG],
      mcp: { tool: "gates_reverify", readOnly: false, note: "runs project commands that test-plan.md approves; exit 3 (isError) unless every gate is met afterwards." },
      run: lazy(() => import("../commands/gates/run.js"), "gatesReverify"),
    },
    {
      words: ["gates", "lint"],
      describe: "audit the ledger's oracles without running anything; exit 3 on an error",
      examples: ["devrites-engine gates lint csv-export", "devrites-engine gates lint csv-export --strict --json"],
      options: { strict: bool("warnings fail too") },
      positionals: [SLUG],
      mcp: { tool: "gates_lint", readOnly: true, note: "exit 3 (isError) on an error finding, or on a warning with strict." },
      run: lazy(() => import("../commands/gates/lint.js"), "gatesLint"),
    },
    {
      words: ["gates", "attest"],
      describe: "record a person's evidence on a manual gate",
      examples: ['devrites-engine gates attest csv-export AC-002 "reviewed on staging by ops"', "devrites-engine gates attest csv-export AC-004 screenshots attached to PR 12 --json"],
      options: {},
      positionals: [SLUG, { name: "gate-id", kind: "text", field: "gate", describe: "the manual gate's id" }, { name: "note", kind: "text", repeatable: true, field: "note", describe: "the evidence, one line" }],
      mcp: { tool: "gates_attest", readOnly: false },
      run: lazy(() => import("../commands/gates/record.js"), "gatesAttest"),
    },
    {
      words: ["gates", "abandon"],
      describe: "record a terminal ABANDON handoff on a gate",
      examples: ['devrites-engine gates abandon csv-export AC-003 "the vendor removed the API"', "devrites-engine gates abandon csv-export AC-005 out of scope for this release --json"],
      options: {},
      positionals: [SLUG, { name: "gate-id", kind: "text", field: "gate", describe: "the gate's id" }, { name: "reason", kind: "text", repeatable: true, field: "reason", describe: "why, one line" }],
      mcp: { tool: "gates_abandon", readOnly: false },
      run: lazy(() => import("../commands/gates/record.js"), "gatesAbandon"),
    },
  ],
  claim: (): CommandRow[] => [
    // The build loop's bookkeeping (Go: engine/internal/lib/claims.go and the files next to it).
    {
      words: ["claim", "add"],
      describe: "claim project paths for this session in .devrites/claims.jsonl; exit 3 when another session holds one",
      examples: ["devrites-engine claim add --session s1 src/api.ts src/db.ts", "devrites-engine claim add --session s1 --ttl 60 --reason 'slice 3' src/api.ts"],
      positionals: [{ name: "path", kind: "path", repeatable: true, describe: "project-relative paths to claim" }],
      options: {
        session: str("this agent session's id (letters, digits, - _ . : /)", { value: "ID", required: true }),
        ttl: str("minutes the claim lasts (1 to 240, default 30)", { value: "MINUTES", kind: "count" }),
        reason: str("why the paths are claimed", { value: "TEXT" }),
      },
      shows: ["json"],
      mcp: { tool: "claim_add", readOnly: false, note: "exit 3 (isError) names the other session's live claims in blocked." },
      run: lazy(() => import("../commands/claim/claim.js"), "claimAdd"),
    },
    {
      words: ["claim", "release"],
      describe: "release one of this session's claims",
      examples: ["devrites-engine claim release --session s1 --id cl-1796558400000000000-1a2b3c4d", "devrites-engine claim release --session s1 --id cl-1796558400000000000-1a2b3c4d --json"],
      options: {
        session: str("the session that made the claim", { value: "ID", required: true }),
        id: str("the claim's id (claim add printed it)", { value: "CLAIM-ID", required: true }),
      },
      shows: ["json"],
      mcp: { tool: "claim_release", readOnly: false },
      run: lazy(() => import("../commands/claim/claim.js"), "claimRelease"),
    },
    {
      words: ["claim", "list"],
      describe: "the live claims (with --all every claim, released and expired too)",
      examples: ["devrites-engine claim list", "devrites-engine claim list --session s1 --all"],
      options: { session: str("only this session's claims", { value: "ID" }), all: bool("released and expired claims too") },
      shows: ["json"],
      mcp: { tool: "claim_list", readOnly: true },
      run: lazy(() => import("../commands/claim/claim.js"), "claimList"),
    },
    {
      words: ["claim", "check"],
      describe: "are these paths free of other sessions' live claims? exit 0 free, exit 3 blocked",
      examples: ["devrites-engine claim check --session s1 src/api.ts", "devrites-engine claim check src/api.ts --json"],
      positionals: [{ name: "path", kind: "path", repeatable: true, describe: "project-relative paths to check" }],
      options: { session: str("this session's id: its own claims never block it", { value: "ID" }) },
      shows: ["json"],
      mcp: { tool: "claim_check", readOnly: true, note: "exit 3 (isError) names the live claims in blocked." },
      run: lazy(() => import("../commands/claim/claim.js"), "claimCheck"),
    },
  ],
  dispatch: (): CommandRow[] => [
    // The launch-wave barrier of parallel agent dispatch (Go: engine/internal/lib/dispatch.go,
    // usage in engine/help.go); a build wave's open is held to budget check's verdict.
    {
      words: ["dispatch"],
      describe: "the launch barrier of a wave of agents (dispatch.json): open, start, seal, return, status, abandon",
      examples: [
        "devrites-engine dispatch csv-export open --phase review --wave w1 --role code-reviewer --role spec-reviewer",
        "devrites-engine dispatch csv-export start --wave w1 --role code-reviewer --handle agent-7",
        "devrites-engine dispatch csv-export status --wave w1",
      ],
      positionals: [SLUG, { name: "action", kind: { oneOf: ["open", "start", "seal", "return", "status", "abandon"] }, describe: "open | start | seal | return | status | abandon" }],
      options: {
        phase: str("the wave's phase (open); a build wave is held to the AFK budget", { value: "PHASE" }),
        wave: str("the wave's name", { value: "WAVE" }),
        role: str("a role: each of the wave's (open), or the one that starts or returns", { value: "ROLE", multiple: true }),
        handle: str("the host's agent id (start)", { value: "ID" }),
        reason: str("why the wave is abandoned (abandon)", { value: "TEXT" }),
        findings: str("open of a build wave: findings in the review queue (as budget check)", { value: "N", kind: "count" }),
        "agents-used": str("open of a build wave: agents used (as budget check)", { value: "N", kind: "count" }),
        "minutes-used": str("open of a build wave: minutes used (as budget check)", { value: "N", kind: "count" }),
        "tokens-used": str("open of a build wave: tokens used (as budget check)", { value: "N", kind: "count" }),
        "cost-used": str("open of a build wave: cost in USD (as budget check)", { value: "X", kind: "number" }),
      },
      shows: ["json"],
      mcp: { tool: "dispatch", readOnly: false, note: "exit 3 (isError) for a refused step, a status of an unfinished wave, and abandon (which records it); exit 7 when the AFK budget stops a build wave's open." },
      run: lazy(() => import("../commands/dispatch/dispatch.js"), "dispatch"),
    },
  ],
  budget: (): CommandRow[] => [
    {
      words: ["budget", "status"],
      describe: "the AFK mode, sentinel values and the budget left",
      examples: ["devrites-engine budget status", "devrites-engine budget status --json"],
      options: {},
      shows: ["json"],
      mcp: { tool: "budget_status", readOnly: true },
      run: lazy(() => import("../commands/budget/status.js"), "budgetStatus"),
    },
    {
      words: ["budget", "check"],
      describe: "may another slice be dispatched? exit 0 admits, exit 7 stops",
      examples: ["devrites-engine budget check", "devrites-engine budget check --writer --agents-used 3 --minutes-used 40 --findings 1"],
      options: {
        writer: bool("also require max_agents, max_minutes and max_review_queue"),
        findings: str("unresolved Critical/Important findings in the review queue", { value: "N", kind: "count" }),
        "agents-used": str("agents dispatched in this activation", { value: "N", kind: "count" }),
        "minutes-used": str("wall-clock minutes used in this activation", { value: "N", kind: "count" }),
        "tokens-used": str("tokens used in this activation", { value: "N", kind: "count" }),
        "cost-used": str("cost used in this activation, in USD", { value: "X", kind: "number" }),
      },
      shows: ["json"],
      mcp: { tool: "budget_check", readOnly: true, note: "ok: true admits; exit 7 (isError) stops." },
      run: hotChunk(() => import("../commands/budget/check.js"), "budgetCheck"),
    },
    {
      words: ["budget", "spend"],
      describe: "charge one built slice, exactly once per slice id",
      examples: ["devrites-engine budget spend SLICE-003", "devrites-engine budget spend SLICE-003 --json"],
      options: {},
      positionals: [{ name: "slice", kind: "slice", describe: "the slice id" }],
      mcp: { tool: "budget_spend", readOnly: false, usage: "give slice: the built slice's id, e.g. SLICE-003" },
      run: lazy(() => import("../commands/budget/spend.js"), "budgetSpend"),
    },
    {
      words: ["budget", "seed"],
      describe: "pre-seed the slice counter after planning (it only goes down)",
      examples: ["devrites-engine budget seed --pending 6", "devrites-engine budget seed --pending 6 --max-slices 8"],
      options: { pending: str("slices still to build", { value: "N", kind: "count", required: true }), "max-slices": str("an upper bound for the counter", { value: "N", kind: "count" }) },
      mcp: { tool: "budget_seed", readOnly: false, usage: "give pending (the slices still to build) and optionally max_slices" },
      run: lazy(() => import("../commands/budget/seed.js"), "budgetSeed"),
    },
    {
      words: ["budget", "grant"],
      describe: "a person gives the AFK run N more slices (never an agent; not over MCP)",
      examples: ["devrites-engine budget grant 2 --human", "devrites-engine budget grant 5 --human --workspace billing-export"],
      options: { human: bool("you are a person granting the slices (required; --json is refused)", { required: true, personOnly: true }) },
      positionals: [{ name: "N", kind: "count" }],
      mcp: { not: "only a person raises the AFK budget, and agents call the engine through MCP" },
      run: lazy(() => import("../commands/budget/grant.js"), "budgetGrant"),
    },
  ],
  parallel: (): CommandRow[] => [
    {
      words: ["parallel", "select"],
      describe: "the ready slices (JSON, plan order) narrowed to the batch that may build at once: path-disjoint, at most --cap",
      examples: ["devrites-engine parallel select --cap 3 ready.json", "devrites-engine parallel select --cap 1 - < ready.json"],
      options: { cap: str("the most slices to build at once (1-10; 1 is a serial round)", { value: "N", kind: "count", required: true }) },
      positionals: [{ name: "json-file", kind: "path", optional: true, describe: "the ready slices' path sets as JSON (default or -: standard input)" }],
      shows: ["root", "json"],
      mcp: { not: "its input is a JSON file or standard input a build step pipes in; an agent runs it as a command" },
      run: lazy(() => import("../commands/parallel/select.js"), "parallelSelect"),
    },
    {
      words: ["parallel", "status"],
      describe: "what the control lease of a parallel batch records (status, base, each slice), and control's HEAD",
      examples: ["devrites-engine parallel status --slug csv-export", "devrites-engine parallel status --json"],
      options: { slug: str("the workspace (the pack's form; default: the selected workspace)", { value: "SLUG", kind: "slug" }) },
      shows: ["root", "json"],
      mcp: { tool: "parallel_status", readOnly: true },
      run: lazy(() => import("../commands/parallel/status.js"), "parallelStatus"),
    },
    {
      words: ["parallel", "lease-read"],
      describe: "print the control lease of a parallel batch, or one of its fields",
      examples: ["devrites-engine parallel lease-read --slug csv-export", "devrites-engine parallel lease-read --field status"],
      options: {
        slug: str("the workspace (the pack's form; default: the selected workspace)", { value: "SLUG", kind: "slug" }),
        field: str("yaml (default), md, json, status, base_sha, batch_id or n", { value: "NAME" }),
      },
      shows: ["root", "json"],
      mcp: { not: "parallel_status returns the whole lease; the field forms are for a shell step" },
      run: lazy(() => import("../commands/parallel/status.js"), "parallelLeaseRead"),
    },
    {
      words: ["parallel", "lease-write"],
      describe: "write the control lease of a parallel batch from its JSON (--json names the input here, as in the Go engine)",
      examples: ["devrites-engine parallel lease-write --slug csv-export --json lease.json", "devrites-engine parallel lease-write --json - < lease.json"],
      options: {
        slug: str("the workspace (the pack's form; default: the selected workspace)", { value: "SLUG", kind: "slug" }),
        json: str("the lease as JSON: a file, or - for standard input (output is text)", { value: "FILE", kind: "path", required: true }),
      },
      shows: ["root"],
      mcp: { not: "its input is a JSON file or standard input a build step pipes in; an agent runs it as a command" },
      run: lazy(() => import("../commands/parallel/lease.js"), "parallelLeaseWrite"),
    },
    {
      words: ["parallel", "lease-clear"],
      describe: "remove the control lease of a parallel batch (exit 0 when there is none)",
      examples: ["devrites-engine parallel lease-clear --slug csv-export", "devrites-engine parallel lease-clear --json"],
      options: { slug: str("the workspace (the pack's form; default: the selected workspace)", { value: "SLUG", kind: "slug" }) },
      shows: ["root", "json"],
      mcp: { not: "a step of the pack's parallel build, run as a command (rite-build/reference/parallel-batch.md)" },
      run: lazy(() => import("../commands/parallel/lease.js"), "parallelLeaseClear"),
    },
    {
      words: ["parallel", "create"],
      describe: "make one git worktree and branch per slice from the base commit, and write a running lease (--json names the slices' input here)",
      examples: ["devrites-engine parallel create --slug csv-export --batch b1 --base HEAD --json batch.json", "devrites-engine parallel create --batch b1 --base HEAD --json - < batch.json"],
      options: {
        slug: str("the workspace (the pack's form; default: the selected workspace)", { value: "SLUG", kind: "slug" }),
        batch: str("the batch id (a letter or digit, then letters, digits, '.', '_', '-')", { value: "ID", required: true }),
        base: str("the commit the workers start from (B)", { value: "REV", required: true }),
        json: str("the slices' path sets as JSON: a file, or - for standard input (output is text)", { value: "FILE", kind: "path", required: true }),
        session: str("who controls the batch (default pid:<pid>)", { value: "TEXT" }),
      },
      shows: ["root"],
      mcp: { not: "a step of the pack's parallel build that runs git worktrees, run as a command (rite-build/reference/parallel-batch.md)" },
      run: lazy(() => import("../commands/parallel/create.js"), "parallelCreate"),
    },
    {
      words: ["parallel", "record-green"],
      describe: "mark a slice of the running batch green with its transfer commit",
      examples: ["devrites-engine parallel record-green --slug csv-export --slice SLICE-001 --commit 2435cdb", "devrites-engine parallel record-green --slice SLICE-002 --commit HEAD --json"],
      options: {
        slug: str("the workspace (the pack's form; default: the selected workspace)", { value: "SLUG", kind: "slug" }),
        slice: str("the slice id as the lease names it", { value: "ID", required: true }),
        commit: str("the worker's transfer commit", { value: "SHA", required: true }),
      },
      shows: ["root", "json"],
      mcp: { not: "a step of the pack's parallel build that runs git worktrees, run as a command (rite-build/reference/parallel-batch.md)" },
      run: lazy(() => import("../commands/parallel/mark.js"), "parallelRecordGreen"),
    },
    {
      words: ["parallel", "abort"],
      describe: "mark the batch's lease aborted (a person's discard; control is never rewound)",
      examples: ["devrites-engine parallel abort --slug csv-export", "devrites-engine parallel abort --json"],
      options: { slug: str("the workspace (the pack's form; default: the selected workspace)", { value: "SLUG", kind: "slug" }) },
      shows: ["root", "json"],
      mcp: { not: "a step of the pack's parallel build that runs git worktrees, run as a command (rite-build/reference/parallel-batch.md)" },
      run: lazy(() => import("../commands/parallel/mark.js"), "parallelAbort"),
    },
    {
      words: ["parallel", "integrate"],
      describe: "prove each green slice's transfer commit path-exact against the base and squash them onto the staging branch (--apply-to-control: fast-forward control, lease complete)",
      examples: ["devrites-engine parallel integrate --slug csv-export --apply-to-control", "devrites-engine parallel integrate --slug csv-export"],
      options: {
        slug: str("the workspace (the pack's form; default: the selected workspace)", { value: "SLUG", kind: "slug" }),
        "apply-to-control": bool("fast-forward control to the squash commit and mark the lease complete"),
      },
      shows: ["root", "json"],
      mcp: { not: "a step of the pack's parallel build that runs git worktrees, run as a command (rite-build/reference/parallel-batch.md)" },
      run: lazy(() => import("../commands/parallel/integrate.js"), "parallelIntegrate"),
    },
    {
      words: ["parallel", "cleanup"],
      describe: "remove the batch's worktrees and branches and its lease (complete, or --force: salvage first)",
      examples: ["devrites-engine parallel cleanup --slug csv-export", "devrites-engine parallel cleanup --slug csv-export --force"],
      options: {
        slug: str("the workspace (the pack's form; default: the selected workspace)", { value: "SLUG", kind: "slug" }),
        force: bool("clean up a batch that is not complete: salvage each worker's work onto its branch first"),
      },
      shows: ["root", "json"],
      mcp: { not: "a step of the pack's parallel build that runs git worktrees, run as a command (rite-build/reference/parallel-batch.md)" },
      run: lazy(() => import("../commands/parallel/cleanup.js"), "parallelCleanup"),
    },
  ],
  check: (): CommandRow[] => [
    {
      words: ["check"],
      describe: "lint the workspace files and the sentinel: file:line:col diagnostics, exit 3 on errors",
      examples: ["devrites-engine check", "devrites-engine check --json", "devrites-engine check --workspace csv-export"],
      options: {},
      shows: ["json"],
      mcp: { tool: "check", readOnly: true },
      run: lazy(() => import("../commands/check/check.js"), "check"),
    },
    {
      words: ["check", "readiness"],
      describe: "the readiness gate: exit 0 passed, exit 3 blocked with its reasons",
      examples: ["devrites-engine check readiness csv-export", "devrites-engine check readiness --emit-binding csv-export", "devrites-engine check readiness --json"],
      options: { "emit-binding": bool("print the workspace's `Readiness inputs SHA-256: …` line instead of checking") },
      positionals: [SLUG_OR_ACTIVE],
      shows: ["json"],
      mcp: { tool: "check_readiness", readOnly: true },
      run: lazy(() => import("../commands/check/readiness.js"), "checkReadiness"),
    },
    {
      words: ["check", "task-graph"],
      describe: "check tasks.md's slice dependency graph: exit 3 on a cycle, an unknown or malformed dependency",
      examples: ["devrites-engine check task-graph csv-export", "devrites-engine check task-graph --json"],
      options: {},
      positionals: [SLUG_OR_ACTIVE],
      shows: ["json"],
      mcp: { tool: "check_task_graph", readOnly: true },
      run: lazy(() => import("../commands/check/readiness.js"), "checkTaskGraph"),
    },
    {
      words: ["check", "candidate"],
      describe: "hash the project files touched-files.md names: the candidate /rite-ship binds (exit 3 when it is not closed)",
      examples: ["devrites-engine check candidate csv-export", "devrites-engine check candidate --json"],
      options: {},
      positionals: [SLUG_OR_ACTIVE],
      shows: ["json"],
      mcp: { tool: "check_candidate", readOnly: true },
      run: lazy(() => import("../commands/check/candidate.js"), "checkCandidate"),
    },
    {
      words: ["check", "seal"],
      describe: "the seal gate and evidence freshness: exit 0 passed, exit 3 blocked with its reasons",
      examples: ["devrites-engine check seal csv-export", "devrites-engine check seal --json"],
      options: {},
      positionals: [SLUG_OR_ACTIVE],
      shows: ["json"],
      mcp: { tool: "check_seal", readOnly: true },
      run: lazy(() => import("../commands/check/seal.js"), "checkSeal"),
    },
    {
      words: ["check", "path-disjoint"],
      describe: "slices' path sets (JSON) share no path, so they may build in parallel: exit 3 on an overlap",
      examples: ["devrites-engine check path-disjoint slices.json", "devrites-engine check path-disjoint - < slices.json", "devrites-engine check path-disjoint --root . slices.json"],
      options: {},
      positionals: [{ name: "json-file", kind: "path", optional: true, describe: "the slices' path sets as JSON (default or -: standard input)" }],
      shows: ["root"],
      mcp: { not: "its input is a JSON file or standard input a build step pipes in; an agent runs it as a command" },
      run: lazy(() => import("../commands/check/path-disjoint.js"), "checkPathDisjointCommand"),
    },
    {
      words: ["check", "slice"],
      describe: "lint one slice's wright contract before dispatch: exit 3 with its problems",
      examples: ["devrites-engine check slice csv-export SLICE-002", "devrites-engine check slice csv-export SLICE-002 --json"],
      options: {},
      positionals: [SLUG, { name: "SLICE-ID", kind: "slice", field: "slice", describe: "the slice id (SLICE-###)" }],
      shows: ["json"],
      mcp: { tool: "check_slice", readOnly: true },
      run: lazy(() => import("../commands/check/slice.js"), "checkSlice"),
    },
    {
      words: ["check", "diff-scope"],
      describe: "git's changed paths stay inside the writer's allowlist: exit 3 naming each path outside it",
      examples: [
        "devrites-engine check diff-scope csv-export --allow src/export.ts,test/export.test.ts",
        "devrites-engine check diff-scope csv-export --allow-file allow.txt --staged",
        "devrites-engine check diff-scope csv-export --allow src --base main",
      ],
      options: {
        allow: str("allowlist entries, comma separated (an entry covers itself and everything beneath it)", { value: "CSV", multiple: true }),
        "allow-file": str("a project file of allowlist entries, one a line (# comments)", { value: "PATH", kind: "path", multiple: true }),
        worktree: bool("changed paths from git status: modified, staged and untracked (default)"),
        staged: bool("changed paths from git's index"),
        base: str("changed paths from git diff <ref> (tracked only)", { value: "REF" }),
        "allow-empty": bool("an empty diff passes"),
        cwd: str("run git in this directory inside the project (default: the project root)", { value: "DIR", kind: "path" }),
        phase: str("accepted for the DevRites pack; unused (no metrics line is recorded)", { value: "PHASE" }),
      },
      positionals: [SLUG],
      shows: ["json"],
      mcp: { tool: "check_diff_scope", readOnly: true },
      run: lazy(() => import("../commands/check/diff-scope.js"), "checkDiffScope"),
    },
    {
      words: ["check", "drift"],
      describe: "which readiness input changed since the recorded baseline (advisory, exit 0); --record writes the baseline",
      examples: ["devrites-engine check drift csv-export", "devrites-engine check drift csv-export --record"],
      options: { record: bool("record the inputs' digests as the baseline (readiness-inputs.json)") },
      positionals: [SLUG],
      shows: ["json"],
      mcp: { tool: "check_drift", readOnly: false, note: "with record it writes the workspace's readiness-inputs.json baseline; without, it only reads" },
      run: lazy(() => import("../commands/check/drift.js"), "checkDrift"),
    },
    {
      words: ["check", "regression"],
      describe: "progress the workspace recorded (checked ACs, met gates, done slices, resolved questions, artifacts, phase) is not lost: exit 3 naming each loss; --update ratchets the baseline",
      examples: ["devrites-engine check regression csv-export", "devrites-engine check regression csv-export --update", "devrites-engine check regression csv-export --update --allow-empty"],
      options: {
        update: bool("ratchet the baseline (regression-baseline.json) to the current progress, printing what it blesses"),
        "allow-empty": bool("with --update: ratchet even when every checked criterion and met gate would be wiped", { requires: "update" }),
      },
      positionals: [SLUG],
      shows: ["json"],
      mcp: { tool: "check_regression", readOnly: false, note: "with update it writes the workspace's regression-baseline.json; without, it only reads" },
      run: lazy(() => import("../commands/check/regression.js"), "checkRegression"),
    },
    {
      words: ["check", "skill-trust"],
      describe: "scan a skill or agent file for hidden Unicode, instruction overrides and exfiltration: exit 3 on a HIGH finding",
      examples: ["devrites-engine check skill-trust .claude/skills/rite-fast/SKILL.md", "devrites-engine check skill-trust .claude/agents/fast-builder.md --json"],
      options: {},
      positionals: [{ name: "path", kind: "path", describe: "the skill or agent file, relative to the working directory, inside the project" }],
      shows: ["json", "root"],
      mcp: { tool: "check_skill_trust", readOnly: true },
      run: lazy(() => import("../commands/check/skill-trust.js"), "checkSkillTrust"),
    },
    {
      words: ["check", "windows"],
      describe: "deferral markers (TODO, FIXME, skipped tests, stubs) the change adds need a waiver row in windows.md: exit 3 on one without",
      examples: ["devrites-engine check windows csv-export", "devrites-engine check windows --staged", "devrites-engine check windows csv-export --base main --json"],
      options: {
        worktree: bool("the work tree and untracked files against HEAD (the default)"),
        staged: bool("the index against HEAD"),
        base: str("the work tree against this git revision", { value: "REF" }),
      },
      positionals: [SLUG_OR_ACTIVE],
      shows: ["json"],
      mcp: { tool: "check_windows", readOnly: true },
      run: lazy(() => import("../commands/check/windows.js"), "checkWindows"),
    },
    {
      words: ["check", "dup"],
      describe: "near-duplicate code that survives renaming, as clusters for a reviewer (advisory, exit 0); in a diff mode only clusters the diff touches",
      examples: ["devrites-engine check dup --base main", "devrites-engine check dup --all --min-lines 5", "devrites-engine check dup csv-export --staged --json"],
      options: {
        all: bool("scan the whole repository, untracked source included; every cluster is reported"),
        worktree: bool("clusters touching the work tree's changes against HEAD, untracked files whole (the default)"),
        staged: bool("the index's blobs only; clusters touching the staged changes"),
        base: str("clusters touching the diff from this git revision", { value: "REF" }),
        "min-lines": str("the shortest similar range reported, in lines (default 8, at least 3)", { value: "N", kind: "count" }),
        threshold: str("the lowest similarity reported, in (0, 1] (default 0.6)", { value: "F", kind: "number" }),
        "ignore-file": str("a project file of dismissed cluster hashes (default .devrites/dup-ignore)", { value: "PATH", kind: "path" }),
        limit: str("print at most this many clusters (default 50)", { value: "N", kind: "ordinal" }),
        exclude: str("more path prefixes to skip, comma separated", { value: "CSV", multiple: true }),
        cwd: str("run git in this directory inside the project (default: the project root)", { value: "DIR", kind: "path" }),
        phase: str("accepted for the DevRites pack; this engine keeps no metrics", { value: "PHASE" }),
      },
      positionals: [{ name: "slug", kind: "slug", optional: true, describe: "the workspace the scan is for (accepted for the DevRites pack; unused)" }],
      shows: ["json", "root"],
      mcp: { tool: "check_dup", readOnly: true },
      run: lazy(() => import("../commands/check/dup.js"), "checkDup"),
    },
    {
      words: ["check", "indexes"],
      describe: "whether the DevRites install manifest and the code indexes (.codegraph, …) are in the project, as JSON",
      examples: ["devrites-engine check indexes", "devrites-engine check indexes --root ../other-project"],
      options: {},
      shows: ["json", "root"],
      mcp: { tool: "check_indexes", readOnly: true },
      run: lazy(() => import("../commands/check/indexes.js"), "checkIndexes"),
    },
  ],
  "secret-scan": (): CommandRow[] => [
    {
      words: ["secret-scan"],
      describe: "scan the staged blobs, a workspace's candidate files or stdin for credentials: exit 3 on a HIGH finding",
      examples: ["devrites-engine secret-scan --staged", "devrites-engine secret-scan csv-export", "git diff | devrites-engine secret-scan --stdin"],
      options: {
        staged: bool("scan the exact blobs staged in git's index"),
        stdin: bool("scan standard input (review text)"),
        text: str("refused: review text comes through --stdin"),
      },
      positionals: [SLUG_OR_ACTIVE],
      shows: ["json"],
      mcp: { not: "it reads git's index and standard input of the project it runs in; /rite-ship runs it as a command" },
      run: lazy(() => import("../commands/secret-scan/secret-scan.js"), "secretScan"),
    },
  ],
  detect: (): CommandRow[] => [
    {
      words: ["detect", "commands"],
      describe: "the repository's unit, integration, lint, vet and build commands, from its Makefile, package.json or manifest",
      examples: ["devrites-engine detect commands", "devrites-engine detect commands --json", "devrites-engine detect commands --root ../other-project"],
      options: {},
      shows: ["json", "root"],
      mcp: { tool: "detect_commands", readOnly: true },
      run: lazy(() => import("../commands/detect/commands.js"), "detectCommandsCommand"),
    },
  ],
  orient: (): CommandRow[] => [
    {
      words: ["orient"],
      describe: "the workspace summary a phase reads first, as JSON: cursor, awaiting, open questions, budget, task graph",
      examples: ["devrites-engine orient csv-export", "devrites-engine orient", "devrites-engine orient csv-export --json"],
      options: {},
      positionals: [SLUG_OR_ACTIVE],
      shows: ["json"],
      mcp: { tool: "orient", readOnly: true },
      run: lazy(() => import("../commands/orient/orient.js"), "orient"),
    },
  ],
  observe: (): CommandRow[] => [
    {
      words: ["observe", "summary"],
      describe: "the same JSON summary as orient",
      examples: ["devrites-engine observe summary csv-export", "devrites-engine observe summary"],
      options: {},
      positionals: [SLUG_OR_ACTIVE],
      shows: ["json"],
      mcp: { not: "the orient tool gives the same summary" },
      run: lazy(() => import("../commands/orient/orient.js"), "orient"),
    },
    {
      words: ["observe", "slice"],
      describe: "print one `## SLICE-…` section of tasks.md",
      examples: ["devrites-engine observe slice csv-export SLICE-002", "devrites-engine observe slice csv-export SLICE-002 --json"],
      options: {},
      positionals: [SLUG, { name: "SLICE-ID", kind: "slice", field: "slice", describe: "the slice id (SLICE-###)" }],
      mcp: { tool: "observe_slice", readOnly: true },
      run: lazy(() => import("../commands/orient/orient.js"), "observeSlice"),
    },
  ],
  next: (): CommandRow[] => [
    {
      words: ["next"],
      describe: "the minimal remaining lifecycle path: the first phase whose required artifacts are missing, with advisory skips",
      examples: ["devrites-engine next csv-export", "devrites-engine next", "devrites-engine next csv-export --json"],
      options: {},
      positionals: [SLUG_OR_ACTIVE],
      shows: ["json"],
      mcp: { tool: "next", readOnly: true },
      run: lazy(() => import("../commands/next/next.js"), "next"),
    },
  ],
  handoff: (): CommandRow[] => [
    {
      words: ["handoff"],
      describe: "the resume record: cursor, question gates, the gates.md ledger, dead ends and what to read first",
      examples: ["devrites-engine handoff csv-export", "devrites-engine handoff", "devrites-engine handoff csv-export --json"],
      options: {},
      positionals: [SLUG_OR_ACTIVE],
      shows: ["json"],
      mcp: { tool: "handoff", readOnly: true },
      run: lazy(() => import("../commands/handoff/handoff.js"), "handoff"),
    },
  ],
  note: (): CommandRow[] => [
    {
      words: ["note", "add"],
      describe: "anchor a workspace note (notes.md) to verbatim text of a project file; refused unless the quote is in it",
      examples: [
        'devrites-engine note add csv-export src/export.ts "rows.sort(byDate)" "export sorts by date"',
        'devrites-engine note add csv-export src/export.ts "rows.sort(byDate)" "export sorts by date" "finance asked for it"',
      ],
      options: {},
      positionals: [
        SLUG,
        { name: "subject", kind: "path", describe: "the project file, relative to the project root" },
        { name: "quote", kind: "text", describe: "verbatim text of the subject (whitespace may differ)" },
        { name: "title", kind: "text", describe: "the note's one-line summary" },
        { name: "body", kind: "text", optional: true, describe: "more about it, one line" },
      ],
      shows: ["json"],
      mcp: { tool: "note_add", readOnly: false },
      run: lazy(() => import("../commands/note/add.js"), "noteAdd"),
    },
    {
      words: ["note", "list"],
      describe: "list notes.md's notes with their current grade (exact, moved, stale, ambiguous, lost)",
      examples: ["devrites-engine note list csv-export", "devrites-engine note list csv-export --json"],
      options: {},
      positionals: [SLUG],
      shows: ["json"],
      mcp: { tool: "note_list", readOnly: true },
      run: lazy(() => import("../commands/note/list.js"), "noteList"),
    },
    {
      words: ["note", "check"],
      describe: "regrade every note: exit 3 unless all are exact; --repair points moved notes at their new file",
      examples: ["devrites-engine note check csv-export", "devrites-engine note check csv-export --repair"],
      options: { repair: bool("rewrite each moved note's SUBJECT to the file its quote now lives in") },
      positionals: [SLUG],
      shows: ["json"],
      mcp: { tool: "note_check", readOnly: false, note: "exit 3 (isError) when a note is not exact; repair: true writes notes.md." },
      run: lazy(() => import("../commands/note/list.js"), "noteCheck"),
    },
    {
      words: ["note", "rm"],
      describe: "remove a note from notes.md",
      examples: ["devrites-engine note rm csv-export NOTE-002", "devrites-engine note rm csv-export NOTE-002 --json"],
      options: {},
      positionals: [SLUG, { name: "NOTE-id", kind: "text", field: "note", describe: "the note's id (NOTE-###)" }],
      shows: ["json"],
      mcp: { tool: "note_rm", readOnly: false },
      run: lazy(() => import("../commands/note/rm.js"), "noteRm"),
    },
  ],
  metrics: (): CommandRow[] => [
    {
      words: ["metrics", "record"],
      describe: "append a workflow event (phase, kind, role, bytes) to the workspace's metrics.jsonl",
      examples: ["devrites-engine metrics record csv-export --phase build --event context --role slice-wright --bytes 18234", 'devrites-engine metrics record csv-export --phase review --event dispatch --note "wave 2"'],
      options: {
        phase: str("the workflow phase the event belongs to", { value: "PHASE", required: true }),
        event: str("the event's kind (context, dispatch, return, …)", { value: "EVENT", required: true }),
        role: str("the agent role it concerns", { value: "ROLE" }),
        bytes: str("bytes it loaded or produced", { value: "N", kind: "count" }),
        note: str("a short note", { value: "TEXT" }),
      },
      positionals: [SLUG],
      shows: ["json"],
      mcp: { tool: "metrics_record", readOnly: false },
      run: lazy(() => import("../commands/metrics/metrics.js"), "metricsRecord"),
    },
    {
      words: ["metrics", "summary"],
      describe: "metrics.jsonl rolled up per phase and role",
      examples: ["devrites-engine metrics summary csv-export", "devrites-engine metrics summary --json"],
      options: {},
      positionals: [SLUG_OR_ACTIVE],
      shows: ["json"],
      mcp: { tool: "metrics_summary", readOnly: true },
      run: lazy(() => import("../commands/metrics/metrics.js"), "metricsSummary"),
    },
  ],
  migrate: (): CommandRow[] => [
    {
      words: ["migrate"],
      describe: "upgrade an older workspace to schema 4",
      examples: ["devrites-engine migrate", "devrites-engine migrate csv-export --dry-run", "devrites-engine migrate csv-export --answer phase=build"],
      options: {
        "dry-run": bool("print what would change, write nothing"),
        answer: str("answer a question migrate asked: phase=<phase>", { value: "phase=<phase>", multiple: true }),
      },
      positionals: [SLUG_OR_ACTIVE],
      mcp: { tool: "migrate", readOnly: false },
      run: lazy(() => import("../commands/migrate/migrate.js"), "migrate"),
    },
  ],
  log: (): CommandRow[] => [
    {
      words: ["log"],
      describe: "print the audit trail from events.jsonl, newest last",
      examples: ["devrites-engine log", "devrites-engine log --since 2026-07-20 --qid q-2026-07-20-001", "devrites-engine log --json"],
      options: { since: str("only events at or after this time", { value: "TIMESTAMP", kind: "timestamp" }), qid: str("only events about this question", { value: "QID", kind: "qid" }) },
      shows: ["json"],
      mcp: { tool: "log", readOnly: true },
      run: lazy(() => import("../commands/log/log.js"), "log"),
    },
  ],
  mcp: (): CommandRow[] => [
    {
      words: ["mcp"],
      describe: "serve the agent-facing commands as MCP tools on stdio (for Claude Code, Codex, …)",
      examples: ["devrites-engine mcp", "devrites-engine mcp --root ~/src/billing", "claude mcp add devrites -- npx devrites-engine mcp"],
      options: {},
      shows: ["root", "workspace"],
      mcp: { not: "it is the MCP server" },
      run: lazy(() => import("../commands/mcp/mcp.js"), "mcp"),
    },
  ],
  version: (): CommandRow[] => [
    {
      words: ["version"],
      describe: "print the engine version (as --version)",
      examples: ["devrites-engine version", "devrites-engine version --json"],
      options: {},
      mcp: { tool: "version", readOnly: true },
      run: () => {
        return { exit: 0, lines: [ENGINE_VERSION], data: { version: ENGINE_VERSION } };
      },
    },
  ],
  completion: (): CommandRow[] => [
    {
      words: ["completion"],
      describe: "print a bash/zsh completion script (source it from your shell profile)",
      examples: ["devrites-engine completion >> ~/.bashrc", "source <(devrites-engine completion)"],
      options: {},
      mcp: { not: "it is for a person's shell" },
      run: lazy(() => import("../commands/completion/completion.js"), "completion"),
    },
  ],
};

/** A row with its usage line derived on first read (a row's own `usage` gives forms a line cannot say). */
function withUsage(row: CommandRow): CommandDef {
  if (row.usage !== undefined) return row as CommandDef;
  let usage: string | undefined;
  return Object.defineProperty({ ...row }, "usage", { get: () => (usage ??= usageLine(row, GLOBAL_OPTIONS)), enumerable: true }) as CommandDef;
}

// Older DevRites packs (rite-resolve/SKILL.md, the pack's command list) and the Go engine
// before `state` call `devrites-engine resolve …` with the same argument forms: an alias, so
// an old pack's answer is still recorded, with a note on stderr naming the new call.
function deprecatedResolve(): CommandDef {
  const stateResolve = findCommand(["state", "resolve"])!;
  return {
    ...stateResolve,
    words: ["resolve"],
    usage: stateResolve.usage.replace("devrites-engine state resolve", "devrites-engine resolve"),
    describe: "deprecated spelling of state resolve",
    examples: [],
    mcp: { not: "the deprecated spelling of state resolve (the resolve tool)" },
    deprecatedFor: "state resolve",
  };
}

// Calls the DevRites pack (5.x) makes that are not the workspace writer's job: each is exit 2
// naming what to call instead (commands/not-provided.ts), so a skill learns it from one run;
// `hook` is the pack's host hooks, which fail open (exit 0) as when the engine is absent.
// docs/migrating-from-go.md lists them with their sources.
const NOT_PROVIDED = ["hook", "context", "open-visual", "overhaul", "install", "update", "uninstall"];
/** The not-provided answer for `word`, loaded on first use like every lazy command. */
function notProvidedDef(word: string): CommandDef {
  const words = [word];
  return {
    words,
    usage: `devrites-engine ${word} …`,
    describe: "a DevRites pack call this engine does not provide",
    examples: [],
    options: {},
    mcp: { not: "a DevRites pack call this engine does not provide" },
    run: lazy(() => import("../commands/not-provided.js").then((m) => ({ run: ((ctx, args) => m.notProvided(ctx, args, words)) as CommandRun })), "run"),
    notProvided: true,
  };
}

/** Every command's first word, in help's order: the rows', the deprecated `resolve`, the not-provided calls. */
export const COMMAND_NOUNS: readonly string[] = [...Object.keys(NOUNS), "resolve", ...NOT_PROVIDED];

const built = new Map<string, readonly CommandDef[]>();
/**
 * The commands whose first word is `noun` (none for a word no command starts with), built on
 * first use: a call builds only its own noun's rows; help, completion and MCP build them all.
 */
export function commandsOf(noun: string): readonly CommandDef[] {
  let defs = built.get(noun);
  if (defs === undefined) {
    const rows = Object.hasOwn(NOUNS, noun) ? NOUNS[noun]!() : undefined;
    defs = rows !== undefined ? rows.map(withUsage) : noun === "resolve" ? [deprecatedResolve()] : NOT_PROVIDED.includes(noun) ? [notProvidedDef(noun)] : [];
    built.set(noun, defs);
  }
  return defs;
}

/** Every command, in help's order. */
export function allCommands(): CommandDef[] {
  return COMMAND_NOUNS.flatMap((noun) => commandsOf(noun));
}

/** The command `words` name exactly, if any: the one lookup the CLI, help and MCP calls use. */
export function findCommand(words: readonly string[]): CommandDef | undefined {
  if (words.length === 0) return undefined;
  return commandsOf(words[0]!).find((c) => c.words.length === words.length && c.words.every((w, i) => words[i] === w));
}

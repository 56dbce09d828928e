// Two or three examples per command for its help, keyed by the command words, and a line
// for each command group (`state`, `budget`, `question`). Read by help.ts only.

export const EXAMPLES: Record<string, string[]> = {
  init: [
    "devrites-engine init csv-export",
    'devrites-engine init csv-export --title "CSV export" --no-activate',
    "devrites-engine init csv-export-2 --continues csv-export --release",
  ],
  status: ["devrites-engine status", "devrites-engine status --json", 'gh pr comment 42 --body "$(devrites-engine status --markdown)"'],
  questions: ["devrites-engine questions", "devrites-engine questions --all --gate blocking", "devrites-engine questions --json"],
  "questions show": [
    "devrites-engine questions show q-2026-07-20-001",
    "devrites-engine questions show q-2026-07-20-001 --markdown > comment.md",
  ],
  "question add": [
    'devrites-engine question add --gate blocking --slice SLICE-003 --question "Drop the legacy column now?" --option "Keep it one release" --option "Drop it now"',
    'devrites-engine question add --gate advisory --question "Name the file after the tenant?" --proposed "Yes"',
    'devrites-engine question add --gate escalating --route security --question "Rotate the signing key?"',
  ],
  "state resolve": [
    "devrites-engine state resolve q-2026-07-20-001 --option 1 --human",
    'devrites-engine state resolve q-2026-07-20-001 "Keep it one release" --record-decision',
    "devrites-engine state resolve --batch answers.txt --dry-run",
  ],
  "state pause": [
    'devrites-engine state pause --reason approval --detail "waiting for the DBA"',
    "devrites-engine state pause --reason usage_cap --until 2026-07-20T14:50:00Z",
  ],
  "state resume": ["devrites-engine state resume", 'devrites-engine state resume --note "DBA approved"', "devrites-engine state resume --auto"],
  "state merge-manifest": ["devrites-engine state merge-manifest billing-release", "devrites-engine state merge-manifest billing-release billing-part-1 billing-part-2"],
  "budget status": ["devrites-engine budget status", "devrites-engine budget status --json"],
  "budget check": ["devrites-engine budget check", "devrites-engine budget check --writer --agents-used 3 --minutes-used 40 --findings 1"],
  "budget spend": ["devrites-engine budget spend SLICE-003", "devrites-engine budget spend SLICE-003 --json"],
  "budget grant": ["devrites-engine budget grant 2 --human", "devrites-engine budget grant 5 --human --workspace billing-export"],
  "budget seed": ["devrites-engine budget seed --pending 6", "devrites-engine budget seed --pending 6 --max-slices 8"],
  check: ["devrites-engine check", "devrites-engine check --json", "devrites-engine check --workspace csv-export"],
  migrate: ["devrites-engine migrate", "devrites-engine migrate csv-export"],
  log: ["devrites-engine log", "devrites-engine log --since 2026-07-20 --qid q-2026-07-20-001", "devrites-engine log --json"],
  completion: ["devrites-engine completion >> ~/.bashrc", "source <(devrites-engine completion)"],
  mcp: ["devrites-engine mcp", "devrites-engine mcp --root ~/src/billing", "claude mcp add devrites -- npx devrites-engine mcp"],
};

export const GROUPS: Record<string, string> = {
  state: "change the run: answer questions, pause and resume, merge release manifests",
  budget: "the AFK budget: what is left, may a slice be dispatched, charge or seed the counter; a person grants more",
  question: "raise a question",
};

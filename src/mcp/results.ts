// What each MCP tool's result holds beyond ok/exit/error/hint: its outputSchema. The command
// table says what a tool takes (cli/command-table.ts, each row's MCP entry); only the result's
// fields, which are each command's --json object, are described here.

const WS_OUT = "the workspace slug";
const FILES_OUT = "the workspace files written (or, with dry_run, that would be)";
const RESOLVE_OUT: Record<string, string> = {
  workspace: WS_OUT,
  dry_run: "whether nothing was written",
  results: "each question's qid, outcome (answered, dropped, already_resolved) and text",
  files: FILES_OUT,
  warnings: "answers recorded as given that may not be what was meant (a bare number where an option has it)",
};

/** Tool name → its result fields → what each holds. */
export const RESULTS: Record<string, Record<string, string>> = {
  status: { workspace: WS_OUT, phase: "the workflow phase", status: "the run status (running, awaiting_human, blocked, …)", next_action: "what to do next", awaiting: "the questions the run waits on", pause: "the pause (reason, detail, resumes_at) or null", open_questions: "open questions counted by gate", written_answers: "open questions with an answer written in questions.md", unread_answers: "open questions with answer text in questions.md that is not read (qid, line, problem, fix): resolving them from the file refuses until it is fixed", mode: "hitl or afk, and the AFK sentinel", warnings: "problems found while reading the workspace" },
  questions: { workspace: WS_OUT, questions: "the listed questions, one object each" },
  question_show: { workspace: WS_OUT, question: "the question, its options numbered" },
  resolve: RESOLVE_OUT,
  resolve_batch: { ...RESOLVE_OUT, failures: "with exit ≠ 0 and more than one refused entry: each entry's line, exit, error and hint" },
  resolve_comments: { ...RESOLVE_OUT, counted: "comments that counted", ignored: "comments not counted, with the reason", not_applied: "answers not applied (a question closed otherwise)", resumed: "the comment that resumed a pause, or null", resume_note: "the note of that resume" },
  question_add: { workspace: WS_OUT, qid: "the new question's id", gate: "its gate", outcome: "what the gate policy did (paused, queued, …)", proposed: "the proposed answer or null", queued_behind: "the question it waits behind, or null", decision: "the DEC id recorded, or null", files: FILES_OUT },
  pause: { workspace: WS_OUT, reason: "the pause reason code", detail: "the detail or null", resumes_at: "when a usage_cap pause resumes, or null", deferred: "true when exit 8: not paused yet (attempt < threshold)", attempt: "with deferred: this attempt", threshold: "with deferred: the attempts before a pause", status: "the run status after the pause", summary: "the pause as state.md shows it", replaced: "the pause this one replaced, or null" },
  resume: { workspace: WS_OUT, resumed: "whether a pause was cleared", status: "with resumed: false: the run status", cause: "what was cleared", was: "the status before", next_action: "what to do next" },
  budget_status: { mode: "hitl or afk", message: "the verdict in words", sentinel: "the AFK sentinel file, its values and warnings", workspace: WS_OUT, slices: "slices remaining, their source and the counter", review_queue: "open validating questions and the cap", sequence: "the release sequence, if any" },
  budget_check: { mode: "hitl or afk", message: "the verdict in words", verdict: "the verdict code", admit: "true: dispatch another slice", reconcile_only: "true: only reconciliation may run", reasons: "why it stops", review_queue: "the review queue counted" },
  budget_spend: { mode: "afk", workspace: WS_OUT, slice: "the slice id", charged: "true when this call charged it", already_charged: "true when an earlier call did", remaining: "slices left, or null", log_line: "the state.md Log line of an earlier charge, or null", event_line: "the events.jsonl line of an earlier charge, or null", previous: "the counter before, or null", source: "where remaining comes from" },
  budget_seed: { mode: "afk", workspace: WS_OUT, pending: "slices still to build", max_slices_option: "max_slices as given, or null", max_slices: "the bound used, or null", remaining: "the counter now", seeded: "whether the counter changed", previous: "the counter before, or null" },
  parallel_status: { path: "the lease file", lease: "the lease (batch_id, created_at, base_sha, n, status, control_pid_or_session, slices), or null when there is none", control_head: "control's HEAD commit, or null" },
  merge_manifest: { workspace: WS_OUT, mode: "how the manifests were merged", predecessors: "the predecessor slugs", manifests: "the manifests read", rows: "rows in the merged manifest", collisions: "paths touched by more than one predecessor", changed: "whether touched-files.md changed" },
  check: { workspace: WS_OUT, errors: "the number of errors", warnings: "the number of warnings", diagnostics: "file, line, col, rule and message of each finding", notes: "notes that are not findings" },
  log: { workspace: WS_OUT, events: "the events, oldest first", skipped: "how many events.jsonl lines are not events and were skipped", skipped_lines: "the first 1,000 of those lines (1-based)" },
  orient: {
    slug: WS_OUT,
    phase: "the workflow phase",
    status: "the run status",
    next_action: "what to do next",
    active_slice: "the slice being built, if any",
    slice_mode: "sequential or parallel, if set",
    awaiting: "the question the run waits on (question_id, gate, question, proposed), if any",
    open_questions: "open questions: count and ids by gate",
    budget: "the AFK mode and budget left",
    missing_files: "workspace files the pack writes that are not there yet",
    principles_present: "whether .devrites/principles.md exists",
    task_graph: "tasks.md's slices and dependency problems, if tasks.md exists",
    artifact_budgets: "each artifact's lines and bytes against its budget",
    bulk_files: "files too large to read whole",
    sequence: "the release sequence, if any",
  },
  observe_slice: { workspace: WS_OUT, slice: "the slice id", text: "the slice's section of tasks.md" },
  check_readiness: {
    gate: "readiness",
    workspace: WS_OUT,
    phase: "the workflow phase",
    result: "pass or blocked",
    reason: "the gate's reason code",
    missing_files: "required inputs that are missing",
    problems: "why the gate is blocked",
    binding: "with emit_binding: the Readiness inputs SHA-256 line",
  },
  check_task_graph: {
    workspace: WS_OUT,
    slice_count: "the slices in tasks.md",
    slices: "each slice's id and the ids it depends on",
    cycle: "a dependency cycle, or null",
    unknown_dependencies: "dependencies naming no slice",
    problems: "every problem found",
  },
  close: { workspace: WS_OUT, archived: "where the workspace now is (archive/<slug>)", already_closed: "true when an earlier close did it", active_cleared: "whether ACTIVE was cleared" },
  migrate: {
    workspace: WS_OUT,
    from: "the schema the workspace had",
    to: "the schema it has now",
    changed: "whether anything was written",
    created: "files migrate creates",
    dry_run: "with dry_run: true",
    would_write: "with dry_run: the files it would write",
  },
  version: { version: "the engine version" },
  next: { workspace: WS_OUT, current: "the cursor's phase", current_status: "complete or incomplete: the current phase's required artifacts", open_questions: "open questions", next_phase: "the first phase with work left, or done", next_command: "the skill that resumes it, or null", blocked: "open questions gating that phase (0: none)", missing: "its missing artifacts", skips: "phases passed over and why" },
};

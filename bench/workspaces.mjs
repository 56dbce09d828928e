// The benchmark's workspaces, generated from a fixed seed so every run measures the same
// bytes: a typical workspace, a 10,000-question questions.md (~3 MB) awaiting a question near
// its end, a workspace with a 1,000-entry batch file, one with a 5,000-entry batch whose
// answers are each recorded as a decision, two whose tasks.md fills its read cap, and a copy
// of the compatibility corpus's 5.x build workspace for one /rite-build slice's MCP traffic.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { GATES, makeRng, pad, questionId } from "../fixtures/seeded.mjs";

const WORDS = [
  "token", "rotation", "refresh", "tenant", "column", "legacy", "release", "rollback", "queue", "retry",
  "webhook", "export", "schema", "migration", "index", "cache", "budget", "slice", "keep", "drop",
  "configurable", "per-tenant", "hash", "lifetime", "contract", "follow-up", "reversible", "delimiter",
];
const words = (rng, lo, hi) => Array.from({ length: rng.int(lo, hi) }, () => rng.pick(WORDS)).join(" ");

function block(rng, id, open) {
  const gate = rng.pick(GATES);
  const options = Array.from({ length: rng.int(2, 3) }, () => words(rng, 1, 3));
  const lines = [
    "",
    `## ${id}`,
    `status: ${open ? "open" : rng.pick(["answered", "dropped"])}`,
    `slice: SLICE-${pad(rng.int(1, 60), 3)}`,
    `gate: ${gate}`,
  ];
  if (gate === "escalating") lines.push("route: security");
  lines.push(`question: ${words(rng, 3, 8)}?`, "options: |");
  options.forEach((o, i) => lines.push(`  ${i + 1}. ${o}${i === 0 ? " (Recommended)" : ""}${rng.next() < 0.4 ? ` — ${words(rng, 1, 2)}` : ""}`));
  lines.push(`proposed: ${options[0]}`, `raised_at: 2026-07-${pad(rng.int(1, 19), 2)}T${pad(rng.int(0, 23), 2)}:${pad(rng.int(0, 59), 2)}:11Z`);
  if (open) lines.push("answered_at:", "answer:");
  else lines.push("answered_at: 2026-07-19T09:40:02Z", `answer: ${options[0]}`);
  return lines.join("\n") + "\n";
}

/** questions.md with `count` blocks; `open(i)` says which are open. */
function questionsText(rng, count, open) {
  const parts = ["# Questions: session-token-rotation\n"];
  for (let i = 0; i < count; i++) parts.push(block(rng, questionId(i), open(i)));
  return parts.join("");
}

/** state.md awaiting `awaiting`, or (awaiting undefined) a running build between slices. */
function stateText(awaiting, { afkRemaining } = {}) {
  const rows = [
    "| schema | 4 |",
    "| phase | build |",
    `| status | ${awaiting ? "awaiting_human" : "running"} |`,
    "| active_slice | SLICE-003 |",
    awaiting ? `| next_action | /rite-resolve ${awaiting} "<answer>" |` : "| next_action | (resume: `/rite-build (Claude) / $rite-build (Codex)` to continue the workflow) |",
  ];
  if (afkRemaining !== undefined) rows.push(`| afk_slices_remaining | ${afkRemaining} |`);
  const log = Array.from({ length: 40 }, (_, i) => `- 2026-07-${pad(1 + (i % 19), 2)}T08:58:40Z build: SLICE-${pad(i + 1, 3)} built`);
  return [
    "# State: session-token-rotation",
    "",
    "## Cursor",
    "| Key | Value |",
    "| --- | --- |",
    ...rows,
    ...(awaiting ? ["", "## Awaiting human", "| Key | Value |", "| --- | --- |", `| question_id | ${awaiting} |`, "| gate | blocking |", "| blocking_slices | SLICE-003 |"] : []),
    "",
    "## Log",
    ...log,
    ...(awaiting ? [`- 2026-07-20T09:05:11Z build: paused on ${awaiting} (blocking)`] : []),
    "",
  ].join("\n");
}

const DECISIONS = `# Decisions: session-token-rotation

### DEC-001 — Hash refresh tokens with SHA-256
- Status: accepted
- Context: q-2026-01-01-001 (advisory) answered
- Options: SHA-256 / Argon2id
- Decision: SHA-256 of a 256-bit random token
- Related: q-2026-01-01-001, SLICE-001
`;

const TOUCHED = `# Touched files: session-token-rotation

## Touched files
Token rotation for sessions.

## Candidate manifest
| State | File | Slice | Reason |
| --- | --- | --- | --- |
| present | \`src/auth/rotate.ts\` | SLICE-001 | Rotation logic. |
| present | \`src/auth/tokens.ts\` | SLICE-002 | Token hashing. |
`;

/**
 * The 5.x build workspace of the compatibility corpus (`test/compat/pack5-build-resolve-ship`,
 * read, never written): release milestone `invoice-export` building SLICE-002, its tasks.md,
 * eng-review.md binding and the other build artifacts present, its predecessor
 * `invoice-export-m1` archived with a candidate manifest.
 */
const SLICE_CORPUS = fileURLToPath(new URL("../test/compat/pack5-build-resolve-ship/input/", import.meta.url));

/**
 * One /rite-build slice's workspace (bench/mcp.mjs): the corpus's, made an AFK run (the
 * sentinel, `slice_mode` AFK with slices left) so that `budget check` admits and `budget spend`
 * charges. Throws when the corpus no longer has the rows it edits: the bench must not time
 * calls on a workspace they fail on.
 */
function writeSliceWorkspace(project) {
  fs.cpSync(SLICE_CORPUS, project, { recursive: true });
  const statePath = path.join(project, ".devrites/work/invoice-export/state.md");
  const before = fs.readFileSync(statePath, "utf8");
  const after = before.replace("| slice_mode | HITL |", "| slice_mode | AFK |").replace("| afk_slices_remaining | none |", "| afk_slices_remaining | 5 |");
  if (!after.includes("| slice_mode | AFK |") || !after.includes("| afk_slices_remaining | 5 |") || !after.includes("| active_slice | SLICE-002 |")) {
    throw new Error(`bench: ${statePath} no longer has the cursor rows the slice scenario edits (slice_mode HITL, afk_slices_remaining none, active_slice SLICE-002)`);
  }
  fs.writeFileSync(statePath, after);
  fs.writeFileSync(path.join(project, ".devrites/AFK"), AFK_SENTINEL);
  return { project, slug: "invoice-export", slice: "SLICE-002" };
}

/** The AFK sentinel of a typical unattended run. */
export const AFK_SENTINEL = `# unattended run, armed by the operator
max_slices: 10
max_agents: 32
max_minutes: 120
max_review_queue: 8
allow_gates: [advisory, validating]
continue_sequence: false
`;

function writeTree(dir, files) {
  for (const [rel, content] of Object.entries(files)) {
    const p = path.join(dir, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, content);
  }
}

function workspaceFiles({ questions, state, afk }) {
  const W = ".devrites/work/session-token-rotation";
  const files = {
    ".devrites/ACTIVE": "session-token-rotation\n",
    [`${W}/state.md`]: state,
    [`${W}/questions.md`]: questions,
    [`${W}/decisions.md`]: DECISIONS,
    [`${W}/touched-files.md`]: TOUCHED,
  };
  if (afk) files[".devrites/AFK"] = AFK_SENTINEL;
  return files;
}

/**
 * Write the template workspaces under `dir`; returns, per name, the project directory, the
 * awaited question and what the scenario needs (answer text, batch file).
 */
export function generateWorkspaces(dir) {
  const out = {};

  // Typical: a dozen questions, a few open, the run paused on one of them.
  {
    const rng = makeRng(7);
    const count = 12;
    const questions = questionsText(rng, count, (i) => i >= 8);
    const awaited = questionId(10);
    const project = path.join(dir, "typical");
    writeTree(project, workspaceFiles({ questions, state: stateText(awaited, { afkRemaining: 5 }) }));
    out.typical = { project, awaited, bytes: Buffer.byteLength(questions) };
    // The AFK loop checks the budget between slices, while the run is running (a run that
    // waits on a person is a budget stop, reason paused).
    const afkProject = path.join(dir, "typical-afk");
    writeTree(afkProject, workspaceFiles({ questions, state: stateText(undefined, { afkRemaining: 5 }), afk: true }));
    out.typicalAfk = { project: afkProject, awaited };
    // One /rite-build slice's traffic (bench/mcp.mjs) on a 5.x build workspace.
    out.slice = writeSliceWorkspace(path.join(dir, "slice"));
  }

  // 10,000 questions (~3 MB), every 10th open, the awaited one near the end.
  {
    const rng = makeRng(10_000);
    const count = 10_000;
    const awaitedIndex = 9_990;
    const questions = questionsText(rng, count, (i) => i % 10 === 0 || i === awaitedIndex);
    const awaited = questionId(awaitedIndex);
    const project = path.join(dir, "ten-thousand");
    writeTree(project, workspaceFiles({ questions, state: stateText(awaited) }));
    out.tenThousand = { project, awaited, bytes: Buffer.byteLength(questions), count };
  }

  // 40,000 questions (~12 MB), a third open, the run paused on one near the end: the
  // read-only commands' scaling scenario.
  {
    const rng = makeRng(40_000);
    const count = 40_000;
    const awaitedIndex = 39_990;
    const questions = questionsText(rng, count, (i) => i % 3 === 0 || i === awaitedIndex);
    const awaited = questionId(awaitedIndex);
    const project = path.join(dir, "forty-thousand");
    writeTree(project, workspaceFiles({ questions, state: stateText(awaited) }));
    out.fortyThousand = { project, awaited, bytes: Buffer.byteLength(questions), count };
  }

  // 1,200 questions, 1,000 of them open and answered (or dropped) by one batch file.
  {
    const rng = makeRng(1_000);
    const count = 1_200;
    const questions = questionsText(rng, count, (i) => i < 1_000);
    const awaited = questionId(500);
    const project = path.join(dir, "batch");
    const lines = ["# answers collected at the review meeting"];
    for (let i = 0; i < 1_000; i++) {
      const id = questionId(i);
      lines.push(i % 17 === 3 ? `--drop ${id}: superseded by a later question` : `${id}: ${words(rng, 1, 6)}`);
    }
    writeTree(project, { ...workspaceFiles({ questions, state: stateText(awaited) }), "answers.txt": lines.join("\n") + "\n" });
    out.batch = { project, awaited, entries: 1_000, bytes: Buffer.byteLength(questions) };
  }

  out.decisions = generateDecisionsWorkspace(dir, 5_000);
  out.taskGraphLine = generateTaskGraphWorkspace(dir, "line");
  out.taskGraphChain = generateTaskGraphWorkspace(dir, "chain");
  return out;
}

/** The largest tasks.md whose slice graph is read (the engine's ARTIFACT_READ_CAP): the task-graph scenarios fill it. */
const TASKS_CAP = 1024 * 1024;

/**
 * A workspace whose tasks.md is just under the read cap in one of the two shapes that once made
 * `check task-graph` slow or crash: `line`, one slice whose Dependencies and depends_on lines name
 * every other slice (each of which depends on none); `chain`, as many slices as fit, each
 * depending on the next. Both graphs are sound: exit 0.
 */
export function generateTaskGraphWorkspace(dir, shape) {
  const head = "# Tasks: session-token-rotation\n\n";
  const section = (i, deps) => `## SLICE-${i} Step ${i}\nDependencies: ${deps}\n\n`;
  const parts = [head];
  let count = 0;
  if (shape === "line") {
    // Each more slice costs its id twice on the hub's lines and its own section.
    let bytes = Buffer.byteLength(head + section(1, "") + "depends_on: []\n");
    while (bytes + 2 * `, SLICE-${count + 2}`.length + section(count + 2, "none").length <= TASKS_CAP - 64) {
      count++;
      bytes += 2 * `, SLICE-${count + 1}`.length + section(count + 1, "none").length;
    }
    const ids = Array.from({ length: count }, (_, i) => `SLICE-${i + 2}`).join(", ");
    parts.push(section(1, ids).replace(/\n\n$/, `\ndepends_on: [${ids}]\n\n`));
    for (let i = 2; i <= count + 1; i++) parts.push(section(i, "none"));
  } else {
    let bytes = Buffer.byteLength(head);
    while (bytes + section(count + 1, `SLICE-${count + 2}`).length <= TASKS_CAP - 64) {
      count++;
      bytes += section(count, `SLICE-${count + 1}`).length;
    }
    for (let i = 1; i <= count; i++) parts.push(section(i, i < count ? `SLICE-${i + 1}` : "none"));
  }
  const tasks = parts.join("");
  const project = path.join(dir, `task-graph-${shape}`);
  writeTree(project, { ...workspaceFiles({ questions: questionsText(makeRng(5), 3, () => false), state: stateText(undefined) }), ".devrites/work/session-token-rotation/tasks.md": tasks });
  return { project, bytes: Buffer.byteLength(tasks), slices: shape === "line" ? count + 1 : count };
}

/**
 * `entries` open questions (of entries + 200) answered by one batch file run with
 * `--record-decision`: each answer also appends a DEC entry to decisions.md.
 */
export function generateDecisionsWorkspace(dir, entries) {
  const rng = makeRng(entries + 17);
  const questions = questionsText(rng, entries + 200, (i) => i < entries);
  const awaited = questionId(Math.floor(entries / 2));
  const project = path.join(dir, `decisions-${entries}`);
  const lines = ["# answers, each recorded as a decision"];
  for (let i = 0; i < entries; i++) lines.push(`${questionId(i)}: ${words(rng, 1, 6)}`);
  writeTree(project, { ...workspaceFiles({ questions, state: stateText(awaited) }), "answers.txt": lines.join("\n") + "\n" });
  return { project, awaited, entries, bytes: Buffer.byteLength(questions) };
}

/**
 * One workspace for the scaling table (`bench/run.mjs --scaling`): `count` questions shaped
 * like the 40,000-question scenario (a third open, the run paused on one of the last ten).
 */
export function generateScalingWorkspace(dir, count) {
  const rng = makeRng(count);
  const awaitedIndex = Math.max(0, count - 10);
  const questions = questionsText(rng, count, (i) => i % 3 === 0 || i === awaitedIndex);
  const awaited = questionId(awaitedIndex);
  const project = path.join(dir, `scaling-${count}`);
  writeTree(project, workspaceFiles({ questions, state: stateText(awaited) }));
  return { project, awaited, bytes: Buffer.byteLength(questions), count };
}

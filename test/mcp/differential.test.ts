// Differential: the same scenarios through the CLI (`--json`, main() in-process; the bundle
// is test/e2e/smoke.test.ts's) and through the MCP tools (in process) in fresh copies give
// identical JSON, exit codes and files (events.jsonl
// compared with its random ids normalised). Scenarios are our own, plus every public
// conformance case whose steps the tools can express.

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseCommandLine } from "../../src/cli/argv.js";
import { runMain, T } from "../helpers/cli.js";
import { call, connectInProcess } from "../helpers/mcp.js";
import { makeProject, REPO_DIR } from "../helpers/project.js";
import { BLOCK_A, BLOCK_B, BLOCK_C, BLOCK_D } from "../helpers/dup-blocks.js";
import { fieldNames } from "../../src/mcp/serve.js";
import { toolsFrom } from "../../src/mcp/tools.js";
import { allCommands } from "../../src/cli/command-table.js";

const TOOLS = toolsFrom(allCommands());

interface Step {
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
}
interface Scenario {
  name: string;
  files: Record<string, string>;
  env?: Record<string, string>;
  steps: Step[];
}

type Tool = { name: string; args: Record<string, unknown> };

const num = (v: unknown): number | undefined => (typeof v === "string" && /^(0|[1-9]\d*)(\.\d+)?$/.test(v) && String(Number(v)) === v ? Number(v) : undefined);

/** The tool call a CLI command line is, or undefined when the tools cannot express it exactly. */
function toolFor(args: string[]): { tool: Tool; root: string | undefined } | undefined {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(args);
  } catch {
    return undefined;
  }
  if (!parsed.def || parsed.help || parsed.version) return undefined;
  const o = parsed.args.options;
  const pos = parsed.args.positionals;
  const a: Record<string, unknown> = {};
  if (typeof o.workspace === "string") a.workspace = o.workspace;
  const copy = (from: string, to = from.replace(/-/g, "_")) => {
    if (o[from] !== undefined) a[to] = o[from];
  };
  const numbers = (names: string[]): boolean =>
    names.every((n) => {
      if (o[n] === undefined) return true;
      const v = num(o[n]);
      if (v === undefined) return false;
      a[n.replace(/-/g, "_")] = v;
      return true;
    });
  const known = new Set(["root", "workspace", "json"]);
  const only = (...names: string[]) => Object.keys(o).every((k) => known.has(k) || names.includes(k));
  let name: string;
  switch (parsed.def.words.join(" ")) {
    case "status":
    case "check":
    case "budget status":
      if (pos.length > 0 || !only()) return undefined;
      name = parsed.def.words.join("_");
      break;
    case "questions":
      if (pos.length > 0 || !only("open", "all", "gate")) return undefined;
      ["open", "all", "gate"].forEach((k) => copy(k));
      name = "questions";
      break;
    case "questions show":
      if (pos.length !== 1 || !only()) return undefined;
      a.qid = pos[0];
      name = "question_show";
      break;
    case "log":
      if (pos.length > 0 || !only("since", "qid")) return undefined;
      copy("since");
      copy("qid");
      name = "log";
      break;
    case "state resolve": {
      if (!only("human", "record-decision", "option", "proposed", "drop") || pos.length === 0) return undefined;
      a.qid = pos[0];
      const words = pos.slice(1);
      if (o.drop) {
        a.drop = true;
        if (words.length > 0) a.reason = words.join(" ");
      } else if (words.length > 0) a.answer = words.join(" ");
      if (o.option !== undefined) {
        if (!/^\d+$/.test(String(o.option))) return undefined;
        a.option = Number(o.option);
      }
      ["proposed", "human"].forEach((k) => copy(k));
      copy("record-decision");
      name = "resolve";
      break;
    }
    case "question add":
      if (pos.length > 0 || !only("gate", "question", "slice", "option", "proposed", "route", "impact", "supersedes", "blocking-slices")) return undefined;
      if (o.gate === undefined || o.question === undefined) return undefined;
      ["gate", "question", "slice", "proposed", "route", "impact", "supersedes", "blocking-slices"].forEach((k) => copy(k));
      copy("option", "options");
      name = "question_add";
      break;
    case "state pause":
      if (pos.length > 0 || !only("reason", "detail", "until") || o.reason === undefined) return undefined;
      ["reason", "detail", "until"].forEach((k) => copy(k));
      name = "pause";
      break;
    case "state resume":
      if (pos.length > 0 || !only("auto", "note")) return undefined;
      copy("auto");
      copy("note");
      name = "resume";
      break;
    case "budget check":
      if (pos.length > 0 || !only("writer", "findings", "agents-used", "minutes-used", "tokens-used", "cost-used")) return undefined;
      copy("writer");
      if (!numbers(["findings", "agents-used", "minutes-used", "tokens-used", "cost-used"])) return undefined;
      name = "budget_check";
      break;
    case "budget spend":
      if (pos.length !== 1 || !only()) return undefined;
      a.slice = pos[0];
      name = "budget_spend";
      break;
    case "budget seed":
      if (pos.length > 0 || !only("pending", "max-slices") || !numbers(["pending", "max-slices"]) || a.pending === undefined) return undefined;
      name = "budget_seed";
      break;
    case "state merge-manifest":
      if (pos.length === 0 || !only() || a.workspace !== undefined) return undefined;
      a.slug = pos[0];
      if (pos.length > 1) a.predecessors = pos.slice(1);
      name = "merge_manifest";
      break;
    // The 5.x verbs (issue 36): the slug is a field, the row's options are fields.
    case "orient":
    case "check task-graph":
      if (pos.length > 1 || !only()) return undefined;
      if (pos.length === 1) a.slug = pos[0];
      name = parsed.def.words.join("_").replace("-", "_");
      break;
    case "check readiness":
      if (pos.length > 1 || !only("emit-binding")) return undefined;
      if (pos.length === 1) a.slug = pos[0];
      copy("emit-binding");
      name = "check_readiness";
      break;
    case "observe slice":
      if (pos.length !== 2 || !only()) return undefined;
      a.slug = pos[0];
      a.slice = pos[1];
      name = "observe_slice";
      break;
    case "state close":
      if (pos.length !== 1 || !only() || a.workspace !== undefined) return undefined;
      a.slug = pos[0];
      name = "close";
      break;
    case "migrate":
      if (pos.length > 1 || !only("dry-run", "answer")) return undefined;
      if (pos.length === 1) a.slug = pos[0];
      copy("dry-run");
      copy("answer");
      name = "migrate";
      break;
    // The build loop's bookkeeping (issue 38): next, handoff, note, metrics.
    case "next":
    case "handoff":
    case "metrics summary":
      if (pos.length > 1 || !only()) return undefined;
      if (pos.length === 1) a.slug = pos[0];
      name = parsed.def.words.join("_");
      break;
    case "note list":
    case "note check":
      if (pos.length !== 1 || !only("repair")) return undefined;
      a.slug = pos[0];
      copy("repair");
      name = parsed.def.words.join("_");
      break;
    case "note add":
      if (pos.length < 4 || pos.length > 5 || !only()) return undefined;
      [a.slug, a.subject, a.quote, a.title] = pos;
      if (pos.length === 5) a.body = pos[4];
      name = "note_add";
      break;
    case "note rm":
      if (pos.length !== 2 || !only()) return undefined;
      [a.slug, a.note] = pos;
      name = "note_rm";
      break;
    case "metrics record":
      if (pos.length !== 1 || !only("phase", "event", "role", "bytes", "note") || !numbers(["bytes"])) return undefined;
      a.slug = pos[0];
      ["phase", "event", "role", "note"].forEach((k) => copy(k));
      name = "metrics_record";
      break;
    case "check dup":
      if (pos.length > 1 || !only("all", "worktree", "staged", "base", "min-lines", "threshold", "ignore-file", "limit", "exclude", "cwd", "phase")) return undefined;
      if (pos.length === 1) a.slug = pos[0];
      ["all", "worktree", "staged", "base", "ignore-file", "exclude", "cwd", "phase"].forEach((k) => copy(k));
      if (!numbers(["min-lines", "threshold", "limit"])) return undefined;
      name = "check_dup";
      break;
    case "version":
      if (pos.length > 0 || !only()) return undefined;
      name = "version";
      break;
    case "dispatch":
      if (pos.length !== 2 || !only("phase", "wave", "role", "handle", "reason", "findings", "agents-used", "minutes-used", "tokens-used", "cost-used")) return undefined;
      a.slug = pos[0];
      a.action = pos[1];
      for (const n of ["phase", "wave", "role", "handle", "reason"]) copy(n);
      if (!numbers(["findings", "agents-used", "minutes-used", "tokens-used", "cost-used"])) return undefined;
      name = "dispatch";
      break;
    default:
      return undefined;
  }
  return { tool: { name, args: a }, root: typeof o.root === "string" ? o.root : undefined };
}

/** Every file under `dir` (relative path → bytes as latin1), events.jsonl ids normalised. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else {
        const text = fs.readFileSync(full).toString("latin1");
        out[path.relative(dir, full)] = e.name === "events.jsonl" ? text.replace(/"id":"ev-[^"]*"/g, '"id":"ev-*"') : text;
      }
    }
  };
  walk(dir);
  return out;
}

/**
 * `want` with the options its messages (error, hint, a stop's reasons) name as the CLI names them
 * (`--question`, `--question TEXT`) named as the tool's messages name them (its field, no
 * placeholder); options the tool has no field for stay. Answers and other data are left alone.
 */
function asFields(want: Record<string, unknown>, tool: string): Record<string, unknown> {
  const name = fieldNames(TOOLS.find((t) => t.name === tool)!);
  const named = (text: string) => text.replace(/--([a-z][a-z-]*)(?: (?:TEXT|ROLE|CODE|N|X)\b)?/g, (m: string, option: string) => (name(option) === `--${option}` ? m : name(option)));
  const out = { ...want };
  if (typeof out.error === "string") out.error = named(out.error);
  if (typeof out.hint === "string") out.hint = named(out.hint);
  if (Array.isArray(out.reasons)) out.reasons = (out.reasons as { message: string }[]).map((r) => ({ ...r, message: named(r.message) }));
  return out;
}

const normal = (v: unknown, dir: string): unknown => JSON.parse(JSON.stringify(v).split(dir).join("<DIR>").replace(/ev-[0-9TZ:-]+-[0-9a-f]{8}/g, "ev-*"));

async function runBoth(s: Scenario): Promise<void> {
  const a = makeProject(s.files);
  const b = makeProject(s.files);
  try {
    for (const [i, step] of s.steps.entries()) {
      const env = { ...s.env, ...step.env };
      const t = toolFor(step.args)!;
      const cwdA = path.join(a.dir, step.cwd ?? "");
      // --json first: after a `--` it would be an answer word.
      const cli = await runMain(["--json", ...step.args], { cwd: cwdA, env });
      const cwdB = path.join(b.dir, step.cwd ?? "");
      const baseEnv: Record<string, string> = {};
      for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("DEVRITES_")) baseEnv[k] = v;
      const server = await connectInProcess({ cwd: cwdB, root: t.root === undefined ? undefined : path.resolve(cwdB, t.root), env: { ...baseEnv, DEVRITES_NOW: T, NO_COLOR: "1", ...env } });
      try {
        const r = await call(server.client, t.tool.name, t.tool.args);
        const label = `${s.name} step ${i + 1}: ${step.args.join(" ")}`;
        const want = JSON.parse(cli.stdout) as Record<string, unknown>;
        if (r.data.hint === `see the input schema of ${t.tool.name} in tools/list`) {
          // Refused by the tool's schema before the command ran (a code outside its enum, 2.5
          // for a count): the message names the field, the exit code is the command's.
          expect({ ok: r.data.ok, exit: r.data.exit }, label).toEqual({ ok: want.ok, exit: want.exit });
        } else if (JSON.stringify(asFields(want, t.tool.name)) !== JSON.stringify(want)) {
          // The command's messages name options as the caller knows them: --flags here, fields
          // there. A hint may differ more: a tool's own usage, or a command line for a person.
          const { hint: _h1, ...got } = r.data;
          const { hint: _h2, ...rest } = asFields(want, t.tool.name);
          expect(normal(got, b.dir), label).toEqual(normal(rest, a.dir));
        } else {
          expect(normal(r.data, b.dir), label).toEqual(normal(want, a.dir));
        }
        expect(r.isError, label).toBe(cli.exit !== 0);
        expect(tree(b.dir), label).toEqual(tree(a.dir));
      } finally {
        await server.close();
      }
    }
  } finally {
    a.cleanup();
    b.cleanup();
  }
}

// ------------------------------------------------------------ our scenarios (bundled example)

const EXAMPLE: Record<string, string> = {};
for (const rel of ["ACTIVE", "work/session-token-rotation/state.md", "work/session-token-rotation/questions.md", "work/session-token-rotation/decisions.md", "work/session-token-rotation/touched-files.md"]) {
  EXAMPLE[`.devrites/${rel}`] = fs.readFileSync(path.join(REPO_DIR, ".devrites.example", rel), "utf8");
}
const AFK = { ...EXAMPLE, ".devrites/AFK": "max_slices: 3\nmax_review_queue: 8\nallow_gates: [advisory, validating]\n" };
const AWAITED = "q-2026-09-02-003";
const ADVISORY = "q-2026-09-02-002";
const one = (name: string, files: Record<string, string>, ...steps: string[][]): Scenario => ({ name, files, steps: steps.map((args) => ({ args })) });

const OURS: Scenario[] = [
  one("resolve the awaited question, then status", EXAMPLE, ["state", "resolve", AWAITED, "Keep one release"], ["status"]),
  one("resolve with --option, --human and --record-decision", EXAMPLE, ["state", "resolve", "--human", "--record-decision", AWAITED, "--option", "2"]),
  one("resolve --proposed, then an identical re-run", EXAMPLE, ["state", "resolve", ADVISORY, "--proposed"], ["state", "resolve", ADVISORY, "--proposed"]),
  one("drop with a reason, then a conflicting answer (exit 4)", EXAMPLE, ["state", "resolve", "--drop", AWAITED, "moved", "to", "SLICE-004"], ["state", "resolve", AWAITED, "Drop now"]),
  one("refusals: unknown qid, empty answer, bad option", EXAMPLE, ["state", "resolve", "q-404", "x"], ["state", "resolve", AWAITED, " "], ["state", "resolve", AWAITED, "--option", "9"]),
  one("question add (blocking) pauses the run; questions and show list it", EXAMPLE, ["question", "add", "--gate", "blocking", "--question", "Ship behind a flag?", "--option", "Yes (Recommended)", "--option", "No", "--slice", "SLICE-003"], ["questions", "--all"], ["questions", "show", "q-2026-07-20-001"]),
  one("pause and resume", EXAMPLE, ["state", "resolve", AWAITED, "Keep one release"], ["state", "pause", "--reason", "external_blocker", "--detail", "CI is red token=ghp_abcdefghijklmnopqrstuvwxyz0123456789"], ["state", "pause", "--reason", "approval", "--detail", "needs sign-off"], ["status"], ["state", "resume", "--note", "signed off"]),
  one("AFK: budget status, check, spend twice, seed", AFK, ["state", "resolve", AWAITED, "Keep one release"], ["budget", "status"], ["budget", "check", "--findings", "2"], ["budget", "spend", "SLICE-003"], ["budget", "spend", "SLICE-003"], ["budget", "seed", "--pending", "1"], ["budget", "check", "--writer"]),
  one("budget check stops on an awaited question (exit 7)", AFK, ["budget", "check"]),
  one("question add in AFK auto-picks an advisory answer", AFK, ["question", "add", "--gate", "advisory", "--question", "Tabs or spaces?", "--option", "Spaces (Recommended)", "--option", "Tabs"]),
  one("check and log", EXAMPLE, ["state", "resolve", ADVISORY, "info"], ["check"], ["log"], ["log", "--qid", ADVISORY]),
  one("merge-manifest without a sequence is refused the same way", EXAMPLE, ["state", "merge-manifest", "session-token-rotation"]),
  one(
    "dispatch: a review wave to its end, refusals, and a build wave the AFK budget stops (exit 7)",
    AFK,
    ["dispatch", "session-token-rotation", "open", "--phase", "review", "--wave", "w1", "--role", "code-reviewer", "--role", "spec-reviewer"],
    ["dispatch", "session-token-rotation", "seal", "--wave", "w1"],
    ["dispatch", "session-token-rotation", "start", "--wave", "w1", "--role", "code-reviewer", "--handle", "h1"],
    ["dispatch", "session-token-rotation", "start", "--wave", "w1", "--role", "spec-reviewer", "--handle", "h1"],
    ["dispatch", "session-token-rotation", "status", "--wave", "w1"],
    ["dispatch", "session-token-rotation", "abandon", "--wave", "w1", "--reason", "host limit"],
    ["dispatch", "session-token-rotation", "open", "--phase", "build", "--wave", "b1", "--role", "slice-wright"],
  ),
  // A git repository written as plain files (no commit yet): every file of the work tree is new.
  one("check dup: clusters, a diff mode, --limit, and refusals", {
    ...EXAMPLE,
    ".git/HEAD": "ref: refs/heads/main\n",
    ".git/config": "[core]\n\trepositoryformatversion = 0\n\tbare = false\n",
    ".git/objects/.keep": "",
    ".git/refs/heads/.keep": "",
    "a/one.go": `package a\n\n${BLOCK_A}`,
    "b/two.go": `package b\n\n${BLOCK_B}`,
    "c/three.go": `package c\n\n${BLOCK_C}`,
    "d/four.go": `package d\n\n${BLOCK_D}`,
  }, ["check", "dup", "--all", "--min-lines", "5"], ["check", "dup", "--min-lines", "5", "--limit", "1", "--exclude", "d"], ["check", "dup", "--all", "--staged"], ["check", "dup", "--threshold", "2"], ["check", "dup", "--base", "no-such-ref"]),
];

// The pack 5.x session of test/compat/pack5-build-resolve-ship (rite-build's orient, observe
// slice and check readiness, rite-ship's state close), every step a tool can express, plus the
// 5.x verbs' other forms: each tool returns the object the CLI's --json prints.
const COMPAT = path.join(REPO_DIR, "test/compat/pack5-build-resolve-ship");
function filesUnder(dir: string, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) Object.assign(out, filesUnder(full, `${prefix}${e.name}/`));
    else out[`${prefix}${e.name}`] = fs.readFileSync(full, "utf8");
  }
  return out;
}
const PACK5 = filesUnder(path.join(COMPAT, "input"), "");
const PACK5_STEPS = (JSON.parse(fs.readFileSync(path.join(COMPAT, "session.json"), "utf8")) as { steps: { args: string[] }[] }).steps.map((s) => s.args).filter((a) => toolFor(a) !== undefined);
const FIVE: Scenario[] = [
  one("the pack 5.x build-resolve-ship session", PACK5, ...PACK5_STEPS),
  one("5.x verbs' other forms: the selected workspace, a missing slice, the binding, a refused close, migrate, version", PACK5,
    ["orient"], ["check", "task-graph"], ["check", "task-graph", "invoice-export"], ["observe", "slice", "invoice-export", "SLICE-404"], ["observe", "slice", "invoice-export", "slice-2"],
    ["check", "readiness", "--emit-binding", "invoice-export"], ["migrate", "--dry-run"], ["migrate", "invoice-export", "--answer", "phase=build"], ["version"], ["state", "close", "no-such"]),
  one("the build loop's bookkeeping: next, handoff, note, metrics (and their refusals)", { ...EXAMPLE, "src/a.ts": "export const A = 1;\n" },
    ["next"], ["handoff", "session-token-rotation"], ["note", "add", "session-token-rotation", "src/a.ts", "A = 1", "why A", "a body"],
    ["note", "add", "session-token-rotation", "src/a.ts", "B = 2", "not there"], ["note", "list", "session-token-rotation"],
    ["note", "check", "session-token-rotation", "--repair"], ["note", "rm", "session-token-rotation", "NOTE-001"], ["note", "rm", "session-token-rotation", "NOTE-001"],
    ["metrics", "record", "session-token-rotation", "--phase", "build", "--event", "context", "--role", "wright", "--bytes", "12"], ["metrics", "summary"], ["handoff", "no-such"]),
  one("5.x verbs on a workspace without tasks.md: the same refusals", EXAMPLE, ["orient"], ["check", "task-graph"], ["observe", "slice", "session-token-rotation", "SLICE-001"], ["check", "readiness"], ["state", "close", "session-token-rotation"]),
];

describe("differential: the 5.x verbs' tools return the CLI's --json object", () => {
  it("the session's steps the tools express include orient, observe slice, check readiness and state close", () => {
    expect(new Set(PACK5_STEPS.map((a) => toolFor(a)!.tool.name))).toEqual(new Set(["orient", "observe_slice", "check_readiness", "question_add", "close", "resolve", "merge_manifest", "status"]));
  });
  it.each(FIVE.map((s) => [s.name, s] as const))("%s", async (_n, s) => {
    await runBoth(s);
  });
});

describe("differential: CLI --json and MCP tools agree", () => {
  it.each(OURS.map((s) => [s.name, s] as const))("%s", async (_n, s) => {
    await runBoth(s);
  });
});

// ------------------------------------------------------------ the public conformance cases

const CASES_FILE = path.resolve(REPO_DIR, "../shared/conformance/cases-public.mjs");
interface PublicCase {
  name: string;
  files?: Record<string, unknown>;
  env?: Record<string, string>;
  steps?: (Step & { stdin?: string })[];
  args?: string[];
  stdin?: string;
  cwd?: string;
  symlinks?: unknown;
  dirs?: unknown;
  mode?: unknown;
}

function expressible(c: PublicCase): Scenario | undefined {
  if (c.symlinks || c.dirs || c.mode || JSON.stringify(c).includes("{{TMP}}")) return undefined;
  const files = c.files ?? {};
  if (!Object.values(files).every((v) => typeof v === "string")) return undefined;
  const steps: (Step & { stdin?: string })[] = c.steps ?? [{ args: c.args ?? [], stdin: c.stdin, cwd: c.cwd }];
  if (steps.some((s) => (s.stdin !== undefined && s.stdin !== "") || toolFor(s.args) === undefined)) return undefined;
  return { name: c.name, files: files as Record<string, string>, env: c.env, steps: steps.map((s) => ({ args: s.args, env: s.env, cwd: s.cwd })) };
}

const publicCases: PublicCase[] = fs.existsSync(CASES_FILE) ? ((await import(CASES_FILE)) as { default: PublicCase[] }).default : [];
const expressed = publicCases.map(expressible).filter((s): s is Scenario => s !== undefined);

describe.skipIf(expressed.length === 0)("differential: public conformance cases through CLI and tools", () => {
  it("most public cases for the mirrored commands are expressible as tool calls", () => {
    expect(expressed.length).toBeGreaterThanOrEqual(30);
  });
  it.each(expressed.map((s) => [s.name, s] as const))("%s", async (_n, s) => {
    await runBoth(s);
  });
});

// Generated command lines against generated (often broken) workspaces, for the bad-input
// property suite: a project tree on disk, argv, environment and stdin replies, all from one seed;
// plus a byte snapshot of the tree to prove that a failed command wrote nothing.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { allCommands } from "../../src/cli/command-table.js";
import {
  GATES, PHASES, decisionsFile, mutate, questionId, questionsFile, sentinelFile, stateFile, touchedFile, batchFile, words, type Rng,
} from "./generate.js";

const T = "2026-07-20T10:00:00Z";

export interface CliCase {
  files: Record<string, string>;
  symlinks: Record<string, string>;
  argv: string[];
  env: Record<string, string>;
  replies: string[];
  /** Question ids present in questions.md, to aim positionals at real questions. */
  qids: string[];
}

const REASONS = ["approval", "usage_cap", "budget", "external_blocker", "operator", "stale", "nonsense", ""];

/** Values people and agents actually pass, then garbage. */
function garbage(rng: Rng): string {
  return rng.pick([
    "", " ", "-1", "0", "1", "3", "1e3", "0x10", "2.5", " 5", "abc", "none", "--json", "-h", "--", "\u0007bell", "a\nb", "tab\there",
    "🙂 emoji", "x".repeat(rng.int(200, 12_000)), "q-2026-07-20-001", "../outside", "/nonexistent-devrites/passwd", "C:\\x", "%s%n", "${HOME}", "`rm -rf /`",
    "\u202eRTL", "ghp_" + "a".repeat(36), "password=hunter2",
  ]);
}

function optionValue(rng: Rng, name: string, qids: string[]): string {
  // Paths stay inside the case's temp directory: a command that succeeds may write there.
  const pathLike = name === "root" || name === "batch" || name === "workspace";
  if (!pathLike && rng.chance(0.3)) return garbage(rng);
  switch (name) {
    case "gate":
      return rng.pick([...GATES, "Blocking", "urgent"]);
    case "reason":
      return rng.pick(REASONS);
    case "option":
      return rng.pick(["1", "2", "3", "4", "0", "9", words(rng, 1, 4)]);
    case "until":
    case "since":
      return rng.pick([T, "2026-07-20", "2026-07-21T00:00:00+02:00", "tomorrow", "2026-13-01"]);
    case "qid":
    case "supersedes":
      return qids.length > 0 && rng.chance(0.7) ? rng.pick(qids) : "q-nope";
    case "batch":
      return rng.pick(["answers.txt", "answers.txt", "missing.txt", "sub/../answers.txt", ".devrites/work/feat/questions.md", "sub"]);
    case "root":
      return rng.pick([".", ".devrites", "sub", "nowhere", "", "sub/.."]);
    case "workspace":
      return rng.pick(["feat", "feat", "other", "ghost", "../x", "", ".", "a/b", "FEAT"]);
    case "pending":
    case "max-slices":
    case "findings":
    case "agents-used":
    case "minutes-used":
    case "tokens-used":
      return rng.pick(["0", "1", "3", "10", "40", "100000"]);
    case "cost-used":
      return rng.pick(["0", "2.50", "10", "99.99"]);
    case "title":
    case "detail":
    case "note":
    case "question":
    case "proposed":
    case "route":
    case "impact":
    case "slice":
    case "blocking-slices":
      return words(rng, 1, 8, 0.2);
    case "continues":
      return rng.pick(["feat", "other", "ghost"]);
    default:
      return words(rng, 1, 3);
  }
}

function positional(rng: Rng, qids: string[]): string {
  if (qids.length > 0 && rng.chance(0.45)) return rng.pick(qids);
  if (rng.chance(0.3)) return rng.pick(["feat", "other", "new-ws", "Bad_Slug", "SLICE-003", "SLICE-004", "q-nope", "-", "--help", "-h", "--version"]);
  if (rng.chance(0.3)) return garbage(rng);
  return words(rng, 1, 6, 0.2);
}

/** A project tree: usually one workspace `feat` (often broken), sometimes none or two. */
function projectFiles(rng: Rng): { files: Record<string, string>; symlinks: Record<string, string>; qids: string[] } {
  const files: Record<string, string> = {};
  const symlinks: Record<string, string> = {};
  // Two cases in five get a healthy workspace, so that commands also succeed and write.
  const healthy = rng.chance(0.4);
  const broken = (text: string) => (!healthy && rng.chance(0.5) ? mutate(rng, text, 3).text : text);
  const q = questionsFile(rng, { count: rng.int(0, 8), noise: 0.2, extraOpen: rng.chance(0.3) ? [questionId(rng.int(0, 3))] : [] });
  const awaiting = q.open.length > 0 && rng.chance(0.5) ? rng.pick(q.open) : undefined;
  const W = ".devrites/work/feat";
  if (rng.chance(0.93)) {
    const active = healthy ? "feat\n" : rng.pick(["feat\n", "feat\n", "feat\n", "feat", "feat\r\n", "", "ghost\n", "../outside\n", "other\n"]);
    if (healthy || rng.chance(0.95)) files[".devrites/ACTIVE"] = active;
    if (healthy || rng.chance(0.95)) files[`${W}/questions.md`] = broken(q.text);
    if (healthy || rng.chance(0.95)) {
      files[`${W}/state.md`] = broken(
        stateFile(rng, {
          awaiting,
          paused: !awaiting && rng.chance(0.3),
          schema: healthy ? "4" : rng.pick(["4", "4", "4", "4", "2", "5", "four", null]),
          afkRemaining: rng.chance(0.6) ? rng.int(0, 5) : undefined,
          phase: rng.pick(PHASES),
        }),
      );
    }
    if (rng.chance(0.6)) files[`${W}/decisions.md`] = broken(decisionsFile(rng));
    if (rng.chance(0.6)) files[`${W}/touched-files.md`] = broken(touchedFile(rng));
    if (rng.chance(0.2)) files[`${W}/events.jsonl`] = rng.chance(0.7) ? `{"v":1,"id":"ev-1","ts":"${T}","event":"resolved","qid":"${q.ids[0] ?? "q-1"}"}\n` : "{not json\n";
    if (rng.chance(0.3)) files[".devrites/AFK"] = sentinelFile(rng);
    if (rng.chance(0.15)) {
      files[".devrites/work/other/state.md"] = stateFile(rng, { phase: "build" });
      files[".devrites/work/other/questions.md"] = questionsFile(rng, { count: 2 }).text;
    }
    if (rng.chance(0.05) && files[`${W}/questions.md`] !== undefined) {
      files["elsewhere/questions.md"] = files[`${W}/questions.md`]!;
      delete files[`${W}/questions.md`];
      symlinks[`${W}/questions.md`] = "../../../elsewhere/questions.md";
    }
  }
  const batchIds = rng.shuffle(q.ids).slice(0, rng.int(0, 4));
  if (rng.chance(0.2)) batchIds.push("q-nope");
  files["answers.txt"] = broken(batchFile(rng, batchIds));
  files["sub/readme.md"] = "# a subdirectory to run from\n";
  return { files, symlinks, qids: q.ids };
}

/**
 * Every command but `mcp`: it serves on the process's own stdio until that closes, so it is
 * no one-shot command line; its input is generated in test/mcp/ and test/e2e/mcp.test.ts.
 */
// The pack calls this engine does not provide answer one fixed refusal whatever their
// arguments (test/e2e/pack-calls.test.ts runs every one): generating them would only dilute
// the commands whose arguments and files are worth generating.
const ONE_SHOT_COMMANDS = allCommands().filter((c) => c.words[0] !== "mcp" && !c.notProvided);
const RESOLVE = allCommands().find((c) => c.words.join(" ") === "state resolve")!;

/** One generated case: tree, argv, environment and interactive replies. */
export function cliCase(rng: Rng): CliCase {
  const { files, symlinks, qids } = projectFiles(rng);
  const argv: string[] = [];
  // state resolve, the command whose identical re-run the suite checks, keeps about the share
  // of cases it had before the pack's read and close commands joined the table.
  const def = rng.chance(0.92) ? (rng.chance(0.08) ? RESOLVE : rng.pick(ONE_SHOT_COMMANDS)) : undefined;
  let cmdWords = def ? [...def.words] : [rng.pick(["frobnicate", "state", "budget", "questions", "", "STATUS", "state-resolve"])];
  if (def && rng.chance(0.04)) cmdWords = cmdWords.slice(0, 1); // a group word alone
  const rest: string[] = [];
  const opts = def ? Object.entries(def.options) : [];
  for (const [name, o] of opts) {
    // --filled refuses every other resolve form: added rarely, at the end (below).
    if (name === "filled") continue;
    if (!rng.chance(0.35)) continue;
    const times = o.multiple ? rng.int(1, 5) : rng.chance(0.05) ? 2 : 1;
    for (let i = 0; i < times; i++) {
      if (o.type === "boolean") rest.push(rng.chance(0.97) ? `--${name}` : `--${name}=yes`);
      else if (rng.chance(0.5)) rest.push(`--${name}`, optionValue(rng, name, qids));
      else rest.push(`--${name}=${optionValue(rng, name, qids)}`);
    }
  }
  if (rng.chance(0.3)) rest.push("--json");
  if (rng.chance(0.08)) {
    const g = rng.pick(["root", "workspace"]);
    rest.push(`--${g}`, optionValue(rng, g, qids));
  }
  if (rng.chance(0.05)) rest.push(rng.pick(["--help", "-h", "--version", "--bogus", "-x", "--drop=1", "--json=false"]));
  const nPos = rng.int(0, 4);
  const pos: string[] = [];
  for (let i = 0; i < nPos; i++) pos.push(positional(rng, qids));
  // Shuffle options and positionals, keeping each `--option value` pair together.
  const flat: string[] = [];
  for (let i = 0; i < rest.length; ) {
    const a = rest[i]!;
    const valued = a === "--root" || a === "--workspace" || opts.some(([n, o]) => a === `--${n}` && o.type === "string");
    const takesValue = valued && !a.includes("=") && i + 1 < rest.length;
    flat.push(takesValue ? `${a}\u0000${rest[i + 1]}` : a);
    i += takesValue ? 2 : 1;
  }
  const items = rng.shuffle([...flat, ...pos.map((p) => `\u0001${p}`)]);
  const dashDash = rng.chance(0.1) ? rng.int(0, items.length) : -1;
  if (rng.chance(0.15)) argv.push("--json");
  argv.push(...cmdWords);
  items.forEach((it, i) => {
    if (i === dashDash) argv.push("--");
    if (it.startsWith("\u0001")) argv.push(it.slice(1));
    else argv.push(...it.split("\u0000"));
  });
  const env: Record<string, string> = { DEVRITES_NOW: T, NO_COLOR: "1" };
  if (rng.chance(0.05)) env.DEVRITES_NOW = rng.pick(["yesterday", "2026-07-21", "20/07/2026", "", "2026-07-20T12:00:00+02:00"]);
  if (rng.chance(0.04)) env.DEVRITES_LOCK_TIMEOUT_MS = rng.pick(["abc", "-5", "100", ""]);
  if (rng.chance(0.04)) env.DEVRITES_WORKSPACE = rng.pick(["other", "ghost", "../x"]);
  if (rng.chance(0.03)) env.DEVRITES_ROOT = rng.pick(["sub", ".devrites", "nowhere"]);
  if (rng.chance(0.05)) env.DEVRITES_BLOCKER_THRESHOLD = rng.pick(["0", "1", "2", "x", "-1"]);
  const replies = Array.from({ length: rng.int(0, 5) }, () => rng.pick(["1", "2", "3", "y", "n", "", "99", words(rng, 1, 3)]));
  // Drawn last, so that every other draw of the case is the same with or without it.
  if (def?.options.filled && rng.chance(0.08)) argv.unshift("--filled");
  return { files, symlinks, argv, env, replies, qids };
}

/** Write a case's tree into a new temp directory; returns its real path. */
export function writeCaseTree(c: CliCase): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "devrites-prop-")));
  for (const [rel, content] of Object.entries(c.files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), content);
  }
  for (const [rel, target] of Object.entries(c.symlinks)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.symlinkSync(target, path.join(dir, rel));
  }
  return dir;
}

/** Every path under `dir` with its kind, mode and bytes (symlinks by target). */
export function treeSnapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      const rel = path.relative(dir, full);
      const st = fs.lstatSync(full);
      if (st.isSymbolicLink()) out.set(rel, `link ${fs.readlinkSync(full)}`);
      else if (st.isDirectory()) {
        out.set(rel, `dir ${(st.mode & 0o7777).toString(8)}`);
        walk(full);
      } else out.set(rel, `file ${(st.mode & 0o7777).toString(8)} ${fs.readFileSync(full).toString("base64")}`);
    }
  };
  walk(dir);
  return out;
}

/** The paths whose kind, mode or bytes differ between two snapshots. */
export function treeDiff(a: Map<string, string>, b: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [k, v] of a) if (b.get(k) !== v) out.push(b.has(k) ? `changed ${k}` : `removed ${k}`);
  for (const k of b.keys()) if (!a.has(k)) out.push(`created ${k}`);
  return out;
}

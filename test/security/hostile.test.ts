// The hostile-workspace generator: seeded cases that plant forged journals (valid check lines,
// hostile entries), forged lock and break files, special files at workspace paths, temp
// lookalikes, hard links to outside files, audit lines no reader may fail on (not objects, not
// the engine's shape, nested thousands deep), bidi controls in the files, question ids and
// workspace names with shell syntax in them (`q-$(id>PWN)`), and tasks.md graphs too long or
// too wide for a recursive or quadratic reader, then run a command
// (sometimes a batch whose every entry is invalid, which must never exit 0) in-process. Every
// case: only exit codes from the table and never "a bug", no control or bidi character printed
// raw, every id, slug or path after a printed command plain or single-quoted, nothing outside `.devrites/` touched, lookalikes kept, each workspace file old
// or a content the journal legitimately carried, no case slower than its time limit, and the
// next command still answers. DEVRITES_HOSTILE_CASES sets the count (1000 in test:full);
// DEVRITES_SEED replays a run. FIFOs, which would block a regression in-process, run spawned.

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { makeRng, suiteSeed, type Rng } from "../helpers/generate.js";
import { AWAITED, DEAD_PID, forgeJournal, makeSandbox, rebaseline, run, WS_FILES, type Sandbox } from "./harness.js";
import { caseCount } from "../helpers/counts.js";

/** 150 in `npm test` (whatever CI is), 1000 in `npm run test:full` (the issue's bar), any count by env. */
const CASES = caseCount("DEVRITES_HOSTILE_CASES", 150, 1000);
const SPAWNED = caseCount("DEVRITES_HOSTILE_SPAWN_CASES", 6, 6);
const SEED = suiteSeed(0x5ec_2026);
const CASE_LIMIT_MS = 5_000;
const OWN = ["state.md", "questions.md", "decisions.md", "touched-files.md"];

interface Planted {
  what: string[];
  /** Contents a legitimate replay may put in each workspace file. */
  allowed: Map<string, Set<string>>;
  lookalikes: string[];
  /** The command is a batch whose every entry is invalid. */
  allInvalidBatch?: boolean;
}

const hex = (rng: Rng, n: number) => Array.from({ length: n }, () => "0123456789abcdef"[rng.int(0, 15)]).join("");

function hostileTarget(rng: Rng, sb: Sandbox): unknown {
  return rng.pick<unknown>([
    ...OWN, ...OWN, "events.jsonl", "../../ACTIVE", "ACTIVE", "plan.md", "", ".", "..", "../state.md", "state.md/../../../outside/victim.txt",
    path.join(sb.outside, ".bashrc"), path.join(sb.outside, "victim.txt"), "../../../../outside/.bashrc", null, 7, ["state.md"], { p: 1 },
  ]);
}

function hostileTemp(rng: Rng, sb: Sandbox, target: unknown, nonce: string): unknown {
  const base = typeof target === "string" ? path.posix.basename(target) : "state.md";
  const prefix = target === "../../ACTIVE" ? "../../" : "";
  return rng.pick<unknown>([
    `${prefix}.${base}.4242.${nonce}.tmp`, `${prefix}.${base}.4242.${nonce}.tmp`, `.${base}.4242.${hex(rng, 16)}.tmp`, `.${base}.4242.${hex(rng, 8)}.tmp`,
    path.join(sb.outside, "victim.txt"), "../../../../outside/victim.txt", `.${base}.tmp`, "", null, 0,
  ]);
}

function plantJournal(rng: Rng, sb: Sandbox, planted: Planted): void {
  const v = rng.pick([3, 3, 3, 2, 1, 4, "3"]);
  const nonce = hex(rng, 16);
  const files: unknown[] = [];
  for (let i = rng.int(0, 3); i > 0; i--) {
    if (rng.chance(0.08)) {
      files.push(rng.pick([null, {}, "state.md", []]));
      continue;
    }
    const target = hostileTarget(rng, sb);
    const temp = hostileTemp(rng, sb, target, nonce);
    const content = `replayed ${hex(rng, 6)}\n`;
    const size = rng.chance(0.85) ? Buffer.byteLength(content) : rng.pick<unknown>([-1, 1e12, "9", 1.5, null]);
    const entry: Record<string, unknown> = { target, temp, size, crc32: rng.chance(0.9) ? zlib.crc32(content) : rng.int(0, 2 ** 32 - 1), existed: rng.pick([true, false, undefined]) };
    if (v === 1) entry.sha256 = hex(rng, 64);
    if (rng.chance(0.2)) entry.backup = rng.pick([path.join(sb.outside, "victim.txt"), `.${String(target)}.4242.${nonce}.old.tmp`]);
    files.push(entry);
    // Plant the temp it names (only inside the workspace: the sandbox never writes outside).
    if (typeof temp === "string" && !temp.includes("/") && temp !== "" && rng.chance(0.7)) {
      fs.rmSync(path.join(sb.ws, temp), { force: true, recursive: true });
      fs.writeFileSync(path.join(sb.ws, temp), content);
      if (typeof target === "string" && [...OWN, "events.jsonl"].includes(target)) planted.allowed.get(target)?.add(content);
    }
  }
  const eventsSize = fs.existsSync(path.join(sb.ws, "events.jsonl")) ? fs.statSync(path.join(sb.ws, "events.jsonl")).size : 0;
  const appends = rng.chance(0.6)
    ? [{ target: rng.chance(0.8) ? "events.jsonl" : hostileTarget(rng, sb), offset: rng.pick<unknown>([eventsSize, eventsSize, 0, eventsSize + 1, 1e12, -1, "0"]), data: rng.pick(['{"v":1,"event":"recovered"}\n', "echo PWNED\n", ""]) }]
    : [];
  const body = { v, ...(rng.chance(0.9) ? { nonce } : {}), files: rng.chance(0.05) ? "nope" : files, appends };
  const text = rng.chance(0.85) ? forgeJournal(body) : rng.pick([JSON.stringify(body), "torn{", "", `${JSON.stringify(body)}\ncrc32:0\n`]);
  fs.writeFileSync(path.join(sb.ws, ".journal"), text);
  planted.what.push(`journal ${text.slice(0, 300)}`);
}

function plantLock(rng: Rng, sb: Sandbox, planted: Planted): void {
  const name = rng.pick([".engine.lock", ".engine.lock", ".engine.lock.break"]);
  const p = path.join(sb.ws, name);
  if (fs.existsSync(p)) return;
  const kind = rng.pick(["dead", "garbage", "huge", "dir", "link", "empty-old", "live-other-host"]);
  if (kind === "dead") fs.writeFileSync(p, JSON.stringify({ pid: DEAD_PID, host: os.hostname(), since: "x" }));
  if (kind === "garbage") fs.writeFileSync(p, "\u0000{{not json");
  if (kind === "huge") fs.writeFileSync(p, Buffer.alloc(rng.int(5_000, 3_000_000), 0x7b));
  if (kind === "dir") fs.mkdirSync(p);
  if (kind === "link") fs.symlinkSync(path.join(sb.outside, "victim.txt"), p);
  if (kind === "empty-old") fs.writeFileSync(p, "");
  if (kind === "live-other-host") fs.writeFileSync(p, JSON.stringify({ pid: 1, host: "elsewhere", since: "x" }));
  if (kind !== "dir" && kind !== "link") fs.utimesSync(p, new Date(0), new Date(0));
  planted.what.push(`lock ${name} ${kind}`);
}

function plantSpecial(rng: Rng, sb: Sandbox, planted: Planted): void {
  const rel = rng.pick(["ACTIVE", "ACTIVE", ...OWN.map((f) => `work/session-token-rotation/${f}`), "work/session-token-rotation/events.jsonl", "AFK"]);
  const p = path.join(sb.devrites, rel);
  fs.rmSync(p, { force: true, recursive: true });
  const kind = rng.pick(["dir", "link-outside", "link-dev-null", "link-dangling", "huge-sparse"]);
  if (kind === "dir") fs.mkdirSync(p);
  if (kind === "link-outside") fs.symlinkSync(path.join(sb.outside, "victim.txt"), p);
  if (kind === "link-dev-null") fs.symlinkSync("/dev/null", p);
  if (kind === "link-dangling") fs.symlinkSync(path.join(sb.outside, "nothing-here"), p);
  if (kind === "huge-sparse") {
    fs.writeFileSync(p, "");
    fs.truncateSync(p, rng.pick([70 * 1024 * 1024, 1e12]));
  }
  planted.what.push(`special ${rel} ${kind}`);
}

function plantLookalikes(rng: Rng, sb: Sandbox, planted: Planted): void {
  for (let i = rng.int(1, 3); i > 0; i--) {
    const name = rng.pick([
      `.notes.md.${rng.int(1, 99)}.${hex(rng, 2)}.tmp`, `.state.md.${rng.int(1, 99)}.${hex(rng, rng.pick([2, 5, 12, 20]))}.tmp`, `.questions.md.tmp`,
      `.draft.md.4242.${hex(rng, 16)}.tmp`, `.state.md.4242.${hex(rng, 15).toUpperCase()}F.tmp`, `state.md.4242.${hex(rng, 16)}.tmp`, `.journal.bak`,
    ]);
    if (!planted.lookalikes.includes(name)) {
      fs.writeFileSync(path.join(sb.ws, name), "mine\n");
      planted.lookalikes.push(name);
    }
  }
}

/** A workspace file with a second name: linked to the outside victim (an append would land there), or linked outward. */
function plantHardLink(rng: Rng, sb: Sandbox, planted: Planted): void {
  const name = rng.pick([...OWN, "events.jsonl", "events.jsonl"]);
  const p = path.join(sb.ws, name);
  const st = fs.existsSync(p) ? fs.lstatSync(p) : undefined;
  if (st && !st.isFile()) return; // a special file planted there already
  // A planted sparse giant stays where it is: linked outward, the harness would read it whole.
  if (st && st.size > 1024 * 1024) return;
  if (!st) fs.writeFileSync(p, "");
  if (rng.chance(0.5)) {
    fs.rmSync(p, { force: true });
    fs.linkSync(path.join(sb.outside, "victim.txt"), p);
    planted.what.push(`hard link ${name} = outside/victim.txt`);
  } else {
    const other = path.join(sb.outside, `linked-${name}`);
    if (!fs.existsSync(other)) fs.linkSync(p, other);
    planted.what.push(`hard link outside/linked-${name} = ${name}`);
  }
}

const OPEN_QIDS = ["q-2026-09-02-001", "q-2026-09-02-002", AWAITED];

/** A batch file in which every entry is invalid: it must be refused (exit 5 naming each), never `nothing to resolve`. */
function allInvalidBatch(rng: Rng, sb: Sandbox, planted: Planted): string[] {
  const bad = (qid: string) =>
    rng.pick([
      `${qid}:`, `${qid}:    `, `${qid} no colon here`, `${qid}: ${"a".repeat(10_001)}`, `${qid}: esc \u001b[31mred`, `${qid}: c1 \u0085 nel`,
      `${qid}: nul \u0000 byte`, `${qid}: bell \u0007`, `--drop ${qid}: reason \u009b2J`, `: ${qid}`, `q with space: x`,
    ]);
  const lines = Array.from({ length: rng.int(1, 4) }, (_, i) => bad(OPEN_QIDS[i % OPEN_QIDS.length]!));
  if (rng.chance(0.3)) lines.unshift("# all bad", "");
  const name = "answers.txt";
  fs.writeFileSync(path.join(sb.project, name), lines.join(rng.pick(["\n", "\r\n"])) + "\n");
  planted.what.push(`all-invalid batch ${JSON.stringify(lines.map((l) => l.slice(0, 40)))}`);
  planted.allInvalidBatch = true;
  return ["state", "resolve", "--batch", name, ...(rng.chance(0.3) ? ["--dry-run"] : [])];
}

/** Event-shaped lines of the engine's form, for hostile lines to sit between. */
const event = (rng: Rng, detail: Record<string, unknown> = {}) =>
  JSON.stringify({ v: 1, id: `ev-${hex(rng, 8)}`, ts: "2026-07-20T09:00:00Z", event: rng.pick(["resolved", "paused", "raised"]), qid: "q-2026-09-02-001", detail });

const BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"];

/** events.jsonl lines no reader may fail on: not objects, not the engine's shape, nested thousands deep, torn, bidi. */
function plantAuditLines(rng: Rng, sb: Sandbox, planted: Planted): void {
  const depth = rng.pick([100, 1000, 5000, 20000]);
  const bad = () =>
    rng.pick<() => string>([
      () => "null", () => "5", () => '"resolved"', () => "[]", () => "{}", () => "true", () => '{"event":5,"ts":null}', () => '{"ts":"x","event":"resolved","detail":"flat"}',
      () => "[".repeat(depth) + "]".repeat(depth),
      () => '{"a":'.repeat(depth) + "1" + "}".repeat(depth),
      () => `{"v":1,"ts":"2026-07-20T09:00:00Z","event":"resolved","detail":{"x":${"[".repeat(depth)}${"]".repeat(depth)}}}`,
      () => `{"v":1,"ts":${"[".repeat(depth)}${"]".repeat(depth)},"event":"x"}`,
      () => '{"v":1,"id":"ev-torn', () => "\ufeff" + event(rng), () => "   ", () => "x".repeat(rng.int(1, 20_000)),
    ])();
  const lines: string[] = [];
  for (let i = rng.int(1, 12); i > 0; i--) {
    if (rng.chance(0.5)) lines.push(event(rng, rng.chance(0.3) ? { answer: `keep ${rng.pick(BIDI)}it${rng.pick(["", "\u009b2J", "\u001b]0;x\u0007"])}` } : {}));
    else lines.push(bad());
  }
  const text = lines.join("\n") + (rng.chance(0.8) ? "\n" : "");
  const target = path.join(sb.ws, "events.jsonl");
  // A special file, a hard link or a sparse giant planted there already stays as it is.
  const st = fs.lstatSync(target, { throwIfNoEntry: false });
  if (st && (!st.isFile() || st.nlink > 1 || st.size > 1024 * 1024)) return;
  fs.writeFileSync(target, text);
  planted.what.push(`audit lines ${lines.map((l) => l.slice(0, 40)).join(" | ").slice(0, 300)}`);
}

/** Bidi controls (and a C1 one) in state.md and questions.md values, where status and questions print them. */
function plantBidi(rng: Rng, sb: Sandbox, planted: Planted): void {
  for (const name of ["state.md", "questions.md"]) {
    const p = path.join(sb.ws, name);
    const st = fs.lstatSync(p, { throwIfNoEntry: false });
    // Only the fixture's own files: a planted special file or sparse giant stays as it is.
    if (!st?.isFile() || st.nlink > 1 || st.size > 1024 * 1024) continue;
    const text = fs.readFileSync(p, "utf8");
    const lines = text.split("\n");
    for (let i = rng.int(1, 3); i > 0; i--) {
      const at = rng.int(0, lines.length - 1);
      const line = lines[at]!;
      const col = rng.int(0, line.length);
      lines[at] = line.slice(0, col) + rng.pick(BIDI) + (rng.chance(0.2) ? "\u0085" : "") + line.slice(col);
    }
    fs.writeFileSync(p, lines.join("\n"));
  }
  planted.what.push("bidi controls in state.md and questions.md");
}

/**
 * A tasks.md the graph readers must answer on at once: a chain or a cycle through many thousand
 * slices (once a stack overflow, issue 40), one Dependencies line of tens of thousands of ids or
 * a file of that many headings (once quadratic), runs of spaces and quotes no pattern may
 * backtrack over, and files just over the read cap. Returns the command that reads it.
 */
function plantTasks(rng: Rng, sb: Sandbox, planted: Planted): string[] {
  const p = path.join(sb.ws, "tasks.md");
  if (fs.existsSync(p)) return [];
  const slice = (i: number, deps: string) => `## SLICE-${i} s\nDependencies: ${deps}\n`;
  const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => `SLICE-${from + i}`).join(rng.pick([", ", ",", " ", ";"]));
  const shape = rng.pick(["chain", "cycle", "line", "line-mirrored", "headings", "spaces", "quotes", "over-cap"]);
  const n = rng.int(12_000, 20_000);
  let text = "";
  if (shape === "chain" || shape === "cycle") {
    text = Array.from({ length: n }, (_, k) => slice(k + 1, k + 1 < n ? `SLICE-${k + 2}` : shape === "cycle" ? "SLICE-1" : "none")).join("\n");
  }
  if (shape === "line") text = slice(1, ids(2, rng.int(20_000, 80_000)));
  if (shape === "line-mirrored") {
    const list = ids(2, rng.int(10_000, 30_000));
    text = `${slice(1, list)}depends_on: [${list}]\n`;
  }
  if (shape === "headings") text = Array.from({ length: rng.int(20_000, 40_000) }, (_, k) => `## SLICE-${k + 1}\nDependencies: none\n`).join("");
  if (shape === "spaces") {
    const run = " \t".repeat(rng.int(100_000, 250_000));
    text = `# a${run}b${run}#x#${run}\n${slice(1, `SLICE-2${run}SLICE-3${run}`)}## SLICE-2${run}x\t\nDependencies: none\n`;
  }
  if (shape === "quotes") text = slice(1, `${"(".repeat(rng.int(200_000, 500_000))}SLICE-2x${")".repeat(rng.int(200_000, 500_000))}`);
  if (shape === "over-cap") text = slice(1, "SLICE-1") + "filler\n".repeat(rng.int(150_000, 900_000));
  fs.writeFileSync(p, text);
  planted.what.push(`tasks.md ${shape} (${text.length} bytes)`);
  return rng.pick([["check", "task-graph"], ["check", "task-graph", "--json"], ["check", "readiness"], ["orient"], ["observe", "slice", "session-token-rotation", "SLICE-2"]]);
}

/** Ids that are shell syntax: the awaited question renamed to one, and open blocks under others. */
const SHELL_IDS = ["q-$(id>PWN)", "q-`id>PWN`", "q-$(touch${IFS}PWN)", "q-;id", "q-a|id", "q-a&&id", "q-*", "q-'x'", 'q-"x"', "q-$HOME", "q-a\\b", "q-~", "q-!x", "q-a>b"];

function plantShellIds(rng: Rng, sb: Sandbox, planted: Planted): void {
  const ids = rng.shuffle([...SHELL_IDS]).slice(0, rng.int(1, 3));
  for (const name of ["questions.md", "state.md"]) {
    const p = path.join(sb.ws, name);
    const st = fs.lstatSync(p, { throwIfNoEntry: false });
    if (!st?.isFile() || st.nlink > 1 || st.size > 1024 * 1024) continue;
    let text = fs.readFileSync(p, "utf8").split(AWAITED).join(ids[0]!);
    if (name === "questions.md") text += ids.slice(1).map((id) => `\n## ${id}\nstatus: open\ngate: ${rng.pick(["blocking", "advisory", "escalating"])}\nquestion: Which?\noptions: |\n  1. one\n`).join("");
    fs.writeFileSync(p, text);
  }
  // A directory under work/ whose name no slug may have.
  fs.mkdirSync(path.join(sb.devrites, "work", rng.pick(["x$(id>PWN)", "a b", "x;id", "`id`"])), { recursive: true });
  planted.what.push(`shell-syntax ids ${ids.join(" ")}`);
}

function hostileCase(rng: Rng): { sb: Sandbox; planted: Planted; argv: string[] } {
  let sb = makeSandbox();
  const planted: Planted = { what: [], allowed: new Map(), lookalikes: [] };
  if (rng.chance(0.5)) fs.writeFileSync(path.join(sb.ws, "events.jsonl"), '{"v":1,"event":"initialized"}\n');
  for (const f of WS_FILES) planted.allowed.set(f, new Set([sb.workspaceFiles()[f] ?? ""]));
  const kinds = [plantJournal, plantLock, plantSpecial, plantLookalikes, plantHardLink, plantAuditLines, plantBidi, plantShellIds];
  const n = rng.int(1, 3);
  for (let i = 0; i < n; i++) rng.pick(kinds)(rng, sb, planted);
  // A planted tasks.md comes with the command that reads it.
  const tasksArgv = rng.chance(0.1) ? plantTasks(rng, sb, planted) : [];
  // What each file holds after planting (a special file's stand-in included) is its "old".
  const planted_ = sb.workspaceFiles();
  for (const f of WS_FILES) planted.allowed.get(f)!.add(planted_[f] ?? "");
  const argv = tasksArgv.length > 0
    ? tasksArgv
    : rng.chance(0.12)
    ? allInvalidBatch(rng, sb, planted)
    : rng.pick([["status"], ["log"], ["log", "--json"], ["questions"], ["check"], ["check", "--json"], ["state", "resolve", AWAITED, "Keep it"], ["budget", "status"], ["init", "fresh"], ["state", "close", "session-token-rotation", "--json"], ["state", "pause", "--reason", "approval"], ["status", "--markdown"]]);
  sb = rebaseline(sb);
  return { sb, planted, argv };
}

/** What must never be printed raw: ESC and the rest of C0 but tab and newline, DEL, C1, bidi controls. */
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/**
 * The word after each printed command that takes an id, a slug or a path, where it is neither
 * plain (commands.md: [A-Za-z0-9._/:@-]) nor single-quoted: text that a shell would read as syntax.
 */
function unquotedWords(output: string): string[] {
  // Text line by line; a JSON object by its string values, each as the reader gets it.
  const strings = (v: unknown): string[] => (typeof v === "string" ? [v] : v !== null && typeof v === "object" ? Object.values(v).flatMap(strings) : []);
  const texts = output.split("\n").flatMap((line) => {
    if (!line.startsWith("{")) return [line];
    try {
      return strings(JSON.parse(line)).flatMap((s) => s.split("\n"));
    } catch {
      return [line];
    }
  });
  const text = texts.join("\n");
  const after = /devrites-engine (?:state resolve(?: --drop)?|questions show|question add --supersedes|state close|migrate|state merge-manifest|check readiness(?: --emit-binding)?|orient|init|[a-z -]*--workspace|[a-z -]*--root) (\S+)/g;
  const bad: string[] = [];
  for (const m of text.matchAll(after)) {
    const word = m[1]!.replace(/[),;]+$/, "");
    if (!word.startsWith("'") && !word.startsWith("<") && !/^[A-Za-z0-9._/:@-]*$/.test(word) && !word.startsWith("--") && !word.startsWith('"<')) bad.push(word);
  }
  return bad;
}

function violations(sb: Sandbox, planted: Planted, r: { exit: number; out: string; err: string }, ms: number): string[] {
  const out: string[] = [];
  const raw = RAW_CONTROL.exec(r.out + r.err);
  if (raw) out.push(`printed U+${raw[0].charCodeAt(0).toString(16).padStart(4, "0")} raw`);
  for (const word of unquotedWords(r.out + r.err)) out.push(`printed a command with ${JSON.stringify(word)} neither plain nor single-quoted`);
  if (planted.allInvalidBatch && (r.exit === 0 || /nothing to resolve/.test(r.out))) out.push(`an all-invalid batch exit ${r.exit}: ${r.out.split("\n")[0]}`);
  if (!Number.isInteger(r.exit) || r.exit < 0 || r.exit > 9) out.push(`exit ${r.exit} is not in the table`);
  if (/this is a bug/.test(r.err)) out.push(`reported as a bug: ${r.err.split("\n")[0]}`);
  if (ms > CASE_LIMIT_MS) out.push(`took ${ms} ms`);
  for (const c of sb.outsideChanges()) out.push(`outside: ${c}`);
  for (const n of planted.lookalikes) if (!fs.existsSync(path.join(sb.ws, n))) out.push(`deleted the user's ${n}`);
  const now = sb.workspaceFiles();
  for (const f of OWN) {
    const text = now[f];
    if (text === undefined) continue;
    const allowed = planted.allowed.get(f)!;
    // A resolve that succeeded writes new content of its own: only the untouched files are checked then.
    if (!allowed.has(text) && !(r.exit === 0 && ["questions.md", "state.md", "decisions.md"].includes(f))) out.push(`${f} is neither old nor a replayed content`);
  }
  const ev = now["events.jsonl"];
  if (ev !== undefined && ev !== "" && !ev.endsWith("\n") && !/^<\d+ bytes>$/.test(ev) && !planted.allowed.get("events.jsonl")!.has(ev)) out.push("events.jsonl ends mid-line");
  return out;
}

describe("hostile workspaces", () => {
  it(`${CASES} seeded in-process cases (seed ${SEED}): table exits, outside untouched, old-or-replayed files, no hang, the next command answers`, async () => {
    const rng = makeRng(SEED);
    const problems: string[] = [];
    for (let i = 0; i < CASES && problems.length < 10; i++) {
      const { sb, planted, argv } = hostileCase(rng);
      try {
        const t0 = Date.now();
        const r = await run(sb.project, argv, { DEVRITES_LOCK_TIMEOUT_MS: "50" });
        const bad = violations(sb, planted, r, Date.now() - t0);
        const next = await run(sb.project, ["status"], { DEVRITES_LOCK_TIMEOUT_MS: "50" });
        if (/this is a bug/.test(next.err) || next.exit > 9) bad.push(`the next status: exit ${next.exit} ${next.err.split("\n")[0]}`);
        if (r.exit === 0 && argv[0] === "status" && next.exit !== 0) bad.push(`status exit 0 then ${next.exit}: ${next.err.split("\n")[0]}`);
        if (bad.length > 0) problems.push(`case ${i} (${argv.join(" ")}; ${planted.what.join(" | ")}): ${bad.join("; ")}`);
      } finally {
        sb.cleanup();
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it(`${SPAWNED} spawned FIFO cases: no command hangs on a FIFO at any file the engine reads`, async () => {
    const rng = makeRng(SEED + 1);
    for (let i = 0; i < SPAWNED; i++) {
      const sb = makeSandbox();
      try {
        const rel = rng.pick(["ACTIVE", "AFK", "work/session-token-rotation/.engine.lock", "work/session-token-rotation/.journal", ...OWN.map((f) => `work/session-token-rotation/${f}`), "work/session-token-rotation/events.jsonl"]);
        fs.rmSync(path.join(sb.devrites, rel), { force: true });
        execFileSync("mkfifo", [path.join(sb.devrites, rel)]);
        const argv = rng.pick([["status"], ["log"], ["state", "resolve", AWAITED, "Keep it"], ["budget", "check"]]);
        const r = await runCli(argv, { cwd: sb.project, env: { DEVRITES_LOCK_TIMEOUT_MS: "200" }, timeoutMs: 8_000 });
        expect(r.exit, `${rel} ${argv.join(" ")}: ${r.stderr}`).toBeGreaterThanOrEqual(0);
        expect(r.exit).toBeLessThanOrEqual(9);
        expect(r.stderr).not.toMatch(/this is a bug/);
      } finally {
        sb.cleanup();
      }
    }
  }, 120_000);
});

#!/usr/bin/env node
// `npm run bench`: the product's speed and memory bars (spec README, "Quality bars") measured
// against the floor, `node -e 0` of the same Node binary, timed alternately with each scenario
// in the same run, each scenario on a fresh copy of its generated workspace. `--node PATH`
// (repeatable) measures each given Node binary, all of them interleaved in the same rounds.
// Prints a table per Node line, writes bench/results.json.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runMcpBench } from "./mcp.mjs";
import { renderSummary, summarize } from "./profile-summary.mjs";
import { generateScalingWorkspace, generateWorkspaces } from "./workspaces.mjs";

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO_DIR = path.resolve(BENCH_DIR, "..");
const NOW = "2026-07-20T10:00:00Z";
/** Peak RSS may be at most this many times that of `node -e 0` (a scenario may set its own, `rssBar`). */
const RSS_BAR = 1.5;

/**
 * The time bars by Node line, as ratios to that binary's `node -e 0`. The bars hold on the lines
 * users run, where Node's compile cache works (22 and up; issue 39 measures them on 24 and 26);
 * on Node 20 (end of life, no compile cache, a slower `node -e 0`) they are regression guards at
 * the values that line reached, plus noise.
 */
const BARS = { typical: 1.3, tenThousand: 1.6, batch: 2.0, status40k: 4.0, questions40k: 4.0, check40k: 4.0 };
const NODE20_GUARDS = { typical: 1.4, tenThousand: 1.55, batch: 2.1, status40k: 5.0, questions40k: 3.8, check40k: 6.3 };
const barsFor = (major) => (major >= 22 ? { kind: "bar", ...BARS } : { kind: "guard", ...NODE20_GUARDS });

const USAGE = `usage: node bench/run.mjs [--node PATH]… [--runs N] [--rss-runs N] [--rss-method M] [--cli PATH] [--only NAME,…] [--out FILE] [--no-fail] [--keep] [--profile DIR]
       node bench/run.mjs --scaling [--node PATH]… [--sizes N,…] [--runs N] [--cli PATH] [--out FILE]

  --node PATH    a Node binary to measure (repeatable; default the Node running the bench). Every
                 row's ratio is against that binary's own \`node -e 0\`, run just before it; the
                 binaries' runs are interleaved round by round. Bars apply on Node >= 22; on
                 Node 20 the rows are held to regression guards instead (docs/performance.md)

  --runs N       timed pairs (node -e 0, scenario) per scenario; the median is reported (default 21)
  --rss-runs N   extra pairs per scenario under the RSS probe (default 7)
  --rss-method M gnu-time (default when /usr/bin/time -f works) or probe (process.resourceUsage)
  --cli PATH     the built CLI (default dist/devrites-engine.cjs)
  --only NAMES   comma-separated scenario ids: version,status,budget-check,resolve,resolve-10k,batch-1000,
                 batch-decisions-5000,status-40k,questions-40k,check-40k,task-graph-line,task-graph-chain,mcp
                 (mcp: per-call latency over one \`devrites-engine mcp\` session, one /rite-build slice's
                 calls in total, its start-up and memory)
  --out FILE     where the JSON results go (default bench/results.json)
  --no-fail      report only: exit 0 even when a bar is missed
  --keep         keep the generated workspaces (their path is printed)
  --profile DIR  afterwards, run each scenario once more under node --cpu-prof (profiles in DIR)
                 and print where its time goes: module loading, engine code, fsync, other I/O, GC
  --scaling      instead of the bars: the scaling table (docs/performance.md) — status, questions,
                 check and state resolve on questions.md files of each size (a third open), median
                 wall time and peak RSS over --runs runs (default 5), with node -e 0 alongside
  --sizes N,…    the scaling table's question counts (default 1000,10000,40000,100000)`;

function parseOptions(argv) {
  const o = { nodes: [], scaling: false, sizes: [1_000, 10_000, 40_000, 100_000], rssMethod: undefined, profile: undefined, runs: undefined, rssRuns: 7, cli: path.join(REPO_DIR, "dist", "devrites-engine.cjs"), only: undefined, out: path.join(BENCH_DIR, "results.json"), fail: true, keep: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    const count = (name) => {
      const v = value();
      if (!/^\d+$/.test(v) || Number(v) < 1) throw new Error(`${name} takes a positive whole number, not ${JSON.stringify(v)}`);
      return Number(v);
    };
    if (a === "--runs") o.runs = count(a);
    else if (a === "--rss-runs") o.rssRuns = count(a);
    else if (a === "--cli") o.cli = path.resolve(value());
    else if (a === "--node") o.nodes.push(path.resolve(value()));
    else if (a === "--only") o.only = value().split(",").map((s) => s.trim()).filter(Boolean);
    else if (a === "--out") o.out = path.resolve(value());
    else if (a === "--no-fail") o.fail = false;
    else if (a === "--keep") o.keep = true;
    else if (a === "--rss-method") {
      const m = value();
      if (m !== "gnu-time" && m !== "probe") throw new Error(`--rss-method takes gnu-time or probe, not ${JSON.stringify(m)}`);
      o.rssMethod = m === "probe" ? "resource-usage-probe" : m;
    }
    else if (a === "--profile") o.profile = path.resolve(value());
    else if (a === "--scaling") o.scaling = true;
    else if (a === "--sizes") {
      o.sizes = value().split(",").map((x) => x.trim().replace(/_/g, ""));
      if (o.sizes.some((x) => !/^\d+$/.test(x) || Number(x) < 1)) throw new Error(`--sizes takes positive whole numbers, not ${JSON.stringify(o.sizes.join(","))}`);
      o.sizes = o.sizes.map(Number);
    }
    else if (a === "--help" || a === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`unknown option ${a}`);
  }
  o.runs ??= o.scaling ? 5 : 21;
  if (o.nodes.length === 0) o.nodes.push(process.execPath);
  return o;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? NaN : s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** The environment every run gets: no DEVRITES_* from the caller, the clock pinned. */
function benchEnv() {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("DEVRITES_") && !k.startsWith("NODE_OPTIONS")) env[k] = v;
  return { ...env, DEVRITES_NOW: NOW, NO_COLOR: "1" };
}

/**
 * How peak RSS is measured: GNU time (`/usr/bin/time -f %M -o FILE`) when it works here,
 * else bench/rss-probe.mjs, which reads process.resourceUsage().maxRSS inside the process.
 */
function rssMethod(scratch) {
  const probeOut = path.join(scratch, "rss-detect.txt");
  if (fs.existsSync("/usr/bin/time")) {
    const r = spawnSync("/usr/bin/time", ["-f", "%M", "-o", probeOut, process.execPath, "-e", "0"], { stdio: "ignore" });
    if (r.status === 0 && /^\d+\s*$/.test(safeRead(probeOut))) return "gnu-time";
  }
  return "resource-usage-probe";
}

function safeRead(p) {
  try {
    return fs.readFileSync(p, "utf8");
  } catch {
    return "";
  }
}

/**
 * A Node binary the bench measures: its path, the version it reports and its major line.
 * Exits 2 (a usage error) when the path does not run as Node.
 */
function nodeLine(bin) {
  const r = spawnSync(bin, ["-p", "process.version"], { encoding: "utf8" });
  const version = r.status === 0 ? r.stdout.trim() : "";
  if (!/^v\d+\.\d+\.\d+/.test(version)) {
    console.error(`bench: --node ${bin} does not run as Node (${r.error?.message ?? `exit ${r.status}: ${firstLine(String(r.stderr))}`})`);
    process.exit(2);
  }
  return { node: bin, version, major: Number(version.slice(1).split(".")[0]) };
}

/** Run `node [args]` once; wall time in ms around the whole spawn (start-up included). */
function timed(node, args, cwd, env) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(node, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  return { ms, status: r.status, signal: r.signal, stdout: String(r.stdout), stderr: String(r.stderr), error: r.error };
}

/**
 * What GNU time (`-f "%M %R"`) or bench/rss-probe.mjs wrote: peak RSS in KiB and minor page
 * faults. The last line holds them (GNU time writes "Command exited with non-zero status N"
 * above it when the command exits non-zero).
 */
function readProbe(out) {
  const [kb, faults] = (safeRead(out).trim().split("\n").pop() ?? "").trim().split(/\s+/).map(Number);
  return { kb: Number.isFinite(kb) && kb > 0 ? kb : NaN, faults: Number.isFinite(faults) ? faults : NaN };
}

/** Peak RSS (KiB) and minor page faults of `node [args]`, by the chosen method; `script` undefined = `node -e 0`. */
function peakRss(node, method, script, args, cwd, env, scratch) {
  const out = path.join(scratch, "rss.txt");
  fs.rmSync(out, { force: true });
  let r;
  if (method === "gnu-time") {
    const nodeArgs = script === undefined ? ["-e", "0"] : [script, ...args];
    r = spawnSync("/usr/bin/time", ["-f", "%M %R", "-o", out, node, ...nodeArgs], { cwd, env, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024 });
  } else {
    r = spawnSync(node, [path.join(BENCH_DIR, "rss-probe.mjs"), out, script ?? "-", ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024 });
  }
  return { ...readProbe(out), status: r.status, stderr: String(r.stderr) };
}

function scenarios(ws, bars) {
  const resolveOk = (qid) => (r) => r.status === 0 && r.stdout.includes(`Resolved: ${qid}`);
  return [
    // Informational (no bar): start-up of the bundle alone — module load and argv parsing, no disk.
    { id: "version", name: "--version (module load only; info)", ws: ws.typical, args: ["--version"], bar: undefined, ok: (r) => r.status === 0 },
    { id: "status", name: "status (typical)", ws: ws.typical, args: ["status"], bar: bars.typical, ok: (r) => r.status === 0 },
    {
      id: "budget-check",
      name: "budget check (AFK)",
      ws: ws.typicalAfk,
      args: ["budget", "check", "--agents-used", "4", "--minutes-used", "30", "--findings", "1"],
      bar: bars.typical,
      ok: (r) => r.status === 0,
    },
    {
      id: "resolve",
      name: "state resolve (typical)",
      ws: ws.typical,
      args: ["state", "resolve", ws.typical.awaited, "Keep one release, drop in follow-up"],
      bar: bars.typical,
      ok: resolveOk(ws.typical.awaited),
    },
    {
      id: "resolve-10k",
      name: "state resolve (10,000 questions)",
      ws: ws.tenThousand,
      args: ["state", "resolve", ws.tenThousand.awaited, "Keep one release, drop in follow-up"],
      bar: bars.tenThousand,
      ok: resolveOk(ws.tenThousand.awaited),
    },
    {
      id: "batch-1000",
      name: "state resolve --batch (1,000 entries)",
      ws: ws.batch,
      args: ["state", "resolve", "--batch", "answers.txt"],
      bar: bars.batch,
      ok: (r) => r.status === 0 && (r.stdout.match(/^(Resolved|Dropped): /gm) ?? []).length === ws.batch.entries,
    },
    // Each answer also recorded as a DEC entry: linear in the entries (decisions.md parsed once).
    {
      id: "batch-decisions-5000",
      name: "state resolve --record-decision --batch (5,000 entries)",
      ws: ws.decisions,
      args: ["state", "resolve", "--record-decision", "--batch", "answers.txt"],
      bar: 6.0,
      rssBar: 3.0,
      ok: (r) => r.status === 0 && (r.stdout.match(/^Resolved: /gm) ?? []).length === ws.decisions.entries,
    },
    // The read-only commands on a 40,000-question file (~12 MB, a third open): ≤ 3× in memory;
    // time by line (the compass's goal stays 3×).
    { id: "status-40k", name: "status (40,000 questions)", ws: ws.fortyThousand, args: ["status"], bar: bars.status40k, rssBar: 3.0, ok: (r) => r.status === 0 },
    { id: "questions-40k", name: "questions (40,000 questions)", ws: ws.fortyThousand, args: ["questions"], bar: bars.questions40k, rssBar: 3.0, ok: (r) => r.status === 0 },
    // check exits 3 here: the generated file has open blocking questions while the run is running.
    { id: "check-40k", name: "check (40,000 questions)", ws: ws.fortyThousand, args: ["check"], bar: bars.check40k, rssBar: 3.0, ok: (r) => r.status === 0 || r.status === 3 },
    // tasks.md at its read cap in the two shapes that were quadratic or overflowed the stack: a
    // walk or a parse that is not linear misses these bars many times over (docs/performance.md).
    { id: "task-graph-line", name: "check task-graph (1 MiB, one Dependencies line)", ws: ws.taskGraphLine, args: ["check", "task-graph"], bar: 5.0, rssBar: 3.0, ok: (r) => r.status === 0 },
    { id: "task-graph-chain", name: "check task-graph (1 MiB, a chain of slices)", ws: ws.taskGraphChain, args: ["check", "task-graph"], bar: 5.0, rssBar: 3.0, ok: (r) => r.status === 0 },
  ];
}

/** A fresh copy of a template project (outside the timed region). */
function freshCopy(template, scratch, tag) {
  const dir = path.join(scratch, `run-${tag}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(template, dir, { recursive: true });
  return dir;
}

function firstLine(s) {
  return (s.split("\n").find((l) => l.trim() !== "") ?? "").slice(0, 160);
}

const fmtMs = (x) => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : "—");
const fmtX = (x) => (Number.isFinite(x) ? `${x.toFixed(2)}×` : "—");
// Minor page faults over those of `node -e 0`: what a command touches for the first time, a cost
// that repeats to a few faults where wall time on a shared machine does not (docs/performance.md).
const fmtFaults = (n) => (Number.isFinite(n) ? `${n >= 0 ? "+" : "−"}${Math.abs(n).toLocaleString("en-US")}` : "—");
const fmtMb = (kb) => (Number.isFinite(kb) ? `${(kb / 1024).toFixed(1)} MB` : "—");

function table(rows, kind) {
  const head = ["scenario", "median", "node -e 0", "ratio", kind, "peak RSS", "RSS ratio", "faults", "result"];
  const body = rows.map((r) => [
    r.name,
    fmtMs(r.median_ms),
    fmtMs(r.baseline_median_ms),
    fmtX(r.ratio),
    r.bar === null ? "(info)" : `≤ ${r.bar.toFixed(2).replace(/0$/, "")}×`,
    fmtMb(r.rss_kb),
    fmtX(r.rss_ratio),
    fmtFaults(r.faults - r.baseline_faults),
    r.error ? `ERROR: ${r.error}` : r.info ? "info" : r.pass ? "pass" : `MISSED (${[!r.time_pass && "time", !r.rss_pass && "memory"].filter(Boolean).join(", ")})`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => [...b[i]].length)));
  const line = (cells) => `| ${cells.map((c, i) => c + " ".repeat(widths[i] - [...c].length)).join(" | ")} |`;
  return [line(head), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...body.map(line)].join("\n");
}

/**
 * The scaling table: each command on each size, `runs` alternating runs (node -e 0 first), on
 * a fresh copy each; wall time and peak RSS (GNU time when present) of the same run.
 */
function runScaling(opts, scratch, env, nl) {
  const method = opts.rssMethod ?? rssMethod(scratch);
  const loadBefore = os.loadavg();
  const t0 = Date.now();
  console.log(`devrites-engine scaling: ${opts.runs} runs per cell, CLI ${path.relative(REPO_DIR, opts.cli) || opts.cli}`);
  console.log(`node ${nl.version} (${nl.node}), ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load ${loadBefore.map((x) => x.toFixed(2)).join(" ")}, RSS by ${method}`);
  const commands = [
    { id: "status", args: () => ["status"] },
    { id: "questions", args: () => ["questions"] },
    { id: "check", args: () => ["check"] },
    { id: "resolve", args: (w) => ["state", "resolve", w.awaited, "Keep one release, drop in follow-up"] },
  ];
  const measure = (script, args, cwd) => {
    const out = path.join(scratch, "rss.txt");
    fs.rmSync(out, { force: true });
    const nodeArgs = script === undefined ? ["-e", "0"] : [script, ...args];
    const t = process.hrtime.bigint();
    const r =
      method === "gnu-time"
        ? spawnSync("/usr/bin/time", ["-f", "%M", "-o", out, nl.node, ...nodeArgs], { cwd, env, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 256 * 1024 * 1024 })
        : spawnSync(nl.node, [path.join(BENCH_DIR, "rss-probe.mjs"), out, script ?? "-", ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 256 * 1024 * 1024 });
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    if (r.status !== 0 && r.status !== 3) throw new Error(`${args.join(" ")} exited ${r.status}: ${firstLine(String(r.stderr))}`);
    return { ms, kb: readProbe(out).kb };
  };
  const rows = [];
  const baseline = { ms: [], kb: [] };
  for (const count of opts.sizes) {
    const w = generateScalingWorkspace(path.join(scratch, "templates"), count);
    const row = { count, bytes: w.bytes };
    for (const c of commands) {
      const ms = [];
      const kb = [];
      for (let i = 0; i < opts.runs + 1; i++) {
        const cwd = freshCopy(w.project, scratch, `scaling-${c.id}`);
        const b = measure(undefined, [], cwd);
        const r = measure(opts.cli, c.args(w), cwd);
        fs.rmSync(cwd, { recursive: true, force: true });
        if (i === 0) continue; // warm-up
        baseline.ms.push(b.ms);
        baseline.kb.push(b.kb);
        ms.push(r.ms);
        kb.push(r.kb);
      }
      row[c.id] = { ms: median(ms), kb: median(kb) };
    }
    fs.rmSync(w.project, { recursive: true, force: true });
    rows.push(row);
  }
  const base = { ms: median(baseline.ms), kb: median(baseline.kb) };
  const head = ["questions", "questions.md", ...commands.map((c) => c.id)];
  const cell = (x) => `${x.ms.toFixed(0)} ms, ${(x.kb / 1024).toFixed(0)} MB`;
  const body = rows.map((r) => [r.count.toLocaleString("en-US"), `${(r.bytes / 1e6).toFixed(2)} MB`, ...commands.map((c) => cell(r[c.id]))]);
  body.push(["node -e 0", "—", ...commands.map(() => cell(base))]);
  // What each 1,000 more questions cost from one size to the next: constant down a column
  // when the growth is linear (fixed costs — start-up, the bounded remark cross-check — cancel).
  const k = (n) => (n >= 1000 && n % 1000 === 0 ? `${n / 1000}k` : String(n));
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = [rows[i - 1], rows[i]];
    const per = (x, y) => ((y - x) * 1000) / (b.count - a.count);
    body.push([`+1,000 (${k(a.count)}→${k(b.count)})`, "", ...commands.map((c) => `${per(a[c.id].ms, b[c.id].ms).toFixed(1)} ms, ${(per(a[c.id].kb, b[c.id].kb) / 1024).toFixed(2)} MB`)]);
  }
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => [...b[i]].length)));
  const line = (cells) => `| ${cells.map((x, i) => x + " ".repeat(widths[i] - [...x].length)).join(" | ")} |`;
  console.log("");
  console.log([line(head), `| ${widths.map((n) => "-".repeat(n)).join(" | ")} |`, ...body.map(line)].join("\n"));
  const loadAfter = os.loadavg();
  console.log(`\n(${((Date.now() - t0) / 1000).toFixed(1)} s; load after ${loadAfter.map((x) => x.toFixed(2)).join(" ")})`);
  return { date: new Date().toISOString(), node: nl.version, node_path: nl.node, cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}`, load_before: loadBefore, load_after: loadAfter, runs: opts.runs, rss_method: method, baseline: base, rows };
}

const fmtLoad = (l) => l.map((x) => x.toFixed(2)).join(" ");

async function main() {
  let opts;
  try {
    opts = parseOptions(process.argv.slice(2));
  } catch (e) {
    console.error(`bench: ${e.message}\n${USAGE}`);
    process.exit(2);
  }
  if (!fs.existsSync(opts.cli)) {
    console.error(`bench: no CLI at ${opts.cli}; run npm run build first (or pass --cli)`);
    process.exit(2);
  }
  const nodeLines = opts.nodes.map(nodeLine);
  if (opts.scaling) {
    const scratch = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "devrites-bench-")));
    try {
      const results = nodeLines.map((line) => runScaling(opts, scratch, benchEnv(), line));
      const out = opts.out === path.join(BENCH_DIR, "results.json") ? path.join(BENCH_DIR, "scaling.json") : opts.out;
      fs.writeFileSync(out, JSON.stringify(results.length === 1 ? results[0] : { lines: results }, null, 2) + "\n");
      console.log(`results: ${path.relative(process.cwd(), out) || out}`);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
    return;
  }
  const scratch = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "devrites-bench-")));
  const env = benchEnv();
  const method = opts.rssMethod ?? rssMethod(scratch);
  const loadBefore = os.loadavg();
  const t0 = Date.now();
  const ws = generateWorkspaces(path.join(scratch, "templates"));
  const known = scenarios(ws, barsFor(22)).map((s) => s.id);
  const withMcp = !opts.only || opts.only.includes("mcp");
  if (opts.only) {
    const unknown = opts.only.filter((id) => id !== "mcp" && !known.includes(id));
    if (unknown.length > 0) {
      console.error(`bench: unknown scenario ${unknown.join(", ")}; known: ${known.join(", ")}, mcp`);
      process.exit(2);
    }
  }
  const lines = nodeLines.map((line) => {
    const bars = barsFor(line.major);
    const list = scenarios(ws, bars).filter((s) => !opts.only || opts.only.includes(s.id));
    return { ...line, bars, list, state: new Map(list.map((s) => [s.id, { samples: [], baseline: [], ratios: [], rss: [], rssBaseline: [], faults: [], faultsBaseline: [], error: undefined }])) };
  });
  console.log(`devrites-engine bench: ${opts.runs} alternating runs per scenario (+${opts.rssRuns} for RSS), CLI ${path.relative(REPO_DIR, opts.cli) || opts.cli}`);
  for (const l of lines) console.log(`node ${l.version} (${l.node}): ${l.bars.kind === "bar" ? "bars" : "regression guards (Node 20)"}`);
  console.log(`${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load ${fmtLoad(loadBefore)}, RSS by ${method}`);
  console.log(`workspaces: typical ${ws.typical.bytes} B questions.md; 10k ${(ws.tenThousand.bytes / 1e6).toFixed(2)} MB, awaiting ${ws.tenThousand.awaited}; 40k ${(ws.fortyThousand.bytes / 1e6).toFixed(2)} MB; batch ${ws.batch.entries} entries`);
  if (loadBefore[0] > os.cpus().length * 0.5) console.log(`warning: load average ${loadBefore[0].toFixed(2)} — the machine is not quiet; ratios will be noisy`);

  // Each round runs every (Node, scenario) pair once, in a shuffled order, so no scenario always
  // follows the same one and every Node line sees the same load over the run.
  const warmups = 2;
  for (let round = 0; round < warmups + opts.runs + opts.rssRuns; round++) {
    const phase = round < warmups ? "warmup" : round < warmups + opts.runs ? "time" : "rss";
    const order = lines.flatMap((l) => l.list.map((s) => ({ l, s }))).sort(() => Math.random() - 0.5);
    for (const { l, s } of order) {
      const st = l.state.get(s.id);
      if (st.error) continue;
      const cwd = freshCopy(s.ws.project, scratch, s.id);
      if (phase === "rss") {
        const b = peakRss(l.node, method, undefined, [], cwd, env, scratch);
        const r = peakRss(l.node, method, opts.cli, s.args, cwd, env, scratch);
        if (r.status !== 0 && !(s.id === "check-40k" && r.status === 3)) st.error = `exit ${r.status}: ${firstLine(r.stderr)}`;
        else {
          st.rssBaseline.push(b.kb);
          st.rss.push(r.kb);
          st.faultsBaseline.push(b.faults);
          st.faults.push(r.faults);
        }
      } else {
        const b = timed(l.node, ["-e", "0"], cwd, env);
        const r = timed(l.node, [opts.cli, ...s.args], cwd, env);
        if (!s.ok(r)) {
          st.error = r.error ? String(r.error.message) : `exit ${r.status ?? r.signal}: ${firstLine(r.stderr) || firstLine(r.stdout)}`;
        } else if (phase === "time") {
          st.baseline.push(b.ms);
          st.samples.push(r.ms);
          st.ratios.push(r.ms / b.ms);
        }
      }
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  }
  const loadAfterCli = os.loadavg();

  const results = [];
  for (const l of lines) {
    const rows = l.list.map((s) => rowOf(s, l.state.get(s.id)));
    console.log("");
    console.log(`Node ${l.version} (${l.node}), ${l.bars.kind === "bar" ? "bars" : "regression guards"}:`);
    console.log(table(rows, l.bars.kind));
    results.push({ node: l.node, version: l.version, bars: l.bars.kind, scenarios: rows, mcp: [] });
  }
  console.log(`\n(load after the CLI rounds: ${fmtLoad(loadAfterCli)})`);
  if (withMcp) {
    for (const [i, l] of lines.entries()) {
      console.log(`\nNode ${l.version}: MCP (load ${fmtLoad(os.loadavg())})`);
      results[i].mcp = await runMcpBench({ node: l.node, cli: opts.cli, env, ws, scratch, runs: opts.runs, cliMedians: Object.fromEntries(results[i].scenarios.map((r) => [r.id, r.median_ms])) });
    }
  }
  for (const r of results) r.pass = r.scenarios.every((x) => x.pass) && r.mcp.every((x) => x.pass);
  const loadAfter = os.loadavg();
  const pass = results.every((r) => r.pass);
  console.log("");
  for (const r of results) console.log(`Node ${r.version}: ${r.pass ? `every ${r.bars} met` : `${r.bars}s missed`}`);
  console.log(`(${((Date.now() - t0) / 1000).toFixed(1)} s; load before ${fmtLoad(loadBefore)}, after ${fmtLoad(loadAfter)})`);

  if (opts.profile) {
    for (const l of lines) {
      console.log(`\nNode ${l.version}: profiles (node --cpu-prof, one run each) in ${opts.profile}:`);
      for (const s of l.list) {
        const dir = path.join(opts.profile, lines.length > 1 ? `${l.version}-${s.id}` : s.id);
        fs.rmSync(dir, { recursive: true, force: true });
        const cwd = freshCopy(s.ws.project, scratch, `${s.id}-prof`);
        const r = timed(l.node, ["--cpu-prof", `--cpu-prof-dir=${dir}`, opts.cli, ...s.args], cwd, env);
        fs.rmSync(cwd, { recursive: true, force: true });
        const file = fs.existsSync(dir) ? fs.readdirSync(dir).find((f) => f.endsWith(".cpuprofile")) : undefined;
        console.log(`\n${s.name} (${r.ms.toFixed(1)} ms wall under the profiler, exit ${r.status})`);
        if (file) console.log(renderSummary(summarize(path.join(dir, file)), 8).map((x) => `  ${x}`).join("\n"));
      }
    }
  }

  const out = {
    date: new Date().toISOString(),
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}`,
    load_before: loadBefore,
    load_after_cli: loadAfterCli,
    load_after: loadAfter,
    cli: opts.cli,
    runs: opts.runs,
    rss_runs: opts.rssRuns,
    rss_method:
      method === "gnu-time"
        ? "/usr/bin/time -f '%M %R' (peak RSS of the node process, KiB; minor page faults)"
        : "process.resourceUsage() maxRSS and minorPageFault inside the process (bench/rss-probe.mjs, KiB)",
    ratio: "median over runs of (scenario wall time / the same binary's node -e 0 run just before it)",
    pass,
    lines: results,
  };
  fs.mkdirSync(path.dirname(opts.out), { recursive: true });
  fs.writeFileSync(opts.out, JSON.stringify(out, null, 2) + "\n");
  console.log(`results: ${path.relative(process.cwd(), opts.out) || opts.out}`);
  if (opts.keep) console.log(`workspaces kept in ${scratch}`);
  else fs.rmSync(scratch, { recursive: true, force: true });
  if (!pass && opts.fail) process.exitCode = 1;
}

/** One scenario's row: medians, ratios, pass against its bar (or guard) and RSS bar. */
function rowOf(s, st) {
  const rssKb = median(st.rss);
  const rssBase = median(st.rssBaseline);
  const ratio = median(st.ratios);
  const rssRatio = rssKb / rssBase;
  const timePass = !st.error && (s.bar === undefined || ratio <= s.bar);
  const rssBar = s.rssBar ?? RSS_BAR;
  const rssPass = !st.error && rssRatio <= rssBar;
  return {
    id: s.id,
    name: s.name,
    args: s.args,
    bar: s.bar ?? null,
    median_ms: median(st.samples),
    baseline_median_ms: median(st.baseline),
    ratio,
    min_ms: st.samples.length ? Math.min(...st.samples) : NaN,
    max_ms: st.samples.length ? Math.max(...st.samples) : NaN,
    rss_kb: rssKb,
    baseline_rss_kb: rssBase,
    rss_ratio: rssRatio,
    rss_bar: rssBar,
    faults: median(st.faults),
    baseline_faults: median(st.faultsBaseline),
    time_pass: timePass,
    rss_pass: rssPass,
    info: s.bar === undefined,
    pass: s.bar === undefined ? !st.error : timePass && rssPass,
    error: st.error,
    samples_ms: st.samples.map((x) => Math.round(x * 100) / 100),
    baseline_samples_ms: st.baseline.map((x) => Math.round(x * 100) / 100),
  };
}

await main();

// The MCP section of `npm run bench`: per-call latency over one `devrites-engine mcp` session
// (the SDK's own stdio client), side by side with the CLI's full process for the same work;
// server start to the first answered tools/list against `node -e 0`; resident memory growth from
// the start and after a warm-up.

import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

/** Resident memory after 1,000 calls may be at most this many times that after 10 (also after a warm-up). */
const RSS_GROWTH_BAR = 1.1;
/**
 * Calls before the second memory row's "after 10": V8's own warm-up (JIT tiers, the young
 * generation's first sizing, the first full collections) is over by then (docs/performance.md).
 */
const RSS_WARMUP_CALLS = 3000;
const START_BAR = 1.5;
/** One /rite-build slice's engine calls over one session, in total (issue 39, item 4). */
const SLICE_BAR_MS = 10;

/**
 * One /rite-build slice's engine traffic, in the order the skill makes the calls, on a 5.x build
 * workspace (bench/workspaces.mjs `writeSliceWorkspace`: release milestone `invoice-export`
 * building SLICE-002, its predecessor archived). `names` are the tool names a step may go by
 * (the first the server lists is called); a step no listed tool serves is reported missing, and
 * the row cannot pass. `args(w, tool, earlier)` gets the workspace, the tool's input schema and
 * the earlier steps' results; `ok(result)` says whether the call did the step's work (a call that
 * answers an error, or the wrong answer, fails the row instead of being timed).
 */
const SLICE_STEPS = [
  { step: "orient", names: ["orient"], args: (w, tool) => target(tool, w.slug), ok: (r, w) => r.slug === w.slug && r.active_slice === w.slice },
  { step: "observe slice", names: ["observe_slice", "observe"], args: (w, tool) => ({ ...target(tool, w.slug), slice: w.slice }), ok: (r, w) => typeof r.text === "string" && r.text.includes(w.slice) },
  { step: "check readiness", names: ["check_readiness", "readiness"], args: (w, tool) => target(tool, w.slug), ok: (r) => r.result === "pass" },
  { step: "budget check", names: ["budget_check"], args: () => ({ agents_used: 4, minutes_used: 30, findings: 0 }), ok: (r) => r.mode === "afk" && r.admit === true },
  {
    step: "question add",
    names: ["question_add"],
    args: (w) => ({ gate: "validating", question: "Keep the legacy column for one release?", slice: w.slice, options: ["Keep one release", "Drop now"] }),
    ok: (r) => typeof r.qid === "string",
  },
  { step: "state resolve", names: ["resolve"], args: (w, tool, earlier) => ({ qid: earlier["question add"]?.qid, answer: "Keep one release" }), ok: (r) => r.results?.[0]?.outcome === "answered" },
  { step: "budget spend", names: ["budget_spend"], args: (w) => ({ slice: w.slice }), ok: (r) => r.charged === true },
  // The skill's `state merge-manifest <slug>`: the predecessors are the release's sequence chain.
  { step: "state merge-manifest", names: ["merge_manifest"], args: (w) => ({ slug: w.slug }), ok: (r) => Array.isArray(r.predecessors) && r.predecessors.length > 0 },
];

/** How a tool takes the workspace: a `slug` field, else `workspace`, else neither (ACTIVE). */
function target(tool, slug) {
  const props = tool.inputSchema?.properties ?? {};
  return "slug" in props ? { slug } : "workspace" in props ? { workspace: slug } : {};
}

/**
 * The slice's calls over one session, `reps` times, the workspace restored before each (outside
 * the timed region); median total and per-step medians. Missing tools are listed, not timed.
 */
export async function sliceTraffic(node, cli, env, scratch, w, reps) {
  const dir = path.join(scratch, "mcp-slice");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  restore(w.project, dir);
  const { client } = await session(node, cli, dir, env);
  try {
    const { tools } = await client.listTools();
    const steps = SLICE_STEPS.map((s) => ({ ...s, tool: tools.find((t) => s.names.includes(t.name)) }));
    const present = steps.filter((s) => s.tool);
    const missing = steps.filter((s) => !s.tool).map((s) => `${s.step} (${s.names.join(" or ")})`);
    const totals = [];
    const per = new Map(present.map((s) => [s.step, []]));
    for (let i = 0; i < reps + 3; i++) {
      restore(w.project, dir);
      const earlier = {};
      let total = 0;
      for (const s of present) {
        const args = s.args(w, s.tool, earlier);
        const t0 = process.hrtime.bigint();
        const r = await callOk(client, s.tool.name, args);
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        earlier[s.step] = r.structuredContent ?? {};
        if (!s.ok(earlier[s.step], w)) throw new Error(`${s.step} (${s.tool.name}) did not do the step's work: ${JSON.stringify(earlier[s.step]).slice(0, 300)}`);
        total += ms;
        if (i >= 3) per.get(s.step).push(ms);
      }
      if (i >= 3) totals.push(total);
    }
    const medianMs = median(totals);
    return {
      id: "mcp-slice",
      name: `mcp one /rite-build slice (${present.length} of ${steps.length} calls)`,
      median_ms: medianMs,
      steps: present.map((s) => ({ step: s.step, tool: s.tool.name, median_ms: median(per.get(s.step)) })),
      missing,
      bar_ms: SLICE_BAR_MS,
      reps,
      pass: missing.length === 0 && medianMs <= SLICE_BAR_MS,
    };
  } finally {
    await client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? NaN : s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmtMs = (x) => (Number.isFinite(x) ? `${x.toFixed(2)} ms` : "—");

/** The server's resident set (KiB) from /proc; NaN where there is no /proc. */
function rssKb(pid) {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : NaN;
  } catch {
    return NaN;
  }
}

/** Replace `dir`'s .devrites tree with the template's (outside the timed region). */
function restore(template, dir) {
  fs.rmSync(path.join(dir, ".devrites"), { recursive: true, force: true });
  fs.cpSync(path.join(template, ".devrites"), path.join(dir, ".devrites"), { recursive: true });
}

async function session(node, cli, root, env) {
  const transport = new StdioClientTransport({ command: node, args: [cli, "mcp", "--root", root], env, stderr: "pipe" });
  const client = new Client({ name: "devrites-bench", version: "0" });
  await client.connect(transport);
  return { client, transport };
}

async function callOk(client, name, args) {
  const r = await client.callTool({ name, arguments: args });
  if (r.isError) throw new Error(`${name}: ${r.content?.[0]?.text ?? "error"}`);
  return r;
}

/** Median latency of `calls` calls of one tool in one session; `fresh` restores the files before each call. */
async function latency(node, cli, env, scratch, s, calls) {
  const dir = path.join(scratch, `mcp-${s.id}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  restore(s.ws.project, dir);
  const { client } = await session(node, cli, dir, env);
  try {
    const samples = [];
    for (let i = 0; i < calls + 5; i++) {
      if (s.fresh) restore(s.ws.project, dir);
      const t0 = process.hrtime.bigint();
      await callOk(client, s.tool, s.args);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (i >= 5) samples.push(ms);
    }
    return { median_ms: median(samples), min_ms: Math.min(...samples), max_ms: Math.max(...samples) };
  } finally {
    await client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Spawn `node args…` (a server on stdio) to the answer of its first tools/list (initialize
 * handshake included), raw JSON-RPC; also used by floor-mcp-start.mjs.
 */
export function startToList(node, args, env = process.env) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(node, args, { env, stdio: ["pipe", "pipe", "ignore"] });
    let buf = "";
    child.stdout.on("data", (d) => {
      buf += d.toString();
      for (let nl; (nl = buf.indexOf("\n")) >= 0; ) {
        const m = JSON.parse(buf.slice(0, nl));
        buf = buf.slice(nl + 1);
        if (m.id === 1) {
          child.stdin.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
          child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }) + "\n");
        } else if (m.id === 2) {
          const ms = Number(process.hrtime.bigint() - t0) / 1e6;
          child.stdin.end();
          child.on("exit", () => resolve({ ms, tools: m.result?.tools?.length ?? 0 }));
        }
      }
    });
    child.on("error", reject);
    child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "0" } } }) + "\n");
  });
}

/**
 * Run the MCP section and print its table.
 * @param cliMedians  the CLI process medians from the main table, by scenario id
 */
export async function runMcpBench({ node, cli, env, ws, scratch, runs, cliMedians }) {
  const calls = Math.max(21, runs * 5);
  const latencies = [
    { id: "budget-check", tool: "budget_check", ws: ws.typicalAfk, args: { agents_used: 4, minutes_used: 30, findings: 1 }, bar: 5, fresh: false },
    { id: "status", tool: "status", ws: ws.typical, args: {}, bar: 5, fresh: false },
    { id: "resolve", tool: "resolve", ws: ws.typical, args: { qid: ws.typical.awaited, answer: "Keep one release, drop in follow-up" }, bar: 15, fresh: true },
    { id: "resolve-10k", tool: "resolve", ws: ws.tenThousand, args: { qid: ws.tenThousand.awaited, answer: "Keep one release, drop in follow-up" }, bar: 40, fresh: true },
  ];
  const rows = [];
  for (const s of latencies) {
    try {
      const r = await latency(node, cli, env, scratch, s, calls);
      rows.push({ id: `mcp-${s.id}`, name: `mcp ${s.tool} (${s.id === "resolve-10k" ? "10,000 questions" : s.id === "budget-check" ? "AFK" : "typical"})`, bar_ms: s.bar, ...r, cli_median_ms: cliMedians[s.id], calls, pass: r.median_ms <= s.bar });
    } catch (e) {
      rows.push({ id: `mcp-${s.id}`, name: `mcp ${s.tool}`, bar_ms: s.bar, error: e.message, pass: false });
    }
  }

  let sliceRow;
  try {
    sliceRow = await sliceTraffic(node, cli, env, scratch, ws.slice, Math.max(11, runs));
  } catch (e) {
    sliceRow = { id: "mcp-slice", name: "mcp one /rite-build slice", error: e.message, bar_ms: SLICE_BAR_MS, pass: false };
  }

  // Start-up: alternate `node -e 0` and server start → first tools/list answer.
  const startDir = path.join(scratch, "mcp-start");
  fs.mkdirSync(startDir, { recursive: true });
  restore(ws.typical.project, startDir);
  const base = [];
  const start = [];
  const ratios = [];
  for (let i = 0; i < runs + 2; i++) {
    const t0 = process.hrtime.bigint();
    spawnSync(node, ["-e", "0"], { env, stdio: "ignore" });
    const b = Number(process.hrtime.bigint() - t0) / 1e6;
    const r = await startToList(node, [cli, "mcp", "--root", startDir], env);
    if (i >= 2) {
      base.push(b);
      start.push(r.ms);
      ratios.push(r.ms / b);
    }
  }
  const startRatio = median(ratios);
  const startRow = { id: "mcp-start", name: "mcp start → first tools/list", median_ms: median(start), baseline_median_ms: median(base), ratio: startRatio, bar_ratio: START_BAR, pass: startRatio <= START_BAR };

  // Memory: resident set after 10 and after 1,000 calls in one session (status and budget_check),
  // from the start and again after a warm-up of RSS_WARMUP_CALLS calls in the same session.
  const memDir = path.join(scratch, "mcp-mem");
  fs.mkdirSync(memDir, { recursive: true });
  restore(ws.typicalAfk.project, memDir);
  const memRows = [];
  const { client, transport } = await session(node, cli, memDir, env);
  try {
    const rss = new Map();
    const at = new Set([10, 1000, RSS_WARMUP_CALLS + 10, RSS_WARMUP_CALLS + 1000]);
    for (let i = 1; i <= RSS_WARMUP_CALLS + 1000; i++) {
      await callOk(client, i % 2 ? "status" : "budget_check", {});
      if (at.has(i)) rss.set(i, rssKb(transport.pid));
    }
    const row = (id, name, from, to) => {
      const growth = rss.get(to) / rss.get(from);
      return { id, name, after10_kb: rss.get(from), after1000_kb: rss.get(to), growth, bar_growth: RSS_GROWTH_BAR, pass: growth <= RSS_GROWTH_BAR };
    };
    memRows.push(row("mcp-rss", "mcp resident memory, 1,000 calls vs 10", 10, 1000));
    memRows.push(row("mcp-rss-warm", `mcp resident memory after ${RSS_WARMUP_CALLS.toLocaleString("en")} calls, +1,000 vs +10`, RSS_WARMUP_CALLS + 10, RSS_WARMUP_CALLS + 1000));
  } finally {
    await client.close();
  }

  const lines = [
    "| mcp scenario | per call (median) | min / max | CLI process (median) | bar | result |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows.map((r) =>
      r.error
        ? `| ${r.name} | — | — | — | ≤ ${r.bar_ms} ms | ERROR: ${r.error} |`
        : `| ${r.name} | ${fmtMs(r.median_ms)} | ${fmtMs(r.min_ms)} / ${fmtMs(r.max_ms)} | ${fmtMs(r.cli_median_ms)} | ≤ ${r.bar_ms} ms | ${r.pass ? "pass" : "MISSED"} |`,
    ),
    `| ${startRow.name} | ${fmtMs(startRow.median_ms)} | node -e 0: ${fmtMs(startRow.baseline_median_ms)} | ratio ${startRow.ratio.toFixed(2)}× | ≤ ${START_BAR}× | ${startRow.pass ? "pass" : "MISSED"} |`,
    sliceRow.error
      ? `| ${sliceRow.name} | — | — | — | ≤ ${SLICE_BAR_MS} ms in total | ERROR: ${sliceRow.error} |`
      : `| ${sliceRow.name} | ${fmtMs(sliceRow.median_ms)} in total | ${sliceRow.steps.map((x) => `${x.tool} ${x.median_ms.toFixed(2)}`).join(", ")} | ${sliceRow.missing.length ? `missing: ${sliceRow.missing.join(", ")}` : "every call"} | ≤ ${SLICE_BAR_MS} ms in total | ${sliceRow.missing.length ? "MISSING TOOLS" : sliceRow.pass ? "pass" : "MISSED"} |`,
    ...memRows.map((m) => `| ${m.name} | ${(m.after1000_kb / 1024).toFixed(1)} MB | after 10: ${(m.after10_kb / 1024).toFixed(1)} MB | growth ${((m.growth - 1) * 100).toFixed(1)} % | ≤ ${((RSS_GROWTH_BAR - 1) * 100).toFixed(0)} % | ${m.pass ? "pass" : "MISSED"} |`),
  ];
  console.log("");
  console.log(`MCP: ${calls} calls per tool over one server session (SDK stdio client; the first 5 not counted)`);
  console.log(lines.join("\n"));
  return [...rows, sliceRow, startRow, ...memRows];
}

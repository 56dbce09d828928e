#!/usr/bin/env node
// Summarise a V8 .cpuprofile (from `node --cpu-prof`): where a command's time goes, grouped
// into module loading, the engine's own code by function, fsync and other I/O, and GC, so a
// missed bar can be traced to start-up, parsing or durability. `bench/run.mjs --profile` uses it.
// Usage: node bench/profile-summary.mjs FILE.cpuprofile [TOP]

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Self time (µs) per function label and per coarse category. */
export function summarize(file) {
  const prof = JSON.parse(fs.readFileSync(file, "utf8"));
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map();
  prof.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));

  const label = (n) => {
    const f = n.callFrame;
    return `${f.functionName || "(anonymous)"} ${f.url ? `${path.basename(f.url)}:${f.lineNumber + 1}` : ""}`.trim();
  };
  const stackOf = (id) => {
    const s = [];
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) s.push(byId.get(cur));
    return s;
  };
  /** One category per sample, from the innermost frame outwards. */
  const categorize = (stack) => {
    const top = stack[0].callFrame;
    if (top.functionName === "(garbage collector)") return "garbage collection";
    if (top.functionName === "(idle)" || top.functionName === "(program)") return "node internals (program/idle)";
    if (stack.some((n) => /^fsync/.test(n.callFrame.functionName))) return "fsync";
    const inEngine = stack.find((n) => /devrites-engine|chunks\//.test(n.callFrame.url));
    const loading = stack.some((n) => /compileSourceTextModule|loadAndTranslate|compileForInternalLoader|requireBuiltin|compileFunction|wrapSafe/.test(n.callFrame.functionName));
    if (loading) return "module loading and compiling";
    if (stack.some((n) => /^(readFileSync|readFileUtf8|writeFileSync|writeSync|openSync|readdirSync|statSync|lstatSync|renameSync|rmSync|closeSync|open|close|read|write)$/.test(n.callFrame.functionName))) return "file I/O (not fsync)";
    if (inEngine) return "engine code (parse, edit, verify, render)";
    return "node start-up and other";
  };

  const self = new Map();
  const cats = new Map();
  let total = 0;
  for (const [id, us] of selfUs) {
    total += us;
    const stack = stackOf(id);
    const key = label(stack[0]);
    self.set(key, (self.get(key) ?? 0) + us);
    const c = categorize(stack);
    cats.set(c, (cats.get(c) ?? 0) + us);
  }
  return { totalUs: total, self, categories: cats };
}

/** Render a summary as text lines. */
export function renderSummary(s, top = 12) {
  const out = [];
  const line = (us, what) => `${(us / 1000).toFixed(1).padStart(8)} ms ${((us * 100) / s.totalUs).toFixed(1).padStart(5)}%  ${what}`;
  out.push(`sampled ${(s.totalUs / 1000).toFixed(1)} ms; by category:`);
  for (const [k, us] of [...s.categories].sort((a, b) => b[1] - a[1])) out.push(line(us, k));
  out.push(`top ${top} functions by self time:`);
  for (const [k, us] of [...s.self].sort((a, b) => b[1] - a[1]).slice(0, top)) out.push(line(us, k));
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [file, topArg] = process.argv.slice(2);
  if (!file) {
    console.error("usage: node bench/profile-summary.mjs FILE.cpuprofile [TOP]");
    process.exit(2);
  }
  console.log(renderSummary(summarize(file), Number(topArg ?? 25)).join("\n"));
}

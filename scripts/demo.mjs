#!/usr/bin/env node
// `npm run demo`: copy the bundled example (.devrites.example/) to a temporary project,
// show the paused workspace, resolve the question it waits on, and show what changed.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const cli = process.env.DEVRITES_DEMO_CLI ?? path.join(repo, "dist", "devrites-engine.cjs");
const project = fs.mkdtempSync(path.join(os.tmpdir(), "devrites-demo-"));
fs.cpSync(path.join(repo, ".devrites.example"), path.join(project, ".devrites"), { recursive: true });
const ws = path.join(project, ".devrites", "work", "session-token-rotation");

function run(args) {
  console.log(`\n$ devrites-engine ${args.map((a) => (/[\s"$`]/.test(a) ? JSON.stringify(a) : a)).join(" ")}`);
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: project, encoding: "utf8" });
  process.stdout.write(r.stdout);
  process.stdout.write(r.stderr);
  console.log(`(exit ${r.status})`);
  return r.status;
}

/** A small line diff (LCS) with two lines of context, like `diff -u` without headers. */
function diff(before, after) {
  const a = before.split("\n");
  const b = after.split("\n");
  const lcs = Array.from({ length: a.length + 1 }, () => new Array(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const ops = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) ops.push([" ", a[i++], j++]);
    else if (i < a.length && (j >= b.length || lcs[i + 1][j] >= lcs[i][j + 1])) ops.push(["-", a[i++]]);
    else ops.push(["+", b[j++]]);
  }
  const keep = ops.map((op, k) => op[0] !== " " || ops.slice(Math.max(0, k - 2), k + 3).some((o) => o[0] !== " "));
  let out = "";
  let skipped = false;
  ops.forEach((op, k) => {
    if (keep[k]) {
      out += `${op[0]} ${op[1]}\n`;
      skipped = false;
    } else if (!skipped) {
      out += "  …\n";
      skipped = true;
    }
  });
  return out;
}

if (!fs.existsSync(cli)) {
  console.error(`${cli} is missing: run npm run build first`);
  process.exit(1);
}
console.log(`Demo project: ${project} (a copy of .devrites.example/)`);
const before = { q: fs.readFileSync(path.join(ws, "questions.md"), "utf8"), s: fs.readFileSync(path.join(ws, "state.md"), "utf8") };
run(["status"]);
const code = run(["state", "resolve", "--human", "q-2026-09-02-003", "--option", "1"]);
console.log("\n--- questions.md: what changed");
process.stdout.write(diff(before.q, fs.readFileSync(path.join(ws, "questions.md"), "utf8")));
console.log("\n--- state.md: what changed");
process.stdout.write(diff(before.s, fs.readFileSync(path.join(ws, "state.md"), "utf8")));
run(["state", "resolve", "--human", "q-2026-09-02-003", "--option", "1"]);
run(["status"]);
// `devrites-engine` is not on PATH after `npm ci`: name the bundle, relative when run from the clone.
const rel = path.relative(process.cwd(), cli);
const bin = `node ${rel && !rel.startsWith("..") && !path.isAbsolute(rel) ? rel : cli}`;
console.log(`\nThe demo project stays in ${project}; try, for example:\n  ${bin} check --root ${project}\n  ${bin} questions --root ${project}\n  ${bin} log --root ${project}`);
process.exit(code === 0 ? 0 : 1);

#!/usr/bin/env node
// A lower bound for the 40,000-question rows, not a product: the least any implementation must do
// for `status`, `questions` and `check` on the bench's 40k workspace, written as fast as we know how
// and with everything else left out. Run it in the bench's place to see how much of a bar is the
// runtime's: `node bench/run.mjs --cli bench/floor-cli.mjs --only status-40k,questions-40k,check-40k`.
//
// What it does (every command): read questions.md, check it is UTF-8 (a file that is not is
// exit 5), decode it for structure as Latin-1 (one byte per character, 4× faster than UTF-8 here;
// values are decoded as UTF-8 from the bytes), index its lines, find the fences and the level-2
// `## q-…` headings outside them, and read each block's status, gate and question line.
//   questions  prints one line per open question.
//   status     also tests the whole text for control characters (the lint's one whole-file rule)
//              and prints each open question as a line under its gate.
//   check      tests for control characters and prints a count: less than check must do (no
//              rule but that one, and no CommonMark cross-check), so still a lower bound.
// What it leaves out, that the engine does: state.md, the AFK sentinel, the lock and journal
// checks, every per-block rule but status and gate, fences' info strings, headings' closing `#`s,
// CRLF, wrapping and terminal-safe output. So the engine cannot be faster than this on the same file.

import fs from "node:fs";
import path from "node:path";
import { isUtf8 } from "node:buffer";

const command = process.argv[2];
if (!["status", "questions", "check"].includes(command)) {
  process.stderr.write(`floor-cli: only status, questions and check (got ${command})\n`);
  process.exit(2);
}
const work = path.join(process.cwd(), ".devrites", "work");
const slug = fs.readdirSync(work)[0];
const bytes = fs.readFileSync(path.join(work, slug, "questions.md"));
if (!isUtf8(bytes)) process.exit(5);
const text = bytes.latin1Slice(0, bytes.length);
const utf8 = (a, b) => bytes.utf8Slice(a, b);

let starts = new Int32Array(Math.max(16, text.length >> 4));
const heads = [];
const fences = [];
let n = 0;
for (let at = 0; at < text.length; ) {
  if (n === starts.length) {
    const grown = new Int32Array(n * 2);
    grown.set(starts);
    starts = grown;
  }
  starts[n] = at;
  let lead = at;
  for (let k = 0; k < 3 && text.charCodeAt(lead) === 32; k++) lead++;
  const c = text.charCodeAt(lead);
  if (c === 35) heads.push(n);
  else if (c === 96 || c === 126) fences.push(n);
  n++;
  const nl = text.indexOf("\n", at);
  at = nl < 0 ? text.length : nl + 1;
}
const lineEnd = (i) => (i + 1 < n ? starts[i + 1] - 1 : text.length);
// Fences: a run of three or more backticks or tildes opens one; the same character closes it.
const fenced = new Uint8Array(n);
for (let f = 0, open = -1, ch = 0; f < fences.length; f++) {
  const i = fences[f];
  const s = starts[i];
  const c = text.charCodeAt(s);
  if (c !== text.charCodeAt(s + 1) || c !== text.charCodeAt(s + 2)) continue;
  if (open < 0) {
    open = i;
    ch = c;
  } else if (c === ch) {
    fenced.fill(1, open, i + 1);
    open = -1;
  }
}
const blockLine = [];
for (const i of heads) {
  const s = starts[i];
  if (fenced[i] === 0 && text.charCodeAt(s) === 35 && text.charCodeAt(s + 1) === 35 && text.charCodeAt(s + 2) === 32) blockLine.push(i);
}

const open = [];
for (let k = 0; k < blockLine.length; k++) {
  const h = blockLine[k];
  const s = starts[h];
  if (text.charCodeAt(s + 3) !== 113 || text.charCodeAt(s + 4) !== 45) continue;
  const to = k + 1 < blockLine.length ? blockLine[k + 1] : n;
  let status = -1;
  let gate = -1;
  let question = -1;
  for (let i = h + 1; i < to; i++) {
    const a = starts[i];
    const c0 = text.charCodeAt(a);
    if (fenced[i] === 1) continue;
    if (c0 === 115 && text.startsWith("status:", a)) status = i;
    else if (c0 === 103 && text.startsWith("gate:", a)) gate = i;
    else if (c0 === 113 && text.startsWith("question:", a)) question = i;
  }
  if (status < 0 || !text.startsWith("open", starts[status] + 8)) continue;
  open.push({
    id: text.slice(s + 3, lineEnd(h)),
    gate: gate < 0 ? "" : text.slice(starts[gate] + 6, lineEnd(gate)),
    question: question < 0 ? "" : utf8(starts[question] + 10, lineEnd(question)),
  });
}

let out;
if (command === "questions") {
  out = open.map((q) => `${q.id.padEnd(18)}${q.gate.padEnd(12)}open      ${q.question}`);
} else {
  const control = /[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]/.test(text);
  if (command === "status") {
    const byGate = new Map();
    for (const q of open) {
      const list = byGate.get(q.gate);
      if (list) list.push(q);
      else byGate.set(q.gate, [q]);
    }
    out = [`Open questions: ${open.length}${control ? " (control characters)" : ""}`];
    for (const [gate, list] of byGate) {
      out.push("", `${gate} (${list.length}):`);
      for (const q of list) out.push(`  ${q.id}  ${q.question}`);
    }
  } else {
    out = [`${slug}: ${open.length} open${control ? ", control characters" : ""}`];
  }
}
process.stdout.write(out.join("\n") + "\n");

#!/usr/bin/env node
// A lower bound for the bench's command rows, not a product: the least any implementation must do
// for `status`, `questions`, `check`, `budget check` and `state resolve` (one answer or a
// `--batch`) on the bench's workspaces, written as fast as we know how and with everything else
// left out. Run it in the bench's place to see how much of a bar is the runtime's and the disk's:
// `node bench/run.mjs --cli bench/floor-cli.cjs --only status,budget-check,resolve,resolve-10k,batch-1000,status-40k,questions-40k,check-40k`.
// `state resolve` and `budget check` are in floor-write.cjs (loaded only for them).
//
// What the three readers do: read questions.md, check it is UTF-8 (a file that is not is
// exit 5), index its lines on the bytes themselves (no decoded copy of the file), find the fences
// and the level-2 `## q-…` headings outside them, and read each block's status, gate and question
// line; only the values printed are decoded (ids and gates as Latin-1, questions as UTF-8).
//   questions  prints one line per open question; its lines are found by Buffer#indexOf.
//   status     also tests every byte for control characters (the lint's one whole-file rule: C0
//              but tab and newline, DEL, C1 as C2 80–9F, the bidi controls E2 80 AA–AE and
//              E2 81 A6–A9) in the same pass that finds the lines, and prints each open question
//              as a line under its gate.
//   check      the same pass, and prints a count: less than check must do (no rule but that one,
//              and no CommonMark cross-check), so still a lower bound.
// What it leaves out, that the engine does: the AFK sentinel, the lock and journal
// checks, every per-block rule but status and gate, fences' info strings, headings' closing `#`s,
// CRLF, wrapping and terminal-safe output. So the engine cannot be faster than this on the same file.

"use strict";
// CommonJS, as the engine's bundle: Node loads a CommonJS file a few milliseconds faster than an
// ES module, and a floor must not carry a cost the engine does not.
const fs = require("node:fs");
const path = require("node:path");
const { isUtf8 } = require("node:buffer");

const command = process.argv[2];
if (command === "state" || command === "budget") {
  require("./floor-write.cjs").run(process.argv.slice(2));
} else if (!["status", "questions", "check"].includes(command)) {
  process.stderr.write(`floor-cli: only status, questions, check, budget check and state resolve (got ${command})\n`);
  process.exitCode = 2;
} else {
  read(command);
}

function read(command) {
  const work = path.join(process.cwd(), ".devrites", "work");
  const slug = fs.readdirSync(work)[0];
  // status also shows state.md's cursor (read whole, its table rows printed as they are).
  const cursor = command === "status" ? fs.readFileSync(path.join(work, slug, "state.md"), "utf8").split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("| Key") && !l.startsWith("| ---")) : [];
  const b = fs.readFileSync(path.join(work, slug, "questions.md"));
  if (!isUtf8(b)) process.exit(5);
  const len = b.length;
  const lint = command !== "questions";

  let starts = new Int32Array(Math.max(16, len >> 4));
  const heads = [];
  const fences = [];
  let n = 0;
  let control = false;
  for (let at = 0; at < len; ) {
    if (n === starts.length) {
      const grown = new Int32Array(n * 2);
      grown.set(starts);
      starts = grown;
    }
    starts[n++] = at;
    let lead = at;
    for (let k = 0; k < 3 && b[lead] === 32; k++) lead++;
    const c = b[lead];
    if (c === 35) heads.push(n - 1);
    else if (c === 96 || c === 126) fences.push(n - 1);
    let end;
    if (!lint) {
      end = b.indexOf(10, at);
      if (end < 0) end = len;
    } else {
      for (end = at; end < len; end++) {
        const x = b[end];
        if (x < 32) {
          if (x === 10) break;
          if (x !== 9) control = true;
        } else if (x >= 0x7f) {
          if (x === 0x7f) control = true;
          else if (x === 0xc2) {
            const y = b[end + 1];
            if (y >= 0x80 && y <= 0x9f) control = true;
          } else if (x === 0xe2) {
            const y = b[end + 1];
            const z = b[end + 2];
            if ((y === 0x80 && z >= 0xaa && z <= 0xae) || (y === 0x81 && z >= 0xa6 && z <= 0xa9)) control = true;
          }
        }
      }
    }
    at = end + 1;
  }
  const lineEnd = (i) => (i + 1 < n ? starts[i + 1] - 1 : len);
  // Fences: a run of three or more backticks or tildes opens one; the same character closes it.
  const fenced = new Uint8Array(n);
  for (let f = 0, open = -1, ch = 0; f < fences.length; f++) {
    const i = fences[f];
    const s = starts[i];
    const c = b[s];
    if (c !== b[s + 1] || c !== b[s + 2]) continue;
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
    if (fenced[i] === 0 && b[s] === 35 && b[s + 1] === 35 && b[s + 2] === 32) blockLine.push(i);
  }

  // `key:` at the start of line `a`: the key's bytes, then the colon.
  const keyAt = (a, key) => {
    for (let k = 0; k < key.length; k++) if (b[a + k] !== key[k]) return false;
    return b[a + key.length] === 58;
  };
  const STATUS = [115, 116, 97, 116, 117, 115];
  const GATE = [103, 97, 116, 101];
  const QUESTION = [113, 117, 101, 115, 116, 105, 111, 110];
  const OPEN = [111, 112, 101, 110];
  const open = [];
  for (let k = 0; k < blockLine.length; k++) {
    const h = blockLine[k];
    const s = starts[h];
    if (b[s + 3] !== 113 || b[s + 4] !== 45) continue;
    const to = k + 1 < blockLine.length ? blockLine[k + 1] : n;
    let status = -1;
    let gate = -1;
    let question = -1;
    for (let i = h + 1; i < to; i++) {
      if (fenced[i] === 1) continue;
      const a = starts[i];
      const c0 = b[a];
      if (c0 === 115 && keyAt(a, STATUS)) status = i;
      else if (c0 === 103 && keyAt(a, GATE)) gate = i;
      else if (c0 === 113 && keyAt(a, QUESTION)) question = i;
    }
    if (status < 0) continue;
    const v = starts[status] + 8;
    if (b[v] !== OPEN[0] || b[v + 1] !== OPEN[1] || b[v + 2] !== OPEN[2] || b[v + 3] !== OPEN[3]) continue;
    open.push({
      id: b.latin1Slice(s + 3, lineEnd(h)),
      gate: gate < 0 ? "" : b.latin1Slice(starts[gate] + 6, lineEnd(gate)),
      question: question < 0 ? "" : b.utf8Slice(starts[question] + 10, lineEnd(question)),
    });
  }

  let out;
  if (command === "questions") {
    out = open.map((q) => `${q.id.padEnd(18)}${q.gate.padEnd(12)}open      ${q.question}`);
  } else if (command === "status") {
    const byGate = new Map();
    for (const q of open) {
      const list = byGate.get(q.gate);
      if (list) list.push(q);
      else byGate.set(q.gate, [q]);
    }
    out = [...cursor, `Open questions: ${open.length}${control ? " (control characters)" : ""}`];
    for (const [gate, list] of byGate) {
      out.push("", `${gate} (${list.length}):`);
      for (const q of list) out.push(`  ${q.id}  ${q.question}`);
    }
  } else {
    out = [`${slug}: ${open.length} open${control ? ", control characters" : ""}`];
  }
  process.stdout.write(out.join("\n") + "\n");
}

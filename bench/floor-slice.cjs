#!/usr/bin/env node
"use strict";
// A lower bound for the bench's slice row (one /rite-build slice's eight calls over one MCP
// session), not a product: the least those eight calls must cost, written as fast as we know how.
// A child process serves newline-delimited JSON requests on its standard input, as an MCP server
// does over stdio (no SDK, no schema checks); the parent sends a slice's eight requests one after
// the other and times the slice, as the bench does.
//   the four reads  orient reads 14 workspace files, observe slice 3, check readiness 5, budget
//                   check 2 (each file read whole, nothing parsed)
//   the four writes question add (questions.md), state resolve (questions.md and state.md),
//                   budget spend (state.md), merge manifest (the release manifest): each under the
//                   workspace lock, through floor-write.cjs's commit — temps, journal, renames and
//                   the events line, each fsynced, the directory fsynced twice
// What it leaves out, that the engine does: the protocol's validation, every parse and check, the
// backups a rollback needs, recovery, and every message. So the engine cannot be faster than this.
//
//   node bench/floor-slice.cjs [--slices N] [--dir PARENT]
// prints the median, fastest and slowest slice over N slices (default 21) after 3 warm-up slices,
// and the same with the writes' fsyncs left out, which says how much of the row is the disk's.

const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { spawn } = require("node:child_process");
const { parseArgs } = require("node:util");
const { commit, locked } = require("./floor-write.cjs");

const READS = { orient: 14, observe_slice: 3, check_readiness: 5, budget_check: 2 };
const WRITES = { question_add: ["questions.md"], resolve: ["questions.md", "state.md"], budget_spend: ["state.md"], merge_manifest: ["release.md"] };
const SLICE = ["orient", "observe_slice", "check_readiness", "budget_check", "question_add", "resolve", "budget_spend", "merge_manifest"];

if (process.argv[2] === "--serve") serve(process.argv[3]);
else main();

/** The child: one answer line per request line, in order. */
function serve(dir) {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".md"));
  let buf = "";
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (chunk) => {
    buf += chunk;
    for (let nl; (nl = buf.indexOf("\n")) >= 0; ) {
      const req = JSON.parse(buf.slice(0, nl));
      buf = buf.slice(nl + 1);
      let bytes = 0;
      if (READS[req.tool] !== undefined) {
        for (let i = 0; i < READS[req.tool]; i++) bytes += fs.readFileSync(path.join(dir, files[i % files.length])).length;
      } else {
        locked(dir, () => {
          const writes = WRITES[req.tool].map((f) => {
            const target = path.join(dir, f);
            return { target, pieces: [fs.readFileSync(target), Buffer.from(`\n- ${req.id}\n`)] };
          });
          commit(dir, writes, JSON.stringify({ v: 1, type: req.tool, id: req.id }) + "\n");
          bytes = writes.length;
        });
      }
      process.stdout.write(JSON.stringify({ id: req.id, bytes }) + "\n");
    }
  });
}

async function main() {
  const { values } = parseArgs({ options: { slices: { type: "string", default: "21" }, dir: { type: "string", default: os.tmpdir() } } });
  const slices = Number(values.slices);
  for (const fsync of [true, false]) {
    const dir = fs.mkdtempSync(path.join(values.dir, "floor-slice-"));
    // A small workspace: the typical sizes of its files, a few KB each.
    for (const f of ["state.md", "questions.md", "decisions.md", "touched-files.md", "tasks.md", "plan.md", "release.md", "review.md"]) {
      fs.writeFileSync(path.join(dir, f), `# ${f}\n` + "- a line of the kind these files hold, about sixty bytes long\n".repeat(60));
    }
    const env = fsync ? process.env : { ...process.env, FLOOR_NO_FSYNC: "1" };
    const child = spawn(process.execPath, [__filename, "--serve", dir], { stdio: ["pipe", "pipe", "inherit"], env });
    const answers = [];
    let waiting;
    let buf = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      buf += chunk;
      for (let nl; (nl = buf.indexOf("\n")) >= 0; ) {
        answers.push(JSON.parse(buf.slice(0, nl)));
        buf = buf.slice(nl + 1);
        waiting?.();
      }
    });
    const call = (tool, id) =>
      new Promise((resolve) => {
        const want = answers.length + 1;
        waiting = () => answers.length >= want && resolve();
        child.stdin.write(JSON.stringify({ tool, id }) + "\n");
      });
    const times = [];
    let id = 0;
    for (let s = 0; s < slices + 3; s++) {
      const t0 = process.hrtime.bigint();
      for (const tool of SLICE) await call(tool, ++id);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (s >= 3) times.push(ms);
    }
    child.stdin.end();
    await new Promise((resolve) => child.on("close", resolve));
    fs.rmSync(dir, { recursive: true, force: true });
    times.sort((a, b) => a - b);
    const med = times.length % 2 ? times[times.length >> 1] : (times[times.length / 2 - 1] + times[times.length / 2]) / 2;
    console.log(`slice floor${fsync ? "" : " without fsync"}: median ${med.toFixed(2)} ms, fastest ${times[0].toFixed(2)} ms, slowest ${times[times.length - 1].toFixed(2)} ms (${slices} slices, Node ${process.versions.node})`);
  }
}

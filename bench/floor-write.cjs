// The floor program's writers (floor-cli.cjs says what a floor is): `budget check` and
// `state resolve <id> <answer>` / `state resolve --batch <file>`, the least they must do.
//
// budget check   read .devrites/AFK (flat `key: value` lines) and state.md's slice counter, add
//                the used counts given, print each budget line.
// state resolve  lock the workspace (a lock file created exclusively), read questions.md as bytes,
//                find each answered block by its `## <id>` heading (Buffer#indexOf) and edit its
//                status, answered_at and answer lines in place; state.md's status row back to
//                running. Then one durable, all-or-nothing commit, the least one can be: each new
//                file written beside its target as a temp and fsynced, a journal naming the temps
//                with their CRC-32s (node:zlib for a large file, as the engine) written and
//                fsynced, the directory fsynced, the temps renamed over their targets, the events
//                appended to events.jsonl and fsynced, the directory fsynced again, the journal
//                and the lock removed. It prints `Resolved: <id>` (or `Dropped: <id>`) per entry.
// What it leaves out, that the engine does: every check of the answer, the ids and the files
// (links, modes, sizes, caps, the lint of what it writes), decisions.md, the backups a rollback
// needs, recovery of a journal left behind, the touched-files and ACTIVE bookkeeping, and every
// message but the result line.

"use strict";
const fs = require("node:fs");
const path = require("node:path");

module.exports = { commit, locked, run };

// FLOOR_NO_FSYNC (floor-slice.cjs's second line only): every fsync left out, to see the disk's share.
const sync = process.env.FLOOR_NO_FSYNC ? () => {} : fs.fsyncSync;

/** floor-cli.cjs's `budget check` and `state resolve`, with its arguments after the script. */
function run(argv) {
  const [noun, verb, ...rest] = argv;
  const root = path.join(process.cwd(), ".devrites");
  const work = path.join(root, "work");
  const slug = fs.readdirSync(work)[0];
  const dir = path.join(work, slug);

  function flag(name) {
    const i = rest.indexOf(name);
    return i < 0 ? undefined : rest[i + 1];
  }

  if (noun === "budget" && verb === "check") {
    let afk;
    try {
      afk = fs.readFileSync(path.join(root, "AFK"), "utf8");
    } catch {
      afk = undefined;
    }
    const limits = new Map();
    for (const line of (afk ?? "").split("\n")) {
      const m = /^([a-z_]+):\s*(\d+)\s*$/.exec(line);
      if (m) limits.set(m[1], Number(m[2]));
    }
    const state = fs.readFileSync(path.join(dir, "state.md"), "utf8");
    const left = /^\| afk_slices_remaining \| (\d+) \|$/m.exec(state);
    const used = { agents: Number(flag("--agents-used") ?? 0), minutes: Number(flag("--minutes-used") ?? 0) };
    const over = used.agents > (limits.get("max_agents") ?? Infinity) || used.minutes > (limits.get("max_minutes") ?? Infinity) || (left !== null && Number(left[1]) === 0);
    process.stdout.write(
      [
        afk === undefined ? "Mode: HITL" : "Mode: AFK",
        over ? "halt: a budget is spent" : "admit: another slice may be dispatched",
        `slices ${left?.[1] ?? "?"} of ${limits.get("max_slices") ?? "?"} left`,
        `agents ${used.agents}/${limits.get("max_agents") ?? "?"} used`,
        `minutes ${used.minutes}/${limits.get("max_minutes") ?? "?"} used`,
      ].join("\n") + "\n",
    );
    process.exitCode = over ? 3 : 0;
  } else if (noun === "state" && verb === "resolve") {
    resolve(dir, rest, flag);
  } else {
    process.stderr.write(`floor-cli: only budget check and state resolve (got ${noun} ${verb})\n`);
    process.exitCode = 2;
  }
}

function resolve(dir, rest, flag) {
  const now = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  const batch = flag("--batch");
  const entries = [];
  if (batch !== undefined) {
    for (const line of fs.readFileSync(path.resolve(batch), "utf8").split("\n")) {
      if (line === "" || line.startsWith("#")) continue;
      const drop = line.startsWith("--drop ");
      const body = drop ? line.slice(7) : line;
      const colon = body.indexOf(": ");
      entries.push({ id: body.slice(0, colon), answer: body.slice(colon + 2), drop });
    }
  } else {
    entries.push({ id: rest[0], answer: rest[1], drop: false });
  }

  locked(dir, () => {
    const qPath = path.join(dir, "questions.md");
    const b = fs.readFileSync(qPath);
    // A few answers are found by searching for their headings; a batch indexes every heading
    // in one pass first (a thousand searches would each scan the file).
    const heading = Buffer.from("\n## ");
    let blocks;
    if (entries.length > 16) {
      blocks = new Map();
      for (let at = b.indexOf(heading); at >= 0; ) {
        const next = b.indexOf(heading, at + 4);
        blocks.set(b.latin1Slice(at + 4, b.indexOf(10, at + 4)), [at, next < 0 ? b.length : next]);
        at = next;
      }
    }
    const find = (id) => {
      if (blocks !== undefined) return blocks.get(id);
      const at = b.indexOf(`\n## ${id}\n`);
      if (at < 0) return undefined;
      const next = b.indexOf(heading, at + 4);
      return [at, next < 0 ? b.length : next];
    };
    const edits = [];
    for (const e of entries) {
      const found = find(e.id);
      if (found === undefined) throw new Error(`no block ${e.id}`);
      const [head, end] = found;
      const line = (key) => {
        const at = b.indexOf(`\n${key}:`, head);
        if (at < 0 || at >= end) throw new Error(`${e.id} has no ${key} line`);
        const stop = b.indexOf(10, at + 1);
        return [at + 1, stop < 0 ? b.length : stop];
      };
      edits.push([...line("status"), `status: ${e.drop ? "dropped" : "answered"}`]);
      edits.push([...line("answered_at"), `answered_at: ${now}`]);
      edits.push([...line("answer"), `answer: ${e.answer}`]);
    }
    edits.sort((x, y) => x[0] - y[0]);
    const pieces = [];
    let from = 0;
    for (const [a, z, text] of edits) {
      pieces.push(b.subarray(from, a), Buffer.from(text));
      from = z;
    }
    pieces.push(b.subarray(from));

    const sPath = path.join(dir, "state.md");
    const state = Buffer.from(fs.readFileSync(sPath, "utf8").replace("| status | awaiting_human |", "| status | running |"));

    const events = entries.map((e) => JSON.stringify({ v: 1, ts: now, type: e.drop ? "question_dropped" : "question_answered", id: e.id })).join("\n") + "\n";
    commit(dir, [
      { target: qPath, pieces },
      { target: sPath, pieces: [state] },
    ], events);
  });
  process.stdout.write(entries.map((e) => `${e.drop ? "Dropped" : "Resolved"}: ${e.id}`).join("\n") + "\n");
}

/** Run `work` holding the workspace lock: a lock file created exclusively, removed after. */
function locked(dir, work) {
  const lock = path.join(dir, ".engine.lock");
  fs.closeSync(fs.openSync(lock, "wx"));
  try {
    return work();
  } finally {
    fs.unlinkSync(lock);
  }
}

/**
 * The least durable, all-or-nothing commit of `files` (absolute targets, each its new content as
 * byte pieces) and `events` (lines for events.jsonl): temps fsynced, the journal fsynced, the
 * directory fsynced, the renames, the append fsynced, the directory fsynced, the journal removed.
 */
function commit(dir, files, events) {
  const nonce = Math.random().toString(16).slice(2, 10);
  const journal = { nonce, files: [], appends: [] };
  const open = [];
  for (const f of files) {
    const temp = path.join(dir, `.${path.basename(f.target)}.${nonce}.tmp`);
    const fd = fs.openSync(temp, "wx");
    fs.writevSync(fd, f.pieces);
    open.push(fd);
    let crc = 0;
    const size = f.pieces.reduce((n, p) => n + p.length, 0);
    if (size >= 32 * 1024) {
      const { crc32 } = process.getBuiltinModule("node:zlib");
      for (const p of f.pieces) crc = crc32(p, crc);
    } else {
      crc = smallCrc32(f.pieces);
    }
    journal.files.push({ target: path.basename(f.target), temp: path.basename(temp), size, crc32: crc });
  }
  for (const fd of open) {
    sync(fd);
    fs.closeSync(fd);
  }
  const ePath = path.join(dir, "events.jsonl");
  let offset = 0;
  try {
    offset = fs.statSync(ePath).size;
  } catch {
    offset = 0;
  }
  journal.appends.push({ target: "events.jsonl", offset, data: events });
  const jPath = path.join(dir, ".journal");
  const jfd = fs.openSync(jPath, "w");
  fs.writeSync(jfd, JSON.stringify(journal));
  sync(jfd);
  fs.closeSync(jfd);
  fsyncDir(dir);
  for (const f of journal.files) fs.renameSync(path.join(dir, f.temp), path.join(dir, f.target));
  const efd = fs.openSync(ePath, "a");
  fs.writeSync(efd, events);
  sync(efd);
  fs.closeSync(efd);
  fsyncDir(dir);
  fs.unlinkSync(jPath);
}

function fsyncDir(d) {
  const fd = fs.openSync(d, "r");
  sync(fd);
  fs.closeSync(fd);
}

/** CRC-32 (IEEE) a byte at a time, for small files: loading node:zlib costs more than the loop. */
function smallCrc32(pieces) {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  let crc = -1;
  for (const p of pieces) for (let i = 0; i < p.length; i++) crc = table[(crc ^ p[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

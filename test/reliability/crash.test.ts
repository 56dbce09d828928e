// Crash safety (spec README, "Quality bars"): resolves and 5-entry batches SIGKILLed at random
// points. After each kill the next command recovers; the workspace then holds either the old
// files or exactly the files an uninterrupted run writes; no journal or temp file remains; an
// identical re-run exits 0 and leaves the uninterrupted result, with each answer recorded once.

import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldValue, parseQuestions, statusOf } from "../../src/documents/questions/parse-questions.js";
import { parseState } from "../../src/documents/state/parse-state.js";
import { T, runCli, runMain } from "../helpers/cli.js";
import { caseCount } from "../helpers/counts.js";
import { WINDOW_BYTES } from "../../src/workspace/file-windows.js";
import { CLI_PATH } from "../helpers/project.js";
import { decisionsFile, makeRng, questionsFile, stateFile, suiteSeed, words, type Rng } from "../helpers/generate.js";

/** 24 kills in `npm test` (enough that some land before, inside and after a commit), 80 in `npm run test:full`. */
const ITERATIONS = caseCount("DEVRITES_CRASH_ITERATIONS", 24, 80);
const SEED = suiteSeed(0xc0ffee);
const WS = ".devrites/work/feat";
const FILES = ["questions.md", "state.md", "decisions.md"] as const;

interface Op {
  name: string;
  args: string[];
  batch?: string;
  /** Questions the command resolves, with their final status. */
  targets: { qid: string; status: "answered" | "dropped" }[];
  /** Filled in by the uninterrupted reference run. */
  ref?: Record<string, string | undefined>;
  durationMs?: number;
}

type Snapshot = Record<string, string | undefined>;

const childEnv = (): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("DEVRITES_")) env[k] = v;
  return { ...env, DEVRITES_NOW: T, NO_COLOR: "1" };
};

function snapshot(project: string): Snapshot {
  const out: Snapshot = {};
  for (const f of FILES) {
    const p = path.join(project, WS, f);
    out[f] = fs.existsSync(p) ? fs.readFileSync(p, "utf8") : undefined;
  }
  return out;
}

const same = (a: Snapshot, b: Snapshot) => FILES.every((f) => a[f] === b[f]);

/** Journal and temp files anywhere under .devrites (what "no litter" forbids). */
function litter(project: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name === ".journal" || e.name.includes(".tmp")) out.push(path.relative(project, full));
    }
  };
  walk(path.join(project, ".devrites"));
  return out;
}

interface EventLine {
  event: string;
  qid?: string;
  detail?: Record<string, unknown>;
}

/** Every events.jsonl line must be whole JSON; returns the resolutions (not state repairs). */
function resolutions(project: string): EventLine[] {
  const p = path.join(project, WS, "events.jsonl");
  if (!fs.existsSync(p)) return [];
  const text = fs.readFileSync(p, "utf8");
  expect(text === "" || text.endsWith("\n"), "events.jsonl ends with a whole line").toBe(true);
  const events = text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as EventLine);
  return events.filter((e) => (e.event === "resolved" || e.event === "dropped") && !e.detail?.state_repaired);
}

/** questions.md and state.md agree: the awaited question is open exactly while state.md awaits it. */
function assertAgree(project: string, awaited: string, why: string): void {
  const snap = snapshot(project);
  const q = parseQuestions(snap["questions.md"]!);
  const s = parseState(snap["state.md"]!);
  const block = q.byId.get(awaited)?.[0];
  const open = block !== undefined && statusOf(block) === "open";
  const awaits = s.awaiting.some((a) => a.questionId === awaited);
  expect(awaits, `${why}: state.md ${awaits ? "still awaits" : "no longer awaits"} ${awaited} while it is ${open ? "open" : statusOf(block!)}`).toBe(open);
  expect(s.cursor.get("status")?.value, why).toBe(open ? "awaiting_human" : "running");
}

function buildOps(rng: Rng, open: string[], awaited: string): Op[] {
  const others = open.filter((q) => q !== awaited);
  const pick5 = (withAwaited: boolean) => {
    const chosen = rng.shuffle(others).slice(0, withAwaited ? 4 : 5);
    if (withAwaited) chosen.splice(rng.int(0, 4), 0, awaited);
    return chosen;
  };
  const batchOp = (name: string, qids: string[], extra: string[] = []): Op => {
    const lines = qids.map((q, i) => (i === 2 ? `--drop ${q}: superseded by a later question` : `${q}: ${words(rng, 1, 5, 0.2)}`));
    return {
      name,
      args: ["state", "resolve", ...extra, "--batch", "answers.txt"],
      batch: ["# collected answers", ...lines].join("\n") + "\n",
      targets: qids.map((q, i) => ({ qid: q, status: i === 2 ? "dropped" : "answered" })),
    };
  };
  return [
    { name: "answer the awaited question", args: ["state", "resolve", awaited, "Keep one release, drop in follow-up"], targets: [{ qid: awaited, status: "answered" }] },
    {
      name: "answer the awaited question --human --record-decision",
      args: ["state", "resolve", "--human", "--record-decision", awaited, "Drop now — we accept the risk"],
      targets: [{ qid: awaited, status: "answered" }],
    },
    { name: "drop the awaited question", args: ["state", "resolve", "--drop", awaited, "superseded"], targets: [{ qid: awaited, status: "dropped" }] },
    { name: "answer another question", args: ["state", "resolve", others[0]!, "--", "--help is a fine answer"], targets: [{ qid: others[0]!, status: "answered" }] },
    batchOp("5-entry batch including the awaited question", pick5(true)),
    batchOp("5-entry batch of other questions", pick5(false)),
    batchOp("5-entry batch including the awaited question --record-decision", pick5(true), ["--record-decision"]),
  ];
}

describe(`SIGKILL at random points (${ITERATIONS} iterations, seed ${SEED})`, () => {
  const rng = makeRng(SEED);
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "devrites-crash-")));
  const template = path.join(base, "template");
  const q = questionsFile(rng, { count: 400, open: 200, noise: 0.05 });
  const spare = q.open[q.open.length - 1]!; // never targeted: the dry-run probe answers it
  const awaited = rng.pick(q.open.slice(0, -1));
  const initial: Record<string, string> = {
    ".devrites/ACTIVE": "feat\n",
    [`${WS}/questions.md`]: q.text,
    [`${WS}/state.md`]: stateFile(rng, { form: rng.pick(["table", "bullet"] as const), awaiting: awaited, phase: "build", afkRemaining: 3 }),
    [`${WS}/decisions.md`]: decisionsFile(rng, 3),
    "probe.txt": `${spare}: probe answer\n`,
  };
  for (const [rel, content] of Object.entries(initial)) {
    fs.mkdirSync(path.dirname(path.join(template, rel)), { recursive: true });
    fs.writeFileSync(path.join(template, rel), content);
  }
  const original = snapshot(template);
  const ops = buildOps(rng, q.open.slice(0, -1), awaited);
  const readOnly: string[][] = [];
  let copies = 0;
  const freshCopy = (op: Op) => {
    const dir = path.join(base, `run-${copies++}`);
    fs.cpSync(template, dir, { recursive: true });
    if (op.batch !== undefined) fs.writeFileSync(path.join(dir, "answers.txt"), op.batch);
    return dir;
  };

  afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

  beforeAll(async () => {
    // The uninterrupted result of every operation: what a finished commit must look like.
    for (const op of ops) {
      const dir = freshCopy(op);
      const t0 = performance.now();
      const r = await runCli(op.args, { cwd: dir });
      op.durationMs = performance.now() - t0;
      expect(r.exit, `${op.name}: ${r.stderr}`).toBe(0);
      op.ref = snapshot(dir);
      expect(same(op.ref, original), `${op.name} changes something`).toBe(false);
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // Read-only commands that exist in this build also serve as "the next command".
    for (const args of [["status"], ["questions"], ["log"]]) {
      const r = await runCli(args, { cwd: template });
      if (r.exit === 0) readOnly.push(args);
    }
  }, 120_000);

  it("the questions file is read in windows by a resolve of a few entries (larger than one window)", () => {
    // So that the kills also land inside a range copy (src/workspace/file-windows.ts).
    expect(Buffer.byteLength(q.text)).toBeGreaterThan(WINDOW_BYTES);
  });

  it("every kill leaves old or new files after the next command, no litter, and an identical re-run exits 0 with each answer recorded once", async () => {
    const outcomes = { untouched: 0, committed: 0, midCommit: 0, finishedBeforeKill: 0 };
    const env = childEnv();
    for (let i = 0; i < ITERATIONS; i++) {
      const op = rng.pick(ops);
      const dir = freshCopy(op);
      const wsDir = path.join(dir, WS);
      // Three kinds of kill: a few ms after the commit begins (its first journal or temp file),
      // as soon as the commit point has passed (the journal written, then removed: a kill in the
      // clean-up after it, or after the exit), or after a random share of an uninterrupted run's
      // time. The second makes every run see kills after the commit point, however the machine's
      // load moves the timed ones (with only timed kills, a loaded run could draw none).
      const mode = rng.chance(0.4) ? "commit-begins" : rng.chance(1 / 3) ? "commit-point" : "timed";
      const delay = mode === "commit-begins" ? rng.int(0, 4) : mode === "timed" ? Math.floor(rng.next() * (op.durationMs ?? 200) * 1.1) : 0;
      const how = {
        "commit-begins": `killed ${delay} ms after the first journal/temp file appeared`,
        "commit-point": "killed once the journal was removed (the commit point passed)",
        timed: `killed after ${delay} ms`,
      }[mode];
      const where = `iteration ${i} (seed ${SEED}; DEVRITES_PROPERTY_SEED=${SEED} replays): ${op.name}, ${how}`;

      const child = spawn(process.execPath, [CLI_PATH, ...op.args], { cwd: dir, env, stdio: "ignore" });
      let watcher: fs.FSWatcher | undefined;
      const kill = () => child.kill("SIGKILL");
      if (mode === "commit-begins") {
        let armed = false;
        watcher = fs.watch(wsDir, (_ev, name) => {
          if (!armed && name && (name === ".journal" || name.endsWith(".tmp"))) {
            armed = true;
            setTimeout(kill, delay);
          }
        });
      } else if (mode === "commit-point") {
        let journalSeen = false;
        watcher = fs.watch(wsDir, (_ev, name) => {
          if (name !== ".journal") return;
          if (fs.existsSync(path.join(wsDir, ".journal"))) journalSeen = true;
          else if (journalSeen) kill();
        });
      } else {
        setTimeout(kill, delay);
      }
      const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
      watcher?.close();
      if (exit.signal !== "SIGKILL") {
        expect(exit.code, where).toBe(0);
        outcomes.finishedBeforeKill++;
      }
      if (litter(dir).length > 0) outcomes.midCommit++;

      // The next command (read-only, or a dry run) must finish or discard the interrupted commit.
      // Only the killed command needs a process; the next one and the re-run run main() in-process.
      const next = readOnly.length > 0 && rng.chance(0.5) ? rng.pick(readOnly) : ["state", "resolve", "--batch", "probe.txt", "--dry-run"];
      const n = await runMain(next, { cwd: dir });
      expect(n.exit, `${where}; next command ${next.join(" ")}: ${n.stderr}`).toBe(0);
      expect(litter(dir), `${where}; after ${next.join(" ")}`).toEqual([]);

      const after = snapshot(dir);
      const isOld = same(after, original);
      const isNew = same(after, op.ref!);
      expect(isOld || isNew, `${where}: files are neither the old nor the committed version`).toBe(true);
      if (isOld) outcomes.untouched++;
      else outcomes.committed++;
      assertAgree(dir, awaited, where);
      const recorded = resolutions(dir);
      expect(recorded.length, `${where}: resolution events after recovery`).toBe(isNew ? op.targets.length : 0);

      // An identical re-run is safe: exit 0, the uninterrupted result, each answer recorded once.
      const again = await runMain(op.args, { cwd: dir });
      expect(again.exit, `${where}; re-run: ${again.stderr}`).toBe(0);
      expect(same(snapshot(dir), op.ref!), `${where}: the re-run's files differ from an uninterrupted run`).toBe(true);
      const final = resolutions(dir);
      expect(final.map((e) => e.qid).sort(), where).toEqual(op.targets.map((t) => t.qid).sort());
      const fq = parseQuestions(snapshot(dir)["questions.md"]!);
      for (const t of op.targets) {
        const b = fq.byId.get(t.qid)![0]!;
        expect(statusOf(b), `${where}: ${t.qid}`).toBe(t.status);
        expect(fieldValue(b, "answered_at"), `${where}: ${t.qid}`).toBe(T);
      }
      assertAgree(dir, awaited, `${where}; after the re-run`);
      expect(fs.readdirSync(wsDir).filter((f) => f.startsWith(".engine.lock") || f === ".journal" || f.includes(".tmp")), `${where}: left after the re-run`).toEqual([]);
      fs.rmSync(dir, { recursive: true, force: true });
    }
    console.log(`crash suite (seed ${SEED}): ${JSON.stringify(outcomes)}`);
    // The suite must actually interrupt commits, not only kill before or after them.
    expect(outcomes.untouched + outcomes.committed).toBe(ITERATIONS);
    expect(outcomes.midCommit, `no kill landed inside a commit (seed ${SEED}): ${JSON.stringify(outcomes)}`).toBeGreaterThan(0);
    expect(outcomes.untouched, JSON.stringify(outcomes)).toBeGreaterThan(0);
    expect(outcomes.committed, JSON.stringify(outcomes)).toBeGreaterThan(0);
  }, 600_000);
});

// No lost updates (spec README, "Quality bars"): 16 processes resolve 20 distinct questions each
// at the same time against one workspace — as 16 batch processes of 20 entries, and as 16 workers
// running 20 single resolves each (320 processes). Every answer lands exactly once, and the final
// files are byte-identical to resolving the same questions one after another. `npm test` runs
// 4 × 5 (DEVRITES_CONCURRENCY_WORKERS / _PER_WORKER); `npm run test:full` the full 16 × 20.

import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { planResolve, type ResolveEntry } from "../../src/domain/resolve-question.js";
import { fieldValue, parseQuestions, statusOf } from "../../src/documents/questions/parse-questions.js";
import { parseState } from "../../src/documents/state/parse-state.js";
import { T, runCli } from "../helpers/cli.js";
import { makeProject } from "../helpers/project.js";
import { caseCount } from "../helpers/counts.js";
import { makeRng, questionsFile, stateFile, suiteSeed } from "../helpers/generate.js";

const W = ".devrites/work/feat";
const WORKERS = caseCount("DEVRITES_CONCURRENCY_WORKERS", 4, 16);
const PER_WORKER = caseCount("DEVRITES_CONCURRENCY_PER_WORKER", 5, 20);
const TOTAL = WORKERS * PER_WORKER;
const SEED = suiteSeed(16_20);
/**
 * 16 contenders on one lock: on an overloaded machine a waiter can exceed the default 30 s lock
 * timeout and exit 9 (busy, nothing written) — correct, but not what this test measures. A long
 * timeout keeps the test about lost updates, not about machine load.
 */
const LOCK_ENV = { DEVRITES_LOCK_TIMEOUT_MS: "600000" };

interface Job {
  qid: string;
  args: string[];
  /** The same resolution as a batch line. */
  line: string;
  entry: ResolveEntry;
  /** Answered with --human (single resolves only; a batch line has no such flag). */
  human: boolean;
}

/** The command for one question: mostly answers, some drops, every third answer --human. */
function jobFor(qid: string, worker: number, k: number): Job {
  if (k % 7 === 3) {
    const reason = `superseded (worker ${worker})`;
    return { qid, args: ["state", "resolve", "--drop", qid, reason], line: `--drop ${qid}: ${reason}`, entry: { qid, kind: "drop", source: { kind: "text", text: reason } }, human: false };
  }
  const answer = `answer ${k} from worker ${worker} for ${qid}`;
  const human = k % 3 === 1;
  return { qid, args: ["state", "resolve", ...(human ? ["--human"] : []), qid, answer], line: `${qid}: ${answer}`, entry: { qid, kind: "answer", source: { kind: "text", text: answer } }, human };
}

describe.each([
  { mode: `${WORKERS} batch processes of ${PER_WORKER} entries`, batch: true },
  { mode: `${WORKERS} workers × ${PER_WORKER} single resolves (${TOTAL} processes)`, batch: false },
])(`${WORKERS} processes resolving ${PER_WORKER} distinct questions each, at once: $mode`, ({ batch }) => {
  const rng = makeRng(SEED);
  // The target questions plus answered/dropped history and markdown noise around them.
  const q = questionsFile(rng, { count: TOTAL + 40, open: TOTAL + 20, noise: 0.05 });
  const targets = rng.shuffle(q.open).slice(0, TOTAL);
  const awaited = targets[rng.int(0, targets.length - 1)]!;
  const state = stateFile(rng, { form: "table", awaiting: awaited, phase: "build" });
  const project = makeProject({ ".devrites/ACTIVE": "feat\n", [`${W}/questions.md`]: q.text, [`${W}/state.md`]: state });
  afterAll(() => project.cleanup());

  const workers: Job[][] = Array.from({ length: WORKERS }, (_, w) => targets.slice(w * PER_WORKER, (w + 1) * PER_WORKER).map((qid, k) => jobFor(qid, w, k)));

  it("every process exits 0, and the final files equal the serial result byte for byte", async () => {
    const failures: string[] = [];
    await Promise.all(
      workers.map(async (jobs, w) => {
        if (batch) {
          const file = `answers-${w}.txt`;
          fs.writeFileSync(path.join(project.dir, file), jobs.map((j) => j.line).join("\n") + "\n");
          const r = await runCli(["state", "resolve", "--batch", file], { cwd: project.dir, env: LOCK_ENV });
          if (r.exit !== 0) failures.push(`worker ${w} batch → exit ${r.exit}: ${r.stderr.trim()}`);
          return;
        }
        for (const job of jobs) {
          const r = await runCli(job.args, { cwd: project.dir, env: LOCK_ENV });
          if (r.exit !== 0) failures.push(`${job.args.join(" ")} → exit ${r.exit}: ${r.stderr.trim()}`);
        }
      }),
    );
    expect(failures, `seed ${SEED}`).toEqual([]);

    // The serial reference: the same resolutions applied one by one with the pure use case.
    let refQ = q.text;
    let refS = state;
    for (const job of workers.flat()) {
      const plan = planResolve({ slug: "feat", questions: refQ, state: refS, decisions: undefined }, { entries: [job.entry], human: !batch && job.human, recordDecision: false, now: new Date(T) });
      refQ = plan.questions ?? refQ;
      refS = plan.state ?? refS;
    }
    expect(project.read(`${W}/questions.md`) === refQ, `questions.md differs from the serial result (seed ${SEED})`).toBe(true);
    expect(project.read(`${W}/state.md`), `seed ${SEED}`).toBe(refS);
  }, 600_000);

  it(`${TOTAL}/${TOTAL} questions are resolved with their own answer, and every other question is still open`, () => {
    const doc = parseQuestions(project.read(`${W}/questions.md`));
    let resolved = 0;
    for (const job of workers.flat()) {
      const blocks = doc.byId.get(job.qid) ?? [];
      expect(blocks, job.qid).toHaveLength(1);
      const b = blocks[0]!;
      expect(statusOf(b), job.qid).toBe(job.entry.kind === "answer" ? "answered" : "dropped");
      expect(fieldValue(b, "answer"), job.qid).toBe((job.entry.source as { text: string }).text);
      expect(fieldValue(b, "answered_at"), job.qid).toBe(T);
      expect(fieldValue(b, "answered_by"), job.qid).toBe(!batch && job.human ? "human" : undefined);
      resolved++;
    }
    expect(resolved).toBe(TOTAL);
    const targetSet = new Set(targets);
    const stillOpen = doc.blocks.filter((b) => statusOf(b) === "open").map((b) => b.id);
    expect(stillOpen.sort()).toEqual(q.open.filter((id) => !targetSet.has(id)).sort());
  });

  it("state.md parses, no longer awaits the resolved question, and logs it exactly once", () => {
    const text = project.read(`${W}/state.md`);
    const doc = parseState(text);
    expect(doc.awaiting).toEqual([]);
    expect(doc.cursor.get("status")?.value).toBe("running");
    expect(text.split(`resolved ${awaited}`).length - 1).toBe(1);
  });

  it("events.jsonl holds one whole, parseable event per resolution and nothing twice", () => {
    const lines = project.read(`${W}/events.jsonl`).split("\n");
    expect(lines.pop()).toBe("");
    const events = lines.map((l) => JSON.parse(l) as { id: string; event: string; qid?: string; detail?: Record<string, unknown> });
    const resolutions = events.filter((e) => (e.event === "resolved" || e.event === "dropped") && !e.detail?.state_repaired);
    expect(resolutions.map((e) => e.qid).sort()).toEqual([...targets].sort());
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  });

  it("no journal, temp or lock file is left behind", () => {
    const left = project.listDevrites().filter((f) => !/(^|\/)(ACTIVE|state\.md|questions\.md|events\.jsonl)$/.test(f));
    expect(left).toEqual([]);
  });
});

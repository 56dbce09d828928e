// No lost updates through the MCP server: 16 concurrent clients × 20 resolves through one
// server, while CLI processes resolve other questions of the same workspace. 320/320 answered,
// every CLI answer too, the files parse, and no temp, journal or lock file is left. `npm test`
// runs 4 clients × 5 and 2 CLI workers × 3; `npm run test:full` the full counts.

import fs from "node:fs";
import { describe, expect, it, onTestFinished } from "vitest";
import { fieldValue, parseQuestions, statusOf } from "../../src/documents/questions/parse-questions.js";
import { parseState } from "../../src/documents/state/parse-state.js";
import { runCli } from "../helpers/cli.js";
import { caseCount } from "../helpers/counts.js";
import { makeRng, questionsFile, stateFile, suiteSeed } from "../helpers/generate.js";
import { call, connectInProcess, connectSpawned, serverTempDirs } from "../helpers/mcp.js";
import { makeProject } from "../helpers/project.js";
import { litter } from "../helpers/snapshot.js";

const W = ".devrites/work/feat";
const CLIENTS = caseCount("DEVRITES_MCP_CLIENTS", 4, 16);
const PER_CLIENT = caseCount("DEVRITES_MCP_PER_CLIENT", 5, 20);
const CLI_PROCESSES = caseCount("DEVRITES_MCP_CLI_PROCESSES", 2, 4);
const PER_CLI = caseCount("DEVRITES_MCP_PER_CLI", 3, 5);
const N = CLIENTS * PER_CLIENT;
/** As in concurrency.test.ts: on a loaded machine a waiter may pass 30 s; this test is about lost updates. */
const LOCK_ENV = { DEVRITES_LOCK_TIMEOUT_MS: "600000" };

function setup(seed: number) {
  const rng = makeRng(suiteSeed(seed));
  const q = questionsFile(rng, { count: N + CLI_PROCESSES * PER_CLI + 40, open: N + CLI_PROCESSES * PER_CLI + 20, noise: 0.05 });
  const targets = rng.shuffle(q.open).slice(0, CLIENTS * PER_CLIENT + CLI_PROCESSES * PER_CLI);
  const state = stateFile(rng, { form: "table", awaiting: targets[0]!, phase: "build" });
  const project = makeProject({ ".devrites/ACTIVE": "feat\n", [`${W}/questions.md`]: q.text, [`${W}/state.md`]: state });
  const tmp = project.path("server-tmp");
  fs.mkdirSync(tmp);
  const mcpJobs = Array.from({ length: CLIENTS }, (_, c) => targets.slice(c * PER_CLIENT, (c + 1) * PER_CLIENT));
  const cliJobs = Array.from({ length: CLI_PROCESSES }, (_, c) => targets.slice(CLIENTS * PER_CLIENT + c * PER_CLI, CLIENTS * PER_CLIENT + (c + 1) * PER_CLI));
  return { project, tmp, mcpJobs, cliJobs, targets };
}

const answerOf = (qid: string) => `answer for ${qid}`;

function cliWorkers(dir: string, jobs: string[][]): Promise<number[]>[] {
  return jobs.map(async (qids) => {
    const exits: number[] = [];
    for (const qid of qids) exits.push((await runCli(["state", "resolve", qid, answerOf(qid)], { cwd: dir, env: LOCK_ENV })).exit);
    return exits;
  });
}

function expectAllAnswered(dir: string, read: (rel: string) => string, targets: string[]): void {
  const doc = parseQuestions(read(`${W}/questions.md`));
  const byId = new Map(doc.blocks.map((b) => [b.id, b]));
  const answered = targets.filter((qid) => {
    const b = byId.get(qid);
    return b !== undefined && statusOf(b) === "answered" && fieldValue(b, "answer") === answerOf(qid);
  });
  expect(answered.length, dir).toBe(targets.length);
  // state.md still parses and no longer awaits the first target (resolved by a client).
  expect(parseState(read(`${W}/state.md`)).awaiting).toEqual([]);
  const events = read(`${W}/events.jsonl`).split("\n").filter((l) => l !== "");
  for (const l of events) JSON.parse(l);
}

describe(`mcp: ${CLIENTS} concurrent clients × ${PER_CLIENT} resolves plus CLI processes on one workspace`, () => {
  it(`through one spawned server (${CLIENTS} concurrent callers on its stdio): ${N}/${N} and every CLI answer land`, async () => {
    const { project, tmp, mcpJobs, cliJobs, targets } = setup(15_01);
    onTestFinished(() => project.cleanup());
    const { client } = await connectSpawned(project.dir, { ...LOCK_ENV, TMPDIR: tmp });
    try {
      const mcp = mcpJobs.map(async (qids) => {
        const outcomes: unknown[] = [];
        for (const qid of qids) outcomes.push((await call(client, "resolve", { qid, answer: answerOf(qid) }, { timeout: 600_000 })).data.exit);
        return outcomes;
      });
      const cli = cliWorkers(project.dir, cliJobs);
      const mcpExits = (await Promise.all(mcp)).flat();
      expect(mcpExits.filter((e) => e === 0)).toHaveLength(CLIENTS * PER_CLIENT);
      expect((await Promise.all(cli)).flat()).toEqual(Array(CLI_PROCESSES * PER_CLI).fill(0));
    } finally {
      await client.close();
    }
    expectAllAnswered(project.dir, project.read, targets);
    expect(litter(project)).toEqual([]);
    expect(serverTempDirs(tmp)).toEqual([]);
  });

  it(`through ${CLIENTS} SDK clients on in-process servers sharing one event loop: ${N}/${N} and every CLI answer land`, async () => {
    const { project, tmp, mcpJobs, cliJobs, targets } = setup(15_02);
    onTestFinished(() => project.cleanup());
    const servers = await Promise.all(mcpJobs.map(() => connectInProcess({ cwd: project.dir, root: project.dir, env: LOCK_ENV, tmpdir: tmp })));
    try {
      const mcp = mcpJobs.map(async (qids, c) => {
        const outcomes: unknown[] = [];
        // Half of the clients answer through one-entry batches: the temp-file path under load.
        for (const qid of qids) {
          const r = c % 2 === 0 ? await call(servers[c]!.client, "resolve", { qid, answer: answerOf(qid) }, { timeout: 600_000 }) : await call(servers[c]!.client, "resolve_batch", { entries: [{ qid, answer: answerOf(qid) }] }, { timeout: 600_000 });
          outcomes.push(r.data.exit);
        }
        return outcomes;
      });
      const cli = cliWorkers(project.dir, cliJobs);
      expect((await Promise.all(mcp)).flat().filter((e) => e === 0)).toHaveLength(CLIENTS * PER_CLIENT);
      expect((await Promise.all(cli)).flat()).toEqual(Array(CLI_PROCESSES * PER_CLI).fill(0));
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
    expectAllAnswered(project.dir, project.read, targets);
    expect(litter(project)).toEqual([]);
    expect(serverTempDirs(tmp)).toEqual([]);
  });
});

// Memory follows the input, never the number of failures: a ticket comment of millions of
// invalid lines (30 MB, under the 64 MiB cap) and a batch of hundreds of thousands of them run in
// a small heap, report the exact count and list the first 100. Spawned with a capped old
// generation: the heap limit is a process flag. Full sizes under `npm run test:full`.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { caseCount } from "../helpers/counts.js";
import { CLI_PATH, projectFromFixture } from "../helpers/project.js";
import { T } from "../helpers/cli.js";

/** The old generation a run may use (MB): the all-invalid inputs below once needed gigabytes. */
const HEAP_MB = 128;
const COMMENT_LINES = caseCount("DEVRITES_BOUNDED_COMMENT_LINES", 20_000, 5_000_000);
const BATCH_LINES = caseCount("DEVRITES_BOUNDED_BATCH_LINES", 10_000, 400_000);

const p = projectFromFixture("table-awaiting");
afterAll(() => p.cleanup());

function engine(args: string[]): { exit: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_MB}`, CLI_PATH, ...args], {
    cwd: p.dir,
    env: { ...process.env, DEVRITES_NOW: T },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return { exit: r.status, out: r.stdout, err: r.stderr };
}

describe(`all-invalid inputs in a ${HEAP_MB} MB heap`, () => {
  it(`one member comment of ${COMMENT_LINES} 'q-1:' lines: exit 0, every line counted as skipped, the first 100 listed, nothing written`, () => {
    const body = "q-1:\n".repeat(COMMENT_LINES);
    fs.writeFileSync(`${p.dir}/comments.json`, JSON.stringify([{ id: 1, user: { login: "ana-lead", type: "User" }, author_association: "MEMBER", body, created_at: "2026-09-02T16:00:00Z" }]));
    const questions = p.read(".devrites/work/session-token-rotation/questions.md");
    const r = engine(["state", "resolve", "--from-comments", "comments.json", "--json"]);
    expect(r.err).not.toMatch(/heap/i);
    expect(r.exit, r.err.slice(0, 500)).toBe(0);
    const j = JSON.parse(r.out) as { skipped_count: number; skipped: { line: number }[]; results: unknown[] };
    expect(j.skipped_count).toBe(COMMENT_LINES);
    expect(j.skipped.map((s) => s.line)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(j.results).toEqual([]);
    expect(p.read(".devrites/work/session-token-rotation/questions.md")).toBe(questions);
  }, 180_000);

  it(`a batch file of ${BATCH_LINES} empty answers: exit 5 with the exact count and the first 100 lines`, () => {
    fs.writeFileSync(`${p.dir}/answers.txt`, "q-2026-09-02-003:\n".repeat(BATCH_LINES));
    const r = engine(["state", "resolve", "--batch", "answers.txt", "--json"]);
    expect(r.err).not.toMatch(/heap/i);
    expect(r.exit, r.err.slice(0, 500)).toBe(5);
    const j = JSON.parse(r.out) as { failure_count: number; failures: { line: number }[] };
    expect(j.failure_count).toBe(BATCH_LINES);
    expect(j.failures).toHaveLength(100);
  }, 180_000);
});

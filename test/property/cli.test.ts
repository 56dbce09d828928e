// Bad input at the command line (spec README, "Quality bars"): generated argument lists against
// generated and mutated workspaces. No uncaught exception, only exit codes from the table, no
// file written (or removed, or re-moded) when the exit code says the command did not do its job,
// one JSON object with --json, and an identical re-run of a successful resolve changes nothing.
// The bulk runs main() in-process; a seeded subset spawns the built CLI.

import fs from "node:fs";
import os from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { jsonOutputAsked, parseCommandLine } from "../../src/cli/argv.js";
import { main } from "../../src/cli/main.js";
import type { Io } from "../../src/io.js";
import { runCli } from "../helpers/cli.js";
import { cliCase, treeDiff, treeSnapshot, writeCaseTree, type CliCase } from "../helpers/cli-cases.js";
import { makeRng, suiteSeed } from "../helpers/generate.js";
import { caseCount } from "../helpers/counts.js";

/** `npm test`: 600 in-process and 10 spawned cases; `npm run test:full`: 1,800 and 60. */
const IN_PROCESS = caseCount("DEVRITES_PROPERTY_CLI_CASES", 300, 1800);
const SPAWNED = caseCount("DEVRITES_PROPERTY_SPAWN_CASES", 10, 60);
const SEED = suiteSeed(7_2026);
/** DEVRITES_PROPERTY_REPORT=FILE: collect every violation (not only the first ten) into FILE, one JSON string a line. */
const REPORT = process.env.DEVRITES_PROPERTY_REPORT;
const MAX_PROBLEMS = REPORT ? Infinity : 10;

function report(problems: string[]): void {
  if (REPORT) fs.writeFileSync(REPORT, problems.map((p) => JSON.stringify(p)).join("\n") + "\n");
}

/**
 * Exit codes that may leave the tree changed: 0 (done) and 8, whose command (`state pause`
 * below the external-blocker threshold) records the attempt by design (commands.md).
 */
const WRITING_EXITS = new Set([0, 8]);
/** Exits the spec sends to stderr as failures (commands.md, Global behaviour); 3 is `check`'s verdict too. */
const FAILURE_EXITS = new Set([1, 2, 4, 5, 6, 9]);

interface RunResult {
  exit: number;
  stdout: string;
  stderr: string;
}

async function runInProcess(c: CliCase, dir: string): Promise<RunResult> {
  const out: string[] = [];
  const err: string[] = [];
  const replies = [...c.replies];
  const io: Io = {
    env: { ...c.env },
    cwd: dir,
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    readLine: async () => replies.shift(),
    stdinIsTTY: false,
    stdoutIsTTY: false,
    now: () => new Date("2026-07-20T10:00:00Z"),
    pid: process.pid,
    hostname: os.hostname(),
  };
  const exit = await main(c.argv, io);
  return { exit, stdout: out.join(""), stderr: err.join("") };
}

const show = (c: CliCase, n: number) =>
  `case ${n} (DEVRITES_PROPERTY_SEED=${SEED}): argv ${JSON.stringify(c.argv)} env ${JSON.stringify(c.env)}`;

const beforeDashDash = (argv: string[]) => (argv.includes("--") ? argv.slice(0, argv.indexOf("--")) : argv);

/** The invariants every run must satisfy; returns a description of each violation. */
function violations(c: CliCase, r: RunResult, before: Map<string, string>, after: Map<string, string>): string[] {
  const v: string[] = [];
  if (!Number.isInteger(r.exit) || r.exit < 0 || r.exit > 9) v.push(`exit ${r.exit} is not in the table`);
  const all = r.stdout + r.stderr;
  if (/internal error: (?!.*not implemented yet)/.test(all)) v.push(`an unexpected exception: ${all.slice(0, 600)}`);
  const diff = treeDiff(before, after);
  if (!WRITING_EXITS.has(r.exit) && diff.length > 0) v.push(`exit ${r.exit} but the tree changed: ${diff.join(", ")}`);
  const litter = [...after.keys()].filter((k) => /(^|\/)\.journal$|\.tmp$|\.engine\.lock$/.test(k));
  if (litter.length > 0) v.push(`left behind: ${litter.join(", ")}`);
  // JSON mode is decided as the engine decides it: a literal `--json` before any `--`, except
  // on a command whose own `--json` takes a value (parallel lease-write, create: the input).
  const opts = beforeDashDash(c.argv);
  const json = jsonOutputAsked(c.argv);
  const helpOrVersion = opts.some((a) => a === "--help" || a === "-h" || a === "--version");
  // Help, version, the completion script and interactive prompts are text by nature.
  const textByNature = (r.exit === 0 && (helpOrVersion || commandOf(c) === "completion")) || opts.includes("--interactive");
  if (json && !textByNature) {
    const lines = r.stdout.split("\n").filter((l) => l !== "");
    let obj: { ok?: unknown; exit?: unknown } | undefined;
    try {
      obj = lines.length === 1 ? JSON.parse(lines[0]!) : undefined;
    } catch {
      obj = undefined;
    }
    if (!obj || typeof obj !== "object") v.push(`--json did not print one JSON object on stdout: ${JSON.stringify(r.stdout.slice(0, 200))}, stderr ${JSON.stringify(r.stderr.slice(0, 200))}`);
    else if (obj.exit !== r.exit || obj.ok !== (r.exit === 0)) v.push(`--json says ok=${String(obj.ok)} exit=${String(obj.exit)} but the exit code is ${r.exit}`);
  } else if (!json && FAILURE_EXITS.has(r.exit) && r.stderr.trim() === "") {
    v.push(`exit ${r.exit} with nothing on stderr (stdout: ${JSON.stringify(r.stdout.slice(0, 200))})`);
  }
  return v;
}

/** The command a case names, as the engine's own parser reads it ("(unknown)" when none). */
function commandOf(c: CliCase): string {
  try {
    return parseCommandLine(c.argv).def?.words.join(" ") ?? "(unknown)";
  } catch {
    return "(unknown)";
  }
}

function isResolve(c: CliCase): boolean {
  return commandOf(c) === "state resolve" && !beforeDashDash(c.argv).includes("--interactive");
}

describe(`generated argument lists against generated workspaces (seed ${SEED})`, () => {
  const tally = new Map<string, Map<number, number>>();
  afterAll(() => {
    const rows = [...tally].map(([cmd, m]) => `${cmd}: ${[...m].sort((a, b) => a[0] - b[0]).map(([e, n]) => `${e}×${n}`).join(" ")}`);
    console.log(`exit codes by command (in-process):\n  ${rows.join("\n  ")}`);
  });

  it(`${IN_PROCESS} in-process runs of main(): no uncaught exception, exit codes from the table, no write on failure`, async () => {
    const rng = makeRng(SEED);
    const problems: string[] = [];
    let reRuns = 0;
    for (let n = 0; n < IN_PROCESS; n++) {
      const c = cliCase(rng.fork());
      const dir = writeCaseTree(c);
      try {
        const before = treeSnapshot(dir);
        let r: RunResult;
        try {
          r = await runInProcess(c, dir);
        } catch (e) {
          problems.push(`${show(c, n)}: main() threw ${(e as Error).stack}`);
          continue;
        }
        const after = treeSnapshot(dir);
        for (const p of violations(c, r, before, after)) problems.push(`${show(c, n)}: ${p}`);
        const cmd = commandOf(c);
        const m = tally.get(cmd) ?? new Map<number, number>();
        m.set(r.exit, (m.get(r.exit) ?? 0) + 1);
        tally.set(cmd, m);
        // An identical re-run of a resolve that succeeded is exit 0 and writes nothing.
        if (r.exit === 0 && isResolve(c)) {
          const again = await runInProcess(c, dir);
          const diff = treeDiff(after, treeSnapshot(dir));
          if (again.exit !== 0 || diff.length > 0) problems.push(`${show(c, n)}: identical re-run exit ${again.exit}, changed ${diff.join(", ")}: ${again.stderr}`);
          reRuns++;
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
      if (problems.length >= MAX_PROBLEMS) break;
    }
    report(problems);
    expect(problems).toEqual([]);
    expect(reRuns, "some generated resolves succeeded and were re-run").toBeGreaterThan(IN_PROCESS / 300);
  }, 170_000);

  it(`${SPAWNED} spawned runs of the built CLI obey the same invariants`, async () => {
    const rng = makeRng(SEED ^ 0x5eed);
    const problems: string[] = [];
    const cases = Array.from({ length: SPAWNED }, () => cliCase(rng.fork()));
    // Two at a time: one per core.
    for (let n = 0; n < cases.length; n += 2) {
      await Promise.all(
        cases.slice(n, n + 2).map(async (c, k) => {
          const dir = writeCaseTree(c);
          try {
            const before = treeSnapshot(dir);
            const r = await runCli(c.argv, { cwd: dir, env: c.env, input: c.replies.join("\n") });
            for (const p of violations(c, r, before, treeSnapshot(dir))) problems.push(`${show(c, n + k)} (spawned): ${p}`);
            if (r.exit < 0 || /^\s*at |Uncaught|node:internal/m.test(r.stderr)) problems.push(`${show(c, n + k)} (spawned): crashed: ${r.stderr.slice(0, 600)}`);
          } finally {
            fs.rmSync(dir, { recursive: true, force: true });
          }
        }),
      );
    }
    expect(problems).toEqual([]);
  }, 170_000);
});

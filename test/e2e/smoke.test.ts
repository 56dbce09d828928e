// The built CLI, one spawned run per command and per exit code of the table: each step runs
// through `dist/devrites-engine.cjs` on one copy of the example workspace and through main()
// in-process on another, and both must agree on the exit code, stdout, stderr and every file.
// This is what lets the other e2e suites run in-process: they prove behaviour, this proves
// the bundle is that behaviour.

import fs from "node:fs";
import os from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { runCli, runMain, type CliResult } from "../helpers/cli.js";
import { projectFromExample, type Project } from "../helpers/project.js";

const W = ".devrites/work/session-token-rotation";
const AWAITED = "q-2026-09-02-003";
const OTHER = "q-2026-09-02-002";

interface Step {
  args: string[];
  /** Exit code both runs must have. */
  exit: number;
  env?: Record<string, string>;
  /** Files to write into both projects first (relative path → content). */
  files?: Record<string, string>;
}

/** In order, on one workspace: reads, writes, then every failure exit of the table. */
const STEPS: Step[] = [
  { args: ["status"], exit: 0 },
  { args: ["status", "--json"], exit: 0 },
  { args: ["questions", "--all"], exit: 0 },
  { args: ["questions", "show", AWAITED, "--markdown"], exit: 0 },
  { args: ["check"], exit: 0 },
  { args: ["log", "--json"], exit: 0 },
  { args: ["budget", "status"], exit: 0 },
  { args: ["budget", "check", "--json"], exit: 0 },
  { args: ["question", "add", "--gate", "advisory", "--question", "Smoke or mirrors?", "--option", "smoke", "--option", "mirrors"], exit: 0 },
  { args: ["state", "resolve", OTHER, "--proposed"], exit: 0 },
  { args: ["state", "resolve", OTHER, "--proposed"], exit: 0 },
  { args: ["state", "resolve", "--human", "--batch", "answers.txt"], exit: 0, files: { "answers.txt": `${AWAITED}: Keep one release\n` } },
  { args: ["state", "pause", "--reason", "operator", "--detail", "lunch"], exit: 0 },
  { args: ["state", "resume", "--note", "back"], exit: 0 },
  { args: ["migrate"], exit: 0 },
  { args: ["init", "smoke-next", "--no-activate"], exit: 0 },
  { args: ["completion"], exit: 0 },
  { args: ["budget", "spend", "SLICE-001"], exit: 0 },
  { args: ["state", "resolve", "--help"], exit: 0 },
  // The DevRites pack's calls: orient, the readiness gate, a host hook (exit 0: Claude Code
  // reads exit 2 from a hook as "block the tool call"), a call this engine does not provide.
  { args: ["orient", "--json"], exit: 0 },
  { args: ["migrate", "--dry-run"], exit: 0 },
  { args: ["parallel", "status", "--slug", "session-token-rotation"], exit: 0 },
  { args: ["parallel", "select", "--cap", "3", "ready.json"], exit: 0, files: { "ready.json": '[{"id":"SLICE-001","paths":["src/a.ts"]},{"id":"SLICE-002","paths":["src/a.ts"]},{"id":"SLICE-003","paths":["src/c.ts"]}]' } },
  { args: ["parallel", "lease-write", "--slug", "session-token-rotation", "--json", "lease.json"], exit: 0, files: { "lease.json": '{"batch_id":"b1","base_sha":"2435cdb","n":2,"status":"running","slices":[{"id":"S1","paths":["src/a.ts"]},{"id":"S2","paths":["src/b.ts"]}]}' } },
  { args: ["parallel", "lease-clear", "--slug", "session-token-rotation"], exit: 0 },
  { args: ["parallel", "abort", "--slug", "session-token-rotation"], exit: 3 },
  { args: ["parallel", "cleanup", "--slug", "session-token-rotation"], exit: 0 },
  { args: ["check", "readiness"], exit: 3 },
  { args: ["hook", "allow", "--harness=claude"], exit: 0 },
  { args: ["overhaul", "status"], exit: 2 },
  { args: ["gates", "status", "session-token-rotation"], exit: 3 },
  { args: ["claim", "check", "--session", "smoke", "src/x.ts"], exit: 0 },
  { args: ["claim", "list", "--json"], exit: 0 },
  { args: ["dispatch", "session-token-rotation", "open", "--phase", "review", "--wave", "smoke", "--role", "code-reviewer"], exit: 0 },
  { args: ["dispatch", "session-token-rotation", "seal", "--wave", "smoke"], exit: 3 },
  { args: ["dispatch", "session-token-rotation", "start", "--wave", "smoke", "--role", "code-reviewer", "--handle", "agent-1", "--json"], exit: 0 },
  { args: ["next", "--json"], exit: 0 },
  { args: ["handoff"], exit: 0 },
  { args: ["metrics", "summary"], exit: 0 },
  { args: ["note", "check", "session-token-rotation"], exit: 0 },
  { args: ["check", "dup", "--all"], exit: 3 },
  // The failure exits, each from its own cause.
  { args: [], exit: 2 },
  { args: ["stauts"], exit: 2 },
  { args: ["questions", "show", "q-2026-09-02-099"], exit: 3 },
  { args: ["state", "resolve", AWAITED, "--option", "x"], exit: 5 },
  { args: ["state", "merge-manifest", "session-token-rotation"], exit: 3 },
  { args: ["state", "resolve", "q-2026-09-02-001", "again"], exit: 4 },
  { args: ["completion", "bash"], exit: 5 },
  { args: ["status", "--workspace", "no-such-workspace"], exit: 2 },
  { args: ["state", "resolve", AWAITED, "Busy"], exit: 9, env: { DEVRITES_LOCK_TIMEOUT_MS: "50" }, files: { [`${W}/.engine.lock`]: JSON.stringify({ pid: process.pid, host: os.hostname(), since: "2026-07-20T09:59:00Z" }) } },
];

/** A result with each project's own directory written as <dir>, so the two can be compared. */
const normal = (r: CliResult, p: Project) => ({ exit: r.exit, stdout: r.stdout.split(p.dir).join("<dir>"), stderr: r.stderr.split(p.dir).join("<dir>") });

/** Every file of the project except events.jsonl (event ids differ), plus each event's kind and qid. */
function files(p: Project): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of p.listDevrites()) {
    const text = p.read(rel);
    out[rel] = rel.endsWith("events.jsonl")
      ? text.split("\n").filter((l) => l !== "").map((l) => { const e = JSON.parse(l) as { event: string; qid?: string }; return `${e.event} ${e.qid ?? ""}`; }).join("\n")
      : text;
  }
  return out;
}

describe("the built CLI and main() agree on every command", () => {
  const spawned = projectFromExample();
  const inProcess = projectFromExample();
  afterAll(() => {
    spawned.cleanup();
    inProcess.cleanup();
  });

  it.each(STEPS.map((s) => [s.args.join(" ") || "(no command)", s] as const))("%s: the same exit, output and files both ways", async (_name, step) => {
    for (const p of [spawned, inProcess]) for (const [rel, content] of Object.entries(step.files ?? {})) p.write(rel, content);
    const env = { TZ: "UTC", SHELL: "/bin/bash", ...step.env };
    const a = normal(await runCli(step.args, { cwd: spawned.dir, env }), spawned);
    const b = normal(await runMain(step.args, { cwd: inProcess.dir, env }), inProcess);
    for (const p of [spawned, inProcess]) if (fs.existsSync(p.path(`${W}/.engine.lock`)) && step.exit === 9) fs.rmSync(p.path(`${W}/.engine.lock`));
    expect(a.exit, a.stderr).toBe(step.exit);
    expect(b).toEqual(a);
    expect(files(inProcess)).toEqual(files(spawned));
  });
});

// Crash recovery through main() (commands.md, Transactions): whatever a killed process left
// — temps, a journal, a torn journal — the NEXT command of any kind (mutating or read-only)
// finishes or discards it, logs a `recovered` event, and leaves no journal or temp file.
// Real SIGKILLs at random instants are test/reliability/crash.test.ts.

import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { runMain, T } from "../helpers/cli.js";
import { projectFromFixture, type Project } from "../helpers/project.js";
import { litter, readEventsOf } from "../helpers/snapshot.js";

const WS = ".devrites/work/session-token-rotation";
const AWAITED = "q-2026-09-02-003";
const sha = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

let p: Project;
afterEach(() => p?.cleanup());

/**
 * What `state resolve AWAITED "Keep one release…"` commits, laid out as a process killed
 * after writing its journal would leave it — in the version-1 format (`<json>\n<sha256>\n`) an
 * earlier engine wrote, which the CLI must still recover; version 2 is covered by
 * test/workspace/recovery.test.ts and by the SIGKILL runs of test/reliability/crash.test.ts.
 */
function crashAfterJournal(opts: { temps: "intact" | "one-missing" | "one-corrupt"; journal: "ok" | "torn" }) {
  p = projectFromFixture("table-awaiting");
  const reference = projectFromFixture("table-awaiting");
  const newQ = reference.read(`${WS}/questions.md`).replace(/(## q-2026-09-02-003\nstatus: )open/, "$1answered").replace(
    /(raised_at: 2026-09-02T14:05:11Z\n)answered_at:\nanswer:\n$/,
    `$1answered_at: ${T}\nanswer: Keep one release, drop in follow-up\n`,
  );
  reference.cleanup();
  const newS = "# State: crashed mid-commit\n\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n| status | running |\n";
  const files = [
    { target: "questions.md", temp: ".questions.md.99999.0a0b0c0d.tmp", content: newQ },
    { target: "state.md", temp: ".state.md.99999.1a1b1c1d.tmp", content: newS },
  ];
  files.forEach((f, i) => {
    if (opts.temps === "one-missing" && i === 1) return;
    p.write(`${WS}/${f.temp}`, opts.temps === "one-corrupt" && i === 1 ? f.content.slice(0, 10) : f.content);
  });
  const event = `{"v":1,"id":"ev-${T}-abcdef","ts":"${T}","event":"resolved","qid":"${AWAITED}","by":"agent","detail":{"answer":"Keep one release, drop in follow-up","batch":false}}\n`;
  const body = JSON.stringify({ v: 1, files: files.map(({ target, temp, content }) => ({ target, temp, sha256: sha(content) })), appends: [{ target: "events.jsonl", offset: 0, data: event }] });
  p.write(`${WS}/.journal`, opts.journal === "ok" ? `${body}\n${sha(body)}\n` : body.slice(0, 40));
  return { newQ, newS };
}

const NEXT_COMMANDS: [string, string[]][] = [
  ["a mutating resolve of another question", ["state", "resolve", "q-2026-09-02-001", "info"]],
  ["read-only status", ["status"]],
  ["read-only questions", ["questions"]],
];

describe("the next command finishes a journal whose temps are all intact", () => {
  it.each(NEXT_COMMANDS)("%s", async (_name, args) => {
    const { newQ, newS } = crashAfterJournal({ temps: "intact", journal: "ok" });
    const r = await runMain(args, { cwd: p.dir });
    expect(r.exit, r.stderr).toBe(0);
    expect(p.read(`${WS}/state.md`)).toBe(newS);
    const q = p.read(`${WS}/questions.md`);
    expect(args[0] === "state" ? q.replace(/(## q-2026-09-02-001\nstatus: )answered/, "$1open").replace(`answered_at: ${T}\nanswer: info\n`, "answered_at:\nanswer:\n") : q).toBe(newQ);
    const events = readEventsOf(p, WS);
    expect(events[0]).toMatchObject({ event: "resolved", qid: AWAITED });
    expect(events[1]).toMatchObject({ event: "recovered", detail: { journal: "finished" } });
    expect(litter(p)).toEqual([]);
  });
});

describe("the next command discards a journal it cannot finish", () => {
  it.each([
    ["a temp missing", { temps: "one-missing", journal: "ok" }],
    ["a temp corrupt", { temps: "one-corrupt", journal: "ok" }],
    ["a torn journal", { temps: "intact", journal: "torn" }],
  ] as const)("%s: the old files stay, only `recovered` is logged", async (_name, opts) => {
    for (const [, args] of NEXT_COMMANDS) {
      crashAfterJournal(opts);
      const old = projectFromFixture("table-awaiting");
      const r = await runMain(args, { cwd: p.dir });
      expect(r.exit, r.stderr).toBe(0);
      expect(p.read(`${WS}/state.md`)).toBe(old.read(`${WS}/state.md`));
      if (args[0] !== "state") expect(p.read(`${WS}/questions.md`)).toBe(old.read(`${WS}/questions.md`));
      old.cleanup();
      const events = readEventsOf(p, WS);
      expect(events[0]).toMatchObject({ event: "recovered", detail: { journal: "discarded" } });
      expect(events.filter((e) => e.qid === AWAITED)).toEqual([]);
      expect(litter(p)).toEqual([]);
      p.cleanup();
    }
  });

  it("temps left before any journal was written are removed by a read-only command", async () => {
    p = projectFromFixture("table-awaiting");
    p.write(`${WS}/.questions.md.99999.deadbeef.tmp`, "half");
    const r = await runMain(["status"], { cwd: p.dir });
    expect(r.exit).toBe(0);
    expect(litter(p)).toEqual([]);
    expect(readEventsOf(p, WS)).toMatchObject([{ event: "recovered", detail: { journal: "discarded" } }]);
  });
});

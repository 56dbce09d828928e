// A command's access to its workspace: mutations run under the lock as one transaction
// with their events, a leftover journal is finished or discarded first (and logged as
// `recovered`), a failing mutation writes nothing, and the lock is always released.

import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BusyError, RefusedError } from "../../src/errors.js";
import { LARGE_INPUT_BYTES, type Io } from "../../src/io.js";
import { openWorkspace } from "../../src/workspace/locate.js";
import { LOCK_FILE } from "../../src/workspace/lock.js";
import { WorkspaceSession, emptyChanges } from "../../src/workspace/session.js";
import { JOURNAL_FILE } from "../../src/workspace/journal.js";
import { makeProject, type Project } from "../helpers/project.js";

let p: Project;
afterEach(() => p?.cleanup());

const W = ".devrites/work/feat";
const NOW = new Date("2026-07-20T10:00:00Z");
const sha = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

function io(env: Record<string, string> = {}): Io {
  return {
    env,
    cwd: p.dir,
    stdout: () => {},
    stderr: () => {},
    stdinIsTTY: false,
    stdoutIsTTY: false,
    now: () => NOW,
    pid: process.pid,
    hostname: os.hostname(),
  };
}

function session(env: Record<string, string> = {}): WorkspaceSession {
  p ??= makeProject();
  return new WorkspaceSession(openWorkspace(p.path(".devrites"), "feat"), io(env), NOW);
}

function setup() {
  p = makeProject({ [`${W}/questions.md`]: "old q\n", [`${W}/state.md`]: "old s\n" });
}

const events = () =>
  p.exists(`${W}/events.jsonl`)
    ? p.read(`${W}/events.jsonl`).trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>)
    : [];

/** A journal a killed process left: temps for both files intact, one event pending. */
function leftoverJournal(intact: boolean) {
  const qTemp = ".questions.md.4242.00000001.tmp";
  const sTemp = ".state.md.4242.00000002.tmp";
  p.write(`${W}/${qTemp}`, "crash q\n");
  p.write(`${W}/${sTemp}`, intact ? "crash s\n" : "crash");
  const data = '{"v":1,"id":"ev-x","ts":"2026-07-20T09:00:00Z","event":"resolved","qid":"q-1"}\n';
  const body = JSON.stringify({
    v: 1,
    files: [
      { target: "questions.md", temp: qTemp, sha256: sha("crash q\n") },
      { target: "state.md", temp: sTemp, sha256: sha("crash s\n") },
    ],
    appends: [{ target: "events.jsonl", offset: 0, data }],
  });
  p.write(`${W}/${JOURNAL_FILE}`, `${body}\n${sha(body)}\n`);
}

describe("WorkspaceSession.mutate", () => {
  it("commits files and events together, events stamped with the run's clock, secrets redacted", () => {
    setup();
    const s = session();
    const result = s.mutate(() => ({
      changes: { files: new Map([["questions.md", "new q\n"]]), events: [{ event: "resolved", qid: "q-1", by: "human", detail: { answer: "password=hunter22" } }] },
      result: 42,
    }));
    expect(result).toBe(42);
    expect(p.read(`${W}/questions.md`)).toBe("new q\n");
    const [ev] = events();
    expect(ev).toMatchObject({ v: 1, ts: "2026-07-20T10:00:00Z", event: "resolved", qid: "q-1", by: "human", detail: { answer: "password=[REDACTED]" } });
    expect(ev!.id).toMatch(/^ev-2026-07-20T10:00:00Z-[0-9a-f]+$/);
    expect(p.listDevrites()).toEqual([`${W}/events.jsonl`, `${W}/questions.md`, `${W}/state.md`]);
  });

  it("a mutation with no changes writes nothing, not even an event", () => {
    setup();
    session().mutate(() => ({ changes: emptyChanges(), result: undefined }));
    expect(p.listDevrites()).toEqual([`${W}/questions.md`, `${W}/state.md`]);
  });

  it("a mutation that throws writes nothing and releases the lock", () => {
    setup();
    expect(() =>
      session().mutate(() => {
        throw new RefusedError("no");
      }),
    ).toThrow(RefusedError);
    expect(p.listDevrites()).toEqual([`${W}/questions.md`, `${W}/state.md`]);
  });

  it("holds the lock while the mutation runs", () => {
    setup();
    session().mutate(() => {
      expect(fs.existsSync(p.path(`${W}/${LOCK_FILE}`))).toBe(true);
      return { changes: emptyChanges(), result: undefined };
    });
    expect(fs.existsSync(p.path(`${W}/${LOCK_FILE}`))).toBe(false);
  });

  it("a lock held by a live process is exit 9 after DEVRITES_LOCK_TIMEOUT_MS, and nothing runs", () => {
    setup();
    p.write(`${W}/${LOCK_FILE}`, JSON.stringify({ pid: process.pid, host: os.hostname(), since: "2026-07-20T09:59:00Z" }));
    let ran = false;
    expect(() =>
      session({ DEVRITES_LOCK_TIMEOUT_MS: "50" }).mutate(() => {
        ran = true;
        return { changes: emptyChanges(), result: undefined };
      }),
    ).toThrow(BusyError);
    expect(ran).toBe(false);
  });

  it.each([
    [true, "finished", { q: "crash q\n", s: "crash s\n" }, 2],
    [false, "discarded", { q: "old q\n", s: "old s\n" }, 1],
  ] as const)("a leftover journal (temps intact: %s) is %s before the mutation runs, and logged as `recovered`", (intact, outcome, want, eventCount) => {
    setup();
    leftoverJournal(intact);
    const seen = session().mutate(() => ({ changes: emptyChanges(), result: [p.read(`${W}/questions.md`), p.read(`${W}/state.md`)] }));
    expect(seen).toEqual([want.q, want.s]);
    const evs = events();
    expect(evs).toHaveLength(eventCount);
    expect(evs[evs.length - 1]).toMatchObject({ event: "recovered", detail: { journal: outcome } });
    expect(p.listDevrites()).toEqual([`${W}/events.jsonl`, `${W}/questions.md`, `${W}/state.md`]);
  });
});

describe("WorkspaceSession.recoverIfNeeded (read-only commands)", () => {
  it("does nothing (no lock, no event) in a clean workspace", () => {
    setup();
    session().recoverIfNeeded();
    expect(p.listDevrites()).toEqual([`${W}/questions.md`, `${W}/state.md`]);
  });

  it("finishes a leftover journal so that the read sees the committed files", () => {
    setup();
    leftoverJournal(true);
    const s = session();
    s.recoverIfNeeded();
    expect(s.read("state.md", true)).toBe("crash s\n");
    expect(events().map((e) => e.event)).toEqual(["resolved", "recovered"]);
    expect(fs.readdirSync(p.path(W)).filter((n) => n.endsWith(".tmp") || n === JOURNAL_FILE || n === LOCK_FILE)).toEqual([]);
  });

  it("removes temp litter of a dead process at the root (ACTIVE written by init)", () => {
    setup();
    p.write(".devrites/.ACTIVE.999999999.deadbeef.tmp", "x\n");
    leftoverJournal(false);
    session().recoverIfNeeded();
    expect(fs.readdirSync(p.path(".devrites")).sort()).toEqual(["work"]);
  });
});

describe("WorkspaceSession.read", () => {
  it("resolves names inside the workspace and refuses symlinks", () => {
    setup();
    fs.symlinkSync(p.path(`${W}/state.md`), p.path(`${W}/decisions.md`));
    const s = session();
    expect(s.path("state.md")).toBe(path.join(p.path(W), "state.md"));
    expect(() => s.read("decisions.md", false)).toThrow(RefusedError);
  });
});

describe("Io.largeInput is called once, before the parse, when a read file is large", () => {
  const big = "x".repeat(LARGE_INPUT_BYTES);
  it.each([
    ["a small questions.md and state.md", "q\n", "s\n", 0],
    ["a questions.md one byte short of the size", big.slice(1), "s\n", 0],
    ["a questions.md of exactly the size", big, "s\n", 1],
    ["two large files, read twice each", big, big, 1],
  ])("%s: %i call(s)", (_what, questions, state, calls) => {
    p = makeProject({ [`${W}/questions.md`]: questions, [`${W}/state.md`]: state });
    let seen = 0;
    const s = new WorkspaceSession(openWorkspace(p.path(".devrites"), "feat"), { ...io(), largeInput: () => void seen++ }, NOW);
    for (let round = 0; round < 2; round++) {
      expect(s.read("questions.md", true)).toBe(questions);
      expect(s.readBytes("state.md", true).toString("utf8")).toBe(state);
    }
    expect(s.read("decisions.md", false)).toBeUndefined();
    expect(seen).toBe(calls);
  });

  it("it says whether the large file was read inside a commit: false for a reader, true inside mutate()", () => {
    const calls: boolean[] = [];
    p = makeProject({ [`${W}/questions.md`]: big, [`${W}/state.md`]: "s\n" });
    const reader = new WorkspaceSession(openWorkspace(p.path(".devrites"), "feat"), { ...io(), largeInput: (writing) => void calls.push(writing) }, NOW);
    reader.read("questions.md", true);
    const writer = new WorkspaceSession(openWorkspace(p.path(".devrites"), "feat"), { ...io(), largeInput: (writing) => void calls.push(writing) }, NOW);
    writer.mutate(() => {
      writer.read("questions.md", true);
      return { changes: emptyChanges(), result: undefined };
    });
    expect(calls).toEqual([false, true]);
  });

  it("a file read for a few blocks never calls it (it stays on disk); the same file read to be parsed does", () => {
    p = makeProject({ [`${W}/questions.md`]: big, [`${W}/state.md`]: "s\n" });
    let seen = 0;
    const s = new WorkspaceSession(openWorkspace(p.path(".devrites"), "feat"), { ...io(), largeInput: () => void seen++ }, NOW);
    const held = s.readForBlocks("questions.md");
    if (Buffer.isBuffer(held)) throw new Error("a large file came whole");
    expect(held.size).toBe(Buffer.byteLength(big));
    s.release();
    expect(seen).toBe(0);
    s.readBytes("questions.md", true);
    expect(seen).toBe(1);
  });
});

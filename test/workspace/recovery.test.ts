// Journal recovery (commands.md, Transactions): a journal left by a killed process is
// finished when every listed temp is intact (or already renamed), discarded otherwise;
// event appends replay exactly once; temp litter is removed. Crash states are built by hand
// in the journal's on-disk formats: version 2 `<json>\ncrc32:<hex of json>\n` with each temp's
// size and CRC-32, and version 1 (before 0.2) `<json>\n<sha256 of json>\n` with SHA-256s,
// which a journal left by an older engine still has.

import crypto from "node:crypto";
import zlib from "node:zlib";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InternalError } from "../../src/errors.js";
import { disk } from "../../src/workspace/disk.js";
import { JOURNAL_FILE } from "../../src/workspace/journal.js";
import { needsRecovery, recoverJournal, removeDeadTemps } from "../../src/workspace/recovery.js";
import { processAlive } from "../../src/workspace/lock.js";
import { makeProject, type Project } from "../helpers/project.js";
import { thrown } from "../helpers/thrown.js";

let p: Project;
afterEach(() => {
  vi.restoreAllMocks();
  p?.cleanup();
});

const W = ".devrites/work/feat";
const ws = (name = "") => p.path(path.join(W, name));
const sha = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
const names = () => fs.readdirSync(ws()).sort();
const OLD = { "questions.md": "old q\n", "state.md": "old s\n" } as const;
const NEW = { "questions.md": "new q\n", "state.md": "new s\n" } as const;
const EVENT = '{"v":1,"event":"resolved"}\n';

type TempState = "intact" | "renamed" | "missing" | "corrupt" | "same-size-corrupt";
type Version = 1 | 2;
const fileEntry = (v: Version, content: string) =>
  v === 1 ? { sha256: sha(content) } : { size: Buffer.byteLength(content), crc32: zlib.crc32(content) };
const bodySum = (v: Version, body: string) => (v === 1 ? sha(body) : `crc32:${zlib.crc32(body).toString(16)}`);

/** Lay out what a process killed after writing its journal leaves, with each temp in `states`. */
function crashState(states: Record<keyof typeof NEW, TempState>, opts: { journal?: "ok" | "torn" | "bad-sum" | "none"; eventsBefore?: string; appended?: boolean; version?: Version } = {}) {
  const v = opts.version ?? 2;
  p = makeProject({ [`${W}/questions.md`]: OLD["questions.md"], [`${W}/state.md`]: OLD["state.md"] });
  const eventsBefore = opts.eventsBefore ?? "";
  if (eventsBefore !== "" || opts.appended) p.write(`${W}/events.jsonl`, eventsBefore + (opts.appended ? EVENT : ""));
  const files = (Object.keys(NEW) as (keyof typeof NEW)[]).map((name, i) => {
    const temp = `.${name}.4242.0000000${i}.tmp`;
    const state = states[name];
    if (state === "intact") p.write(`${W}/${temp}`, NEW[name]);
    if (state === "corrupt") p.write(`${W}/${temp}`, NEW[name].slice(0, 3));
    if (state === "same-size-corrupt") p.write(`${W}/${temp}`, NEW[name].replace("new", "wen"));
    if (state === "renamed") p.write(`${W}/${name}`, NEW[name]);
    return { target: name, temp, ...fileEntry(v, NEW[name]) };
  });
  const body = JSON.stringify({ v, files, appends: [{ target: "events.jsonl", offset: Buffer.byteLength(eventsBefore), data: EVENT }] });
  const journal = opts.journal ?? "ok";
  if (journal === "ok") p.write(`${W}/${JOURNAL_FILE}`, `${body}\n${bodySum(v, body)}\n`);
  if (journal === "torn") p.write(`${W}/${JOURNAL_FILE}`, body.slice(0, body.length - 20));
  if (journal === "bad-sum") p.write(`${W}/${JOURNAL_FILE}`, `${body}\n${bodySum(v, body + "x")}\n`);
}

const contents = () => ({ "questions.md": p.read(`${W}/questions.md`), "state.md": p.read(`${W}/state.md`) });
const events = () => (p.exists(`${W}/events.jsonl`) ? p.read(`${W}/events.jsonl`) : "");

describe.each<Version>([2, 1])("recoverJournal, journal version %i", (version) => {
  describe("finish", () => {
    it.each<[string, Record<keyof typeof NEW, TempState>]>([
      ["every temp intact (killed right after the journal)", { "questions.md": "intact", "state.md": "intact" }],
      ["one temp already renamed (killed between renames)", { "questions.md": "renamed", "state.md": "intact" }],
      ["every temp renamed (killed before the append)", { "questions.md": "renamed", "state.md": "renamed" }],
    ])("%s: the new files and the event are committed", (_name, states) => {
      crashState(states, { version });
      expect(needsRecovery(ws())).toBe(true);
      expect(recoverJournal(ws())).toBe("finished");
      expect(contents()).toEqual(NEW);
      expect(events()).toBe(EVENT);
      expect(names()).toEqual(["events.jsonl", "questions.md", "state.md"]);
      expect(needsRecovery(ws())).toBe(false);
    });

    it("an append that already happened (killed before the journal was removed) is not duplicated", () => {
      crashState({ "questions.md": "renamed", "state.md": "renamed" }, { eventsBefore: '{"earlier":1}\n', appended: true, version });
      expect(recoverJournal(ws())).toBe("finished");
      expect(events()).toBe(`{"earlier":1}\n${EVENT}`);
    });

    it("an append torn half-way is completed from its offset", () => {
      crashState({ "questions.md": "renamed", "state.md": "renamed" }, { eventsBefore: '{"earlier":1}\n', version });
      fs.appendFileSync(ws("events.jsonl"), EVENT.slice(0, 7));
      expect(recoverJournal(ws())).toBe("finished");
      expect(events()).toBe(`{"earlier":1}\n${EVENT}`);
    });

    it("recovering twice changes nothing the second time", () => {
      crashState({ "questions.md": "intact", "state.md": "intact" }, { version });
      recoverJournal(ws());
      expect(recoverJournal(ws())).toBe("none");
      expect(contents()).toEqual(NEW);
      expect(events()).toBe(EVENT);
    });
  });

  describe("discard", () => {
    it.each<[string, Record<keyof typeof NEW, TempState>, "ok" | "torn" | "bad-sum" | "none"]>([
      ["a temp missing and its target still old", { "questions.md": "intact", "state.md": "missing" }, "ok"],
      ["a corrupt temp (cut short)", { "questions.md": "corrupt", "state.md": "intact" }, "ok"],
      ["a corrupt temp of the right size", { "questions.md": "intact", "state.md": "same-size-corrupt" }, "ok"],
      ["a torn journal (cut mid-write)", { "questions.md": "intact", "state.md": "intact" }, "torn"],
      ["a journal whose checksum does not match", { "questions.md": "intact", "state.md": "intact" }, "bad-sum"],
      ["temps without a journal (killed before the journal)", { "questions.md": "intact", "state.md": "corrupt" }, "none"],
    ])("%s: the old files stay, no event, no temp or journal left", (_name, states, journal) => {
      crashState(states, { journal, version });
      expect(needsRecovery(ws())).toBe(true);
      expect(recoverJournal(ws())).toBe("discarded");
      expect(contents()).toEqual(OLD);
      expect(events()).toBe("");
      expect(names()).toEqual(["questions.md", "state.md"]);
    });

    it("an empty journal file is discarded", () => {
      crashState({ "questions.md": "intact", "state.md": "intact" }, { journal: "none", version });
      p.write(`${W}/${JOURNAL_FILE}`, "");
      expect(recoverJournal(ws())).toBe("discarded");
      expect(contents()).toEqual(OLD);
    });
  });
});

describe("recoverJournal when the disk refuses", () => {
  const eio = (call: string) => Object.assign(new Error(`EIO: i/o error, ${call}`), { code: "EIO" });

  it("the replay's rename fails: the journal is rolled back instead, the old files stay and no temp is left", () => {
    crashState({ "questions.md": "intact", "state.md": "intact" }, { appended: true });
    vi.spyOn(disk, "renameSync").mockImplementation(() => {
      throw eio("rename");
    });
    expect(recoverJournal(ws())).toBe("discarded");
    expect(contents()).toEqual(OLD);
    expect(events()).toBe("");
    expect(names()).toEqual(["events.jsonl", "questions.md", "state.md"]);
  });

  it("the replay and its rollback both fail: exit 1 (io) naming both causes and what to do; the journal stays, and the next try once the disk works rolls back what is left", () => {
    crashState({ "questions.md": "intact", "state.md": "intact" }, { appended: true });
    vi.spyOn(disk, "renameSync").mockImplementation(() => {
      throw eio("rename");
    });
    vi.spyOn(disk, "ftruncateSync").mockImplementation(() => {
      throw eio("ftruncate");
    });
    const e = thrown(() => recoverJournal(ws()));
    expect(e).toBeInstanceOf(InternalError);
    expect(e.kind).toBe("io");
    expect(e.exitCode).toBe(1);
    expect(e.text).toMatch(/^cannot finish or roll back the journal in .+: EIO: i\/o error, rename.*; EIO: i\/o error, ftruncate/);
    expect(e.hint).toBe("fix the cause (disk space, permissions), then retry");
    expect(e.cause).toBeInstanceOf(AggregateError);
    expect(names()).toContain(JOURNAL_FILE);
    // The rollback got as far as the temps (removed): what remains is the append to cut back.
    expect(names()).toEqual([JOURNAL_FILE, "events.jsonl", "questions.md", "state.md"].sort());
    vi.restoreAllMocks();
    expect(recoverJournal(ws())).toBe("discarded");
    expect(contents()).toEqual(OLD);
    expect(events()).toBe("");
    expect(names()).toEqual(["events.jsonl", "questions.md", "state.md"]);
  });
});

describe("recoverJournal: nothing to recover", () => {
  it("a clean workspace needs no recovery", () => {
    p = makeProject({ [`${W}/questions.md`]: "q\n" });
    expect(needsRecovery(ws())).toBe(false);
    expect(recoverJournal(ws())).toBe("none");
  });

  it("files that merely look temporary (not the engine's temp name) are left alone", () => {
    p = makeProject({ [`${W}/notes.tmp`]: "mine", [`${W}/.questions.md.tmp`]: "mine too" });
    expect(needsRecovery(ws())).toBe(false);
    expect(recoverJournal(ws())).toBe("none");
    expect(names()).toEqual([".questions.md.tmp", "notes.tmp"]);
  });
});

describe("removeDeadTemps (the root's ACTIVE temps)", () => {
  it("removes temps of dead processes and keeps those of live ones", () => {
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid!;
    p = makeProject({
      [`.devrites/.ACTIVE.${dead}.abcd0123.tmp`]: "x\n",
      [`.devrites/.ACTIVE.${process.pid}.abcd0123.tmp`]: "y\n",
      ".devrites/ACTIVE": "feat\n",
    });
    removeDeadTemps(p.path(".devrites"), processAlive);
    expect(fs.readdirSync(p.path(".devrites")).sort()).toEqual([`.ACTIVE.${process.pid}.abcd0123.tmp`, "ACTIVE"]);
  });
});

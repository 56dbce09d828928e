// `state close`'s move against a real temp directory: one commit with a version 4 journal
// (transaction.ts) moves the directory whole with its `closed` event and empties ACTIVE; an
// existing archive is never overwritten (archive.ts); a failed step moves it back with ACTIVE
// restored. Every crash state ends in one consistent workspace: the journal left in `work/`
// (before the move) is undone by the next command there, in `archive/` (after it) finished by
// `state close` again — for this engine's journal and for an earlier engine's `.close-journal`.

import fs from "node:fs";
import zlib from "node:zlib";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { assertArchivable, finishArchivedClose } from "../../src/workspace/archive.js";
import { CLOSE_JOURNAL, readCloseJournal, renderCloseJournal, type CloseJournal } from "../../src/workspace/close-journal.js";
import { disk } from "../../src/workspace/disk.js";
import { acquireLock } from "../../src/workspace/lock.js";
import { activeLine, type Workspace } from "../../src/workspace/locate.js";
import { needsRecovery, recoverJournal } from "../../src/workspace/recovery.js";
import { commit } from "../../src/workspace/transaction.js";
import { isKind } from "../../src/errors.js";
import { makeProject, type Project } from "../helpers/project.js";

let p: Project;
afterEach(() => p?.cleanup());

const SLUG = "feat";
const W = `.devrites/work/${SLUG}`;
const A = `.devrites/archive/${SLUG}`;
const EVENTS_BEFORE = '{"v":1,"event":"resolved"}\n';
const EVENT = '{"v":1,"event":"closed"}\n';

function project(active = `${SLUG}\n`) {
  p = makeProject({ ".devrites/ACTIVE": active, [`${W}/state.md`]: "| phase | done |\n", [`${W}/events.jsonl`]: EVENTS_BEFORE });
  return { root: p.path(".devrites"), slug: SLUG, dir: p.path(W) };
}
const lockOn = (dir: string) => acquireLock(dir, { pid: process.pid, host: "h", timeoutMs: 1000, now: () => new Date() });

/** What `state close` commits (commands/state/close.ts): ACTIVE emptied when it names the slug, the event, the move. */
function archiveWorkspace(ws: Workspace, eventLine: (cleared: boolean) => string): { archived: string; activeCleared: boolean } {
  assertArchivable(ws);
  const cleared = activeLine(ws.root) === ws.slug;
  const writes = cleared ? [{ path: path.join(ws.root, "ACTIVE"), content: "" }] : [];
  const archived = commit(ws.dir, writes, [{ path: path.join(ws.dir, "events.jsonl"), data: eventLine(cleared) }], { archive: ws.slug });
  return { archived, activeCleared: cleared };
}
const journal = (over: Partial<CloseJournal> = {}): CloseJournal => ({ v: 1, nonce: "0123456789abcdef", slug: SLUG, clear_active: true, offset: Buffer.byteLength(EVENTS_BEFORE), event: EVENT, ...over });

describe("archiveWorkspace", () => {
  it("moves the workspace whole to archive/<slug>, appends the event there, empties ACTIVE, leaves no lock or journal", () => {
    const ws = project();
    const r = archiveWorkspace(ws, (cleared) => JSON.stringify({ v: 1, event: "closed", cleared }) + "\n");
    expect(r).toEqual({ archived: p.path(A), activeCleared: true });
    expect(p.exists(W)).toBe(false);
    expect(fs.readdirSync(p.path(A)).sort()).toEqual(["events.jsonl", "state.md"]);
    expect(p.read(`${A}/events.jsonl`)).toBe(EVENTS_BEFORE + '{"v":1,"event":"closed","cleared":true}\n');
    expect(p.read(".devrites/ACTIVE")).toBe("");
    expect(fs.readdirSync(p.path(".devrites")).sort()).toEqual(["ACTIVE", "archive", "work"]);
  });

  it("leaves an ACTIVE that names another workspace as it is", () => {
    const ws = project("other\n");
    expect(archiveWorkspace(ws, () => EVENT).activeCleared).toBe(false);
    expect(p.read(".devrites/ACTIVE")).toBe("other\n");
  });

  it("refuses an existing archive/<slug> (exit 3) and moves nothing", () => {
    const ws = project();
    p.write(`${A}/state.md`, "older\n");
    let err: unknown;
    try {
      archiveWorkspace(ws, () => EVENT);
    } catch (e) {
      err = e;
    }
    expect(isKind(err, "archive-exists")).toBe(true);
    expect(p.read(`${W}/state.md`)).toBe("| phase | done |\n");
    expect(p.read(`${A}/state.md`)).toBe("older\n");
    expect(p.exists(`${W}/${CLOSE_JOURNAL}`)).toBe(false);
  });

  it("moves the workspace back when emptying ACTIVE fails, with events.jsonl as it was", () => {
    const ws = project();
    const real = disk.renameSync;
    disk.renameSync = (from, to) => {
      if (String(to).endsWith("ACTIVE")) throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
      real(from, to);
    };
    try {
      expect(() => archiveWorkspace(ws, () => EVENT)).toThrow(/moved back/);
    } finally {
      disk.renameSync = real;
    }
    expect(p.read(`${W}/state.md`)).toBe("| phase | done |\n");
    expect(p.read(`${W}/events.jsonl`)).toBe(EVENTS_BEFORE);
    expect(p.exists(A)).toBe(false);
    expect(p.read(".devrites/ACTIVE")).toBe(`${SLUG}\n`);
    expect(fs.readdirSync(p.path(W)).sort()).toEqual(["events.jsonl", "state.md"]);
  });
});

describe("a close killed part-way", () => {
  it("before the move (journal in work/): the next command undoes it and the workspace is as before", () => {
    const ws = project();
    p.write(`${W}/${CLOSE_JOURNAL}`, renderCloseJournal(journal()).toString());
    expect(needsRecovery(ws.dir)).toBe(true);
    expect(recoverJournal(ws.dir)).toBe("discarded");
    expect(fs.readdirSync(p.path(W)).sort()).toEqual(["events.jsonl", "state.md"]);
    expect(p.read(`${W}/events.jsonl`)).toBe(EVENTS_BEFORE);
  });

  it("mid-undo after its event was written (a failed finish moved back): the undo cuts exactly that line", () => {
    const ws = project();
    fs.appendFileSync(p.path(`${W}/events.jsonl`), EVENT);
    p.write(`${W}/${CLOSE_JOURNAL}`, renderCloseJournal(journal()).toString());
    recoverJournal(ws.dir);
    expect(p.read(`${W}/events.jsonl`)).toBe(EVENTS_BEFORE);
  });

  it("after the move (journal in archive/): state close again appends the event once, empties ACTIVE, removes the journal", () => {
    project();
    fs.mkdirSync(p.path(".devrites/archive"));
    fs.renameSync(p.path(W), p.path(A));
    p.write(`${A}/${CLOSE_JOURNAL}`, renderCloseJournal(journal()).toString());
    const archived = { root: p.path(".devrites"), slug: SLUG, dir: p.path(A) };
    expect(finishArchivedClose(archived, () => {})).toBe(true);
    expect(p.read(`${A}/events.jsonl`)).toBe(EVENTS_BEFORE + EVENT);
    expect(p.read(".devrites/ACTIVE")).toBe("");
    expect(fs.readdirSync(p.path(A)).sort()).toEqual(["events.jsonl", "state.md"]);
    // Again: nothing left to finish, nothing appended twice.
    expect(finishArchivedClose(archived, () => {})).toBeUndefined();
    expect(p.read(`${A}/events.jsonl`)).toBe(EVENTS_BEFORE + EVENT);
  });

  it("after the event was appended in the archive: finishing does not append it again", () => {
    project();
    fs.mkdirSync(p.path(".devrites/archive"));
    fs.renameSync(p.path(W), p.path(A));
    fs.appendFileSync(p.path(`${A}/events.jsonl`), EVENT);
    p.write(`${A}/${CLOSE_JOURNAL}`, renderCloseJournal(journal()).toString());
    const archived = { root: p.path(".devrites"), slug: SLUG, dir: p.path(A) };
    finishArchivedClose(archived, () => {});
    expect(p.read(`${A}/events.jsonl`)).toBe(EVENTS_BEFORE + EVENT);
  });
});

describe("this engine's close journal (version 4) left by a killed close", () => {
  const NONCE = "0123456789abcdef";
  const TEMP = `.ACTIVE.4242.${NONCE}.tmp`;
  const BACKUP = `.ACTIVE.4242.${NONCE}.old.tmp`;
  /** What a close killed between its journal and its last step leaves: ACTIVE's temp and backup in the root, the journal in `place`. */
  function plant(place: "work" | "archive", over: Record<string, unknown> = {}) {
    project();
    const root = p.path(".devrites");
    fs.writeFileSync(path.join(root, TEMP), "");
    fs.linkSync(path.join(root, "ACTIVE"), path.join(root, BACKUP));
    const body = JSON.stringify({
      v: 4,
      nonce: NONCE,
      files: [{ target: "../../ACTIVE", temp: `../../${TEMP}`, size: 0, crc32: 0, existed: true, backup: `../../${BACKUP}` }],
      appends: [{ target: "events.jsonl", offset: Buffer.byteLength(EVENTS_BEFORE), data: EVENT }],
      archive: SLUG,
      ...over,
    });
    const dir = place === "work" ? p.path(W) : p.path(A);
    if (place === "archive") {
      fs.mkdirSync(p.path(".devrites/archive"));
      fs.renameSync(p.path(W), dir);
    }
    fs.writeFileSync(path.join(dir, ".journal"), `${body}\ncrc32:${zlib.crc32(body).toString(16)}\n`);
    return { root, slug: SLUG, dir };
  }
  const rootLitter = () => fs.readdirSync(p.path(".devrites")).filter((n) => n.endsWith(".tmp"));

  it("in work/ (killed before the move): the next command undoes it, ACTIVE and events.jsonl as they were, no temp or backup left", () => {
    const ws = plant("work");
    expect(recoverJournal(ws.dir)).toBe("discarded");
    expect(p.read(".devrites/ACTIVE")).toBe(`${SLUG}\n`);
    expect(p.read(`${W}/events.jsonl`)).toBe(EVENTS_BEFORE);
    expect(fs.readdirSync(ws.dir).sort()).toEqual(["events.jsonl", "state.md"]);
    expect(rootLitter()).toEqual([]);
  });

  it("in archive/ (killed after the move): state close finishes it once, ACTIVE emptied, the event appended, nothing left", () => {
    const ws = plant("archive");
    expect(finishArchivedClose(ws, () => {})).toBe(true);
    expect(p.read(".devrites/ACTIVE")).toBe("");
    expect(p.read(`${A}/events.jsonl`)).toBe(EVENTS_BEFORE + EVENT);
    expect(fs.readdirSync(ws.dir).sort()).toEqual(["events.jsonl", "state.md"]);
    expect(rootLitter()).toEqual([]);
    expect(finishArchivedClose(ws, () => {})).toBeUndefined();
  });

  it("in archive/ after another command set ACTIVE: the finish leaves that ACTIVE, appends the event, removes the temp and backup", () => {
    const ws = plant("archive");
    fs.rmSync(p.path(".devrites/ACTIVE"));
    fs.writeFileSync(p.path(".devrites/ACTIVE"), "other\n");
    expect(finishArchivedClose(ws, () => {})).toBe(false);
    expect(p.read(".devrites/ACTIVE")).toBe("other\n");
    expect(p.read(`${A}/events.jsonl`)).toBe(EVENTS_BEFORE + EVENT);
    expect(rootLitter()).toEqual([]);
  });

  it("in work/ after another command set ACTIVE: the undo leaves that ACTIVE", () => {
    const ws = plant("work");
    fs.rmSync(p.path(".devrites/ACTIVE"));
    fs.writeFileSync(p.path(".devrites/ACTIVE"), "other\n");
    recoverJournal(ws.dir);
    expect(p.read(".devrites/ACTIVE")).toBe("other\n");
    expect(rootLitter()).toEqual([]);
  });

  it.each([
    ["writes a workspace file", { files: [{ target: "state.md", temp: `.state.md.4242.${NONCE}.tmp`, size: 0, crc32: 0, existed: true }] }, "a close journal may write only ACTIVE"],
    ["moves another workspace", { archive: "other" }, 'it moves "other"'],
  ])("one that %s is a corrupt journal (exit 3), and nothing is changed", (_name, over, why) => {
    const ws = plant("work", over);
    expect(() => recoverJournal(ws.dir)).toThrow(expect.objectContaining({ kind: "journal-corrupt", exitCode: 3, message: expect.stringContaining(why) }));
    expect(p.read(".devrites/ACTIVE")).toBe(`${SLUG}\n`);
    expect(p.read(`${W}/events.jsonl`)).toBe(EVENTS_BEFORE);
    expect(p.exists(`${W}/.journal`)).toBe(true);
  });
});

describe("readCloseJournal: a journal found on disk is untrusted", () => {
  it.each([
    ["another workspace's slug", journal({ slug: "other" }), /names workspace "other"/],
    ["an offset past events.jsonl", journal({ offset: 10_000 }), /offset is past the end/],
    ["an event that is not one closed line", journal({ event: '{"event":"resolved"}\n' }), /not one `closed` event line/],
    ["two lines for one event", journal({ event: '{"event":"closed"}\n{"event":"closed"}\n' }), /not one `closed` event line/],
    ["an event line that is not JSON", journal({ event: "closed\n" }), /not one `closed` event line/],
    ["an event without its line end", journal({ event: '{"event":"closed"}' }), /not one `closed` event line/],
    ["another version", { ...journal(), v: 2 } as unknown as CloseJournal, /not a version 1 close journal/],
    ["a malformed nonce", journal({ nonce: "../../etc" }), /nonce is missing or malformed/],
    ["no word on ACTIVE", { ...journal(), clear_active: "yes" } as unknown as CloseJournal, /does not say whether ACTIVE is cleared/],
    ["a negative offset", journal({ offset: -1 }), /offset is past the end/],
    ["an offset that is not a whole number", journal({ offset: 1.5 }), /offset is past the end/],
  ])("%s is a corrupt journal (exit 3), and nothing is changed", (_name, j, why) => {
    const ws = project();
    p.write(`${W}/${CLOSE_JOURNAL}`, renderCloseJournal(j).toString());
    expect(() => readCloseJournal(ws.dir)).toThrow(why);
    expect(() => recoverJournal(ws.dir)).toThrow(why);
    expect(p.read(`${W}/events.jsonl`)).toBe(EVENTS_BEFORE);
  });

  it("a directory named .close-journal is a corrupt journal (exit 3) naming it, not followed or removed", () => {
    const ws = project();
    fs.mkdirSync(p.path(`${W}/${CLOSE_JOURNAL}`));
    expect(() => readCloseJournal(ws.dir)).toThrow(expect.objectContaining({ kind: "journal-corrupt", exitCode: 3, message: expect.stringContaining(`corrupt journal ${p.path(`${W}/${CLOSE_JOURNAL}`)}`) }));
    expect(fs.statSync(p.path(`${W}/${CLOSE_JOURNAL}`)).isDirectory()).toBe(true);
  });

  it("a torn journal (a crash while writing it, before the move) is removed", () => {
    const ws = project();
    p.write(`${W}/${CLOSE_JOURNAL}`, renderCloseJournal(journal()).toString().slice(0, 30));
    expect(readCloseJournal(ws.dir).kind).toBe("torn");
    recoverJournal(ws.dir);
    expect(p.exists(`${W}/${CLOSE_JOURNAL}`)).toBe(false);
  });

  it("reads one the close wrote", () => {
    const ws = project();
    p.write(`${W}/${CLOSE_JOURNAL}`, renderCloseJournal(journal()).toString());
    expect(readCloseJournal(ws.dir)).toEqual({ kind: "ok", journal: journal() });
    expect(path.basename(ws.dir)).toBe(SLUG);
  });
});

describe("the lock of a workspace that was archived", () => {
  it("a command that takes it after the move gets no-workspace (exit 2), not an I/O failure, and re-creates nothing", () => {
    const ws = project();
    archiveWorkspace(ws, () => EVENT);
    let err: unknown;
    try {
      lockOn(ws.dir);
    } catch (e) {
      err = e;
    }
    expect(isKind(err, "no-workspace")).toBe(true);
    expect(p.exists(W)).toBe(false);
  });
});

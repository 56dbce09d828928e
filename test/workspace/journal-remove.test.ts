// A removal as a journal entry (version 5, `parallel lease-clear`): the file is backed up by a
// hard link before the journal, removed after it, linked back by a rollback; a replay removes
// only the content the journal recorded and never follows a link; a process killed between any
// two steps leaves the file or its removal, never half of one, and no litter. Crash states are
// built by hand in the journal's on-disk format, as recovery.test.ts does.

import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CorruptJournalError, InternalError } from "../../src/errors.js";
import { disk } from "../../src/workspace/disk.js";
import { bodySum, JOURNAL_FILE, readJournal } from "../../src/workspace/journal.js";
import { needsRecovery, recoverJournal } from "../../src/workspace/recovery.js";
import { commit } from "../../src/workspace/transaction.js";
import { makeProject, type Project } from "../helpers/project.js";
import { thrown } from "../helpers/thrown.js";

let p: Project;
afterEach(() => {
  vi.restoreAllMocks();
  p?.cleanup();
});

const W = ".devrites/work/feat";
const LEASE = "parallel-lease.md";
const LEASE_TEXT = "# lease\n```json\n{}\n```\n";
const NONCE = "0123456789abcdef";
const BACKUP = `.${LEASE}.4242.${NONCE}.old.tmp`;
const EVENT = '{"v":1,"event":"parallel_lease_cleared"}\n';
const ws = (name = "") => p.path(path.join(W, name));
const names = () => fs.readdirSync(ws()).sort();

function setup(files: Record<string, string> = {}) {
  p = makeProject({ [`${W}/state.md`]: "old s\n", [`${W}/${LEASE}`]: LEASE_TEXT, ...files });
}

describe("commit with a removal", () => {
  it("removes the file and appends the event in one transaction, leaving no journal or backup", () => {
    setup();
    commit(ws(), [], [{ path: ws("events.jsonl"), data: EVENT }], { removes: [ws(LEASE)] });
    expect(names()).toEqual(["events.jsonl", "state.md"]);
    expect(p.read(`${W}/events.jsonl`)).toBe(EVENT);
  });

  it("a removal of any file but the lease is refused before anything is written", () => {
    setup();
    expect(() => commit(ws(), [], [{ path: ws("events.jsonl"), data: EVENT }], { removes: [ws("state.md")] })).toThrow(/removes only the files/);
    expect(names()).toEqual([LEASE, "state.md"]);
  });

  it("a file already gone is skipped: the rest of the commit (the event) still happens", () => {
    setup();
    fs.rmSync(ws(LEASE));
    commit(ws(), [], [{ path: ws("events.jsonl"), data: EVENT }], { removes: [ws(LEASE)] });
    expect(names()).toEqual(["events.jsonl", "state.md"]);
    expect(p.read(`${W}/events.jsonl`)).toBe(EVENT);
  });

  it.each([
    ["a symbolic link", (t: string) => fs.symlinkSync(t, ws(LEASE)), "is a symbolic link"],
    ["a file with another name (a hard link)", (t: string) => fs.linkSync(t, ws(LEASE)), "other names"],
    ["a directory", () => fs.mkdirSync(ws(LEASE)), "is a directory"],
  ])("a target that is %s is refused (exit 3): nothing removed, the other file untouched", (_name, plant, why) => {
    setup();
    fs.rmSync(ws(LEASE));
    const elsewhere = p.path("outside.md");
    fs.writeFileSync(elsewhere, "keep\n");
    plant(elsewhere);
    const e = thrown(() => commit(ws(), [{ path: ws("state.md"), content: "new s\n" }], [], { removes: [ws(LEASE)] }));
    expect(e.exitCode).toBe(3);
    expect(e.text).toContain(why);
    expect(fs.readFileSync(elsewhere, "utf8")).toBe("keep\n");
    expect(p.read(`${W}/state.md`)).toBe("old s\n");
    expect(fs.lstatSync(ws(LEASE))).toBeTruthy();
    expect(needsRecovery(ws())).toBe(false);
  });

  it("the removal refused by the disk rolls the whole commit back: the file stays, the write and the event are undone", () => {
    setup({ [`${W}/events.jsonl`]: "" });
    const unlink = disk.unlinkSync;
    vi.spyOn(disk, "unlinkSync").mockImplementation((q) => {
      if (String(q) === ws(LEASE)) throw Object.assign(new Error("EACCES: refused"), { code: "EACCES" });
      return unlink(q);
    });
    expect(() => commit(ws(), [{ path: ws("state.md"), content: "new s\n" }], [{ path: ws("events.jsonl"), data: EVENT }], { removes: [ws(LEASE)] })).toThrow(InternalError);
    vi.restoreAllMocks();
    expect(p.read(`${W}/${LEASE}`)).toBe(LEASE_TEXT);
    expect(p.read(`${W}/state.md`)).toBe("old s\n");
    expect(p.read(`${W}/events.jsonl`)).toBe("");
    expect(names()).toEqual(["events.jsonl", LEASE, "state.md"]);
  });

  it("a failure after the removal (the event append) links the removed file back from its backup", () => {
    setup({ [`${W}/events.jsonl`]: "" });
    const ino = fs.statSync(ws(LEASE)).ino;
    const unlinked: string[] = [];
    const unlink = disk.unlinkSync;
    vi.spyOn(disk, "unlinkSync").mockImplementation((q) => {
      unlinked.push(String(q));
      return unlink(q);
    });
    vi.spyOn(disk, "ftruncateSync").mockImplementationOnce(() => {
      throw Object.assign(new Error("ENOSPC: no space"), { code: "ENOSPC" });
    });
    expect(() => commit(ws(), [], [{ path: ws("events.jsonl"), data: EVENT }], { removes: [ws(LEASE)] })).toThrow(/every file was rolled back/);
    vi.restoreAllMocks();
    expect(unlinked).toContain(ws(LEASE)); // it was removed, and is back
    expect(fs.statSync(ws(LEASE)).ino).toBe(ino);
    expect(p.read(`${W}/${LEASE}`)).toBe(LEASE_TEXT);
    expect(names()).toEqual(["events.jsonl", LEASE, "state.md"]);
  });
});

/** The journal `lease-clear` writes, with its right check line (and its backup made, as commit makes it before the journal). */
function plantJournal(opts: { backup?: boolean; content?: string } = {}) {
  const content = opts.content ?? LEASE_TEXT;
  if (opts.backup !== false) fs.linkSync(ws(LEASE), ws(BACKUP));
  const remove = { target: LEASE, size: Buffer.byteLength(content), crc32: zlib.crc32(content), ...(opts.backup !== false ? { backup: BACKUP } : {}) };
  const body = JSON.stringify({ v: 5, nonce: NONCE, files: [], appends: [{ target: "events.jsonl", offset: 0, data: EVENT }], removes: [remove] });
  fs.writeFileSync(ws(JOURNAL_FILE), `${body}\n${bodySum(body, 3)}\n`);
}

const events = () => (p.exists(`${W}/events.jsonl`) ? p.read(`${W}/events.jsonl`) : "");

describe("a lease-clear killed between two steps: the next command's recovery", () => {
  it("killed after the backup, before the journal: the lease stays, the backup is swept", () => {
    setup();
    fs.linkSync(ws(LEASE), ws(BACKUP));
    expect(needsRecovery(ws())).toBe(true);
    expect(recoverJournal(ws())).toBe("discarded");
    expect(p.read(`${W}/${LEASE}`)).toBe(LEASE_TEXT);
    expect(names()).toEqual([LEASE, "state.md"]);
  });

  it("killed after the journal, before the removal: the removal is finished and the event appended once", () => {
    setup();
    plantJournal();
    expect(recoverJournal(ws())).toBe("finished");
    expect(names()).toEqual(["events.jsonl", "state.md"]);
    expect(events()).toBe(EVENT);
  });

  it("killed after the removal, before the append: the event is appended, nothing else removed", () => {
    setup();
    plantJournal();
    fs.rmSync(ws(LEASE));
    expect(recoverJournal(ws())).toBe("finished");
    expect(names()).toEqual(["events.jsonl", "state.md"]);
    expect(events()).toBe(EVENT);
  });

  it("killed before the journal was removed (everything done): the event is not appended twice", () => {
    setup();
    plantJournal();
    fs.rmSync(ws(LEASE));
    fs.writeFileSync(ws("events.jsonl"), EVENT);
    expect(recoverJournal(ws())).toBe("finished");
    expect(events()).toBe(EVENT);
    expect(names()).toEqual(["events.jsonl", "state.md"]);
  });

  it("killed after the journal was removed, the backup left: swept, the lease stays gone", () => {
    setup();
    fs.linkSync(ws(LEASE), ws(BACKUP));
    fs.rmSync(ws(LEASE));
    expect(recoverJournal(ws())).toBe("discarded");
    expect(names()).toEqual(["state.md"]);
  });

  it("a torn journal: discarded, the lease stays", () => {
    setup();
    plantJournal();
    fs.writeFileSync(ws(JOURNAL_FILE), fs.readFileSync(ws(JOURNAL_FILE), "utf8").slice(0, 30));
    expect(recoverJournal(ws())).toBe("discarded");
    expect(p.read(`${W}/${LEASE}`)).toBe(LEASE_TEXT);
    expect(names()).toEqual([LEASE, "state.md"]);
  });

  it("a lease written there since (other content) is never removed by the replay", () => {
    setup();
    plantJournal({ backup: false });
    fs.writeFileSync(ws(LEASE), "a new lease\n");
    expect(recoverJournal(ws())).toBe("finished");
    expect(p.read(`${W}/${LEASE}`)).toBe("a new lease\n");
  });

  it("a symbolic link put at the lease's path is not followed or removed by the replay", () => {
    setup();
    plantJournal({ backup: false });
    const outside = p.path("outside.md");
    fs.writeFileSync(outside, LEASE_TEXT);
    fs.rmSync(ws(LEASE));
    fs.symlinkSync(outside, ws(LEASE));
    recoverJournal(ws());
    expect(fs.lstatSync(ws(LEASE)).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(outside, "utf8")).toBe(LEASE_TEXT);
  });

  it("recovering twice changes nothing the second time", () => {
    setup();
    plantJournal();
    recoverJournal(ws());
    expect(recoverJournal(ws())).toBe("none");
    expect(names()).toEqual(["events.jsonl", "state.md"]);
    expect(events()).toBe(EVENT);
  });
});

describe("readJournal: a version 5 journal's removals are untrusted input", () => {
  const remove = (over: Record<string, unknown> = {}) => ({ target: LEASE, size: 4, crc32: 7, backup: BACKUP, ...over });
  const v5 = (over: Record<string, unknown> = {}) => ({ v: 5, nonce: NONCE, files: [], appends: [], removes: [remove()], ...over });
  const planted = (body: unknown) => {
    setup();
    const text = JSON.stringify(body);
    fs.writeFileSync(ws(JOURNAL_FILE), `${text}\n${bodySum(text, 3)}\n`);
    return ws();
  };

  it.each<[string, unknown]>([
    ["a removal with its backup", v5()],
    ["a removal without a backup (no hard links)", v5({ removes: [remove({ backup: undefined })] })],
  ])("%s: read", (_name, body) => {
    const r = readJournal(planted(body));
    expect(r.kind === "ok" && r.journal.removes).toEqual((body as { removes: unknown }).removes);
  });

  it.each<[string, unknown, string]>([
    ["a removal of a workspace file", v5({ removes: [remove({ target: "state.md" })] }), 'removes "state.md", not a file the engine removes'],
    ["a removal outside the workspace", v5({ removes: [remove({ target: `../other/${LEASE}` })] }), "not a file the engine removes"],
    ["an absolute removal", v5({ removes: [remove({ target: `/tmp/${LEASE}` })] }), "not a file the engine removes"],
    ["the same removal twice", v5({ removes: [remove(), remove()] }), `removes[1] names ${LEASE} twice`],
    ["a file both written and removed", v5({ files: [{ target: LEASE, temp: `.${LEASE}.4242.${NONCE}.tmp`, size: 1, crc32: 1, existed: true }] }), `removes[0] names ${LEASE} twice`],
    ["a backup with another journal's nonce", v5({ removes: [remove({ backup: `.${LEASE}.4242.fedcba9876543210.old.tmp` })] }), "is not the engine's backup name"],
    ["a backup named as a temp", v5({ removes: [remove({ backup: `.${LEASE}.4242.${NONCE}.tmp` })] }), "is not the engine's backup name"],
    ["a backup in another directory", v5({ removes: [remove({ backup: `../x/${BACKUP}` })] }), "is not the engine's backup name"],
    ["a size over the cap", v5({ removes: [remove({ size: 65 * 1024 * 1024 })] }), "removes[0] size"],
    ["a version 5 journal without removals", v5({ removes: [] }), "has no removes list"],
    ["a version 3 journal with removals", v5({ v: 3 }), "a version 3 journal removes no file"],
  ])("%s: refused as corrupt (exit 3)", (_name, body, why) => {
    const e = thrown(() => readJournal(planted(body)));
    expect(e).toBeInstanceOf(CorruptJournalError);
    expect(e.exitCode).toBe(3);
    expect(e.text).toContain(why);
  });

  it("the .devrites root's ledger journal never removes a file", () => {
    const e = thrown(() => readJournal(planted(v5({ v: 3, appends: [] })), "claims.jsonl"));
    expect(e.text).toContain("a journal of claims.jsonl only appends to it");
  });
});

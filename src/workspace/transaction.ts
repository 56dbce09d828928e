// The journaled multi-file commit. New contents go to fsynced temp files, the old targets get
// hard-linked backups, then `.journal` lists them (nonce, sizes, CRC-32s, event appends) and is
// fsynced, then temps are renamed over their targets and event lines appended; the journal is
// removed last. A failed step rolls back from the backups. recoverJournal() finishes or discards,
// and trusts nothing it finds: only the workspace's own files and the engine's own temp names.

import { nodeCrypto, nodeZlib } from "./lazy-builtins.js";
import fs from "node:fs";
import path from "node:path";
import type { FileContent } from "../documents/text-edit.js";
import { CorruptJournalError, InternalError, isKind, RefusedError } from "../errors.js";
import { disk, kindOf, lstat, READ_CAP_BYTES, readRegularFile, writeAll } from "./disk.js";

export const JOURNAL_FILE = ".journal";
/** The files a workspace journal may name (formats.md, Layout), and init's ACTIVE two levels up. */
const OWN_TARGETS = new Set(["state.md", "questions.md", "decisions.md", "touched-files.md", "events.jsonl"]);
const ACTIVE_TARGET = "../../ACTIVE";
/**
 * The engine's temp names: `.<own file>.<pid>.<nonce>.tmp` (backups `….old.tmp`), the nonce 16
 * hex digits (8 in engines before journal version 3). Nothing else is ever deleted as litter.
 */
const TEMP_NAME = /^\.(state\.md|questions\.md|decisions\.md|touched-files\.md|events\.jsonl|ACTIVE)\.(\d{1,10})\.([0-9a-f]{8}|[0-9a-f]{16})(\.old)?\.tmp$/;

/** Replace a whole file. `path` is absolute; byte pieces are written in order. */
export interface FileWrite {
  path: string;
  content: FileContent;
}

/** Append to a file (events.jsonl); replayed idempotently from `offset` on recovery. */
interface FileAppend {
  path: string;
  data: string;
}

interface JournalFile {
  target: string;
  temp: string;
  /** Versions 2 and 3: the temp file's size and CRC-32 (what "intact" means on recovery). */
  size?: number;
  crc32?: number;
  /** Version 1 (journals written by earlier engines): the temp file's SHA-256. */
  sha256?: string;
  /** Version 3: the target existed before the commit; `backup` is a hard link to its old content. */
  existed?: boolean;
  backup?: string;
}
interface JournalAppend {
  target: string;
  offset: number;
  data: string;
}
interface Journal {
  v: 1 | 2 | 3;
  /** Version 3: the per-commit nonce every temp and backup name carries. */
  nonce?: string;
  files: JournalFile[];
  appends: JournalAppend[];
}

/**
 * CRC-32 of a file's content (zlib's, native). The journal is fsynced only after every temp
 * file is, so a temp it names is complete unless something else changed it; size and CRC-32
 * catch that, and cost 1 ms to load where node:crypto's SHA-256 costs 7.
 */
function crc32(data: FileContent | Buffer): number {
  const { crc32: crc } = nodeZlib();
  if (typeof data === "string" || data instanceof Uint8Array) return crc(data);
  let value = 0;
  for (const piece of data) value = crc(piece, value);
  return value;
}

function byteLength(data: FileContent): number {
  return typeof data === "string" ? Buffer.byteLength(data) : data.reduce((n, piece) => n + piece.byteLength, 0);
}

const sha256 = (data: string | Buffer) => nodeCrypto().createHash("sha256").update(data).digest("hex");

/** The journal's own check line: its body's CRC-32 (versions 2, 3) or SHA-256 (version 1). */
const bodySum = (body: string, v: 1 | 2 | 3) => (v === 1 ? sha256(body) : `crc32:${crc32(body).toString(16)}`);

function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = disk.openSync(dir, "r");
    disk.fsyncSync(fd);
  } catch {
    // Some file systems refuse fsync on directories; the rename is still atomic there.
  } finally {
    if (fd !== undefined) disk.closeSync(fd);
  }
}

const isRegular = (p: string) => lstat(p)?.isFile() === true;

/** Remove a regular file if it is there; never anything else. */
function unlinkIfRegular(p: string): void {
  if (isRegular(p)) disk.unlinkSync(p);
}

/** Create `p` and write `data` fully; returns the open descriptor (the caller fsyncs and closes it). */
function writeOpen(p: string, data: readonly Uint8Array[], flags: string, mode: number): number {
  const fd = disk.openSync(p, flags, mode);
  try {
    for (const piece of data) writeAll(fd, piece);
    fs.fchmodSync(fd, mode);
  } catch (e) {
    disk.closeSync(fd);
    throw e;
  }
  return fd;
}

function writeSynced(p: string, data: string, flags: string, mode: number): void {
  const fd = writeOpen(p, [Buffer.from(data, "utf8")], flags, mode);
  try {
    disk.fsyncSync(fd);
  } finally {
    disk.closeSync(fd);
  }
}

/** The mode a rewrite keeps, and whether the target exists. Links and non-files are refused. */
function targetInfo(target: string): { mode: number; existed: boolean } {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(target);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { mode: 0o666 & ~process.umask(), existed: false };
    throw e;
  }
  if (st.isSymbolicLink()) throw new RefusedError(`${target} is a symbolic link; the engine never writes through links`, { kind: "unsafe-file" });
  if (!st.isFile()) throw new RefusedError(`${target} is ${kindOf(st)}, not a regular file; the engine writes only regular files`, { kind: "unsafe-file" });
  return { mode: st.mode & 0o7777, existed: true };
}

const hex32 = () => Math.floor(Math.random() * 0x1_0000_0000).toString(16).padStart(8, "0");
/** 64 random bits: a name a user would not type, and one journal's own. */
const newNonce = () => hex32() + hex32();

function tempPathFor(target: string, nonce: string, suffix = ".tmp"): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${nonce}${suffix}`);
}

/** Where an append starts, and whether the file's last line lacks its newline (a hand edit). */
function appendPoint(p: string): { offset: number; needsNewline: boolean } {
  let fd: number;
  try {
    fd = fs.openSync(p, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK | fs.constants.O_NOFOLLOW);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { offset: 0, needsNewline: false };
    throw e;
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) throw new RefusedError(`${p} is ${kindOf(st)}, not a regular file`, { kind: "unsafe-file" });
    if (st.size === 0) return { offset: 0, needsNewline: false };
    const last = Buffer.alloc(1);
    fs.readSync(fd, last, 0, 1, st.size - 1);
    return { offset: st.size, needsNewline: last[0] !== 0x0a };
  } finally {
    fs.closeSync(fd);
  }
}

function openForAppend(target: string, create: boolean): number {
  const flags = fs.constants.O_RDWR | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK | (create ? fs.constants.O_CREAT : 0);
  const fd = disk.openSync(target, flags, 0o644);
  const st = fs.fstatSync(fd);
  if (!st.isFile()) {
    disk.closeSync(fd);
    throw new RefusedError(`${target} is ${kindOf(st)}, not a regular file`, { kind: "unsafe-file" });
  }
  return fd;
}

function applyAppend(dir: string, a: JournalAppend): void {
  const fd = openForAppend(path.resolve(dir, a.target), true);
  try {
    disk.ftruncateSync(fd, a.offset);
    writeAll(fd, Buffer.from(a.data, "utf8"), a.offset);
    disk.fsyncSync(fd);
  } finally {
    disk.closeSync(fd);
  }
}

function dirsOf(dir: string, j: Journal): Set<string> {
  const dirs = new Set<string>([dir]);
  for (const f of j.files) dirs.add(path.dirname(path.resolve(dir, f.target)));
  return dirs;
}

/** `fresh`: called by the commit that just wrote every temp, so none needs looking up first. */
function applyJournal(dir: string, j: Journal, fresh = false): void {
  for (const f of j.files) {
    const temp = path.resolve(dir, f.temp);
    if (fresh || isRegular(temp)) disk.renameSync(temp, path.resolve(dir, f.target));
  }
  for (const a of j.appends) applyAppend(dir, a);
  for (const d of dirsOf(dir, j)) fsyncDir(d);
  // No fsync after this removal: a journal that outlives a crash names renamed temps and
  // already-written appends, so the next command replays it idempotently and removes it.
  fs.rmSync(path.join(dir, JOURNAL_FILE), { force: true });
  // Committed now: a backup that cannot be removed is litter for the next command, never a
  // reason to roll back (that would mix old and new files).
  for (const f of j.files) {
    if (f.backup === undefined) continue;
    try {
      if (fresh) disk.unlinkSync(path.resolve(dir, f.backup));
      else unlinkIfRegular(path.resolve(dir, f.backup));
    } catch {
      // removed by the next command's litter sweep (its name is the engine's pattern)
    }
  }
}

/**
 * Undo what a journal may have done: appends cut back to their offset, renamed targets restored
 * from their backups (version 3), files this commit created removed, temps deleted, the journal
 * removed. Versions 1 and 2 have no backups: their temps are deleted, as those engines did.
 */
function rollBack(dir: string, j: Journal): void {
  for (const a of j.appends) {
    let fd: number;
    try {
      fd = openForAppend(path.resolve(dir, a.target), false);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw e;
    }
    try {
      if (fs.fstatSync(fd).size > a.offset) {
        disk.ftruncateSync(fd, a.offset);
        disk.fsyncSync(fd);
      }
    } finally {
      disk.closeSync(fd);
    }
  }
  for (const f of [...j.files].reverse()) {
    const temp = path.resolve(dir, f.temp);
    const target = path.resolve(dir, f.target);
    if (f.backup !== undefined) {
      const backup = path.resolve(dir, f.backup);
      if (isRegular(backup)) disk.renameSync(backup, target);
      // rename(2) between two links of one inode (a target never replaced) is a no-op that keeps both.
      unlinkIfRegular(backup);
    } else if (j.v === 3 && f.existed === false && !isRegular(temp) && matches(target, f)) {
      disk.unlinkSync(target);
    }
    unlinkIfRegular(temp);
  }
  for (const d of dirsOf(dir, j)) fsyncDir(d);
  fs.rmSync(path.join(dir, JOURNAL_FILE), { force: true });
}

const errText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Commit `writes` and `appends` as one transaction; the caller holds the lock on `dir`.
 * A step that fails (a full disk, a short write, a refused rename) rolls every file back.
 * @throws InternalError (exit 1) when the disk refuses a step; RefusedError for a link or non-file target.
 */
export function commit(dir: string, writes: readonly FileWrite[], appends: readonly FileAppend[] = []): void {
  if (writes.length === 0 && appends.length === 0) return;
  const nonce = newNonce();
  const journal: Journal = { v: 3, nonce, files: [], appends: [] };
  const made: string[] = [];
  const open: number[] = [];
  const journalPath = path.join(dir, JOURNAL_FILE);
  try {
    const existing: { target: string; entry: JournalFile }[] = [];
    for (const w of writes) {
      const { mode, existed } = targetInfo(w.path);
      const temp = tempPathFor(w.path, nonce);
      // Encoded once: the write, the size and the CRC-32 all read the same bytes.
      const content = typeof w.content === "string" ? [Buffer.from(w.content, "utf8")] : w.content;
      made.push(temp); // before the write: a temp cut short by a full disk is removed too
      open.push(writeOpen(temp, content, "wx", mode));
      const entry: JournalFile = { target: path.relative(dir, w.path), temp: path.relative(dir, temp), size: byteLength(content), crc32: crc32(content), existed };
      journal.files.push(entry);
      if (existed) existing.push({ target: w.path, entry });
    }
    // Every temp written before any is fsynced: the first fsync's file-system commit then
    // carries the others too, and theirs find little left to do.
    while (open.length > 0) {
      const fd = open[0]!;
      disk.fsyncSync(fd);
      disk.closeSync(fd);
      open.shift();
    }
    for (const { target, entry } of existing) {
      // A hard link keeps the old content for a rollback at the cost of one directory entry.
      const backup = tempPathFor(target, nonce, ".old.tmp");
      try {
        disk.linkSync(target, backup);
      } catch {
        continue; // no hard links on this file system: that file cannot be rolled back, as before
      }
      made.push(backup);
      entry.backup = path.relative(dir, backup);
    }
    for (const a of appends) {
      targetInfo(a.path); // refuses a symlinked append target (events.jsonl): never written through
      const { offset, needsNewline } = appendPoint(a.path);
      journal.appends.push({ target: path.relative(dir, a.path), offset, data: needsNewline ? `\n${a.data}` : a.data });
    }
    const body = JSON.stringify(journal);
    writeSynced(journalPath, `${body}\n${bodySum(body, 3)}\n`, "w", 0o644);
    fsyncDir(dir);
  } catch (e) {
    for (const fd of open) {
      try {
        disk.closeSync(fd);
      } catch {
        // Already closed or gone: the temps are removed below either way.
      }
    }
    for (const t of made) fs.rmSync(t, { force: true });
    fs.rmSync(journalPath, { force: true });
    if (isKind(e, "unsafe-file")) throw e;
    throw new InternalError(`could not prepare the commit in ${dir}: ${errText(e)}; nothing was changed`, {
      kind: "io",
      hint: "free disk space or fix the directory's permissions, then retry",
      cause: e,
    });
  }
  try {
    applyJournal(dir, journal, true);
  } catch (e) {
    try {
      rollBack(dir, journal);
    } catch (e2) {
      throw new InternalError(`commit interrupted in ${dir}: ${errText(e)}; rolling back failed too: ${errText(e2)}`, {
        kind: "io",
        hint: "fix the cause (disk space, permissions), then run any devrites-engine command in this workspace to finish it from the journal",
        cause: new AggregateError([e, e2], "the commit and its rollback both failed"),
      });
    }
    throw new InternalError(`could not commit in ${dir}: ${errText(e)}; every file was rolled back`, {
      kind: "io",
      hint: "free disk space or fix the files' permissions, then retry",
      cause: e,
    });
  }
}

type JournalRead = { kind: "none" } | { kind: "torn" } | { kind: "ok"; journal: Journal };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isCount = (v: unknown, max: number): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0 && v <= max;

/** Size of the file an append names, as it is now (0 when missing). */
function currentSize(p: string, journalPath: string): number {
  const st = lstat(p);
  if (!st) return 0;
  if (!st.isFile()) throw new CorruptJournalError(journalPath, `its append target ${p} is ${kindOf(st)}`);
  return st.size;
}

/**
 * Check every entry of a journal whose checksum is right: only own targets, only own temp names
 * (with this journal's nonce) in the target's directory, sane sizes, offsets within the real file.
 * @throws CorruptJournalError for anything else.
 */
function validateJournal(dir: string, raw: unknown, journalPath: string): Journal {
  const bad = (why: string) => new CorruptJournalError(journalPath, why);
  if (!isObject(raw)) throw bad("it is not a JSON object");
  const v = raw.v;
  if (v !== 1 && v !== 2 && v !== 3) throw bad(`unknown version ${JSON.stringify(v)}`);
  const nonce = raw.nonce;
  if (v === 3 && (typeof nonce !== "string" || !/^[0-9a-f]{16}$/.test(nonce))) throw bad("its nonce is missing or malformed");
  if (!Array.isArray(raw.files) || !Array.isArray(raw.appends)) throw bad("it has no files and appends lists");
  const seen = new Set<string>();
  const files: JournalFile[] = raw.files.map((f: unknown, i: number) => {
    const where = `files[${i}]`;
    if (!isObject(f)) throw bad(`${where} is not an object`);
    const { target, temp } = f;
    if (typeof target !== "string" || !(OWN_TARGETS.has(target) || target === ACTIVE_TARGET)) {
      throw bad(`${where} names ${JSON.stringify(target)}, not one of the workspace's own files`);
    }
    if (seen.has(target)) throw bad(`${where} names ${target} twice`);
    seen.add(target);
    const prefix = target === ACTIVE_TARGET ? "../../" : "";
    const base = path.posix.basename(target);
    const m = typeof temp === "string" && temp.startsWith(prefix) ? TEMP_NAME.exec(temp.slice(prefix.length)) : null;
    const own = m !== null && m[1] === base && m[4] === undefined && (v === 3 ? m[3] === nonce : m[3]!.length === 8);
    if (!own) throw bad(`${where} temp ${JSON.stringify(temp)} is not the engine's temp name for ${target}`);
    const entry: JournalFile = { target, temp: temp as string };
    if (v === 1) {
      if (typeof f.sha256 !== "string" || !/^[0-9a-f]{64}$/.test(f.sha256)) throw bad(`${where} has no valid sha256`);
      entry.sha256 = f.sha256;
    } else {
      if (!isCount(f.size, READ_CAP_BYTES.workspaceFile)) throw bad(`${where} size ${JSON.stringify(f.size)} is out of range`);
      if (!isCount(f.crc32, 0xffff_ffff)) throw bad(`${where} crc32 is not a 32-bit number`);
      entry.size = f.size;
      entry.crc32 = f.crc32;
    }
    if (v === 3) {
      if (typeof f.existed !== "boolean") throw bad(`${where} does not say whether ${target} existed`);
      entry.existed = f.existed;
      if (f.backup !== undefined) {
        if (f.backup !== `${prefix}.${base}.${m![2]}.${nonce}.old.tmp` || !f.existed) throw bad(`${where} backup ${JSON.stringify(f.backup)} is not the engine's backup name`);
        entry.backup = f.backup;
      }
    }
    return entry;
  });
  const appends: JournalAppend[] = raw.appends.map((a: unknown, i: number) => {
    const where = `appends[${i}]`;
    if (!isObject(a)) throw bad(`${where} is not an object`);
    if (a.target !== "events.jsonl") throw bad(`${where} appends to ${JSON.stringify(a.target)}, not events.jsonl`);
    if (typeof a.data !== "string" || Buffer.byteLength(a.data) > READ_CAP_BYTES.workspaceFile) throw bad(`${where} data is not a string of sane size`);
    const size = currentSize(path.join(dir, a.target), journalPath);
    if (!isCount(a.offset, size)) throw bad(`${where} offset ${JSON.stringify(a.offset)} is past the end of events.jsonl (${size} bytes)`);
    return { target: a.target, offset: a.offset, data: a.data };
  });
  if (appends.length > 1) throw bad("it lists more than one append");
  return { v, ...(v === 3 ? { nonce: nonce as string } : {}), files, appends };
}

function readJournal(dir: string): JournalRead {
  const journalPath = path.join(dir, JOURNAL_FILE);
  let bytes: Buffer | undefined;
  try {
    bytes = readRegularFile(journalPath, { name: JOURNAL_FILE, capBytes: READ_CAP_BYTES.workspaceFile, noFollow: true });
  } catch (e) {
    if (isKind(e, "unsafe-file")) throw new CorruptJournalError(journalPath, e.text, e);
    throw e;
  }
  if (bytes === undefined) return { kind: "none" };
  const [body, sum] = bytes.toString("utf8").split("\n");
  if (body === undefined || sum === undefined) return { kind: "torn" };
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    return { kind: "torn" };
  }
  const v = isObject(raw) ? raw.v : undefined;
  // A journal whose check line does not match was torn by a crash while it was written; one
  // that matches is read whole (an unknown version is refused, not discarded: a newer engine's).
  if (sum !== bodySum(body, v === 1 ? 1 : 3)) return { kind: "torn" };
  return { kind: "ok", journal: validateJournal(dir, raw, journalPath) };
}

/** True when the file at `p` has the content the journal recorded for it. */
function matches(p: string, f: JournalFile): boolean {
  let data: Buffer | undefined;
  try {
    data = readRegularFile(p, { name: path.basename(p), capBytes: f.size ?? READ_CAP_BYTES.workspaceFile, noFollow: true });
  } catch (e) {
    if (isKind(e, "unsafe-file")) return false; // a link, a non-file, or larger than recorded
    throw e;
  }
  if (data === undefined) return false;
  if (f.sha256 !== undefined) return sha256(data) === f.sha256;
  return data.byteLength === f.size && crc32(data) === f.crc32;
}

type RecoveryOutcome = "none" | "finished" | "discarded";

/** True when `dir` holds a journal or temp litter that a command must clear first. */
export function needsRecovery(dir: string): boolean {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return false;
  }
  return names.some((n) => n === JOURNAL_FILE || TEMP_NAME.test(n));
}

/**
 * Finish a journal whose temp files are all intact (or already renamed), else roll it back;
 * remove the engine's temp litter in `dir`. The caller holds the lock.
 * @throws CorruptJournalError (exit 3) for a journal naming anything but the workspace's own files;
 *   RefusedError for a non-file named like a temp; InternalError when the disk refuses the replay and its rollback.
 */
export function recoverJournal(dir: string): RecoveryOutcome {
  let outcome: RecoveryOutcome = "none";
  const read = readJournal(dir);
  if (read.kind === "torn") {
    fs.rmSync(path.join(dir, JOURNAL_FILE), { force: true });
    outcome = "discarded";
  } else if (read.kind === "ok") {
    const j = read.journal;
    // A temp already renamed: its target must then hold the recorded content.
    const intact = j.files.every((f) => {
      const temp = path.resolve(dir, f.temp);
      return matches(isRegular(temp) ? temp : path.resolve(dir, f.target), f);
    });
    if (intact) {
      try {
        applyJournal(dir, j);
        outcome = "finished";
      } catch (e) {
        if (isKind(e, "unsafe-file", "journal-corrupt")) throw e;
        try {
          rollBack(dir, j);
        } catch (e2) {
          throw new InternalError(`cannot finish or roll back the journal in ${dir}: ${errText(e)}; ${errText(e2)}`, {
            kind: "io",
            hint: "fix the cause (disk space, permissions), then retry",
            cause: new AggregateError([e, e2], "the replay and its rollback both failed"),
          });
        }
        outcome = "discarded";
      }
    } else {
      rollBack(dir, j);
      outcome = "discarded";
    }
  }
  for (const n of fs.readdirSync(dir)) {
    if (!TEMP_NAME.test(n)) continue;
    const p = path.join(dir, n);
    const st = lstat(p);
    if (!st) continue;
    if (!st.isFile()) {
      throw new RefusedError(`${p} is ${kindOf(st)} named like an engine temp file`, { kind: "unsafe-file", hint: "remove or rename it; the engine deletes only its own temp files" });
    }
    disk.unlinkSync(p);
    if (outcome === "none") outcome = "discarded";
  }
  return outcome;
}

/** Pending journals in the workspaces under `root/work` (their text): a temp they name is still needed. */
function pendingJournals(root: string): string[] {
  const out: string[] = [];
  let slugs: string[];
  try {
    slugs = fs.readdirSync(path.join(root, "work"));
  } catch {
    return out;
  }
  for (const s of slugs) {
    try {
      const b = readRegularFile(path.join(root, "work", s, JOURNAL_FILE), { name: JOURNAL_FILE, capBytes: READ_CAP_BYTES.workspaceFile, noFollow: true });
      if (b) out.push(b.toString("utf8"));
    } catch {
      // Not readable as a journal: it names nothing we could keep.
    }
  }
  return out;
}

/**
 * Remove temp files left in the root (init's ACTIVE temps) by dead processes, except those a
 * pending journal in some workspace still names (a killed init finishes from them).
 */
export function removeDeadTemps(dir: string, alive: (pid: number) => boolean): void {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  let journals: string[] | undefined;
  for (const n of names) {
    const m = TEMP_NAME.exec(n);
    if (!m || alive(Number(m[2])) || !isRegular(path.join(dir, n))) continue;
    journals ??= pendingJournals(dir);
    if (journals.some((t) => t.includes(`"../../${n}"`))) continue;
    disk.unlinkSync(path.join(dir, n));
  }
}

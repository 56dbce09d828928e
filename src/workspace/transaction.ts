// The journaled multi-file commit. New contents go to fsynced temp files, then `.journal`
// lists them (with their size and CRC-32) and is fsynced, then temps are renamed over their
// targets and event lines appended; the journal is removed last. recoverJournal() finishes
// or discards.

import { nodeCrypto, nodeZlib } from "./lazy-builtins.js";
import fs from "node:fs";
import path from "node:path";
import type { FileContent } from "../documents/text-edit.js";
import { InternalError, RefusedError } from "../errors.js";

export const JOURNAL_FILE = ".journal";
const TEMP_NAME = /^\..+\.(\d+)\.[0-9a-f]+\.tmp$/;

/** Replace a whole file. `path` is absolute; byte pieces are written in order. */
export interface FileWrite {
  path: string;
  content: FileContent;
}

/** Append to a file (events.jsonl); replayed idempotently from `offset` on recovery. */
export interface FileAppend {
  path: string;
  data: string;
}

interface JournalFile {
  target: string;
  temp: string;
  /** Version 2: the temp file's size and CRC-32 (what "intact" means on recovery). */
  size?: number;
  crc32?: number;
  /** Version 1 (journals written by earlier engines): the temp file's SHA-256. */
  sha256?: string;
}
interface JournalAppend {
  target: string;
  offset: number;
  data: string;
}
interface Journal {
  v: 1 | 2;
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

/** The journal's own check line: its body's CRC-32 (version 2) or SHA-256 (version 1). */
const bodySum = (body: string, v: 1 | 2) => (v === 2 ? `crc32:${crc32(body).toString(16)}` : sha256(body));

function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, "r");
    fs.fsyncSync(fd);
  } catch {
    // Some file systems refuse fsync on directories; the rename is still atomic there.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Create `p` and write `data`; returns the open descriptor (the caller fsyncs and closes it). */
function writeOpen(p: string, data: FileContent, flags: string, mode: number): number {
  const fd = fs.openSync(p, flags, mode);
  try {
    if (typeof data === "string") fs.writeFileSync(fd, data);
    else for (const piece of data) fs.writeFileSync(fd, piece);
    fs.fchmodSync(fd, mode);
  } catch (e) {
    fs.closeSync(fd);
    throw e;
  }
  return fd;
}

function writeSynced(p: string, data: FileContent, flags: string, mode: number): void {
  const fd = writeOpen(p, data, flags, mode);
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function modeFor(target: string): number {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(target);
  } catch {
    return 0o666 & ~process.umask();
  }
  if (st.isSymbolicLink()) throw new RefusedError(`${target} is a symbolic link; the engine never writes through links`);
  return st.mode & 0o7777;
}

function tempPathFor(target: string): string {
  // Unique enough with the pid beside it (the file is created with "wx": a clash is an error, never an overwrite).
  const rand = Math.floor(Math.random() * 0x1_0000_0000).toString(16).padStart(8, "0");
  return path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${rand}.tmp`);
}

/** Where an append starts, and whether the file's last line lacks its newline (a hand edit). */
function appendPoint(p: string): { offset: number; needsNewline: boolean } {
  let fd: number;
  try {
    fd = fs.openSync(p, "r");
  } catch {
    return { offset: 0, needsNewline: false };
  }
  try {
    const size = fs.fstatSync(fd).size;
    if (size === 0) return { offset: 0, needsNewline: false };
    const last = Buffer.alloc(1);
    fs.readSync(fd, last, 0, 1, size - 1);
    return { offset: size, needsNewline: last[0] !== 0x0a };
  } finally {
    fs.closeSync(fd);
  }
}

function applyAppend(dir: string, a: JournalAppend): void {
  const target = path.resolve(dir, a.target);
  const fd = fs.openSync(target, fs.existsSync(target) ? "r+" : "w+", 0o644);
  try {
    fs.ftruncateSync(fd, a.offset);
    fs.writeSync(fd, a.data, a.offset);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function applyJournal(dir: string, j: Journal): void {
  const dirs = new Set<string>([dir]);
  for (const f of j.files) {
    const temp = path.resolve(dir, f.temp);
    const target = path.resolve(dir, f.target);
    if (fs.existsSync(temp)) fs.renameSync(temp, target);
    dirs.add(path.dirname(target));
  }
  for (const a of j.appends) applyAppend(dir, a);
  for (const d of dirs) fsyncDir(d);
  // No fsync after this removal: a journal that outlives a crash names renamed temps and
  // already-written appends, so the next command replays it idempotently and removes it.
  fs.rmSync(path.join(dir, JOURNAL_FILE), { force: true });
}

/**
 * Commit `writes` and `appends` as one transaction; the caller holds the lock on `dir`.
 * @throws InternalError when the disk refuses a step (the journal then lets the next command finish or discard).
 */
export function commit(dir: string, writes: readonly FileWrite[], appends: readonly FileAppend[] = []): void {
  if (writes.length === 0 && appends.length === 0) return;
  const journal: Journal = { v: 2, files: [], appends: [] };
  const temps: string[] = [];
  const open: number[] = [];
  try {
    for (const w of writes) {
      const temp = tempPathFor(w.path);
      temps.push(temp);
      // Encoded once: the write, the size and the CRC-32 all read the same bytes.
      const content = typeof w.content === "string" ? [Buffer.from(w.content, "utf8")] : w.content;
      open.push(writeOpen(temp, content, "wx", modeFor(w.path)));
      journal.files.push({ target: path.relative(dir, w.path), temp: path.relative(dir, temp), size: byteLength(content), crc32: crc32(content) });
    }
    // Every temp written before any is fsynced: the first fsync's file-system commit then
    // carries the others too, and theirs find little left to do.
    while (open.length > 0) {
      const fd = open[0]!;
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      open.shift();
    }
    for (const a of appends) {
      modeFor(a.path); // refuses a symlinked append target (events.jsonl): never written through
      const { offset, needsNewline } = appendPoint(a.path);
      journal.appends.push({ target: path.relative(dir, a.path), offset, data: needsNewline ? `\n${a.data}` : a.data });
    }
    const body = JSON.stringify(journal);
    writeSynced(path.join(dir, JOURNAL_FILE), `${body}\n${bodySum(body, 2)}\n`, "w", 0o644);
    fsyncDir(dir);
  } catch (e) {
    for (const fd of open) {
      try {
        fs.closeSync(fd);
      } catch {
        // Already closed or gone: the temps are removed below either way.
      }
    }
    for (const t of temps) fs.rmSync(t, { force: true });
    fs.rmSync(path.join(dir, JOURNAL_FILE), { force: true });
    if (e instanceof RefusedError) throw e;
    throw new InternalError(`could not prepare the commit in ${dir}: ${(e as Error).message}`);
  }
  try {
    applyJournal(dir, journal);
  } catch (e) {
    throw new InternalError(`commit interrupted in ${dir}: ${(e as Error).message}`, {
      hint: "run any devrites-engine command in this workspace to finish it from the journal",
    });
  }
}

function readJournal(dir: string): Journal | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dir, JOURNAL_FILE), "utf8");
  } catch {
    return undefined;
  }
  const [body, sum] = text.split("\n");
  if (body === undefined || sum === undefined) return undefined;
  try {
    const j = JSON.parse(body) as Journal;
    const valid = (j.v === 1 || j.v === 2) && Array.isArray(j.files) && Array.isArray(j.appends);
    return valid && sum === bodySum(body, j.v) ? j : undefined;
  } catch {
    return undefined;
  }
}

/** True when the file at `p` has the content the journal recorded for it. */
function matches(p: string, f: JournalFile): boolean {
  let data: Buffer;
  try {
    data = fs.readFileSync(p);
  } catch {
    return false;
  }
  if (f.sha256 !== undefined) return sha256(data) === f.sha256;
  return data.byteLength === f.size && crc32(data) === f.crc32;
}

export type RecoveryOutcome = "none" | "finished" | "discarded";

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
 * Finish a journal whose temp files are all intact (or already renamed), else discard it;
 * remove temp litter in `dir`. The caller holds the lock.
 */
export function recoverJournal(dir: string): RecoveryOutcome {
  let outcome: RecoveryOutcome = "none";
  if (fs.existsSync(path.join(dir, JOURNAL_FILE))) {
    const j = readJournal(dir);
    const intact =
      j !== undefined &&
      j.files.every((f) => {
        // A temp already renamed: its target must then hold the recorded content.
        const temp = path.resolve(dir, f.temp);
        return matches(fs.existsSync(temp) ? temp : path.resolve(dir, f.target), f);
      });
    if (j && intact) {
      applyJournal(dir, j);
      outcome = "finished";
    } else {
      if (j) for (const f of j.files) fs.rmSync(path.resolve(dir, f.temp), { force: true });
      fs.rmSync(path.join(dir, JOURNAL_FILE), { force: true });
      outcome = "discarded";
    }
  }
  for (const n of fs.readdirSync(dir)) {
    if (TEMP_NAME.test(n)) {
      fs.rmSync(path.join(dir, n), { force: true });
      if (outcome === "none") outcome = "discarded";
    }
  }
  return outcome;
}

/** Remove temp files left in a directory outside any workspace (the root's ACTIVE) by dead processes. */
export function removeDeadTemps(dir: string, alive: (pid: number) => boolean): void {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const n of names) {
    const m = TEMP_NAME.exec(n);
    if (m && !alive(Number(m[1]))) fs.rmSync(path.join(dir, n), { force: true });
  }
}

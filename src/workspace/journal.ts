// The journal's format and its reader: what `.journal` may name (the workspace's own files and
// the engine's own temp names, nothing else), its checksums, and validation of every entry. A
// journal found on disk is untrusted input: anything outside these rules is CorruptJournalError.

import { nodeCrypto, nodeZlib } from "./lazy-builtins.js";
import { basename, dirname, join, posix } from "node:path";
import type { FileContent } from "../documents/text-edit.js";
import { CorruptJournalError, isKind } from "../errors.js";
import { kindOf, lstat, READ_CAP_BYTES, readRegularFile } from "./disk.js";

export const JOURNAL_FILE = ".journal";
/**
 * Every file of a workspace the engine writes (formats.md, Layout; the pack's gates ledger, the
 * wave ledger and metrics `dispatch` writes, the baselines `check drift --record` and `check
 * regression --update` keep, the control lease of `parallel`), and so every file
 * a workspace journal may name, with init's ACTIVE two levels up. The one list: commit() refuses
 * to write any other file, so a command cannot leave a journal its own recovery would refuse.
 */
export const OWN_FILES = ["state.md", "questions.md", "decisions.md", "touched-files.md", "events.jsonl", "gates.md", "readiness-inputs.json", "regression-baseline.json", "dispatch.json", "metrics.jsonl", "notes.md", "parallel-lease.md"] as const;
const OWN_TARGETS: ReadonlySet<string> = new Set(OWN_FILES);
/** The files a journal may remove (version 5): only the lease, whose absence means "no batch". */
const REMOVABLE: ReadonlySet<string> = new Set(["parallel-lease.md"]);
/** Whether the engine removes `target` (a workspace-relative name) through a journal. */
export const isRemovable = (target: string): boolean => REMOVABLE.has(target);
/**
 * The engine's temp names: `.<own file>.<pid>.<nonce>.tmp` (backups `….old.tmp`), the nonce 16
 * hex digits (8 in engines before journal version 3). Nothing else is ever deleted as litter.
 */
export const TEMP_NAME = new RegExp(`^\\.(${[...OWN_FILES, "ACTIVE"].map((n) => n.replace(/\./g, "\\.")).join("|")})\\.(\\d{1,10})\\.([0-9a-f]{8}|[0-9a-f]{16})(\\.old)?\\.tmp$`);

/** Whether the engine writes `target` (a workspace-relative name) through a journal. */
export function isOwnTarget(target: string): boolean {
  return OWN_TARGETS.has(target) || target === ACTIVE_TARGET;
}

/**
 * TEMP_NAME's match for a name found in a folder, or null. Most names there are not temps: a
 * cheap look at the first and last characters comes first, so the pattern (a large one for
 * V8 to compile) runs only on names that may be one.
 */
export function matchTempName(name: string): RegExpExecArray | null {
  return name.startsWith(".") && name.endsWith(".tmp") ? TEMP_NAME.exec(name) : null;
}

export interface JournalFile {
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
export interface JournalAppend {
  target: string;
  offset: number;
  data: string;
}
/**
 * Version 5: a file the commit removes (`parallel lease-clear`). `backup` is a hard link to it
 * made before the journal, so a rollback puts it back; size and CRC-32 say which content the
 * commit meant to remove, so a replay never removes a file put there since.
 */
export interface JournalRemove {
  target: string;
  size: number;
  crc32: number;
  backup?: string;
}
export interface Journal {
  /** Version 4: version 3 with the directory move of `state close` (`archive`). Version 5: version 3 with `removes`. */
  v: 1 | 2 | 3 | 4 | 5;
  /** Version 3: the per-commit nonce every temp and backup name carries. */
  nonce?: string;
  files: JournalFile[];
  appends: JournalAppend[];
  /**
   * Version 4: `state close` moves the workspace directory `work/<slug>` → `archive/<slug>`
   * (this slug, the journal's own directory) before its renames and appends. Where the
   * directory is tells whether the move happened; the journal travels with it.
   */
  archive?: string;
  /** Version 5: files removed after the renames (an older engine refuses the version, never skips the removal). */
  removes?: JournalRemove[];
}

/** The target a journal names for `.devrites/ACTIVE` (two levels up from the workspace). */
export const ACTIVE_TARGET = "../../ACTIVE";

/** True when `dir` is `archive/<slug>` (a moved workspace), not `work/<slug>`. */
export const inArchive = (dir: string) => basename(dirname(dir)) === "archive";

/**
 * CRC-32 of a file's content (zlib's: computed here below SMALL_CRC_BYTES, by node:zlib above).
 * The journal is fsynced only after every temp file is, so a temp it names is complete unless
 * something else changed it; size and CRC-32 catch that, and load far faster than
 * node:crypto's SHA-256 (docs/performance.md).
 */
export function crc32(data: string | Uint8Array | readonly Uint8Array[]): number {
  if (typeof data === "string") {
    // A large text goes to zlib as it is; only a small one is encoded here.
    return Buffer.byteLength(data) < SMALL_CRC_BYTES ? smallCrc32(Buffer.from(data, "utf8")) : nodeZlib().crc32(data);
  }
  const pieces = data instanceof Uint8Array ? [data] : data;
  let size = 0;
  for (const piece of pieces) size += piece.byteLength;
  const crc = crcFor(size);
  let value = 0;
  for (const piece of pieces) value = crc(piece, value);
  return value;
}

/** The CRC-32 function for content of `size` bytes, continuing from a value: crc32's choice, for content read piece by piece. */
export function crcFor(size: number): (bytes: Uint8Array, value: number) => number {
  return size < SMALL_CRC_BYTES ? smallCrc32 : nodeZlib().crc32;
}

/**
 * Below this many bytes the CRC-32 is computed here: loading node:zlib (it brings Node's stream
 * modules) costs a commit more than this loop takes over a typical commit's few KB.
 */
const SMALL_CRC_BYTES = 32 * 1024;
let crcTables: Int32Array | undefined;

/**
 * zlib's CRC-32 (the IEEE polynomial, reflected), continuing from `value`: four bytes a step
 * through four tables (slicing by 4), the last one to three bytes one at a time. A one-command
 * process runs this loop in V8's interpreter, where each step's cost is in its dispatch: fewer,
 * wider steps take less than one table look-up per byte (docs/performance.md).
 */
export function smallCrc32(bytes: Uint8Array, value = 0): number {
  const t = (crcTables ??= makeCrcTables());
  let c = ~value;
  let i = 0;
  const n = bytes.length;
  const whole = n - (n & 3);
  for (; i < whole; i += 4) {
    c ^= bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24);
    c = t[768 + (c & 0xff)]! ^ t[512 + ((c >>> 8) & 0xff)]! ^ t[256 + ((c >>> 16) & 0xff)]! ^ t[c >>> 24]!;
  }
  for (; i < n; i++) c = t[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

/** The byte-at-a-time table (0–255), then each next table one more zero byte on (256–1023). */
function makeCrcTables(): Int32Array {
  const t = new Int32Array(1024);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  for (let n = 0; n < 256; n++) {
    let c = t[n]!;
    for (let k = 1; k < 4; k++) {
      c = t[c & 0xff]! ^ (c >>> 8);
      t[k * 256 + n] = c;
    }
  }
  return t;
}

export function byteLength(data: FileContent): number {
  return typeof data === "string" ? Buffer.byteLength(data) : data.reduce((n, piece) => n + (piece instanceof Uint8Array ? piece.byteLength : piece.size), 0);
}

const sha256 = (data: string | Buffer) => nodeCrypto().createHash("sha256").update(data).digest("hex");

/** The journal's own check line: its body's CRC-32 (versions 2, 3) or SHA-256 (version 1); the body as text or as its UTF-8 bytes. */
export const bodySum = (body: string | Buffer, v: 1 | 2 | 3) => (v === 1 ? sha256(body) : `crc32:${crc32(body).toString(16)}`);

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
function validateJournal(dir: string, raw: unknown, journalPath: string, appendTarget: string): Journal {
  const bad = (why: string) => new CorruptJournalError(journalPath, why);
  if (!isObject(raw)) throw bad("it is not a JSON object");
  const v = raw.v;
  if (v !== 1 && v !== 2 && v !== 3 && v !== 4 && v !== 5) throw bad(`unknown version ${JSON.stringify(v)}`);
  const nonce = raw.nonce;
  const nonced = v === 3 || v === 4 || v === 5;
  if (nonced && (typeof nonce !== "string" || !/^[0-9a-f]{16}$/.test(nonce))) throw bad("its nonce is missing or malformed");
  if (!Array.isArray(raw.files) || !Array.isArray(raw.appends)) throw bad("it has no files and appends lists");
  const seen = new Set<string>();
  const files: JournalFile[] = raw.files.map((f: unknown, i: number) => {
    const where = `files[${i}]`;
    if (!isObject(f)) throw bad(`${where} is not an object`);
    const { target, temp } = f;
    if (typeof target !== "string" || !isOwnTarget(target)) {
      throw bad(`${where} names ${JSON.stringify(target)}, not one of the workspace's own files`);
    }
    if (seen.has(target)) throw bad(`${where} names ${target} twice`);
    seen.add(target);
    const prefix = target === ACTIVE_TARGET ? "../../" : "";
    const base = posix.basename(target);
    const m = typeof temp === "string" && temp.startsWith(prefix) ? TEMP_NAME.exec(temp.slice(prefix.length)) : null;
    const own = m !== null && m[1] === base && m[4] === undefined && (nonced ? m[3] === nonce : m[3]!.length === 8);
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
    if (nonced) {
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
    if (a.target !== appendTarget) throw bad(`${where} appends to ${JSON.stringify(a.target)}, not ${appendTarget}`);
    if (typeof a.data !== "string" || Buffer.byteLength(a.data) > READ_CAP_BYTES.workspaceFile) throw bad(`${where} data is not a string of sane size`);
    const size = currentSize(join(dir, a.target), journalPath);
    if (!isCount(a.offset, size)) throw bad(`${where} offset ${JSON.stringify(a.offset)} is past the end of ${appendTarget} (${size} bytes)`);
    return { target: a.target, offset: a.offset, data: a.data };
  });
  if (appends.length > 1) throw bad("it lists more than one append");
  if (appendTarget !== "events.jsonl" && (files.length > 0 || v !== 3 || raw.archive !== undefined || raw.removes !== undefined)) throw bad(`a journal of ${appendTarget} only appends to it`);
  let archive: string | undefined;
  if (v === 4) {
    // A close moves only its own directory, from work/ to archive/, and writes only ACTIVE.
    const parent = basename(dirname(dir));
    if (raw.archive !== basename(dir) || (parent !== "work" && parent !== "archive")) throw bad(`it moves ${JSON.stringify(raw.archive)}, not its own workspace ${basename(dir)} in work/ or archive/`);
    if (files.some((f) => f.target !== ACTIVE_TARGET)) throw bad("a close journal may write only ACTIVE");
    archive = raw.archive;
  } else if (raw.archive !== undefined) throw bad(`a version ${v} journal moves no directory`);
  const removes = v === 5 ? validateRemoves(raw.removes, nonce as string, seen, bad) : undefined;
  if (v !== 5 && raw.removes !== undefined) throw bad(`a version ${v} journal removes no file`);
  return { v, ...(nonced ? { nonce: nonce as string } : {}), files, appends, ...(archive !== undefined ? { archive } : {}), ...(removes !== undefined ? { removes } : {}) };
}

/**
 * A version 5 journal's removals: each a file the journal may remove, in its own directory (a
 * bare name: no path, no link is followed to reach it), named once and not also written, its
 * backup the engine's backup name with this journal's nonce.
 */
function validateRemoves(raw: unknown, nonce: string, written: ReadonlySet<string>, bad: (why: string) => CorruptJournalError): JournalRemove[] {
  if (!Array.isArray(raw) || raw.length === 0) throw bad("a version 5 journal has no removes list");
  const seen = new Set<string>();
  return raw.map((r: unknown, i: number) => {
    const where = `removes[${i}]`;
    if (!isObject(r)) throw bad(`${where} is not an object`);
    const { target, backup } = r;
    if (typeof target !== "string" || !REMOVABLE.has(target)) throw bad(`${where} removes ${JSON.stringify(target)}, not a file the engine removes`);
    if (seen.has(target) || written.has(target)) throw bad(`${where} names ${target} twice`);
    seen.add(target);
    if (!isCount(r.size, READ_CAP_BYTES.workspaceFile)) throw bad(`${where} size ${JSON.stringify(r.size)} is out of range`);
    if (!isCount(r.crc32, 0xffff_ffff)) throw bad(`${where} crc32 is not a 32-bit number`);
    const entry: JournalRemove = { target, size: r.size, crc32: r.crc32 };
    if (backup !== undefined) {
      const m = typeof backup === "string" ? TEMP_NAME.exec(backup) : null;
      if (m === null || m[1] !== target || m[3] !== nonce || m[4] !== ".old") throw bad(`${where} backup ${JSON.stringify(backup)} is not the engine's backup name`);
      entry.backup = backup as string;
    }
    return entry;
  });
}

/**
 * Read the journal in `dir`: a workspace's (it appends to events.jsonl), or with `appendTarget`
 * the `.devrites` root's, whose one entry kind is an append to that ledger (claims.jsonl).
 */
export function readJournal(dir: string, appendTarget = "events.jsonl"): JournalRead {
  const journalPath = join(dir, JOURNAL_FILE);
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
  return { kind: "ok", journal: validateJournal(dir, raw, journalPath, appendTarget) };
}

/** True when the file at `p` has the content the journal recorded for it. */
export function matches(p: string, f: Pick<JournalFile, "size" | "crc32" | "sha256">): boolean {
  let data: Buffer | undefined;
  try {
    data = readRegularFile(p, { name: basename(p), capBytes: f.size ?? READ_CAP_BYTES.workspaceFile, noFollow: true });
  } catch (e) {
    if (isKind(e, "unsafe-file")) return false; // a link, a non-file, or larger than recorded
    throw e;
  }
  if (data === undefined) return false;
  if (f.sha256 !== undefined) return sha256(data) === f.sha256;
  return data.byteLength === f.size && crc32(data) === f.crc32;
}

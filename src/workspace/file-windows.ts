// A workspace file read for a few of its blocks: a small one whole, a large one left on disk
// (FileBytes, documents/bytes.ts) and read through one reused buffer — scanned window by window,
// its blocks read alone, and its untouched stretches copied into the temp file at commit. On
// a small machine the first touch of each fresh page of memory costs more than reading the
// bytes twice (docs/performance.md, "Start-up on Node 20: page faults").

import { closeSync, fstatSync, type BigIntStats } from "node:fs";
import { join } from "node:path";
import { isUtf8 } from "node:buffer";
import { ConflictError } from "../errors.js";
import type { FileBytes, FileRange } from "../documents/bytes.js";
import { openRegularFile, READ_CAP_BYTES, readError, readFully, readOpened } from "./disk.js";
import { missingFile, notUtf8 } from "./locate.js";

/** The reused buffer's size, and the largest file read whole instead. */
export const WINDOW_BYTES = 64 * 1024;

const LF = 10;

/** A file held open and read by windows and ranges; `close()` it when done (the session does). */
export class FileWindows implements FileBytes {
  readonly size: number;
  #buf: Buffer;
  #closed = false;

  constructor(
    readonly path: string,
    readonly name: string,
    private readonly fd: number,
    /** The file as it was opened: every copy checks it is still the same. */
    private readonly seen: BigIntStats,
  ) {
    this.size = Number(seen.size);
    this.#buf = Buffer.allocUnsafeSlow(Math.min(WINDOW_BYTES, this.size));
  }

  /** Fill `into` from `position`; a file that ends before it is full has shrunk since it was opened. */
  #readInto(into: Buffer, position: number): Buffer {
    let n: number;
    try {
      n = readFully(this.fd, into, 0, into.length, position);
    } catch (e) {
      throw readError(this.name, this.path, e);
    }
    if (n < into.length) throw this.#changed();
    return into;
  }

  /** `length` bytes at `position`, in the reused buffer. */
  #read(length: number, position: number): Buffer {
    return this.#readInto(this.#buf.subarray(0, length), position);
  }

  windows(each: (window: Buffer) => void): void {
    for (let pos = 0; pos < this.size; ) {
      const rest = this.size - pos;
      let w = this.#read(Math.min(this.#buf.length, rest), pos);
      if (w.length < rest) {
        // Whole lines only: up to the last LF. A line longer than the buffer grows it.
        const lf = w.lastIndexOf(LF);
        if (lf < 0) {
          this.#buf = Buffer.allocUnsafeSlow(Math.min(this.#buf.length * 2, this.size));
          continue;
        }
        w = w.subarray(0, lf + 1);
      }
      // A window ends after an LF (or at the end): no character is cut, so each is UTF-8 or the file is not.
      if (!isUtf8(w)) throw notUtf8(this.name, this.path);
      each(w);
      pos += w.length;
    }
  }

  slice(start: number, end: number): Buffer {
    return this.#readInto(Buffer.allocUnsafe(end - start), start);
  }

  range(start: number, end: number): FileRange {
    return {
      size: end - start,
      copy: (each) => {
        for (let pos = start; pos < end; ) {
          const piece = this.#read(Math.min(this.#buf.length, end - pos), pos);
          each(piece);
          pos += piece.length;
        }
        this.#assertUnchanged();
      },
    };
  }

  /** Refuse to use what was read when the file changed since it was opened (another program wrote it). */
  #assertUnchanged(): void {
    const now = fstatSync(this.fd, { bigint: true });
    const same = now.size === this.seen.size && now.mtimeNs === this.seen.mtimeNs && now.ctimeNs === this.seen.ctimeNs && now.ino === this.seen.ino;
    if (!same) throw this.#changed();
  }

  #changed(): ConflictError {
    return new ConflictError(`${this.name} changed while the engine was rewriting it: ${this.path}; nothing was written`, {
      hint: "another program wrote the file meanwhile: run the command again",
    });
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    closeSync(this.fd);
  }
}

/**
 * Read a workspace file for a few of its blocks, with readWorkspaceBytes' checks (a link or
 * non-file exit 3, over the cap exit 3, not UTF-8 exit 5 — for a large file, when its windows
 * are read). A file of at most WINDOW_BYTES comes whole; a larger one as FileWindows, open
 * until its `close()`.
 * @returns undefined for a missing optional file.
 */
export function readForBlocks(dir: string, name: string, required: boolean): Buffer | FileWindows | undefined {
  const p = join(dir, name);
  const opened = openRegularFile(p, { name, capBytes: READ_CAP_BYTES.workspaceFile, noFollow: true });
  if (opened === undefined) {
    if (required) throw missingFile(name, p);
    return undefined;
  }
  const { fd, st } = opened;
  if (st.size > WINDOW_BYTES) {
    try {
      return new FileWindows(p, name, fd, fstatSync(fd, { bigint: true }));
    } catch (e) {
      closeSync(fd);
      throw readError(name, p, e);
    }
  }
  const bytes = readOpened(opened, name, p);
  if (!isUtf8(bytes)) throw notUtf8(name, p);
  return bytes;
}

// A file's bytes as the parsers read them. At run time they are a Node Buffer (workspace/ reads
// files into one); here they are declared by the few Buffer methods the parsers call, so that
// documents/ and domain/ name no Node type and the library's declarations need no @types/node.

/**
 * UTF-8 bytes with Buffer's decoding and string search: a Node Buffer is one. The members are
 * properties, not methods, so that TypeScript checks them strictly: a plain Uint8Array, whose
 * indexOf takes only a number and whose toString ignores an encoding, is refused.
 */
export interface Bytes extends Uint8Array {
  /** `start`..`end` decoded as `encoding` (default utf8). */
  toString: (encoding?: "utf8" | "latin1", start?: number, end?: number) => string;
  /** The first index of `value` (a byte, or a string's UTF-8 bytes) at or after `byteOffset`; -1 when absent. */
  indexOf: (value: number | string, byteOffset?: number) => number;
  /** The last index of `value` at or before `byteOffset`; -1 when absent. */
  lastIndexOf: (value: number | string, byteOffset?: number) => number;
  /** A view of `start`..`end`, sharing the memory. */
  subarray: (start?: number, end?: number) => Bytes;
}

/**
 * A file left on disk while it is read: scanned in windows through one reused buffer, read in
 * small ranges on demand, and written back by ranges copied from it (a large questions.md,
 * which on a small machine costs more to hold in memory than to read twice: docs/performance.md).
 */
export interface FileBytes {
  readonly size: number;
  /**
   * Call `each` with the file's bytes in order, as windows of whole lines: each ends after an
   * LF, or at the end of the file. A window is valid UTF-8 (or this throws) and is overwritten
   * by the next one: read it before returning.
   */
  windows(each: (window: Bytes) => void): void;
  /** Bytes `start`..`end`, a copy of their own. */
  slice(start: number, end: number): Bytes;
  /** Bytes `start`..`end` as a piece of new content: copied from the file when it is written. */
  range(start: number, end: number): FileRange;
}

/** Bytes of a file read earlier, still on disk: a piece of a new file's content (text-edit.ts). */
export interface FileRange {
  readonly size: number;
  /**
   * Call `each` with the range's bytes in order, in pieces that are overwritten by the next one.
   * @throws ConflictError when the file changed since it was read (nothing it gave may then be used).
   */
  copy(each: (piece: Uint8Array) => void): void;
}

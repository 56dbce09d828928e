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

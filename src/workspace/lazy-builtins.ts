// Node built-ins loaded on demand: importing node:crypto or node:zlib is a measurable share of
// a command that must stay close to the cost of starting Node (figures: docs/performance.md).
// Only the commands that need them pay.

type Crypto = typeof import("node:crypto");
type Zlib = typeof import("node:zlib");
let crypto: Crypto | undefined;
let zlib: Zlib | undefined;

/** node:crypto, loaded on first use (only to verify a journal written before version 2). */
export function nodeCrypto(): Crypto {
  crypto ??= process.getBuiltinModule("node:crypto");
  return crypto;
}

/** node:zlib, loaded on first use (its crc32 checks the journal and temp files of 32 KiB or more). */
export function nodeZlib(): Zlib {
  zlib ??= process.getBuiltinModule("node:zlib");
  return zlib;
}

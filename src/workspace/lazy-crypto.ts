// node:crypto on demand: read-only commands never hash or draw random bytes, and loading
// the module is a measurable share of start-up (README, Performance).

import { createRequire } from "node:module";

type Crypto = typeof import("node:crypto");
let loaded: Crypto | undefined;

/** The node:crypto module, loaded on first use. */
export function nodeCrypto(): Crypto {
  loaded ??= createRequire(import.meta.url)("node:crypto") as Crypto;
  return loaded;
}

// The control-character rule's search over a file's UTF-8 bytes, four bytes at a time: most
// words of a markdown file hold only printable ASCII, tabs and line feeds, and a few integer
// operations rule a whole word out, where a regex (or a loop) looks at every byte
// (docs/performance.md, Lint and `check` over every block).

/**
 * True when the bytes at `j` start a character of CONTROL_NO_CR's class (lint-markdown.ts) in
 * UTF-8: C0 but tab and LF (a CR included) and DEL are their own bytes, C1 (U+0080–U+009F) is
 * C2 then 80–9F, a bidi embedding or override (U+202A–U+202E) E2 80 AA–AE, an isolate
 * (U+2066–U+2069) E2 81 A6–A9. No byte of any other character is below 0x80, and a lead byte
 * starts only its own character, so in valid UTF-8 this holds exactly where the decoded text
 * has one of them.
 */
function controlAt(bytes: Uint8Array, j: number): boolean {
  const c = bytes[j]!;
  if (c < 0x20) return c !== 0x09 && c !== 0x0a;
  if (c === 0x7f) return true;
  if (j + 1 >= bytes.length) return false;
  const d = bytes[j + 1]!;
  if (c === 0xc2) return d >= 0x80 && d <= 0x9f;
  if (c !== 0xe2 || j + 2 >= bytes.length) return false;
  const e = bytes[j + 2]!;
  return (d === 0x80 && e >= 0xaa && e <= 0xae) || (d === 0x81 && e >= 0xa6 && e <= 0xa9);
}

/**
 * The first offset in `bytes` where a character of CONTROL_NO_CR's class starts (controlAt),
 * or -1 when there is none.
 *
 * Each aligned 32-bit word is tested whole: with `y` the word's bytes cut to seven bits, adding
 * a constant to every byte of `y` carries into its top bit exactly when that byte is at least a
 * bound, and never into the next byte. A byte is worth a look when it is below 0x09, from 0x0b
 * to 0x1f, 0x7f, or 0x80 and above (its own top bit); only a word holding one is read byte by
 * byte. UTF-8 of other non-ASCII characters brings such a word to the byte loop too, which
 * decides it exactly.
 */
export function controlByteAt(bytes: Uint8Array): number {
  const n = bytes.length;
  const head = Math.min(n, (4 - (bytes.byteOffset & 3)) & 3);
  for (let j = 0; j < head; j++) if (controlAt(bytes, j)) return j;
  if (head === n) return -1;
  const count = (n - head) >> 2;
  const words = new Int32Array(bytes.buffer, bytes.byteOffset + head, count);
  for (let w = 0; w < count; w++) {
    const x = words[w]!;
    const y = x & 0x7f7f7f7f;
    // Top bit of each byte: below 0x09 | (at least 0x0b and below 0x20) | at least 0x7f | 0x80 and above.
    const look = (~(y + 0x77777777) | ((y + 0x75757575) & ~(y + 0x60606060)) | (y + 0x01010101) | x) & 0x80808080;
    if (look !== 0) {
      const at = head + 4 * w;
      for (let j = at; j < at + 4; j++) if (controlAt(bytes, j)) return j;
    }
  }
  for (let j = head + 4 * count; j < n; j++) if (controlAt(bytes, j)) return j;
  return -1;
}

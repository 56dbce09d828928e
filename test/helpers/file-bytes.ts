// A FileBytes (src/documents/bytes.ts) over bytes in memory, for tests of the readers that take
// a file window by window: windows of whole lines no larger than `window` bytes (a longer line
// comes whole), each given in one reused scratch buffer that the next overwrites, so a reader
// that keeps a window past its callback reads garbage and fails its test.

import type { FileBytes, FileRange } from "../../src/documents/bytes.js";
import type { FileContent } from "../../src/documents/text-edit.js";

export function memoryFile(bytes: Buffer, window = 64): FileBytes & { windowsGiven: number } {
  let scratch = Buffer.alloc(window);
  const through = (piece: Buffer): Buffer => {
    if (scratch.length < piece.length) scratch = Buffer.alloc(piece.length);
    scratch.fill(0x23); // `#`: stale bytes that look like markdown
    piece.copy(scratch);
    return scratch.subarray(0, piece.length);
  };
  const file = {
    size: bytes.length,
    windowsGiven: 0,
    windows(each: (w: Buffer) => void): void {
      for (let pos = 0; pos < bytes.length; ) {
        let end = Math.min(pos + window, bytes.length);
        if (end < bytes.length) {
          const lf = bytes.lastIndexOf(10, end - 1);
          end = lf >= pos ? lf + 1 : bytes.indexOf(10, end) + 1 || bytes.length;
        }
        file.windowsGiven++;
        each(through(bytes.subarray(pos, end)));
        pos = end;
      }
    },
    slice: (start: number, end: number) => Buffer.from(bytes.subarray(start, end)),
    range: (start: number, end: number): FileRange => ({
      size: end - start,
      copy(each) {
        for (let pos = start; pos < end; pos += window) each(through(bytes.subarray(pos, Math.min(pos + window, end))));
      },
    }),
  };
  return file;
}

/** A FileContent as the bytes it writes (ranges copied). */
export function contentBytes(content: FileContent): Buffer {
  if (typeof content === "string") return Buffer.from(content, "utf8");
  const parts: Buffer[] = [];
  for (const piece of content) {
    if (piece instanceof Uint8Array) parts.push(Buffer.from(piece));
    else piece.copy((p) => parts.push(Buffer.from(p)));
  }
  return Buffer.concat(parts);
}

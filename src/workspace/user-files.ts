// Files a user names on the command line (batch answers), read relative to the working
// directory. Kept here so that commands never touch the disk themselves.

import { isUtf8 } from "node:buffer";
import fs from "node:fs";
import path from "node:path";
import { invalidUtf8Line } from "../documents/batch/parse-batch.js";
import { BadInputError } from "../errors.js";

/**
 * The file's text, or undefined when it does not exist or is not a readable regular file.
 * @throws BadInputError naming `<name>:<line>` when the bytes are not UTF-8 (never U+FFFD).
 */
export function readUserFile(cwd: string, name: string): string | undefined {
  let bytes: Buffer;
  try {
    const p = path.resolve(cwd, name);
    if (!fs.statSync(p).isFile()) return undefined;
    bytes = fs.readFileSync(p);
  } catch {
    return undefined;
  }
  if (!isUtf8(bytes)) {
    const line = invalidUtf8Line(bytes) ?? 1;
    throw new BadInputError(`the batch file is not valid UTF-8 (line ${line})`, { kind: "bad-batch", at: { file: name, line }, hint: "convert the file to UTF-8, then retry" });
  }
  return bytes.toString("utf8");
}

/** The most a file of ticket comments may hold: far above any thread, far below the memory a read would need. */
export const COMMENTS_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The text of a JSON input a user names (`-`: standard input), capped at `maxBytes`.
 * @throws BadInputError (5) when it is missing, not a regular file or pipe, over the cap, or not UTF-8.
 */
export function readUserInput(cwd: string, name: string, maxBytes: number): string {
  const label = name === "-" ? "standard input" : name;
  const tooBig = () => new BadInputError(`${label} is over the ${maxBytes / (1024 * 1024)} MiB cap for this input`, { hint: "pass fewer comments (one issue or pull request at a time)" });
  let bytes: Buffer;
  try {
    if (name === "-") {
      const chunks: Buffer[] = [];
      let total = 0;
      const chunk = Buffer.alloc(1024 * 1024);
      for (;;) {
        let n: number;
        try {
          n = fs.readSync(0, chunk, 0, chunk.length, null);
        } catch (e) {
          // A non-blocking pipe with nothing in it yet: wait for the writer.
          if ((e as NodeJS.ErrnoException).code === "EAGAIN") {
            Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
            continue;
          }
          throw e;
        }
        if (n === 0) break;
        total += n;
        if (total > maxBytes) throw tooBig();
        chunks.push(Buffer.from(chunk.subarray(0, n)));
      }
      bytes = Buffer.concat(chunks);
    } else {
      const p = path.resolve(cwd, name);
      const st = fs.statSync(p);
      if (!st.isFile()) throw new BadInputError(`${name} is not a regular file`, { hint: "pass the path of a JSON file, or - for standard input" });
      if (st.size > maxBytes) throw tooBig();
      bytes = fs.readFileSync(p);
      if (bytes.length > maxBytes) throw tooBig();
    }
  } catch (e) {
    if (e instanceof BadInputError) throw e;
    throw new BadInputError(`cannot read ${label}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, { cause: e, hint: "pass the path of a readable JSON file, or - for standard input" });
  }
  if (!isUtf8(bytes)) throw new BadInputError(`${label} is not valid UTF-8`, { hint: "pass the JSON exactly as gh api printed it" });
  return bytes.toString("utf8");
}

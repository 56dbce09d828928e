// Files a user names on the command line (batch answers), read relative to the working
// directory. Kept here so that commands never touch the disk themselves.

import { isUtf8 } from "node:buffer";
import { closeSync, constants, fstatSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { invalidUtf8Line } from "../documents/batch/parse-batch.js";
import { BadInputError } from "../errors.js";
import { READ_CAP_BYTES } from "./disk.js";

const MIB = 1024 * 1024;

/**
 * The file's text, or undefined when it does not exist or is not a readable regular file.
 * Opened once and fstat'ed: the size cap is checked before a byte is read, and no more than
 * the size seen is read, however large the file grows meanwhile.
 * @throws BadInputError (exit 5) naming the file and the cap when it is larger than READ_CAP_BYTES.batch;
 *   naming `<name>:<line>` when the bytes are not UTF-8 (never U+FFFD).
 */
export function readUserFile(cwd: string, name: string, capBytes: number = READ_CAP_BYTES.batch): string | undefined {
  let fd: number;
  try {
    fd = openSync(resolve(cwd, name), constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  let bytes: Buffer;
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return undefined;
    if (st.size > capBytes) {
      throw new BadInputError(`batch file ${name} is too large: ${st.size} bytes, the limit is ${capBytes} bytes (${capBytes / MIB} MiB)`, {
        kind: "bad-batch",
        hint: "split it into several batch files and run each one",
      });
    }
    bytes = Buffer.allocUnsafe(st.size);
    let done = 0;
    while (done < st.size) {
      const n = readSync(fd, bytes, done, st.size - done, done);
      if (n === 0) break;
      done += n;
    }
    if (done < st.size) bytes = bytes.subarray(0, done);
  } catch (e) {
    if (e instanceof BadInputError) throw e;
    return undefined;
  } finally {
    closeSync(fd);
  }
  if (!isUtf8(bytes)) {
    const line = invalidUtf8Line(bytes) ?? 1;
    throw new BadInputError(`the batch file is not valid UTF-8 (line ${line})`, { kind: "bad-batch", at: { file: name, line }, hint: "convert the file to UTF-8, then retry" });
  }
  return bytes.toString("utf8");
}

/** The most a file of ticket comments may hold: the batch file's cap (both become answers). */
export const COMMENTS_MAX_BYTES = READ_CAP_BYTES.batch;

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
          n = readSync(0, chunk, 0, chunk.length, null);
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
      const p = resolve(cwd, name);
      const st = statSync(p);
      if (!st.isFile()) throw new BadInputError(`${name} is not a regular file`, { hint: "pass the path of a JSON file, or - for standard input" });
      if (st.size > maxBytes) throw tooBig();
      bytes = readFileSync(p);
      if (bytes.length > maxBytes) throw tooBig();
    }
  } catch (e) {
    if (e instanceof BadInputError) throw e;
    throw new BadInputError(`cannot read ${label}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, { cause: e, hint: "pass the path of a readable JSON file, or - for standard input" });
  }
  if (!isUtf8(bytes)) throw new BadInputError(`${label} is not valid UTF-8`, { hint: "pass the JSON exactly as gh api printed it" });
  return bytes.toString("utf8");
}

// Files a user names on the command line (batch answers), read relative to the working
// directory. Kept here so that commands never touch the disk themselves.

import { isUtf8 } from "node:buffer";
import { closeSync, constants, fstatSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { invalidUtf8Line } from "../documents/batch/parse-batch.js";
import { BadInputError } from "../errors.js";
import { READ_CAP_BYTES } from "./disk.js";

const MIB = 1024 * 1024;

/** Wait a little for the writer of a non-blocking pipe that has nothing in it yet. */
function waitForWriter(): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
}

/**
 * Everything a stream holds (standard input, a pipe, a process substitution's /dev/fd/N, a
 * character device), read in chunks until its end; undefined as soon as it holds more than
 * `capBytes`, so an endless stream costs at most the cap.
 */
function readStream(fd: number, capBytes: number): Buffer | undefined {
  const chunks: Buffer[] = [];
  let total = 0;
  const chunk = Buffer.alloc(Math.min(1024 * 1024, capBytes + 1));
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, chunk, 0, chunk.length, null);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "EAGAIN") {
        waitForWriter();
        continue;
      }
      throw e;
    }
    if (n === 0) return Buffer.concat(chunks);
    total += n;
    if (total > capBytes) return undefined;
    chunks.push(Buffer.from(chunk.subarray(0, n)));
  }
}

const tooLarge = (name: string, size: string, capBytes: number) =>
  new BadInputError(`batch file ${name} is too large: ${size}, the limit is ${capBytes} bytes (${capBytes / MIB} MiB)`, {
    kind: "bad-batch",
    hint: "split it into several batch files and run each one",
  });

/**
 * The text of a batch file the user names, or undefined when it does not exist. `-` is standard
 * input; a pipe or character device at the path (`<(…)` gives /dev/fd/N; /dev/null) is read to
 * its end, up to the cap. A regular file is opened once and fstat'ed: the size cap is checked
 * before a byte is read, and no more than the size seen is read, however large it grows meanwhile.
 * @throws BadInputError (exit 5) naming the file and the cap when it is larger than READ_CAP_BYTES.batch;
 *   naming a directory or socket at the path; naming `<name>:<line>` when the bytes are not UTF-8 (never U+FFFD).
 */
export function readUserFile(cwd: string, name: string, capBytes: number = READ_CAP_BYTES.batch): string | undefined {
  let fd: number;
  let bytes: Buffer;
  if (name === "-") {
    const read = readStream(0, capBytes);
    if (read === undefined) throw tooLarge("on standard input", `more than ${capBytes} bytes`, capBytes);
    bytes = read;
  } else {
    try {
      fd = openSync(resolve(cwd, name), constants.O_RDONLY | constants.O_NONBLOCK);
    } catch {
      return undefined;
    }
    try {
      const st = fstatSync(fd);
      if (st.isFIFO() || st.isCharacterDevice()) {
        const read = readStream(fd, capBytes);
        if (read === undefined) throw tooLarge(name, `more than ${capBytes} bytes`, capBytes);
        bytes = read;
      } else if (!st.isFile()) {
        throw new BadInputError(`batch file ${name} is not a file (${st.isDirectory() ? "a directory" : "a socket or block device"})`, {
          kind: "bad-batch",
          hint: "pass the path of a text file of `qid: answer` lines, or - for standard input",
        });
      } else {
        if (st.size > capBytes) throw tooLarge(name, `${st.size} bytes`, capBytes);
        bytes = Buffer.allocUnsafe(st.size);
        let done = 0;
        while (done < st.size) {
          const n = readSync(fd, bytes, done, st.size - done, done);
          if (n === 0) break;
          done += n;
        }
        if (done < st.size) bytes = bytes.subarray(0, done);
      }
    } catch (e) {
      if (e instanceof BadInputError) throw e;
      return undefined;
    } finally {
      closeSync(fd);
    }
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
      const read = readStream(0, maxBytes);
      if (read === undefined) throw tooBig();
      bytes = read;
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

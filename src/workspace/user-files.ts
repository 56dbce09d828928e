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

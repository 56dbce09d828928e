// Files a user names on the command line (batch answers), read relative to the working
// directory. Kept here so that commands never touch the disk themselves.

import fs from "node:fs";
import path from "node:path";

/** The file's text, or undefined when it does not exist or is not a readable regular file. */
export function readUserFile(cwd: string, name: string): string | undefined {
  try {
    const p = path.resolve(cwd, name);
    if (!fs.statSync(p).isFile()) return undefined;
    return fs.readFileSync(p, "utf8");
  } catch {
    return undefined;
  }
}

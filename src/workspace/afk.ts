// Reading the AFK sentinel: absent = HITL, a directory = error, a file = AFK with its
// validated YAML body. The yaml package is loaded only when the body has content.

import fs from "node:fs";
import path from "node:path";
import { BadInputError } from "../errors.js";
import { firstError, validateSentinel, type Sentinel } from "../documents/afk/sentinel.js";

export type Mode = { mode: "hitl" } | { mode: "afk"; path: string; sentinel: Sentinel };

/**
 * Read `<root>/AFK`. Problems are returned in `sentinel.problems`, not thrown.
 * @throws BadInputError when the path is a directory or unreadable.
 */
export async function readSentinel(root: string): Promise<Mode> {
  const p = path.join(root, "AFK");
  let st: fs.Stats;
  try {
    st = fs.statSync(p);
  } catch {
    return { mode: "hitl" };
  }
  if (st.isDirectory()) {
    throw new BadInputError(`${p} is a directory; the AFK sentinel must be a file`, {
      hint: "remove the directory (HITL), or replace it with a file (AFK)",
    });
  }
  let text: string;
  try {
    text = fs.readFileSync(p, "utf8");
  } catch (e) {
    throw new BadInputError(`cannot read the AFK sentinel ${p}: ${(e as Error).message}`);
  }
  const display = path.join(path.basename(root), "AFK");
  if (!/\S/.test(text.replace(/(^|\n)[ \t]*#[^\n]*/g, "$1"))) {
    return { mode: "afk", path: p, sentinel: validateSentinel({ kind: "empty", pairs: [], errors: [] }, display) };
  }
  const { parseYamlTop } = await import("../vendor/yaml.js");
  return { mode: "afk", path: p, sentinel: validateSentinel(parseYamlTop(text), display) };
}

/**
 * Read the sentinel and fail closed on any error in it (exit 5 naming file, line and key).
 * @throws BadInputError for a malformed sentinel.
 */
export async function readValidSentinel(root: string): Promise<Mode> {
  const mode = await readSentinel(root);
  if (mode.mode === "afk") {
    const err = firstError(mode.sentinel);
    if (err) {
      throw new BadInputError(`malformed AFK sentinel: ${err.message}`, {
        hint: "fix the value in the sentinel (plain integers, a list of gates, true/false), or remove the file to stop unattended mode",
        data: { file: mode.path, line: err.line, col: err.col, key: err.key },
      });
    }
  }
  return mode;
}

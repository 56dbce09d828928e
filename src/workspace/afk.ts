// Reading the AFK sentinel: absent = HITL, a directory = error, a file = AFK with its
// validated YAML body. The yaml package is loaded only when the body has content.
// The sentinel is the operator's file: the engine reads it and never writes it.

import { lstatSync, statSync, type Stats } from "node:fs";
import { basename, join } from "node:path";
import { BadInputError, isKind } from "../errors.js";
import { READ_CAP_BYTES, readRegularFile } from "./disk.js";
import { parseFlatYaml } from "../documents/afk/flat-yaml.js";
import { firstError, validateSentinel, type Sentinel } from "../documents/afk/sentinel.js";

export type Mode = { mode: "hitl" } | { mode: "afk"; path: string; display: string; sentinel: Sentinel };

/** The sentinel's name in messages: `.devrites/AFK` (the root's own name, then AFK). */
function displayName(root: string): string {
  return join(basename(root), "AFK");
}

/**
 * Read `<root>/AFK`. Problems are returned in `sentinel.problems`, not thrown.
 * @throws BadInputError when the path is a directory, another non-file, a dangling link, or unreadable.
 */
export async function readSentinel(root: string): Promise<Mode> {
  const p = join(root, "AFK");
  try {
    lstatSync(p);
  } catch {
    return { mode: "hitl" };
  }
  let st: Stats;
  try {
    st = statSync(p);
  } catch (e) {
    // Present but unreadable as a file (a dangling link): failing closed beats guessing HITL.
    throw new BadInputError(`cannot read the AFK sentinel ${p}: ${(e as Error).message}`, {
      kind: "bad-sentinel",
      hint: "point the link at a file, or remove it to run with a human present (HITL)",
      cause: e,
    });
  }
  if (st.isDirectory()) {
    throw new BadInputError(`${p} is a directory; the AFK sentinel must be a file`, {
      kind: "bad-sentinel",
      hint: "remove the directory (HITL), or replace it with a file (AFK)",
    });
  }
  if (!st.isFile()) {
    // A FIFO or device would block or stream forever; only a regular file is a sentinel.
    throw new BadInputError(`${p} is not a regular file; the AFK sentinel must be a file`, {
      kind: "bad-sentinel",
      hint: "remove it (HITL), or replace it with a regular file (AFK)",
    });
  }
  let text: string;
  try {
    // fstat on the open descriptor again: the path may have been swapped since the stat above.
    text = readRegularFile(p, { name: "the AFK sentinel", capBytes: READ_CAP_BYTES.sentinel, noFollow: false })?.toString("utf8") ?? "";
  } catch (e) {
    const hint = isKind(e, "unsafe-file") ? { hint: "replace it with a regular file (AFK), or remove it (HITL)" } : {};
    throw new BadInputError(`cannot read the AFK sentinel ${p}: ${(e as Error).message}`, { kind: "bad-sentinel", ...hint, cause: e });
  }
  const display = displayName(root);
  if (!/\S/.test(text.replace(/(^|\n)[ \t]*#[^\n]*/g, "$1"))) {
    return { mode: "afk", path: p, display, sentinel: validateSentinel({ kind: "empty", pairs: [], errors: [] }, display) };
  }
  // The flat subset every real sentinel is written in is read without the yaml package.
  const flat = parseFlatYaml(text);
  if (flat) return { mode: "afk", path: p, display, sentinel: validateSentinel(flat, display) };
  const { parseYamlTop } = await import("../adapters/yaml.js");
  let top: ReturnType<typeof parseYamlTop>;
  try {
    top = parseYamlTop(text);
  } catch (e) {
    // The parser reports errors rather than throwing; this guards the rare input that still does.
    top = { kind: "other", pairs: [], errors: [{ message: (e as Error).message.split("\n")[0] ?? "unparseable", pos: { line: 1, col: 1 } }] };
  }
  return { mode: "afk", path: p, display, sentinel: validateSentinel(top, display) };
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
        kind: "bad-sentinel",
        hint: "fix the value in the sentinel (plain integers, a list of gates, true/false), or remove the file to stop unattended mode",
        data: { file: mode.path, line: err.line, col: err.col, key: err.key, rule: err.rule },
      });
    }
  }
  return mode;
}

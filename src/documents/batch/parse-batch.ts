// The batch answer file (`state resolve --batch`): one `qid: answer` or
// `--drop qid: reason` per line, comments and blank lines skipped. Not YAML.

import { BadInputError } from "../../errors.js";

export interface BatchEntry {
  /** 1-based line number in the file. */
  line: number;
  qid: string;
  kind: "answer" | "drop";
  /** The answer or the drop reason as written (trimmed; normalised later). */
  payload: string;
}

/**
 * Parse a whole batch file, validating every line before returning.
 * @throws BadInputError naming `<file>:<line>` for a line without ':', an empty answer or qid, a repeated qid.
 */
export function parseBatch(text: string, file: string): BatchEntry[] {
  const entries: BatchEntry[] = [];
  const seen = new Map<string, number>();
  const rows = text.split("\n");
  if (rows.length > 0 && rows[rows.length - 1] === "") rows.pop();
  rows.forEach((raw, i) => {
    const line = i + 1;
    const text = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    const trimmed = text.trim();
    if (trimmed === "" || trimmed.startsWith("#")) return;
    let body = trimmed;
    let kind: BatchEntry["kind"] = "answer";
    if (/^--drop(\s|$)/.test(body)) {
      kind = "drop";
      body = body.slice("--drop".length).trim();
    }
    const colon = body.indexOf(":");
    if (colon < 0) {
      throw new BadInputError(`${file}:${line}: syntax error: expected "qid: answer" or "--drop qid: reason"`, {
        hint: "every entry needs a ':' after the question id",
      });
    }
    const qid = body.slice(0, colon).trim();
    const payload = body.slice(colon + 1).trim();
    if (qid === "" || /\s/.test(qid)) {
      throw new BadInputError(`${file}:${line}: invalid question id ${JSON.stringify(qid)}`);
    }
    if (kind === "answer" && payload === "") {
      throw new BadInputError(`${file}:${line}: empty answer for ${qid}`, {
        hint: `write the answer after "${qid}:", or use "--drop ${qid}: reason"`,
      });
    }
    const first = seen.get(qid);
    if (first !== undefined) {
      throw new BadInputError(`${file}:${line}: ${qid} appears twice in the batch (first at line ${first})`, {
        hint: "keep one entry per question",
      });
    }
    seen.set(qid, line);
    entries.push({ line, qid, kind, payload });
  });
  return entries;
}

// The batch answer file (`state resolve --batch`): one `qid: answer` (or the command line's
// forms after the colon) or `--drop qid: reason` per line, comments and blank lines skipped.
// Not YAML. Lines end at LF, CRLF or a lone CR; bytes that are not UTF-8 are refused with their line.

import { BadInputError } from "../../errors.js";
import { KeptList } from "../kept-list.js";

export interface BatchEntry {
  /** 1-based line number in the file. */
  line: number;
  qid: string;
  kind: "answer" | "drop";
  /**
   * How the answer is given: as text (`payload`), as an option number (`q-1: --option 2`) or
   * as the proposed answer (`q-1: --proposed`), the forms the command line takes.
   */
  form: "text" | "option" | "proposed";
  /** The option number, for `form: "option"`. */
  option?: number;
  /** The answer text or the drop reason as written (trimmed; normalised later); "" for the other forms. */
  payload: string;
}

type LineResult = { entry: BatchEntry } | { error: BadInputError } | undefined;

const FORMS_HINT = 'an entry is "qid: answer", "qid: --option N", "qid: --proposed", "qid: --drop [reason]" or "--drop qid: reason"; to answer with text that starts with "--", write "qid: -- text"';

/**
 * The answer forms of the command line, written after the colon: `--option N`, `--proposed`,
 * `--drop [reason]`; `-- text` is text that starts with a dash. Other text is the answer.
 */
function payloadForm(qid: string, payload: string, at: { file: string; line: number }): Omit<BatchEntry, "line" | "qid"> | (() => BadInputError) {
  const m = /^--(option|proposed|drop)(?=\s|$)\s*(.*)$/s.exec(payload);
  if (payload.startsWith("-- ") || payload === "--") return { kind: "answer", form: "text", payload: payload.slice(2).trim() };
  if (!m) return { kind: "answer", form: "text", payload };
  const rest = m[2]!;
  if (m[1] === "drop") return { kind: "drop", form: "text", payload: rest };
  if (m[1] === "proposed") {
    if (rest === "") return { kind: "answer", form: "proposed", payload: "" };
    return () => new BadInputError(`--proposed takes nothing after it (got ${JSON.stringify(rest)})`, { kind: "bad-batch", at, hint: FORMS_HINT });
  }
  if (/^[1-9]\d{0,5}$/.test(rest)) return { kind: "answer", form: "option", option: Number(rest), payload: "" };
  return () => new BadInputError(`--option takes an option number (1, 2, …), not ${JSON.stringify(rest)}`, { kind: "bad-batch", at, hint: `write "${qid}: --option 1"; ${FORMS_HINT}` });
}

/**
 * One line of a batch (or of a ticket comment, which takes the same grammar): an entry, an
 * error naming `at`, or undefined for a blank or `#` comment line.
 */
export function parseBatchLine(raw: string, at: { file: string; line: number }): LineResult {
  const r = readBatchLine(raw, at);
  return r !== undefined && "problem" in r ? { error: r.problem() } : r;
}

/**
 * parseBatchLine with its error built only when asked for (`problem()`): a thread or file of a
 * million bad lines counts them without building a million errors.
 */
export function readBatchLine(raw: string, at: { file: string; line: number }): { entry: BatchEntry } | { problem: () => BadInputError } | undefined {
  const trimmed = raw.trim();
  if (trimmed === "" || trimmed.startsWith("#")) return undefined;
  let body = trimmed;
  let dropPrefix = false;
  if (/^--drop(\s|$)/.test(body)) {
    dropPrefix = true;
    body = body.slice("--drop".length).trim();
  }
  const colon = body.indexOf(":");
  if (colon < 0) {
    return { problem: () => new BadInputError(`syntax error: expected "qid: answer" or "--drop qid: reason"`, {
      kind: "bad-batch",
      at,
      hint: "every entry needs a ':' after the question id",
    }) };
  }
  const qid = body.slice(0, colon).trim();
  const payload = body.slice(colon + 1).trim();
  if (qid === "" || /\s/.test(qid)) {
    return { problem: () => new BadInputError(`invalid question id ${JSON.stringify(qid)}`, { kind: "bad-batch", at }) };
  }
  const form = dropPrefix ? { kind: "drop" as const, form: "text" as const, payload } : payloadForm(qid, payload, at);
  if (typeof form === "function") return { problem: form };
  if (form.kind === "answer" && form.form === "text" && form.payload === "") {
    return { problem: () => new BadInputError(`empty answer for ${qid}`, {
      kind: "bad-batch",
      at,
      hint: `write the answer after "${qid}:", or use "--drop ${qid}: reason"`,
    }) };
  }
  return { entry: { line: at.line, qid, ...form } };
}

/**
 * Parse a whole batch file, validating every line before returning.
 * @throws BadInputError naming `<file>:<line>` for a line without ':', an empty answer or qid, a malformed form, a repeated qid.
 */
export function parseBatch(text: string, file: string): BatchEntry[] {
  const { entries, errors } = parseBatchLines(text, file);
  if (errors.count > 0) throw errors.kept[0]!.error;
  return entries;
}

/** Every good entry, and the bad lines with their errors (naming `<file>:<line>`): all counted, the first ones kept, in file order. */
export function parseBatchLines(text: string, file: string): { entries: BatchEntry[]; errors: KeptList<{ line: number; error: BadInputError }> } {
  const entries: BatchEntry[] = [];
  const errors = new KeptList<{ line: number; error: BadInputError }>();
  const seen = new Map<string, number>();
  // A lone CR (classic Mac endings, or a file edited on two systems) ends a line: an answer
  // can never contain one (control characters are refused), so it cannot mean anything else.
  const rows = text.split(/\r\n|\r|\n/);
  if (rows.length > 0 && rows[rows.length - 1] === "") rows.pop();
  rows.forEach((raw, i) => {
    const line = i + 1;
    const r = readBatchLine(raw, { file, line });
    if (r === undefined) return;
    if ("problem" in r) return void errors.add(() => ({ line, error: r.problem() }));
    const { qid } = r.entry;
    const first = seen.get(qid);
    if (first !== undefined) {
      return void errors.add(() => ({ line, error: new BadInputError(`${qid} appears twice in the batch (first at line ${first})`, {
        kind: "bad-batch",
        at: { file, line },
        hint: "keep one entry per question",
      }) }));
    }
    seen.set(qid, line);
    entries.push(r.entry);
  });
  return { entries, errors };
}

/** The 1-based line (counting LF, CRLF and lone CR endings) of the first byte that is not UTF-8, or undefined. */
export function invalidUtf8Line(bytes: Uint8Array): number | undefined {
  let line = 1;
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    if (b < 0x80) {
      if (b === 0x0a || (b === 0x0d && bytes[i + 1] !== 0x0a)) line++;
      i++;
      continue;
    }
    // Lead byte → sequence length and the allowed range of the second byte (no overlongs,
    // no surrogates, nothing above U+10FFFF).
    let n: number, lo = 0x80, hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) n = 2;
    else if (b >= 0xe0 && b <= 0xef) { n = 3; if (b === 0xe0) lo = 0xa0; if (b === 0xed) hi = 0x9f; }
    else if (b >= 0xf0 && b <= 0xf4) { n = 4; if (b === 0xf0) lo = 0x90; if (b === 0xf4) hi = 0x8f; }
    else return line;
    for (let k = 1; k < n; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? lo : 0x80) || c > (k === 1 ? hi : 0xbf)) return line;
    }
    i += n;
  }
  return undefined;
}

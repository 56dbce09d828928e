// state.md → StateDoc: cursor fields in table or bullet form (with positions), the
// `## Awaiting human` sections and the `## Log` section. Pure; never drops content.

import { isBlank, isSeparatorCell, type Line } from "../lines.js";
import { viewOf, type MarkdownView } from "../markdown-view.js";

export type FieldForm = "table" | "bullet";

/** One key/value line of the cursor (or of an awaiting section). */
export interface CursorField {
  /** Normalized key with aliases applied (`next_action`, `question_id`, …). */
  key: string;
  /** The key as written. */
  rawKey: string;
  value: string;
  form: FieldForm;
  /** Index into the document's lines. */
  index: number;
  /** Offsets of the value text within the document (for in-place set). */
  valueStart: number;
  valueEnd: number;
}

export interface Section {
  /** Heading line index. */
  heading: number;
  /** Exclusive end line index (next level-1/2 heading or end of document). */
  end: number;
}

export interface AwaitingSection extends Section {
  fields: CursorField[];
  /** The `question_id` / `qid` value, when present. */
  questionId: string | undefined;
}

export interface StateDoc {
  view: MarkdownView;
  /** Every cursor field in file order (duplicates included). */
  fields: CursorField[];
  /** First field per normalized key: what the engine reads. */
  cursor: Map<string, CursorField>;
  awaiting: AwaitingSection[];
  log: Section | undefined;
  /** The form new fields are written in. */
  form: FieldForm;
}

const ALIASES: Record<string, string> = { nextstep: "nextaction", qid: "questionid" };

/** Spelled form of normalized keys the engine knows, for messages and JSON. */
export const KEY_NAMES: Record<string, string> = {
  schema: "schema",
  phase: "phase",
  status: "status",
  nextaction: "next_action",
  activeslice: "active_slice",
  slicemode: "slice_mode",
  risk: "risk",
  afkslicesremaining: "afk_slices_remaining",
  sequenceparent: "sequence_parent",
  sequenceposition: "sequence_position",
  sequenceworkspacesremaining: "sequence_workspaces_remaining",
  sequencerole: "sequence_role",
  returnphase: "return_phase",
  returnnextaction: "return_next_action",
  pausereason: "pause_reason",
  pausedetail: "pause_detail",
  resumesat: "resumes_at",
  blockersignature: "blocker_signature",
  blockerattempts: "blocker_attempts",
  questionid: "question_id",
};

/** Normalize a key: lowercase, letters and digits only, aliases applied. */
export function normalizeKey(raw: string): string {
  const lower = raw.toLowerCase();
  let k = "";
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) k += lower[i];
  }
  return ALIASES[k] ?? k;
}

/** Split a table row into raw cells with their offsets relative to the line start. */
export function tableCells(text: string): { text: string; start: number; end: number }[] | undefined {
  const trimmed = text.trim();
  if (trimmed.length < 2 || trimmed[0] !== "|" || trimmed[trimmed.length - 1] !== "|") return undefined;
  const first = text.indexOf("|");
  const last = text.lastIndexOf("|");
  const cells: { text: string; start: number; end: number }[] = [];
  let cellStart = first + 1;
  for (let i = first + 1; i <= last; i++) {
    const ch = text[i];
    if (ch === "\\") {
      i++;
      continue;
    }
    if (ch === "|") {
      cells.push({ text: text.slice(cellStart, i), start: cellStart, end: i });
      cellStart = i + 1;
    }
  }
  return cells.length >= 2 ? cells : undefined;
}

function isSeparatorRow(text: string): boolean {
  const cells = tableCells(text);
  return cells !== undefined && cells.every((c) => isSeparatorCell(c.text.trim()));
}

/** Read one line as a field, or undefined. `nextText` decides whether a row is a header. */
export function readField(line: Line, index: number, nextText: string | undefined): CursorField | undefined {
  const text = line.text;
  const cells = tableCells(text);
  if (cells) {
    if (isSeparatorRow(text)) return undefined;
    if (nextText !== undefined && isSeparatorRow(nextText)) return undefined; // header row
    const [k, v] = cells as [(typeof cells)[0], (typeof cells)[0]];
    const rawKey = k.text.trim();
    if (rawKey === "") return undefined;
    const lead = v.text.length - v.text.trimStart().length;
    const value = v.text.trim();
    const valueStart = line.start + v.start + lead;
    return { key: normalizeKey(rawKey), rawKey, value, form: "table", index, valueStart, valueEnd: valueStart + value.length };
  }
  const m = /^[-*+ \t]*/.exec(text) as RegExpExecArray;
  const rest = text.slice(m[0].length);
  const colon = rest.indexOf(":");
  if (colon <= 0) return undefined;
  const rawKey = rest.slice(0, colon).trim();
  if (rawKey === "" || normalizeKey(rawKey) === "") return undefined;
  const afterColon = rest.slice(colon + 1);
  const value = afterColon.trim();
  const valueStart = line.start + m[0].length + colon + 1 + (afterColon.length - afterColon.trimStart().length);
  return { key: normalizeKey(rawKey), rawKey, value, form: "bullet", index, valueStart, valueEnd: valueStart + value.length };
}

/**
 * True when the heading text is exactly `Awaiting human`, trailing spaces allowed, optionally
 * followed by whitespace and one parenthetical note: the DevRites pack's template writes
 * `## Awaiting human   (only when Status == awaiting_human)`.
 */
function isAwaitingHeading(raw: string): boolean {
  // The words first: the pattern then runs on one heading, not on every one.
  return raw.includes("## Awaiting human") && /^ {0,3}## Awaiting human(?:[ \t]+\([^()]*\))?[ \t]*$/.test(raw);
}

function isLogHeading(raw: string): boolean {
  return raw.includes("## Log") && /^ {0,3}## Log[ \t]*$/.test(raw);
}

/** Parse state.md. */
export function parseState(text: string): StateDoc {
  const view = viewOf(text);
  const { lines, fenced, headings } = view;
  const skip = new Array<boolean>(lines.length).fill(false);
  const awaiting: AwaitingSection[] = [];
  let log: Section | undefined;
  for (let h = 0; h < headings.length; h++) {
    const head = headings[h]!;
    if (head.level > 2) continue;
    const raw = lines[head.index]!.text;
    const awaitingHead = isAwaitingHeading(raw);
    const logHead = isLogHeading(raw);
    if (!awaitingHead && !logHead) continue;
    let end = lines.length;
    for (let j = h + 1; j < headings.length; j++) {
      if (headings[j]!.level <= 2) {
        end = headings[j]!.index;
        break;
      }
    }
    for (let i = head.index; i < end; i++) skip[i] = true;
    if (awaitingHead) {
      const fields: CursorField[] = [];
      for (let i = head.index + 1; i < end; i++) {
        if (fenced[i]) continue;
        const f = readField(lines[i]!, i, lines[i + 1]?.text);
        if (f) fields.push(f);
      }
      const qid = fields.find((f) => f.key === "questionid");
      awaiting.push({ heading: head.index, end, fields, questionId: qid?.value });
    } else if (!log) {
      log = { heading: head.index, end };
    }
  }
  const headingLines = new Set(headings.map((h) => h.index));
  const fields: CursorField[] = [];
  const cursor = new Map<string, CursorField>();
  for (let i = 0; i < lines.length; i++) {
    if (skip[i] || fenced[i] || headingLines.has(i)) continue;
    const line = lines[i]!;
    if (isBlank(line.text)) continue;
    const f = readField(line, i, lines[i + 1]?.text);
    if (!f) continue;
    fields.push(f);
    if (!cursor.has(f.key)) cursor.set(f.key, f);
  }
  const anchor = cursor.get("status") ?? cursor.get("schema") ?? fields[0];
  return { view, fields, cursor, awaiting, log, form: anchor?.form ?? "table" };
}

/** The value of a cursor field, or undefined when absent. */
export function cursorValue(doc: StateDoc, key: string): string | undefined {
  return doc.cursor.get(normalizeKey(key))?.value;
}

/** The question ids state.md's awaiting sections name, in file order. */
export function awaitedQuestionIds(doc: StateDoc): string[] {
  const ids: string[] = [];
  for (const a of doc.awaiting) if (a.questionId !== undefined) ids.push(a.questionId);
  return ids;
}

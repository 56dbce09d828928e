// questions.md → QuestionsDoc: question blocks (`## q-…` / `## Q-…` level-2 headings up to
// the next level-1/2 heading), their column-0 fields with continuation lines, and the
// released `## Question register` table. One linear pass; positions on everything.

import { isGate } from "../gates.js";
import { isBlank, keptByTrim } from "../lines.js";
import { viewOf, viewOfBytes, type MarkdownView } from "../markdown-view.js";
import type { Bytes } from "../bytes.js";

export interface QuestionField {
  key: string;
  /** The value on the field's own line, trimmed. */
  value: string;
  /** Line index of the `key:` line. */
  index: number;
  /** Indented continuation lines (raw text), e.g. the `options: |` list. */
  continuation: string[];
  /** Exclusive end line index (after the continuation lines). */
  end: number;
}

export interface QuestionBlock {
  readonly id: string;
  /** Heading line index; the block runs to `end` (exclusive). */
  heading: number;
  end: number;
  /** Heading text after the id (e.g. `blocking` in `## q-1 blocking`). */
  headingRest: string;
  fields: QuestionField[];
  /** First field per key. */
  byKey: Map<string, QuestionField>;
  /** The first field named `key` (without parsing the others when they are not parsed yet). */
  field(key: string): QuestionField | undefined;
  /** field(key)?.value without building the field (its continuation lines are not read). */
  value(key: string): string | undefined;
  /** Every field named `key`, in order. */
  fieldsNamed(key: string): QuestionField[];
}

export interface RegisterRow {
  id: string;
  status: string;
  gate: string;
  /** The `Question` / `Answer` cells, trimmed ("" when the table has no such column). */
  question: string;
  answer: string;
  index: number;
}

export interface QuestionsDoc {
  view: MarkdownView;
  blocks: QuestionBlock[];
  /** Blocks by id (every block with that id, in file order); made on first use. */
  readonly byId: Map<string, QuestionBlock[]>;
  register: RegisterRow[];
}

export const QUESTION_STATUSES = ["open", "answered", "dropped"] as const;

const SPACE = 32;
const TAB = 9;
const COLON = 58;

/**
 * Where the colon of a `key:` line is — a key `[a-z][a-z0-9_-]*` from column 0 — or -1.
 * (A scan instead of a regex: a batch reads some 25,000 lines here, twice.) With `from`, the
 * line starts at that offset of a whole text and the result counts from it: the scan stops
 * at the line's LF or CR (neither is a key character), so the line need not be sliced out.
 */
export function fieldColon(text: string, from = 0): number {
  const first = text.charCodeAt(from);
  if (!(first >= 97 && first <= 122)) return -1;
  for (let i = from + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === COLON) return i - from;
    if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 45)) return -1;
  }
  return -1;
}

/** True when every character of `s` is printable ASCII other than space. */
function isPlainWord(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!keptByTrim(s.charCodeAt(i))) return false;
  return true;
}

/** The first word of a level-2 heading when it is a question id (`q-…` / `Q-…`). */
export function questionIdOf(headingText: string): { id: string; rest: string } | undefined {
  const c0 = headingText.charCodeAt(0);
  if ((c0 !== 113 && c0 !== 81) || headingText.charCodeAt(1) !== 45) return undefined;
  // The id alone: no match array and no copy of it (parseQuestions tells the usual,
  // printable-ASCII one before it gets here).
  if (!/\s/.test(headingText)) return { id: headingText, rest: "" };
  const m = /^([qQ]-\S*)(?:[ \t]+(.*))?$/.exec(headingText);
  if (!m) return undefined;
  return { id: m[1] as string, rest: (m[2] ?? "").trim() };
}

/**
 * The field whose `key:` line is line `i` (its colon at `colon`): the value on that line and
 * the indented, non-blank, unfenced lines right after it.
 */
function fieldAt(view: MarkdownView, i: number, colon: number, to: number): QuestionField {
  const text = view.lineText(i);
  const field: QuestionField = { key: text.slice(0, colon), value: text.slice(colon + 1).trim(), index: i, continuation: [], end: i + 1 };
  for (let j = i + 1; j < to && !view.isFenced(j); j++) {
    const c0 = view.text.charCodeAt(view.lineStart(j));
    if (c0 !== SPACE && c0 !== TAB) break;
    const next = view.lineText(j);
    if (isBlank(next)) break;
    field.continuation.push(next);
    field.end = j + 1;
  }
  return field;
}

/**
 * The fields of lines [from, to): every unfenced line that starts with `key:` opens one.
 * (Field lines start with a letter and continuation lines with a space or tab, so a field
 * line never depends on the lines before it: field() below relies on that.)
 */
function parseFields(view: MarkdownView, from: number, to: number): QuestionField[] {
  const fields: QuestionField[] = [];
  for (let i = from; i < to; i++) {
    if (view.isFenced(i)) continue;
    const colon = fieldColon(view.lineText(i));
    if (colon <= 0) continue;
    const f = fieldAt(view, i, colon, to);
    fields.push(f);
    i = f.end - 1;
  }
  return fields;
}

function parseRegister(view: MarkdownView, from: number, to: number): RegisterRow[] {
  const rows: RegisterRow[] = [];
  let cols: string[] | undefined;
  for (let i = from; i < to; i++) {
    if (view.isFenced(i)) continue;
    const t = view.lineText(i).trim();
    if (!t.startsWith("|")) continue;
    const cells = t.replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
    if (!cols) {
      cols = cells.map((c) => c.toLowerCase());
      continue;
    }
    if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
    const col = (name: string) => cells[cols!.findIndex((c) => c.replace(/[^a-z]/g, "") === name)] ?? "";
    rows.push({ id: col("questionid") || (cells[0] ?? ""), status: col("status"), gate: col("gate"), question: col("question"), answer: col("answer"), index: i });
  }
  return rows;
}

const KEY_LINES = new Map<string, RegExp | null>();

/**
 * How many of a block's lines LazyBlock#next tests in place before its regex search: a
 * generated block's `question:` is its fifth line, `answer:` its eleventh or so.
 */
const PROBE_LINES = 8;
// (Measured: 40,000-question `questions`, callgrind, 2,281 M → 2,206 M instructions.)

/** `^key:` as a global multiline regex; null when `key` is not a valid field key. */
function keyLine(key: string): RegExp | null {
  let re = KEY_LINES.get(key);
  if (re === undefined) {
    // A valid key has no regex syntax in it.
    re = fieldColon(`${key}:`) === key.length ? new RegExp(`^${key}:`, "gm") : null;
    KEY_LINES.set(key, re);
  }
  return re;
}

/**
 * A block whose fields are parsed on first use: a command touches one or a few blocks of a
 * file that may hold thousands (a class, so that ten thousand blocks cost ten thousand
 * small objects and no per-object property definitions).
 */
class LazyBlock implements QuestionBlock {
  #fields: QuestionField[] | undefined;
  #byKey: Map<string, QuestionField> | undefined;
  /** The block's text after its heading line, searched by #next. */
  #region: string | undefined;
  constructor(
    private readonly view: MarkdownView,
    readonly id: string,
    readonly heading: number,
    readonly end: number,
    readonly headingRest: string,
  ) {}

  get fields(): QuestionField[] {
    return (this.#fields ??= parseFields(this.view, this.heading + 1, this.end));
  }

  field(key: string): QuestionField | undefined {
    if (this.#byKey) return this.#byKey.get(key);
    const i = this.#next(key, this.heading + 1);
    return i < 0 ? undefined : fieldAt(this.view, i, key.length, this.end);
  }

  value(key: string): string | undefined {
    if (this.#byKey) return this.#byKey.get(key)?.value;
    const i = this.#next(key, this.heading + 1);
    return i < 0 ? undefined : fieldValueAt(this.view, i, key);
  }

  fieldsNamed(key: string): QuestionField[] {
    if (this.#fields) return this.#fields.filter((f) => f.key === key);
    const found: QuestionField[] = [];
    for (let i = this.#next(key, this.heading + 1); i >= 0; i = this.#next(key, i + 1)) found.push(fieldAt(this.view, i, key.length, this.end));
    return found;
  }

  /**
   * The first line at or after line `from` (inside the block) that opens a field named `key`,
   * or -1: its first PROBE_LINES lines tested in place, then a native regex search of the
   * rest of the block's text and the fence check on the lines it finds. Looking at every line
   * cost a batch 50 ms of its 300 (four keys a block, a thousand blocks); `test` and
   * `lastIndex` instead of `exec` allocate no match arrays.
   */
  #next(key: string, from: number): number {
    const re = keyLine(key);
    if (!re || from >= this.end) return -1;
    const { view } = this;
    const { text } = view;
    // The usual block lists its fields first: its first lines are tested in place (no slice
    // of the block, no regex call); the search below starts after the lines probed.
    const probed = Math.min(this.end, from + PROBE_LINES);
    const k0 = key.charCodeAt(0);
    for (let i = from; i < probed; i++) {
      const at = view.lineStart(i);
      if (text.charCodeAt(at) === k0 && text.charCodeAt(at + key.length) === COLON && text.startsWith(key, at) && !view.isFenced(i)) return i;
    }
    if (probed >= this.end) return -1;
    const base = view.lineStart(this.heading + 1);
    this.#region ??= text.slice(base, view.lineStart(this.end));
    re.lastIndex = view.lineStart(probed) - base;
    while (re.test(this.#region)) {
      const at = base + re.lastIndex - key.length - 1;
      const i = view.lineAt(at, from, this.end);
      // `^` also matches after a lone CR or U+2028, which do not start a line here.
      if (view.lineStart(i) === at && !view.isFenced(i)) return i;
    }
    return -1;
  }

  get byKey(): Map<string, QuestionField> {
    if (!this.#byKey) {
      const byKey = new Map<string, QuestionField>();
      const fields = this.fields;
      for (let i = 0; i < fields.length; i++) {
        const f = fields[i]!;
        if (!byKey.has(f.key)) byKey.set(f.key, f);
      }
      this.#byKey = byKey;
    }
    return this.#byKey;
  }
}

/**
 * The field keys readFieldLines has met, by first letter and length (a key of up to 63
 * characters): a 40,000-question file has 360,000 field lines but some ten distinct keys, so
 * each line finds its key here by comparing characters in place instead of slicing a new
 * string (and hashing it for the map). A few keys per slot; any other key is sliced as before.
 */
const KNOWN_KEYS: (string[] | undefined)[] = [];
const KEYS_PER_SLOT = 8;

function keyAt(text: string, start: number, colon: number): string {
  if (colon >= 64) return text.slice(start, start + colon);
  const slot = (text.charCodeAt(start) - 97) * 64 + colon;
  const known = (KNOWN_KEYS[slot] ??= []);
  for (let k = 0; k < known.length; k++) if (text.startsWith(known[k]!, start)) return known[k]!;
  const key = text.slice(start, start + colon);
  if (known.length < KEYS_PER_SLOT) known.push(key);
  return key;
}

/**
 * Each key's first field line and the repeated field lines of one block at a time:
 * readFieldLines fills it, and one instance serves every block of a pass. Its map is not
 * cleared per block (a clear reallocates the map's table: 14 ms over 40,000 blocks); an entry
 * before the block being read is left from an earlier block and reads as absent.
 */
export class FieldLines {
  readonly #first = new Map<string, number>();
  #view: MarkdownView | undefined;
  #from = 0;
  /** The lines whose key came earlier in the block, in order. */
  readonly repeats: number[] = [];

  /** Forget the last block: a new view, or a block not after the last one, starts afresh. */
  begin(view: MarkdownView, block: QuestionBlock): void {
    if (view !== this.#view || block.heading + 1 <= this.#from) {
      this.#first.clear();
      this.#view = view;
    }
    this.#from = block.heading + 1;
    this.repeats.length = 0;
  }

  /** The line of the block's first `key:` field, or undefined. */
  first(key: string): number | undefined {
    const index = this.#first.get(key);
    return index !== undefined && index >= this.#from ? index : undefined;
  }

  add(key: string, index: number): void {
    if (this.first(key) !== undefined) this.repeats.push(index);
    else this.#first.set(key, index);
  }

  /** Every key of the block with its first line (a copy, for tests and cold paths). */
  firstLines(): Map<string, number> {
    return new Map([...this.#first].filter(([, index]) => index >= this.#from));
  }
}

/**
 * One pass over the field lines of `block` for a pass that reads every block once (`check`
 * over 40,000 blocks): `lines` gets each key's first `key:` line and the lines whose key
 * came before. No field objects, values or continuation lists: the caller reads the values it
 * needs with fieldValueAt. The same lines as `block.fields` (a field line starts with a
 * letter, a continuation line with a space or tab, so no field line hides in a continuation).
 */
export function readFieldLines(view: MarkdownView, block: QuestionBlock, lines: FieldLines): void {
  lines.begin(view, block);
  const { text } = view;
  for (let i = block.heading + 1; i < block.end; i++) {
    const start = view.lineStart(i);
    const c0 = text.charCodeAt(start);
    if (!(c0 >= 97 && c0 <= 122) || view.isFenced(i)) continue;
    // The key read in the text itself: no copy of the line, and no new string for a known key.
    const colon = fieldColon(text, start);
    if (colon <= 0) continue;
    lines.add(keyAt(text, start, colon), i);
  }
}

/**
 * The value of the field whose `key:` line is line `index`: the rest of the line, trimmed.
 * Sliced once from the text (not the line, then its rest, then the trim) when spaces and
 * tabs are all there is to trim — the usual line; otherwise `trim` decides (NBSP, U+3000…).
 */
export function fieldValueAt(view: MarkdownView, index: number, key: string): string {
  const { text } = view;
  const from = view.lineStart(index) + key.length + 1;
  const to = view.lineEnd(index);
  let a = from;
  let b = to;
  while (a < b && (text.charCodeAt(a) === SPACE || text.charCodeAt(a) === TAB)) a++;
  while (b > a && (text.charCodeAt(b - 1) === SPACE || text.charCodeAt(b - 1) === TAB)) b--;
  if (a === b) return "";
  if (keptByTrim(text.charCodeAt(a)) && keptByTrim(text.charCodeAt(b - 1))) return view.slice(a, b);
  return view.slice(from, to).trim();
}

/** Parse questions.md. */
export function parseQuestions(text: string): QuestionsDoc {
  return questionsOfView(viewOf(text));
}

/**
 * Parse questions.md from its bytes (valid UTF-8): the same blocks, fields and values as
 * parseQuestions(bytes.toString("utf8")), over a view whose offsets count bytes
 * (viewOfBytes). For the read-only listing, which never edits the file.
 */
export function parseQuestionsBytes(bytes: Bytes): QuestionsDoc {
  return questionsOfView(viewOfBytes(bytes));
}

function questionsOfView(view: MarkdownView): QuestionsDoc {
  const blocks: QuestionBlock[] = [];
  let register: RegisterRow[] = [];
  const { headings } = view;
  // The next level-1/2 heading after each: found by one walk, without a filtered copy of the list.
  let next = 0;
  for (let h = 0; h < headings.length; h++) {
    const head = headings[h]!;
    if (head.level !== 2) continue;
    if (next <= h) for (next = h + 1; next < headings.length && headings[next]!.level > 2; next++);
    const end = next < headings.length ? headings[next]!.index : view.lineCount;
    if (head.text.length === 17 && /^Question register$/i.test(head.text)) {
      register = register.concat(parseRegister(view, head.index + 1, end));
      continue;
    }
    // The usual heading is an id alone: no {id, rest} for it (40,000 objects fewer to collect).
    const t = head.text;
    if ((t.charCodeAt(0) === 113 || t.charCodeAt(0) === 81) && t.charCodeAt(1) === 45 && isPlainWord(t)) {
      blocks.push(new LazyBlock(view, t, head.index, end, ""));
      continue;
    }
    const idm = questionIdOf(t);
    if (!idm) continue;
    blocks.push(new LazyBlock(view, idm.id, head.index, end, idm.rest));
  }
  // The id index is made on first use: listing a 40,000-question file never needs it (14 ms).
  let byId: Map<string, QuestionBlock[]> | undefined;
  return {
    view,
    blocks,
    register,
    get byId() {
      return (byId ??= indexById(blocks));
    },
  };
}

/** Blocks by id, every block with that id in file order. */
function indexById(blocks: readonly QuestionBlock[]): Map<string, QuestionBlock[]> {
  const byId = new Map<string, QuestionBlock[]>();
  for (const block of blocks) {
    const list = byId.get(block.id);
    if (list) list.push(block);
    else byId.set(block.id, [block]);
  }
  return byId;
}

/** A field's value, or undefined when the block lacks it. */
export function fieldValue(block: QuestionBlock, key: string): string | undefined {
  return block.value(key);
}

/** The status as compared: trimmed and lowercased (`Open  ` is open). */
export function statusOf(block: QuestionBlock): string {
  return statusFrom(fieldValue(block, "status"));
}

/**
 * True when `s` is letters a–z only, so trimmed and lowercased it is itself: the usual status
 * and gate. A slice of a file with any non-Latin-1 character in it (a `—`) is a two-byte string,
 * which `toLowerCase` converts on its slow path (14–22 ms against 2–5 for 80,000 such values).
 */
function isLowerWord(s: string): boolean {
  if (s === "") return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 97 || c > 122) return false;
  }
  return true;
}

/** statusOf from the `status:` value (undefined when the block has none). */
export function statusFrom(value: string | undefined): string {
  if (value !== undefined && isLowerWord(value)) return value;
  return (value ?? "").trim().toLowerCase();
}

/** The gate as compared; a `## q-1 blocking` heading suffix counts when no gate field exists. */
export function gateOf(block: QuestionBlock): string {
  return gateFrom(fieldValue(block, "gate"), block.headingRest);
}

/** gateOf from the `gate:` value (undefined when the block has none) and the heading's rest. */
export function gateFrom(value: string | undefined, headingRest: string): string {
  if (value !== undefined && value !== "") return isLowerWord(value) ? value : value.trim().toLowerCase();
  const fromHeading = headingRest.split(/\s+/)[0]?.toLowerCase() ?? "";
  return isGate(fromHeading) ? fromHeading : "";
}

/** An option as listed in `options: |`: its number, the full text, and the answer text. */
interface QuestionOption {
  number: number;
  raw: string;
  /** Without `(Recommended)` and without the rationale after ` — `. */
  answer: string;
}

/** The numbered options of a block's `options: |` list. */
export function optionsOf(block: QuestionBlock): QuestionOption[] {
  const field = block.field("options");
  if (!field) return [];
  const out: QuestionOption[] = [];
  const lines = field.value !== "" && field.value !== "|" ? [field.value, ...field.continuation] : field.continuation;
  for (const l of lines) {
    const m = /^\s*(\d+)[.)]\s+(.*)$/.exec(l);
    if (!m) continue;
    const raw = (m[2] as string).trim();
    const answer = raw.split(" — ")[0]!.replace(/\s*\(Recommended\)\s*/gi, " ").trim();
    out.push({ number: Number(m[1]), raw, answer });
  }
  return out;
}

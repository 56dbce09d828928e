// questions.md → QuestionsDoc: its question blocks (read by the block grammar,
// block-grammar.ts; their fields by question-block.ts), the released `## Question register`
// table, and what a block's status, gate and options compare as. One linear pass over the
// headings; positions on everything.

import { isGate } from "../gates.js";
import { isSeparatorCell } from "../lines.js";
import { viewOf, viewOfBytes, type MarkdownView } from "../markdown-view.js";
import { BLOCK_LEVEL, ID_HEADING, REGISTER_HEADING, endsBlock, headingKind, questionIdOf } from "./block-grammar.js";
import { LazyBlock, type QuestionBlock } from "./question-block.js";
import type { Bytes } from "../bytes.js";

export type { QuestionBlock, QuestionField } from "./question-block.js";

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
  /**
   * byId.get(id), without making byId for it when the blocks' ids ascend (as the engine writes
   * them): then a binary search finds the one block.
   */
  withId(id: string): QuestionBlock[] | undefined;
  /** True when no two blocks share an id (byId.size is blocks.length), known without byId when the ids ascend. */
  readonly uniqueIds: boolean;
  register: RegisterRow[];
}

export const QUESTION_STATUSES = ["open", "answered", "dropped"] as const;

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
    if (cells.every(isSeparatorCell)) continue;
    const col = (name: string) => cells[cols!.findIndex((c) => c.replace(/[^a-z]/g, "") === name)] ?? "";
    rows.push({ id: col("questionid") || (cells[0] ?? ""), status: col("status"), gate: col("gate"), question: col("question"), answer: col("answer"), index: i });
  }
  return rows;
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
    if (head.level !== BLOCK_LEVEL) continue;
    if (next <= h) for (next = h + 1; next < headings.length && !endsBlock(headings[next]!.level); next++);
    const end = next < headings.length ? headings[next]!.index : view.lineCount;
    const t = head.text;
    const kind = headingKind(t);
    if (kind === REGISTER_HEADING) {
      register = register.concat(parseRegister(view, head.index + 1, end));
      continue;
    }
    // The usual heading is an id alone: no {id, rest} for it (40,000 objects fewer to collect).
    if (kind === ID_HEADING) {
      blocks.push(new LazyBlock(view, t, head.index, end, ""));
      continue;
    }
    const idm = questionIdOf(t);
    if (!idm) continue;
    blocks.push(new LazyBlock(view, idm.id, head.index, end, idm.rest));
  }
  // The id index is made on first use: listing a large file never needs it, nor do the lint and
  // `status` when the ids ascend (each id then differs from every other, and a search finds one).
  let byId: Map<string, QuestionBlock[]> | undefined;
  let ascending: boolean | undefined;
  const sorted = () => byId === undefined && (ascending ??= idsAscend(blocks));
  const index = () => (byId ??= indexById(blocks));
  return {
    view,
    blocks,
    register,
    get byId() {
      return index();
    },
    withId(id: string) {
      if (!sorted()) return index().get(id);
      const k = searchId(blocks, id);
      return k < 0 ? undefined : [blocks[k]!];
    },
    get uniqueIds() {
      return sorted() || index().size === blocks.length;
    },
  };
}

/** True when every block's id sorts after the one before (in UTF-16 code units, as `<`). */
function idsAscend(blocks: readonly QuestionBlock[]): boolean {
  for (let k = 1; k < blocks.length; k++) if (!(blocks[k - 1]!.id < blocks[k]!.id)) return false;
  return true;
}

/** The index of the block with id `id` among blocks whose ids ascend; -1 when none has it. */
function searchId(blocks: readonly QuestionBlock[], id: string): number {
  let lo = 0;
  let hi = blocks.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = blocks[mid]!.id;
    if (at === id) return mid;
    if (at < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
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
 * which `toLowerCase` converts on its slow path (docs/performance.md, Values cut from the text).
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

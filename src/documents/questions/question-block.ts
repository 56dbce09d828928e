// One question block of a parsed questions.md and its fields, read through the block grammar
// (block-grammar.ts): all of them at once (`fields`), or one key at a time without parsing the
// rest (`field`, `value`, `fieldsNamed`), which is what a command touching a few of thousands
// of blocks does.

import type { MarkdownView } from "../markdown-view.js";
import { continuesField, fieldColon, fieldSearch, isBlank, opensField, trimmedInPlace, valueEnd, valueStart } from "./block-grammar.js";

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

/**
 * The value of the field whose `key:` line is line `index`: the rest of the line, trimmed.
 * Sliced once from the text when spaces and tabs are all there is to trim (the usual line);
 * otherwise `trim` decides (NBSP, U+3000…).
 */
export function fieldValueAt(view: MarkdownView, index: number, key: string): string {
  const { text } = view;
  const from = view.lineStart(index) + key.length + 1;
  const to = view.lineEnd(index);
  const a = valueStart(text, from, to);
  const b = valueEnd(text, a, to);
  if (a === b) return "";
  return trimmedInPlace(text, a, b) ? view.slice(a, b) : view.slice(from, to).trim();
}

/**
 * The field whose `key:` line is line `i` (its key `colon` characters long): the value on that
 * line and the continuation lines right after it.
 */
function fieldAt(view: MarkdownView, i: number, colon: number, to: number): QuestionField {
  const key = view.slice(view.lineStart(i), view.lineStart(i) + colon);
  const field: QuestionField = { key, value: fieldValueAt(view, i, key), index: i, continuation: [], end: i + 1 };
  for (let j = i + 1; j < to && !view.isFenced(j); j++) {
    if (!continuesField(view.text.charCodeAt(view.lineStart(j)))) break;
    const next = view.lineText(j);
    if (isBlank(next)) break;
    field.continuation.push(next);
    field.end = j + 1;
  }
  return field;
}

/** The fields of lines [from, to): every unfenced field line opens one. */
function parseFields(view: MarkdownView, from: number, to: number): QuestionField[] {
  const fields: QuestionField[] = [];
  for (let i = from; i < to; i++) {
    if (view.isFenced(i)) continue;
    const colon = fieldColon(view.text, view.lineStart(i));
    if (colon <= 0) continue;
    const f = fieldAt(view, i, colon, to);
    fields.push(f);
    i = f.end - 1;
  }
  return fields;
}

/**
 * How many of a block's lines LazyBlock#next tests in place before its regex search: a
 * generated block's `question:` is its fifth line, `answer:` its eleventh or so.
 */
const PROBE_LINES = 8;

/**
 * A block whose fields are parsed on first use: a command touches one or a few blocks of a
 * file that may hold thousands (a class, so that ten thousand blocks cost ten thousand
 * small objects and no per-object property definitions).
 */
export class LazyBlock implements QuestionBlock {
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
   * or -1: its first PROBE_LINES lines tested in place, then the native search of the rest of
   * the block's text (fieldSearch) and the fence check on the lines it finds. Looking at every
   * line cost a batch 50 ms of its 300 (four keys a block, a thousand blocks).
   */
  #next(key: string, from: number): number {
    const re = fieldSearch(key);
    if (!re || from >= this.end) return -1;
    const { view } = this;
    const { text } = view;
    // The usual block lists its fields first: its first lines are tested in place (no slice
    // of the block, no regex call); the search below starts after the lines probed.
    const probed = Math.min(this.end, from + PROBE_LINES);
    for (let i = from; i < probed; i++) if (opensField(text, view.lineStart(i), key) && !view.isFenced(i)) return i;
    if (probed >= this.end) return -1;
    const base = view.lineStart(this.heading + 1);
    this.#region ??= text.slice(base, view.lineStart(this.end));
    re.lastIndex = view.lineStart(probed) - base;
    while (re.test(this.#region)) {
      const at = base + re.lastIndex - key.length - 1;
      const i = view.lineAt(at, from, this.end);
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

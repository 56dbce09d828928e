// One question block of a parsed questions.md and its fields, read through the block grammar
// (block-grammar.ts): all of them at once (`fields`), or one key at a time without parsing the
// rest (`field`, `value`, `fieldsNamed`), which is what a command touching a few of thousands
// of blocks does.

import type { MarkdownView } from "../markdown-view.js";
import { continuesField, fieldColon, isBlank, nextFieldLine, span, valueSpan, type SearchedBlock } from "./block-grammar.js";

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
 * The value of the field whose `key:` line is line `index`: the rest of the line, trimmed
 * (valueSpan). Sliced once from the text when spaces and tabs are all there is to trim (the
 * usual line); otherwise `trim` decides (NBSP, U+3000…).
 */
export function fieldValueAt(view: MarkdownView, index: number, key: string): string {
  const start = view.lineStart(index);
  const next = view.lineStart(index + 1);
  if (!valueSpan(view.text, start, key.length, next)) return view.slice(start + key.length + 1, next).trim();
  return span.start === span.end ? "" : view.slice(span.start, span.end);
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
 * A block whose fields are parsed on first use: a command touches one or a few blocks of a
 * file that may hold thousands (a class, so that ten thousand blocks cost ten thousand
 * small objects and no per-object property definitions).
 */
export class LazyBlock implements QuestionBlock, SearchedBlock {
  #fields: QuestionField[] | undefined;
  #byKey: Map<string, QuestionField> | undefined;
  /** The block's text after its heading line, searched by nextFieldLine. */
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
    const i = nextFieldLine(this.view, this, key, this.heading + 1);
    return i < 0 ? undefined : fieldAt(this.view, i, key.length, this.end);
  }

  value(key: string): string | undefined {
    if (this.#byKey) return this.#byKey.get(key)?.value;
    const i = nextFieldLine(this.view, this, key, this.heading + 1);
    if (i < 0) return undefined;
    // fieldValueAt(view, i, key), one call shallower (each level of a hot path is one more
    // function for V8 to compile on its own when a listing reads 40,000 statuses).
    const { view } = this;
    const start = view.lineStart(i);
    const next = view.lineStart(i + 1);
    if (!valueSpan(view.text, start, key.length, next)) return view.slice(start + key.length + 1, next).trim();
    return span.start === span.end ? "" : view.slice(span.start, span.end);
  }

  fieldsNamed(key: string): QuestionField[] {
    if (this.#fields) return this.#fields.filter((f) => f.key === key);
    const found: QuestionField[] = [];
    for (let i = nextFieldLine(this.view, this, key, this.heading + 1); i >= 0; i = nextFieldLine(this.view, this, key, i + 1)) found.push(fieldAt(this.view, i, key.length, this.end));
    return found;
  }

  searchText(): string {
    return (this.#region ??= this.view.text.slice(this.view.lineStart(this.heading + 1), this.view.lineStart(this.end)));
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

// One pass over a block's field lines for the readers that read every block once or check a
// few keys of each (the lint, the resolve and its read-back): each key's first line and the
// repeated ones, without field objects, values or continuation lists.

import type { MarkdownView } from "../markdown-view.js";
import { fieldColon } from "./block-grammar.js";
import type { QuestionBlock } from "./question-block.js";

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
 * cleared per block (a clear reallocates the map's table, once per block); an entry
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
 * One pass over the field lines of `block`: `lines` gets each key's first `key:` line and the
 * lines whose key came before. The caller reads the values it needs with fieldValueAt. The
 * same lines as `block.fields`: every unfenced field line, continuation lines included (none
 * of them is a field line).
 */
export function readFieldLines(view: MarkdownView, block: QuestionBlock, lines: FieldLines): void {
  lines.begin(view, block);
  // The view's own arrays, read directly: no call per line but the key's scan.
  const { text, lineStarts: starts, fenceFlags: fenced } = view;
  for (let i = block.heading + 1; i < block.end; i++) {
    if (fenced[i] === 1) continue;
    const start = starts[i]!;
    const colon = fieldColon(text, start);
    if (colon <= 0) continue;
    lines.add(keyAt(text, start, colon), i);
  }
}

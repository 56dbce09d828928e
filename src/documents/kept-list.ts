// A list that counts every item but keeps only the first few: the refused lines of a batch or
// of a ticket thread. A million bad lines cost a count, not a million errors held until the end,
// so memory follows the input, never the number of failures.

/** How many refused lines a report lists; the rest are counted. */
export const KEPT_FAILURES = 100;

export class KeptList<T> {
  /** The first `max` items pushed, in push order. */
  readonly kept: T[] = [];
  /** How many items were pushed. */
  count = 0;

  constructor(readonly max: number = KEPT_FAILURES) {}

  push(item: T): void {
    this.count++;
    if (this.kept.length < this.max) this.kept.push(item);
  }

  /** push() for an item that costs something to build (an error): built only when it is kept. */
  add(make: () => T): void {
    this.count++;
    if (this.kept.length < this.max) this.kept.push(make());
  }

  /** How many were pushed and not kept. */
  get dropped(): number {
    return this.count - this.kept.length;
  }
}

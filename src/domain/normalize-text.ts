// Texts the engine stores (answers, titles, questions, options): one line, whitespace runs
// collapsed, no control characters, at most a given length.

import { BadInputError } from "../errors.js";

/** Answers and other texts the engine stores: one line, no control characters, at most `max`. */
export function normalizeText(words: readonly string[], what: string | (() => string), max = 10_000): string {
  const joined = words.length === 1 ? words[0]! : words.join(" ");
  // Most text has no run of whitespace and no tab or newline: then only the ends are trimmed.
  const text = (/\s\s|[^\S ]/.test(joined) ? joined.replace(/\s+/g, " ") : joined).trim();
  const label = () => (typeof what === "string" ? what : what());
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(text)) throw new BadInputError(`${label()} contains control characters`);
  if (text.length > max) throw new BadInputError(`${label()} is ${text.length} characters; at most ${max} are allowed`);
  return text;
}

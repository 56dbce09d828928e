// The one rule for options that ask for free text ("Something else — describe it", "Other"):
// picking one is not an answer, so `--option N` refuses it and interactive mode asks for the text.

/** Labels that, alone, name "an answer not listed here" (compared lowercased, trailing punctuation off). */
const FREE_TEXT_LABELS = new Set([
  "something else", "other", "other answer", "another answer", "none of the above",
  "none of these", "none of those", "custom", "describe", "specify", "free text", "write in", "write-in",
]);

/** Phrases that ask the reader to write, anywhere in the option (label or rationale). */
const ASKS_TO_WRITE = /\b(describe it|describe below|please describe|please specify|specify below|write it in|type it in|your own (words|answer|text))\b|\(specify\)/i;

/**
 * True when an option asks for free text instead of being an answer: its label (the text
 * before ` — `, without `(Recommended)`) is, lowercased and without trailing punctuation or
 * a trailing `(…)`, one of FREE_TEXT_LABELS ("Other", "Something else…", "None of the
 * above"); or the option anywhere says "describe it", "please specify", "(specify)",
 * "write it in", "your own answer" and the like. "Other teams decide" is an answer.
 * @param raw the option as written after its number (`Something else — describe it`).
 */
export function asksForFreeText(raw: string): boolean {
  if (ASKS_TO_WRITE.test(raw)) return true;
  const label = raw
    .split(" — ")[0]!
    .replace(/\s*\(Recommended\)\s*/gi, " ")
    .toLowerCase()
    .replace(/\s*\([^)]*\)\s*$/, "")
    .replace(/[\s.…:,;!?*_-]+$/u, "")
    .replace(/\s+/g, " ")
    .trim();
  return FREE_TEXT_LABELS.has(label);
}

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
 * Each phrase ASKS_TO_WRITE finds holds one of these, lowercased: its `i` folds ASCII letters
 * only, so a match is a run of ASCII letters and spaces that `toLowerCase` turns into the phrase.
 */
const WRITE_WORDS = ["describe", "specify", "write it in", "type it in", "your own"];
/**
 * Each FREE_TEXT_LABELS entry holds one of these. The label is cut from the option by deleting
 * text or replacing it with a space, never by joining letters, so a label that is an entry has
 * the word in the lowercased option too.
 */
const LABEL_WORDS = ["something", "other", "none", "custom", "describe", "specify", "free", "write"];

/**
 * True when an option asks for free text instead of being an answer: its label (the text
 * before ` — `, without `(Recommended)`) is, lowercased and without trailing punctuation or
 * a trailing `(…)`, one of FREE_TEXT_LABELS ("Other", "Something else…", "None of the
 * above"); or the option anywhere says "describe it", "please specify", "(specify)",
 * "write it in", "your own answer" and the like. "Other teams decide" is an answer.
 * @param raw the option as written after its number (`Something else — describe it`).
 */
export function asksForFreeText(raw: string): boolean {
  // The usual option has none of the words either rule needs, and is decided without a regex:
  // each regex is compiled at its first use, which costs a one-command process more than reading
  // every option of the workspace does (docs/performance.md).
  const lower = raw.toLowerCase();
  if (WRITE_WORDS.some((w) => lower.includes(w)) && ASKS_TO_WRITE.test(raw)) return true;
  if (!LABEL_WORDS.some((w) => lower.includes(w))) return false;
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

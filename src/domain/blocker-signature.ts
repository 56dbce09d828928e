// The external-blocker signature (commands.md, "External-blocker threshold"): which words of a
// pause detail identify the blocker, and how alike two reports are. One exported stopword
// list, so the rule is read and changed in one place.

/**
 * Words that never identify a blocker: glue words that two unrelated failure messages share
 * ("timed out **while** fetching", "**the** API **was** down"). commands.md fixes the list;
 * tokens shorter than three characters are dropped before it is consulted, so it needs no
 * two-letter words. Changing it changes which reports count as "the same blocker".
 */
export const BLOCKER_STOPWORDS: ReadonlySet<string> = new Set([
  "the", "and", "but", "for", "you", "are", "not", "all", "any", "can", "has", "had", "may", "was",
  "who", "why", "how", "its", "out", "too", "now", "let", "use", "did", "got", "own", "see", "saw",
  "say", "him", "her", "with", "from", "that", "this", "have", "been", "will", "when", "cannot",
  "because", "while", "since", "than", "then", "just", "like", "over", "onto", "into", "after",
  "before", "even", "ever", "also", "much", "still", "until", "where", "which", "whose", "what",
  "whom", "here", "there", "same", "each", "other", "most", "both", "either", "neither", "need",
  "needs", "needed", "trying", "tried",
]);

/** Tokens shorter than this never count ("a", "is", "on", "5x"). */
const MIN_TOKEN_LENGTH = 3;

/** Reports at least this similar (percent) are the same blocker and count up. */
const SAME_BLOCKER_PERCENT = 30;

/**
 * The token signature of a blocker description: lowercase, split on anything not `a–z0–9`,
 * tokens of 3+ characters that are not stopwords, first occurrence order, no duplicates.
 */
export function blockerSignature(text: string): string[] {
  const seen = new Set<string>();
  for (const token of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (token.length < MIN_TOKEN_LENGTH || BLOCKER_STOPWORDS.has(token)) continue;
    seen.add(token);
  }
  return [...seen];
}

/** Jaccard similarity of two signatures in whole percent, rounded down; 0 when either is empty. */
export function signatureSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const left = new Set(a);
  const right = new Set(b);
  let shared = 0;
  for (const t of left) if (right.has(t)) shared++;
  const union = left.size + right.size - shared;
  return Math.floor((shared * 100) / union);
}

/** The signature as stored in the cursor's `blocker_signature` field: tokens joined by spaces. */
export function formatSignature(tokens: readonly string[]): string {
  return tokens.join(" ");
}

/** Read a stored `blocker_signature` back (any hand-edited text is re-tokenised by the same rule). */
export function parseSignature(stored: string): string[] {
  return blockerSignature(stored);
}

/**
 * The attempt number of a new report: previous + 1 when it is the same blocker as the stored
 * one (similarity ≥ 30), else 1. A missing or malformed stored count starts again at 1.
 */
export function nextBlockerAttempt(
  stored: { signature: string | undefined; attempts: string | undefined },
  signature: readonly string[],
): { attempt: number; similarity: number } {
  const previous = stored.attempts !== undefined && /^[0-9]+$/.test(stored.attempts) ? Number(stored.attempts) : 0;
  if (stored.signature === undefined || previous < 1) return { attempt: 1, similarity: 0 };
  const similarity = signatureSimilarity(parseSignature(stored.signature), signature);
  return { attempt: similarity >= SAME_BLOCKER_PERCENT ? previous + 1 : 1, similarity };
}

// Secret redaction for everything the engine persists from free text (pause details,
// events). Errs on the side of hiding: a false positive costs a word, a miss leaks a key.

const PATTERNS: RegExp[] = [
  // key=value / key: value where the key names a secret; an auth scheme word (`Authorization:
  // Bearer <token>`) belongs to the key side, or the scheme would be hidden and the token kept
  /\b((?:api[_-]?key|access[_-]?key|secret(?:[_-]?key)?|client[_-]?secret|token|auth[_-]?token|access[_-]?token|refresh[_-]?token|password|passwd|pwd|bearer|authorization|private[_-]?key)\s*[=:]\s*(?:(?:Bearer|Basic|Token)\s+)?)("[^"]*"|'[^']*'|[^\s,;]+)/gi,
  // Authorization: Bearer xxx
  /\b(Bearer\s+)([A-Za-z0-9._~+/=-]{8,})/g,
  // well-known token shapes
  /()\b(gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|sk-[A-Za-z0-9_-]{16,}|sk_(?:live|test)_[A-Za-z0-9]{16,}|xox[abprs]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,}|glpat-[A-Za-z0-9_-]{20,}|npm_[A-Za-z0-9]{30,}|eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,})/g,
  // credentials in URLs: scheme://user:pass@host
  /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)([^\s@/]+)(?=@)/gi,
];

export const REDACTED = "[REDACTED]";

/**
 * Something every pattern above needs (a `=` or `:`, `bearer`, or a token prefix): text
 * without any of it is returned as is after one scan instead of four. A batch's thousand
 * events are mostly such text (ids, answers, event names).
 */
const MAYBE_SECRET = /[=:]|bearer|gh[pousr]_|github_pat_|sk[-_]|xox[abprs]-|akia|aiza|glpat-|npm_|eyj/i;

/** Replace anything that looks like a token, key or password value with [REDACTED]. */
export function redact(text: string): string {
  return MAYBE_SECRET.test(text) ? redactUnfiltered(text) : text;
}

/** redact() without the pre-check (exported for the test that keeps the pre-check honest). */
export function redactUnfiltered(text: string): string {
  let out = text;
  for (const p of PATTERNS) out = out.replace(p, (_m, lead: string) => `${lead}${REDACTED}`);
  return out;
}

/** Redact every string inside a JSON-like value. */
export function redactDeep<T>(value: T): T {
  if (typeof value === "string") return redact(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v)) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    const obj = value as Record<string, unknown>;
    for (const k of Object.keys(obj)) out[k] = redactDeep(obj[k]);
    return out as T;
  }
  return value;
}

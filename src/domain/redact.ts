// Secret redaction for everything the engine persists from free text (pause details, Log
// lines, the awaiting section, events), per formats.md's classes. Errs on the side of hiding:
// a false positive costs a word, a miss leaks a key. Every pattern is linear in the input.

export const REDACTED = "[REDACTED]";

/**
 * Words that make a key secret when they are a whole segment of it (segments are split at
 * `_`, `-`, `.` and camelCase humps), plural allowed: `DB_PASSWORD`, `x-auth-token`,
 * `dbPassword`. A word inside a longer segment is not one: `tokenizer`, `author`, `oauth`.
 */
const SECRET_SEGMENTS = new Set([
  "password", "passwd", "pwd", "passphrase", "secret", "token", "credential", "auth", "authorization", "cookie", "bearer",
  // the two-word classes written as one segment
  "apikey", "accesskey", "privatekey", "secretkey", "authtoken", "accesstoken", "refreshtoken", "clientsecret",
]);
/** Two adjacent segments that name a secret together: `api_key`, `AccessKey`, `private-key`. */
const SECRET_PAIRS = new Set(["api key", "access key", "private key", "secret key"]);

/** Split a key into lowercase segments: `AWSSecretKey` → aws, secret, key; `db.password` → db, password. */
function segments(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1 $2")
    .split(/[\s_.-]+/)
    .filter((s) => s !== "")
    .map((s) => s.toLowerCase());
}

/** True when `key` names a secret (formats.md: the key contains one of the words as a segment). */
export function isSecretKey(key: string): boolean {
  if (!SECRET_WORD.test(key)) return false;
  const segs = segments(key);
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i]!;
    const singular = s.length > 3 && s.endsWith("s") ? s.slice(0, -1) : s;
    if (SECRET_SEGMENTS.has(s) || SECRET_SEGMENTS.has(singular)) return true;
    const next = segs[i + 1];
    if (next !== undefined && SECRET_PAIRS.has(`${s} ${next.endsWith("s") ? next.slice(0, -1) : next}`)) return true;
  }
  return false;
}

/**
 * `KEY=value`, `KEY: value`, `"key": "value"`, `'key': 'value'`: the key and the separator
 * (with an auth scheme word after it: `Authorization: Bearer …`). The key starts where no key
 * character precedes it, so a scan never restarts inside a key.
 */
const KEY_SEP = /(?<![A-Za-z0-9_.-])(["']?)([A-Za-z0-9_.-]{1,128})\1(\s*[=:]\s*(?:(?:Bearer|Basic|Token|Digest|Negotiate|NTLM)\s+)?)/gi;
/** The value after a secret key: quoted (bounded) or a run up to whitespace, `,` or `;`. */
const VALUE = /"(?:[^"\\\n]|\\.){0,4096}"|'[^'\n]{0,4096}'|[^\s,;]+/y;

/**
 * A command-line option and the blank after it: `--password hunter2`, `-api-key abc` (the
 * `=` form is KEY_SEP's). The value must not start with `-`: that is the next option.
 */
const FLAG_SPACE = /(?<![A-Za-z0-9_.-])-{1,2}([A-Za-z0-9_.-]{1,128})[ \t]+(?=[^\s-])/g;

/** `Cookie:` / `Set-Cookie:` headers: every `name=value` pair of the header, attributes too. */
const COOKIE_HEADER = /(?<![A-Za-z0-9_.-])((?:set-)?cookie\s*:\s*)([^\s;=]+=[^\s;]*(?:;[ \t]*[^\s;=]+(?:=[^\s;]*)?)*)/gi;

/** A PEM private key block, BEGIN to END (or to the end of the text when END is missing). */
const PEM = /(-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY-----)[\s\S]*?(-----END [A-Z0-9 ]{0,40}PRIVATE KEY-----|$)/g;

/** `bearer <credential>` in free text, in any case. */
const BEARER = /(?<![A-Za-z0-9_-])(bearer\s+)([A-Za-z0-9._~+/=-]{8,})/gi;
/**
 * `basic <credential>`: only a base64 shape (a digit, `+`, `/`, `=`, or a capital after the
 * first letter), so "basic approach" stays; `Authorization: Basic …` is hidden by KEY_VALUE.
 */
const BASIC = /(?<![A-Za-z0-9_-])([Bb][Aa][Ss][Ii][Cc]\s+)((?=[A-Za-z0-9+/]*(?:[0-9+/=]|[A-Za-z][A-Z]))[A-Za-z0-9+/]{8,}={0,2})/g;

/** Credentials in URLs: scheme://user:pass@host (the password is hidden, the user stays). */
const URL_CREDENTIALS = /((?<![A-Za-z0-9+.-])[a-z][a-z0-9+.-]{0,31}:\/\/[^\s:/@]{1,256}:)([^\s@/]{1,1024})(?=@)/gi;

/** Well-known token shapes; a shape starts where none of its own characters precede it. */
const TOKEN_SHAPES = new RegExp(
  "()(?<![A-Za-z0-9_-])(" + [
    "gh[pousr]_[A-Za-z0-9]{20,}",
    "github_pat_[A-Za-z0-9_]{20,}",
    "glpat-[A-Za-z0-9_-]{20,}",
    "xox[a-z]-[A-Za-z0-9-]{10,}",
    "sk-[A-Za-z0-9_-]{16,}",
    "[sr]k_(?:live|test)_[A-Za-z0-9]{16,}",
    "hf_[A-Za-z0-9]{30,}",
    "npm_[A-Za-z0-9]{30,}",
    "(?:AKIA|ASIA)[0-9A-Z]{16}",
    "AIza[0-9A-Za-z_-]{30,}",
    // a JWT: header.payload.signature, each base64url; the header always starts `eyJ`
    "eyJ[A-Za-z0-9_-]{10,4096}\\.[A-Za-z0-9_-]{10,8192}\\.[A-Za-z0-9_-]{10,4096}",
  ].join("|") + ")",
  "g",
);

/** A substring every secret key contains (each word of SECRET_SEGMENTS / SECRET_PAIRS has one). */
const SECRET_WORD = /pass|pwd|secret|token|credential|auth|cookie|bearer|key/i;
/** A prefix every token shape starts with. */
const TOKEN_PREFIX = /gh[pousr]_|github_pat_|glpat-|xox[a-z]-|sk-|[sr]k_|hf_|npm_|AKIA|ASIA|AIza|eyJ/;

/**
 * Characters that hide a secret from the patterns: invisible ones inside a key or a token
 * (`pass\u200bword=`, `ghp_\u200b…`) and the fullwidth forms of ASCII (`ｔｏｋｅｎ=`, `token：`).
 */
const DISGUISE = /[\u00ad\u180e\u200b-\u200d\u2060-\u2064\ufeff\u3000\uff01-\uff5e]/;
const INVISIBLE = /[\u00ad\u180e\u200b-\u200d\u2060-\u2064\ufeff]/g;

/**
 * Something every pattern above needs (a secret word, `://`, a token prefix, in any case, or a
 * disguising character): text without any of it is returned as is after one scan. A batch's
 * thousand events are mostly such text (ids, answers, event names, timestamps).
 */
const MAYBE_SECRET = /pass|pwd|secret|token|credential|auth|cookie|bearer|basic|key|:\/\/|gh[pousr]_|github_pat_|glpat-|xox[a-z]-|sk-|[sr]k_|hf_|npm_|akia|asia|aiza|eyj|[\u00ad\u180e\u200b-\u200d\u2060-\u2064\ufeff\u3000\uff01-\uff5e]/i;

/** Replace anything that looks like a token, key or password value with [REDACTED]. */
export function redact(text: string): string {
  return MAYBE_SECRET.test(text) ? redactUnfiltered(text) : text;
}

/**
 * redact() without the pre-check (exported for the test that keeps the pre-check honest).
 * Text with disguising characters is read without them (invisible ones removed, NFKC for the
 * fullwidth forms); when that reading holds a secret, it is what is kept, redacted, since the
 * disguise cannot be kept around a value it was hiding. Otherwise the text stays as written.
 */
export function redactUnfiltered(text: string): string {
  if (!DISGUISE.test(text)) return redactPlain(text);
  const folded = text.replace(INVISIBLE, "").normalize("NFKC");
  const out = redactPlain(folded);
  return out === folded ? text : out;
}

/** Each pattern runs only when the text holds what it needs, so a hit costs few scans. */
function redactPlain(text: string): string {
  let out = text;
  const sep = out.includes("=") || out.includes(":");
  if (out.includes("PRIVATE KEY-----")) out = out.replace(PEM, (_m, begin: string, end: string) => `${begin}${REDACTED}${end}`);
  if (SECRET_WORD.test(out)) {
    if (sep) {
      out = out.replace(COOKIE_HEADER, (_m, lead: string) => `${lead}${REDACTED}`);
      out = redactKeyValues(out);
    }
    if (out.includes("-")) out = redactFlagValues(out);
  }
  if (/bearer/i.test(out)) out = out.replace(BEARER, (_m, lead: string) => `${lead}${REDACTED}`);
  if (/basic/i.test(out)) out = out.replace(BASIC, (_m, lead: string) => `${lead}${REDACTED}`);
  if (out.includes("://")) out = out.replace(URL_CREDENTIALS, (_m, lead: string) => `${lead}${REDACTED}`);
  if (TOKEN_PREFIX.test(out)) out = out.replace(TOKEN_SHAPES, (_m, lead: string) => `${lead}${REDACTED}`);
  return out;
}

/**
 * Hide the value after every secret key. A key that is not secret does not swallow its value:
 * the scan goes on right after the separator, so `note: password=x` still hides `x`.
 */
function redactKeyValues(text: string): string {
  let out = "";
  let copied = 0;
  KEY_SEP.lastIndex = 0;
  for (let m = KEY_SEP.exec(text); m !== null; m = KEY_SEP.exec(text)) {
    if (!isSecretKey(m[2]!)) continue;
    VALUE.lastIndex = KEY_SEP.lastIndex;
    const v = VALUE.exec(text);
    if (v === null || v[0] === REDACTED) continue;
    const quote = v[0].length >= 2 && (v[0][0] === '"' || v[0][0] === "'") && v[0].endsWith(v[0][0]!) ? v[0][0]! : "";
    out += `${text.slice(copied, KEY_SEP.lastIndex)}${quote}${REDACTED}${quote}`;
    copied = VALUE.lastIndex;
    KEY_SEP.lastIndex = VALUE.lastIndex;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** Hide the value after every secret option written with a blank: `--password hunter2`. */
function redactFlagValues(text: string): string {
  let out = "";
  let copied = 0;
  FLAG_SPACE.lastIndex = 0;
  for (let m = FLAG_SPACE.exec(text); m !== null; m = FLAG_SPACE.exec(text)) {
    if (!isSecretKey(m[1]!)) continue;
    VALUE.lastIndex = FLAG_SPACE.lastIndex;
    const v = VALUE.exec(text);
    if (v === null || v[0] === REDACTED) continue;
    const quote = v[0].length >= 2 && (v[0][0] === '"' || v[0][0] === "'") && v[0].endsWith(v[0][0]!) ? v[0][0]! : "";
    out += `${text.slice(copied, FLAG_SPACE.lastIndex)}${quote}${REDACTED}${quote}`;
    copied = VALUE.lastIndex;
    FLAG_SPACE.lastIndex = VALUE.lastIndex;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/**
 * Redact every string inside a JSON-like value. Copy on write: an array or plain object in
 * which nothing is redacted is returned itself (a batch's thousand events are mostly such),
 * so the result serializes as a copy would; never mutate it. Other objects are copied as before.
 */
export function redactDeep<T>(value: T): T {
  if (typeof value === "string") return redact(value) as T;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      const r = redactDeep(v);
      if (r !== v) (out ??= value.slice())[i] = r;
    }
    return (out ?? value) as T;
  }
  if (value && typeof value === "object") {
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj);
    let out: Record<string, unknown> | undefined = isPlain(obj) ? undefined : {};
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      const v = obj[k];
      const r = redactDeep(v);
      if (out === undefined && r !== v) {
        out = {};
        for (let j = 0; j < i; j++) out[keys[j]!] = obj[keys[j]!];
      }
      if (out !== undefined) out[k] = r;
    }
    return (out ?? obj) as T;
  }
  return value;
}

/** An object literal's kind (own `__proto__` key aside): returning it itself serializes as its copy would. */
function isPlain(obj: object): boolean {
  const proto: unknown = Object.getPrototypeOf(obj);
  return (proto === Object.prototype || proto === null) && !Object.hasOwn(obj, "__proto__");
}

/**
 * The classes above that name a credential by their shape alone, for the secret scanner
 * (domain/secret-scan.ts): it reports where they occur; it never prints what they matched.
 */
export const CREDENTIAL_SHAPES: readonly { kind: string; pattern: RegExp }[] = [
  { kind: "private-key-block", pattern: PEM },
  { kind: "token-shape", pattern: TOKEN_SHAPES },
  { kind: "url-credentials", pattern: URL_CREDENTIALS },
  { kind: "bearer-credential", pattern: BEARER },
  { kind: "basic-credential", pattern: BASIC },
  { kind: "cookie-header", pattern: COOKIE_HEADER },
];

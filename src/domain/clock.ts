// The injected clock: DEVRITES_NOW (RFC 3339 or YYYY-MM-DD at midnight UTC) and the one
// timestamp format the engine writes (UTC, seconds, `Z`).

import { BadInputError } from "../errors.js";

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function validDate(y: number, mo: number, d: number): boolean {
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/**
 * Parse an RFC 3339 timestamp or a `YYYY-MM-DD` date (midnight UTC).
 * @returns undefined when the text is neither.
 */
export function parseTimestamp(text: string): Date | undefined {
  const value = text.trim();
  const d = DATE_ONLY.exec(value);
  if (d) {
    const [y, mo, da] = [Number(d[1]), Number(d[2]), Number(d[3])];
    return validDate(y, mo, da) ? new Date(Date.UTC(y, mo - 1, da)) : undefined;
  }
  const m = RFC3339.exec(value);
  if (!m) return undefined;
  const [y, mo, da, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i]));
  if (!validDate(y!, mo!, da!) || h! > 23 || mi! > 59 || s! > 60) return undefined;
  const t = Date.parse(value.replace(" ", "T").toUpperCase());
  return Number.isNaN(t) ? undefined : new Date(t);
}

/**
 * The clock for this run: DEVRITES_NOW when set, else the real time.
 * @throws BadInputError when DEVRITES_NOW is set to anything else.
 */
export function resolveNow(envValue: string | undefined, real: () => Date): Date {
  if (envValue === undefined) return real();
  const t = parseTimestamp(envValue);
  if (!t) {
    throw new BadInputError(`DEVRITES_NOW is not a timestamp: ${JSON.stringify(envValue)}`, {
      kind: "bad-env",
      hint: "use RFC 3339 (2026-07-20T10:00:00Z) or a date (2026-07-20), or unset it",
    });
  }
  return t;
}

/** `YYYY-MM-DDTHH:MM:SSZ` in UTC. */
export function formatTimestamp(t: Date): string {
  return t.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** `YYYY-MM-DDTHH:MM:SSZ` position by position: `d` a digit, any other character itself. */
const SHAPE = "dddd-dd-ddTdd:dd:ddZ";
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * True for the one timestamp format the workspace files use. The same answer as
 * parseTimestamp(text) !== undefined on that format (years below 100 are refused there too,
 * and a 60th second Date.parse rejects), read from the digits: `check` tests two per question.
 * With `from` and `to`, the text is `text.slice(from, to)`, read in place (no copy of a value
 * out of a large file only to test it).
 */
export function isWorkspaceTimestamp(text: string, from = 0, to = text.length): boolean {
  // The shape read character by character: a regex test per value was a measurable share of `check`.
  if (to - from !== SHAPE.length) return false;
  for (let i = 0; i < SHAPE.length; i++) {
    const c = text.charCodeAt(from + i);
    const want = SHAPE.charCodeAt(i);
    if (want === 100 ? c < 48 || c > 57 : c !== want) return false;
  }
  const y = digitsAt(text, from, 4);
  const mo = digitsAt(text, from + 5, 2);
  const d = digitsAt(text, from + 8, 2);
  if (y < 100 || mo < 1 || mo > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (d > (mo === 2 && leap ? 29 : DAYS[mo - 1]!)) return false;
  return digitsAt(text, from + 11, 2) <= 23 && digitsAt(text, from + 14, 2) <= 59 && digitsAt(text, from + 17, 2) <= 59;
}

/** The number the `len` digits at `at` spell (a function, not a closure made per call: 80,000 calls a check). */
function digitsAt(text: string, at: number, len: number): number {
  let n = 0;
  for (let i = at; i < at + len; i++) n = n * 10 + text.charCodeAt(i) - 48;
  return n;
}

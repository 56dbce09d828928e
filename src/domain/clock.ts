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
  return isoString(t).replace(/\.\d{3}Z$/, "Z");
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * Date#toISOString, written from the UTC fields: on Node 20 toISOString first asks ICU for the
 * host's time zone (reading /etc/localtime and its zone data; docs/performance.md has the
 * cost) though the text it writes is UTC. A year outside 0–9999, or an invalid date, goes to
 * toISOString (its extended years, its RangeError).
 */
export function isoString(t: Date): string {
  const y = t.getUTCFullYear();
  if (!(y >= 0 && y <= 9999)) return t.toISOString();
  const ms = t.getUTCMilliseconds();
  return `${String(y).padStart(4, "0")}-${two(t.getUTCMonth() + 1)}-${two(t.getUTCDate())}T${two(t.getUTCHours())}:${two(t.getUTCMinutes())}:${two(t.getUTCSeconds())}.${ms < 10 ? "00" : ms < 100 ? "0" : ""}${ms}Z`;
}

// The injected clock (commands.md, DEVRITES_NOW): RFC 3339 or a date, always stored as
// UTC seconds; anything else — including impossible dates — is refused with exit 5.

import { describe, expect, it } from "vitest";
import { BadInputError } from "../../src/errors.js";
import { formatTimestamp, isoString, parseTimestamp, resolveNow } from "../../src/domain/clock.js";
import { isWorkspaceTimestamp } from "../../src/documents/timestamp.js";

const real = () => new Date("2030-01-01T00:00:00Z");

describe("resolveNow", () => {
  it.each([
    ["2026-07-20T10:00:00Z", "2026-07-20T10:00:00Z"],
    ["2026-07-20", "2026-07-20T00:00:00Z"],
    ["2026-07-20T12:00:00+02:00", "2026-07-20T10:00:00Z"],
    ["2026-07-20T01:30:00+02:00", "2026-07-19T23:30:00Z"],
    ["2026-07-19T22:00:00-05:30", "2026-07-20T03:30:00Z"],
    ["2026-07-20T10:00:00-00:00", "2026-07-20T10:00:00Z"],
    ["2026-07-20t10:00:00z", "2026-07-20T10:00:00Z"],
    ["2026-07-20 10:00:00Z", "2026-07-20T10:00:00Z"],
    ["2026-07-20T10:00:00.999Z", "2026-07-20T10:00:00Z"],
    ["2024-02-29", "2024-02-29T00:00:00Z"],
    ["2026-12-31T23:59:59+00:00", "2026-12-31T23:59:59Z"],
  ])("DEVRITES_NOW=%j pins the clock to %s (UTC)", (value, want) => {
    expect(formatTimestamp(resolveNow(value, real))).toBe(want);
  });

  it.each([
    ["an impossible day", "2026-02-30"],
    ["a non-leap 29 February", "2026-02-29"],
    ["month 13", "2026-13-01"],
    ["day 0", "2026-07-00"],
    ["hour 24", "2026-07-20T24:00:00Z"],
    ["minute 60", "2026-07-20T10:60:00Z"],
    ["no offset", "2026-07-20T10:00:00"],
    ["an offset past 23 hours", "2026-07-20T10:00:00+25:00"],
    ["a compact offset", "2026-07-20T10:00:00+0200"],
    ["an impossible day with a time", "2026-04-31T10:00:00Z"],
    ["a word", "now"],
    ["the empty string", ""],
    ["epoch seconds", "1784541600"],
    ["a slash date", "2026/07/20"],
    ["an extended year", "+002026-07-20"],
    ["a date with junk after it", "2026-07-20x"],
  ])("DEVRITES_NOW with %s (%j) is refused with exit 5", (_name, value) => {
    let err: unknown;
    try {
      resolveNow(value, real);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(BadInputError);
    expect((err as BadInputError).exitCode).toBe(5);
    expect((err as BadInputError).message).toContain(JSON.stringify(value));
  });

  it("without DEVRITES_NOW the real clock is used", () => {
    expect(resolveNow(undefined, real).toISOString()).toBe("2030-01-01T00:00:00.000Z");
  });
});

describe("formatTimestamp and isWorkspaceTimestamp", () => {
  it("formats UTC with seconds and Z, dropping milliseconds", () => {
    expect(formatTimestamp(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)))).toBe("2026-01-02T03:04:05Z");
  });

  it.each([
    ["2026-07-20T10:00:00Z", true],
    ["2026-07-20T10:00:00+00:00", false],
    ["2026-07-20T10:00:00.000Z", false],
    ["2026-02-30T10:00:00Z", false],
    ["2026-07-20", false],
  ])("%j is a workspace timestamp: %s", (text, want) => {
    expect(isWorkspaceTimestamp(text)).toBe(want);
  });

  it("a range of a text is one timestamp only when it is exactly the range", () => {
    const text = "a: 2026-07-20T10:00:00Z b";
    expect(isWorkspaceTimestamp(text, 3, 23)).toBe(true);
    expect(isWorkspaceTimestamp(text, 3, 24)).toBe(false);
    expect(isWorkspaceTimestamp(text, 2, 22)).toBe(false);
    expect(isWorkspaceTimestamp(text, 4, 24)).toBe(false);
    expect(isWorkspaceTimestamp(text)).toBe(false);
  });

  it("isWorkspaceTimestamp read from the digits equals parseTimestamp's verdict on the strict format (every edge of year, month, day, hour, minute, second)", () => {
    const years = ["0000", "0099", "0100", "1900", "2000", "2024", "2026", "2100", "9999"];
    const months = ["00", "01", "02", "04", "12", "13"];
    const days = ["00", "01", "28", "29", "30", "31", "32"];
    const times = ["00:00:00", "23:59:59", "24:00:00", "10:60:00", "10:00:59", "10:00:60", "10:00:61", "99:99:99"];
    let checked = 0;
    for (const y of years) for (const mo of months) for (const d of days) for (const t of times) {
      const text = `${y}-${mo}-${d}T${t}Z`;
      const want = parseTimestamp(text) !== undefined;
      expect(isWorkspaceTimestamp(text), text).toBe(want);
      // Read in place inside a longer text: the same verdict, and only the range counts.
      expect(isWorkspaceTimestamp(`status: ${text}\n`, 8, 8 + text.length), text).toBe(want);
      expect(isWorkspaceTimestamp(`x${text}`, 1), text).toBe(want);
      checked++;
    }
    expect(checked).toBe(years.length * months.length * days.length * times.length);
  });

  it("parseTimestamp returns undefined instead of throwing", () => {
    expect(parseTimestamp("nonsense")).toBeUndefined();
  });
});

describe("isoString is Date#toISOString without the time-zone lookup", () => {
  it.each([
    "2026-07-20T10:00:00.000Z",
    "2026-01-02T03:04:05.006Z",
    "1999-12-31T23:59:59.999Z",
    "0000-01-01T00:00:00.000Z",
    "9999-12-31T23:59:59.999Z",
    "1970-01-01T00:00:00.050Z",
  ])("%s", (iso) => {
    const t = new Date(iso);
    expect(isoString(t)).toBe(t.toISOString());
    expect(isoString(t)).toBe(iso);
  });

  it("hands years outside 0-9999 and invalid dates to toISOString (its extended years, its RangeError)", () => {
    for (const t of [new Date(Date.UTC(10000, 0, 1)), new Date(Date.UTC(-1, 5, 1)), new Date(-8.64e15)]) expect(isoString(t)).toBe(t.toISOString());
    expect(() => isoString(new Date(NaN))).toThrow(RangeError);
  });

  it("2,000 instants spread from 1970 to 9999 agree (a fixed sequence)", () => {
    let x = 12345;
    for (let i = 0; i < 2000; i++) {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      const t = new Date(Math.floor((x / 2 ** 31) * 253402300799999));
      expect(isoString(t)).toBe(t.toISOString());
    }
  });
});

// The one timestamp format the workspace files use (formats.md: UTC, `YYYY-MM-DDTHH:MM:SSZ`),
// told from its characters: the lint and the question scan test every one a file holds.

/** `YYYY-MM-DDTHH:MM:SSZ` position by position: `d` a digit, any other character itself. */
const SHAPE = "dddd-dd-ddTdd:dd:ddZ";
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * True for the one timestamp format the workspace files use. The same answer as
 * parseTimestamp(text) !== undefined (domain/clock.ts) on that format (years below 100 are
 * refused there too, and a 60th second Date.parse rejects), read from the digits: `check`
 * tests two per question.
 * With `from` and `to`, the text is `text.slice(from, to)`, read in place (no copy of a value
 * out of a large file only to test it).
 */
export function isWorkspaceTimestamp(text: string, from = 0, to = text.length): boolean {
  // The shape read character by character : a regex test per value was a measurable share of `check`.
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

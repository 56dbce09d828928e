// Text formatting shared by the read commands: wrapping to the terminal width, ANSI styles
// that are on only for a terminal without NO_COLOR, and the escaping of control characters
// that every printed line passes through (main.ts), so workspace text cannot drive a terminal.

export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  yellow(s: string): string;
  red(s: string): string;
}

/**
 * ESC as the engine's own styles write it, until terminalText() prints it: lone surrogates
 * around a per-process nonce, which no file, argument or event can contain or guess. Every
 * real ESC in a line came from input and is shown escaped.
 */
const STYLE_ESC = `\uDBFF${Math.random().toString(36).slice(2, 10)}\uDBFF`;

/** ANSI styles when `color`, identity otherwise. */
export function makeStyle(color: boolean): Style {
  const sgr = (open: number, close: number) => (s: string) => (color ? `${STYLE_ESC}[${open}m${s}${STYLE_ESC}[${close}m` : s);
  return { bold: sgr(1, 22), dim: sgr(2, 22), yellow: sgr(33, 39), red: sgr(31, 39) };
}

/** Visible length (the styles' escapes do not count). */
function visibleLength(s: string): number {
  return s.includes(STYLE_ESC) ? s.split(STYLE_ESC).map((part, i) => (i === 0 ? part : part.replace(/^\[[0-9;]*m/, ""))).join("").length : s.length;
}

/**
 * C0 except tab and newline, DEL, C1: what a terminal may act on instead of showing; and the
 * bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which reorder how
 * the rest of a line reads (an answer that displays as something else).
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex
const HAS_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\uDBFF]/;

/** How a control character is shown: `\x1b` for C0 and DEL, `\u009b` for C1, `\u202e` for bidi. */
function shown(c: string): string {
  const code = c.charCodeAt(0);
  return code < 0x80 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}

/**
 * Text for a terminal (or a pipe): control characters from input shown escaped, the engine's
 * own styles emitted as real ANSI. Text without either is returned as is after one scan.
 */
export function terminalText(text: string): string {
  if (!HAS_CONTROL.test(text)) return text;
  if (!text.includes(STYLE_ESC)) return text.replace(CONTROL, shown);
  return text.split(STYLE_ESC).map((part) => part.replace(CONTROL, shown)).join("\u001b");
}

/** What JSON.stringify leaves raw that a terminal acts on: DEL, C1 and the bidi controls. */
const JSON_RAW = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const JSON_RAW_ALL = new RegExp(JSON_RAW.source, "g");

/**
 * JSON text for stdout: JSON.stringify leaves DEL, C1 and bidi controls raw (JSON only requires
 * escaping below U+0020); written as \u escapes they parse to the same value and cannot reach a terminal.
 */
export function jsonText(text: string): string {
  return JSON_RAW.test(text) ? text.replace(JSON_RAW_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`) : text;
}

/**
 * Word-wrap `text` to `width` columns: the first line starts with `first`, the others with
 * `rest` (default: spaces as wide as `first`). Words longer than a line are not split.
 */
export function wrap(text: string, width: number, first: string, rest: string = " ".repeat(visibleLength(first))): string[] {
  const words = text.split(/\s+/).filter((w) => w !== "");
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const w of words) {
    if (!empty && visibleLength(line) + 1 + w.length > width) {
      lines.push(line);
      line = rest + w;
    } else {
      line += (empty ? "" : " ") + w;
    }
    empty = false;
  }
  lines.push(line);
  return lines;
}

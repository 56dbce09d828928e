// Rules every workspace markdown file shares: fences that never close swallow the rest of
// the file, which silently hides fields and sections from every reader; control characters
// would drive a terminal if printed raw, and bidi controls reorder what a line shows (the
// engine prints both escaped).

import type { MarkdownView } from "../../documents/markdown-view.js";
import { controlByteAt } from "./control-bytes.js";
import type { Diagnostic } from "./diagnostic.js";

/** Warnings for fenced code blocks that run to the end of the file. */
export function lintFences(view: MarkdownView, file: string): Diagnostic[] {
  return view.fences
    .filter((f) => f.close === undefined)
    .map((f) => ({
      file,
      line: view.lines[f.open]!.number,
      col: 1,
      severity: "warning" as const,
      rule: "unclosed-fence",
      message: "this code fence is never closed; everything after it is read as code (close it with the same fence)",
    }));
}

/** C0 except tab, LF and the CR of a CRLF; DEL; C1; the bidi embeddings, overrides and isolates. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/;

/**
 * CONTROL for a text without a CR: one class of three ranges, which V8 scans faster than
 * CONTROL's alternation, and a search for a CR costs little (docs/performance.md). Without a CR
 * in the text both find the same characters.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_NO_CR = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/**
 * lintControlChars for a document read through a view: the text itself, or for a view of bytes
 * a search of the bytes (controlByteAt, the class of CONTROL_NO_CR in UTF-8)
 * that decodes the file only when it finds something to report.
 */
export function lintControlCharsIn(view: MarkdownView, file: string): Diagnostic[] {
  const { text, bytes } = view;
  if (bytes === undefined) return lintControlChars(text, file);
  if (!text.includes("\r") && controlByteAt(bytes) < 0) return [];
  return lintControlChars(view.slice(0, text.length), file);
}

/** A bidi embedding, override or isolate (the rest are terminal control characters). */
const isBidi = (code: number) => (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);

/**
 * One warning per line holding a terminal control character (ESC, OSC/CSI, NUL, a lone CR…)
 * or a bidi control, at the column of its first one.
 */
export function lintControlChars(text: string, file: string): Diagnostic[] {
  if (!(text.includes("\r") ? CONTROL : CONTROL_NO_CR).test(text)) return [];
  const out: Diagnostic[] = [];
  const rows = text.split("\n");
  rows.forEach((raw, i) => {
    // The CR of a CRLF line ending is not a control character; a CR at the very end of the
    // file (no LF after it) is a lone one.
    const row = i < rows.length - 1 && raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    const m = CONTROL.exec(row);
    if (!m) return;
    const code = row.charCodeAt(m.index);
    const u = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
    const what = isBidi(code)
      ? { rule: "bidi-controls", message: `a bidirectional control character (${u}) that reorders how the rest of the line is displayed, so the text reads as something it is not; the engine shows it escaped, remove it from the file` }
      : { rule: "control-characters", message: `a control character (${u}) that a terminal could act on; the engine shows it escaped, remove it from the file` };
    out.push({ file, line: i + 1, col: m.index + 1, severity: "warning", ...what });
  });
  return out;
}

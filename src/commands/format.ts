// Text formatting shared by the read commands: wrapping to the terminal width and ANSI
// styles that are on only for a terminal without NO_COLOR.

export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  yellow(s: string): string;
  red(s: string): string;
}

/** ANSI styles when `color`, identity otherwise. */
export function makeStyle(color: boolean): Style {
  const sgr = (open: number, close: number) => (s: string) => (color ? `\u001b[${open}m${s}\u001b[${close}m` : s);
  return { bold: sgr(1, 22), dim: sgr(2, 22), yellow: sgr(33, 39), red: sgr(31, 39) };
}

/** Visible length (ANSI escapes do not count). */
function visibleLength(s: string): number {
  // eslint-disable-next-line no-control-regex
  return s.replace(/\u001b\[[0-9;]*m/g, "").length;
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

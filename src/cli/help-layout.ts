// How help text fits a terminal: every line at most HELP_WIDTH columns, broken only where a
// reader expects it: prose between words, a usage line never inside a bracket or placeholder,
// an example never inside a quoted value (and continued with ` \`, as a shell reads it).

/** Help lines stay within this many columns (a unit longer than a line would stay whole). */
export const HELP_WIDTH = 80;

const OPEN = "[(<{";
const CLOSE = "])>}";

/**
 * `text` split at the spaces outside brackets (`[--option TEXT]…`, `<answer…>`) and, with
 * `quotes`, outside quoted values; a lone `|` joins the unit before it.
 */
function units(text: string, quotes: boolean): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let cur = "";
  for (const ch of text) {
    if (quote !== undefined) {
      if (ch === quote) quote = undefined;
    } else if (quotes && (ch === '"' || ch === "'")) quote = ch;
    else if (OPEN.includes(ch)) depth++;
    else if (CLOSE.includes(ch) && depth > 0) depth--;
    if (ch === " " && depth === 0 && quote === undefined) {
      if (cur === "|" && out.length > 0) out[out.length - 1] += " |";
      else if (cur !== "") out.push(cur);
      cur = "";
    } else cur += ch;
  }
  if (cur !== "") out.push(cur);
  return out;
}

/** Columns of a line as a terminal shows it (code points; help text has no wide characters). */
const columns = (s: string): number => [...s].length;

/** Fill lines greedily: the first starts with `first`, the others with `rest`; `end` closes every line but the last. */
function fill(parts: string[], first: string, rest: string, end = ""): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const u of parts) {
    if (!empty && columns(line) + 1 + columns(u) + columns(end) > HELP_WIDTH) {
      lines.push(line + end);
      line = rest + u;
    } else line += (empty ? "" : " ") + u;
    empty = false;
  }
  lines.push(line);
  return lines;
}

const words = (text: string): string[] => text.split(" ").filter((w) => w !== "");

/** A paragraph of prose. */
export function paragraph(text: string): string[] {
  return fill(words(text), "", "");
}

/** A two-column row: `label` indented by two and padded to `column`, then `text` wrapped under itself. */
export function row(label: string, column: number, text: string): string[] {
  const head = `  ${label.padEnd(column - 3)} `;
  return fill(words(text), head, " ".repeat(Math.max(columns(head), column)));
}

/** `usage: <usage>`, continued under the first word after the program name. */
export function usageLines(usage: string): string[] {
  const program = "devrites-engine ";
  const lead = `usage: ${usage.startsWith(program) ? program : ""}`;
  return fill(units(usage.slice(lead.length - "usage: ".length), false), lead, " ".repeat(lead.length));
}

/** An example command line, indented; a long one continued with ` \` as a shell reads it. */
export function exampleLines(example: string): string[] {
  return fill(units(example, true), "  ", "      ", " \\");
}

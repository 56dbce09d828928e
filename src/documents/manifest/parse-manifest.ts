// touched-files.md → ManifestDoc: the strict candidate-manifest grammar of formats.md
// (sections, the exact table, row and path rules, size and row limits), every violation
// with its line and column. Pure; `check` shows all violations, merge-manifest the first.

import { isBlank, type Line } from "../lines.js";
import { viewOf, sectionEnd, type Heading, type MarkdownView } from "../markdown-view.js";
import { compareBytes, foldCase, pathProblem, utf8Length } from "./paths.js";

export const MANIFEST_MAX_BYTES = 1024 * 1024;
export const MANIFEST_MAX_ROWS = 4096;
const TOUCHED_HEADING = "Touched files";
const MANIFEST_HEADING = "Candidate manifest";
export const EMPTY_BODY = "No project files.";
export const TABLE_HEADER = "| State | File | Slice | Reason |";
export const TABLE_SEPARATOR = "| --- | --- | --- | --- |";
export const ROW_STATES = ["present", "deleted"] as const;
export type RowState = (typeof ROW_STATES)[number];

export interface ManifestViolation {
  /** 1-based line and column. */
  line: number;
  col: number;
  rule: string;
  message: string;
}

/** One valid row; the Slice and Reason cells are kept as written (trimmed, escapes intact). */
export interface ManifestRow {
  state: RowState;
  path: string;
  slice: string;
  reason: string;
  /** 1-based line number. */
  line: number;
}

/** The `## Candidate manifest` section: heading, body lines and the body's non-blank span. */
export interface ManifestBody {
  /** Line indexes: heading, body [start, end), first/last non-blank body line (undefined when blank). */
  heading: number;
  start: number;
  end: number;
  first: number | undefined;
  last: number | undefined;
}

export interface ManifestDoc {
  view: MarkdownView;
  /** Present when exactly one `## Candidate manifest` heading exists. */
  body: ManifestBody | undefined;
  /** `empty` = `No project files.`; `invalid` = a body that is neither form. */
  form: "empty" | "table" | "invalid" | "missing";
  /** The rows that passed every row rule, in file order. */
  rows: ManifestRow[];
  /** Every violation, ordered by line then column. */
  violations: ManifestViolation[];
}

function isSection(h: Heading, text: string): boolean {
  return h.level === 2 && h.text === text;
}

interface Cell {
  text: string;
  /** 0-based column of the cell's first character in the line. */
  col: number;
}

/** Split `| a | b |` on unescaped pipes; undefined when the line is not a pipe-delimited row. */
function splitRow(text: string): Cell[] | undefined {
  const lead = text.length - text.trimStart().length;
  const body = text.trim();
  if (body.length < 2 || body[0] !== "|" || body[body.length - 1] !== "|" || body[body.length - 2] === "\\") return undefined;
  const cells: Cell[] = [];
  let start = 1;
  for (let i = 1; i < body.length; i++) {
    if (body[i] === "\\") {
      i++;
      continue;
    }
    if (body[i] === "|") {
      const raw = body.slice(start, i);
      const text = raw.trim();
      // An empty cell points just after its opening pipe.
      const inner = text === "" ? 0 : raw.length - raw.trimStart().length;
      cells.push({ text, col: lead + start + inner });
      start = i + 1;
    }
  }
  return cells;
}

const FILE_CELL = /^`([^`]*)`$/;

/** Parse touched-files.md strictly. Never throws; violations are data. */
export function parseManifest(text: string): ManifestDoc {
  const view = viewOf(text);
  const { lines } = view;
  const violations: ManifestViolation[] = [];
  const add = (line: number, col: number, rule: string, message: string) => violations.push({ line, col, rule, message });

  const size = utf8Length(text);
  if (size > MANIFEST_MAX_BYTES) add(1, 1, "manifest-size", `touched-files.md is ${size} bytes, more than the 1 MiB (${MANIFEST_MAX_BYTES} bytes) a manifest may be`);

  const touched = view.headings.filter((h) => isSection(h, TOUCHED_HEADING));
  const manifest = view.headings.filter((h) => isSection(h, MANIFEST_HEADING));
  for (const [found, name] of [[touched, TOUCHED_HEADING], [manifest, MANIFEST_HEADING]] as const) {
    if (found.length === 0) add(1, 1, "manifest-section", `no \`## ${name}\` section; the manifest needs exactly one`);
    for (const extra of found.slice(1)) {
      add(extra.index + 1, 1, "manifest-section", `a second \`## ${name}\` section (the first is at line ${(found[0] as Heading).index + 1}); the manifest needs exactly one`);
    }
  }

  let body: ManifestBody | undefined;
  let form: ManifestDoc["form"] = "missing";
  const rows: ManifestRow[] = [];
  if (manifest.length === 1) {
    const heading = (manifest[0] as Heading).index;
    const start = heading + 1;
    const end = sectionEnd(view, heading, 2);
    let first: number | undefined;
    let last: number | undefined;
    for (let i = start; i < end; i++) {
      if (isBlank((lines[i] as Line).text)) continue;
      first ??= i;
      last = i;
    }
    body = { heading, start, end, first, last };
    form = parseBody(lines, body, rows, add);
  }
  violations.sort((a, b) => a.line - b.line || a.col - b.col);
  return { view, body, form, rows, violations };
}

type Add = (line: number, col: number, rule: string, message: string) => void;

function parseBody(lines: Line[], body: ManifestBody, rows: ManifestRow[], add: Add): ManifestDoc["form"] {
  const { heading, first, last } = body;
  if (first === undefined || last === undefined) {
    add(heading + 1, 1, "manifest-body", `the \`## ${MANIFEST_HEADING}\` section is empty; write \`${EMPTY_BODY}\` or the table`);
    return "invalid";
  }
  const text = (i: number) => (lines[i] as Line).text;
  const firstText = text(first).trimEnd();
  if (firstText === EMPTY_BODY) {
    if (first === last) return "empty";
    add(first + 2, 1, "manifest-body", `\`${EMPTY_BODY}\` must be the only line of the manifest body`);
    return "invalid";
  }
  if (firstText !== TABLE_HEADER) {
    if (!firstText.trimStart().startsWith("|")) {
      add(first + 1, 1, "manifest-body", `the manifest body must be \`${EMPTY_BODY}\` or a table headed \`${TABLE_HEADER}\``);
      return "invalid";
    }
    add(first + 1, 1, "manifest-header", `the table header must be exactly \`${TABLE_HEADER}\``);
  }
  if (first === last) {
    add(first + 1, 1, "manifest-separator", `the table needs the separator \`${TABLE_SEPARATOR}\` and at least one row`);
    return "invalid";
  }
  if (text(first + 1).trimEnd() !== TABLE_SEPARATOR) {
    add(first + 2, 1, "manifest-separator", `the table separator must be exactly \`${TABLE_SEPARATOR}\``);
  }
  if (first + 1 === last) {
    add(first + 2, 1, "manifest-empty-table", `the table has no rows; an empty manifest is the single line \`${EMPTY_BODY}\``);
    return "invalid";
  }
  parseRows(lines, first + 2, last + 1, rows, add);
  return "table";
}

function parseRows(lines: Line[], from: number, to: number, rows: ManifestRow[], add: Add): void {
  const firstLine = new Map<string, number>();
  const folded = new Map<string, { path: string; line: number }>();
  let previous: string | undefined;
  for (let i = from; i < to; i++) {
    const lineNo = i + 1;
    const count = i - from + 1;
    if (count === MANIFEST_MAX_ROWS + 1) add(lineNo, 1, "manifest-row-limit", `more than ${MANIFEST_MAX_ROWS} rows; a manifest holds at most ${MANIFEST_MAX_ROWS}`);
    const cells = splitRow((lines[i] as Line).text);
    if (!cells || cells.length !== 4) {
      const what = !cells ? (isBlank((lines[i] as Line).text) ? "a blank line inside the table" : "not a table row") : `a row with ${cells.length} cells`;
      add(lineNo, 1, "manifest-row", `${what}; every row is \`| <present|deleted> | \`<path>\` | <slice> | <reason> |\``);
      continue;
    }
    const [state, file, slice, reason] = cells as [Cell, Cell, Cell, Cell];
    let ok = true;
    const bad = (cell: Cell, rule: string, message: string) => {
      add(lineNo, cell.col + 1, rule, message);
      ok = false;
    };
    if (!(ROW_STATES as readonly string[]).includes(state.text)) bad(state, "manifest-state", `State must be present or deleted, not ${JSON.stringify(state.text)}`);
    const m = FILE_CELL.exec(file.text);
    if (!m) bad(file, "manifest-file-cell", "File must be a path in exactly one pair of backticks");
    else {
      const problem = pathProblem(m[1] as string);
      if (problem) bad(file, problem.rule, problem.message);
    }
    if (slice.text === "") bad(slice, "manifest-slice", "Slice must not be empty");
    if (reason.text === "") bad(reason, "manifest-reason", "Reason must not be empty");
    if (!ok || !m) continue;
    const path = m[1] as string;
    const dup = firstLine.get(path);
    if (dup !== undefined) {
      add(lineNo, file.col + 1, "manifest-duplicate", `path ${JSON.stringify(path)} is listed twice (first at line ${dup})`);
      continue;
    }
    const key = foldCase(path);
    const twin = folded.get(key);
    if (twin !== undefined) {
      add(lineNo, file.col + 1, "manifest-case-fold", `path ${JSON.stringify(path)} differs only in case from ${JSON.stringify(twin.path)} (line ${twin.line})`);
      continue;
    }
    if (previous !== undefined && compareBytes(previous, path) > 0) {
      add(lineNo, file.col + 1, "manifest-order", `path ${JSON.stringify(path)} sorts before ${JSON.stringify(previous)}; rows must be in ascending path order (byte order)`);
    }
    firstLine.set(path, lineNo);
    folded.set(key, { path, line: lineNo });
    previous = path;
    rows.push({ state: state.text as RowState, path, slice: slice.text, reason: reason.text, line: lineNo });
  }
}

/** Every violation of the manifest grammar in `text`, for `check`. */
export function manifestViolations(text: string): ManifestViolation[] {
  return parseManifest(text).violations;
}

/** The first violation (by position) in `text`, or undefined for a valid manifest. */
export function firstManifestViolation(text: string): ManifestViolation | undefined {
  return parseManifest(text).violations[0];
}
